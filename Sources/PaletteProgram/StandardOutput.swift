import FoundationEssentials
import Glibc
import PaletteApp
import PaletteCore
import PaletteText

/// Standard output, checked: bytes are written to descriptor 1 after C's `stdout` buffer (what
/// `print` wrote) is flushed, so the order holds, and a write that fails (a full disk, `/dev/full`, a closed pipe
/// when SIGPIPE is ignored) turns the command's exit status into 1 with one sentence on
/// standard error, instead of a crash or a silent success.
enum StandardOutput {
    /// The first error number a write gave; 0 while none failed.
    nonisolated(unsafe) private static var firstError: Int32 = 0

    /// Writes `bytes` after whatever `print` wrote before.
    static func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if fflush(nil) != 0, firstError == 0 { firstError = errno == 0 ? EIO : errno }
        if !writeAll(1, bytes), firstError == 0 { firstError = errno }
    }

    /// Flushes standard output and returns the status to exit with: `status`, or 1 with the
    /// reason on standard error when any write failed.
    static func finish(_ status: Int32, language: Language) -> Int32 {
        // fflush(NULL) flushes every stream (stdout's buffer, where `print` writes) and fails
        // if any write failed; glibc keeps the bytes a failed write could not take, so an
        // earlier failure inside `print` fails again here.
        errno = 0
        if fflush(nil) != 0, firstError == 0 { firstError = errno == 0 ? EIO : errno }
        guard firstError != 0 else { return status }
        printError("palette-tui: " + CommandText.standardOutputFailed(firstError)(language))
        return status == 0 ? 1 : status
    }
}
