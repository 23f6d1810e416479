import FoundationEssentials
import Glibc
import ScreenCore

/// A local program that puts text on the clipboard, fed on its standard input.
public enum ClipboardProgram: String, CaseIterable, Sendable {
    case wlCopy = "wl-copy"
    case xclip
    case xsel
    case tmux

    /// The command line, program first.
    public var arguments: [String] {
        switch self {
        case .wlCopy: return ["wl-copy", "--type", "text/plain"]
        case .xclip: return ["xclip", "-i", "-selection", "clipboard"]
        case .xsel: return ["xsel", "-i", "-b"]
        // -w also sends the buffer to the outer terminal's clipboard (tmux 3.2+).
        case .tmux: return ["tmux", "load-buffer", "-w", "-"]
        }
    }

    /// The name shown in the status line ("copied via OSC 52 + tmux").
    public var displayName: String { rawValue }
}

/// `--clipboard`: which ways of copying to use; `auto` chooses from the environment.
public enum ClipboardOption: String, CaseIterable, Sendable {
    case auto
    case osc52
    case tmux
    case wlCopy = "wl-copy"
    case xclip
    case xsel
    case none

    public static func from(option: String?) throws(TerminalSetupError) -> ClipboardOption {
        guard let option else { return .auto }
        guard let value = ClipboardOption(rawValue: option) else {
            throw .invalidChoice(option: "--clipboard", value: option, choices: allCases.map(\.rawValue))
        }
        return value
    }
}

/// How one copy is carried out: OSC 52 to the terminal, plus at most one program.
///
/// Inside tmux one copy makes one tmux buffer: `tmux load-buffer -w` both makes the buffer and
/// forwards it to the outer terminal's clipboard, so OSC 52 is not sent beside it (with tmux's
/// `set-clipboard on` the pane's OSC 52 made a second, identical buffer). Should the program
/// fail, the copy falls back to OSC 52 (`LiveDependencies.clipboard`).
public struct ClipboardPlan: Equatable, Sendable {
    public var osc52: Bool
    public var program: ClipboardProgram?

    public init(osc52: Bool, program: ClipboardProgram?) {
        self.osc52 = osc52
        self.program = program
    }

    /// Chooses the plan. Pure: the caller passes the environment and a way to find programs.
    ///
    /// OSC 52 is sent (it works over SSH and needs nothing installed) unless the user says
    /// `none`, or tmux's own `load-buffer` copies (see above). Without an override the program
    /// follows the environment, in the order helix uses: Wayland, then X11 (xclip before xsel),
    /// then tmux (which also covers tmux's default set-clipboard=external, where OSC 52 from a
    /// pane makes no buffer). A program named by the user is used even when its display
    /// variable is unset: they asked for it.
    public static func choose(
        option: ClipboardOption, environment: [String: String],
        isInstalled: (String) -> Bool
    ) -> ClipboardPlan {
        func set(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        switch option {
        case .none: return ClipboardPlan(osc52: false, program: nil)
        case .osc52: return ClipboardPlan(osc52: true, program: nil)
        case .tmux: return ClipboardPlan(osc52: false, program: .tmux)
        case .wlCopy: return ClipboardPlan(osc52: true, program: .wlCopy)
        case .xclip: return ClipboardPlan(osc52: true, program: .xclip)
        case .xsel: return ClipboardPlan(osc52: true, program: .xsel)
        case .auto: break
        }
        var candidates: [ClipboardProgram] = []
        if set("WAYLAND_DISPLAY") { candidates.append(.wlCopy) }
        if set("DISPLAY") { candidates += [.xclip, .xsel] }
        if set("TMUX") { candidates.append(.tmux) }
        let program = candidates.first { isInstalled($0.arguments[0]) }
        return ClipboardPlan(osc52: program != .tmux, program: program)
    }

    /// Looks `program` up on `PATH` as `posix_spawnp` would.
    public static func isOnPath(_ program: String, path: String?) -> Bool {
        guard let path, !path.isEmpty else { return false }
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            let dir = directory.isEmpty ? "." : String(directory)
            if access(dir + "/" + program, X_OK) == 0 { return true }
        }
        return false
    }
}

/// The OSC 52 escape sequence that asks the terminal to set its clipboard.
public enum OSC52 {
    /// `ESC ] 52 ; c ; base64(text) BEL`. BEL rather than `ESC \` because more terminals accept it.
    /// Text over 74,994 bytes is refused (nil): the whole sequence must stay under the
    /// 100,000 bytes that hterm and others accept.
    public static func sequence(for text: String) -> [UInt8]? {
        let data = Data(text.utf8)
        guard data.count <= 74_994 else { return nil }
        return Array("\u{1B}]52;c;".utf8) + Array(data.base64EncodedString().utf8) + [0x07]
    }
}

/// The environment a child process gets: only what a clipboard helper needs to find its
/// display and speak the user's language, never the rest (API keys above all: `wl-copy` stays
/// running in the background for as long as it holds the selection).
public enum ChildEnvironment {
    /// The variables passed on by name.
    public static let names: Set<String> = [
        "PATH", "HOME", "USER", "LOGNAME", "TMPDIR", "LANG", "LANGUAGE",
        "DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "XDG_SESSION_TYPE",
        "TMUX", "TMUX_PANE", "TERM",
    ]

    /// `NAME=value` strings of `environment` that are allowed: the names above and the locale's
    /// `LC_*` categories, sorted by name.
    public static func allowed(from environment: [String: String]) -> [String] {
        environment.filter { names.contains($0.key) || isLocale($0.key) }
            .sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value)" }
    }

    private static func isLocale(_ name: String) -> Bool {
        name.hasPrefix("LC_") && name.count > 3
            && name.dropFirst(3).allSatisfy { ($0 >= "A" && $0 <= "Z") || $0 == "_" }
    }
}

/// Runs a clipboard program: text on its stdin, output discarded, killed after a timeout.
public enum ClipboardRunner {
    /// Spawns `program` with `posix_spawnp` and waits at most `timeout`; true on exit status 0.
    ///
    /// Waits by sleeping the task between checks (never blocking a thread), on the monotonic
    /// clock. xclip and wl-copy fork a child that keeps the selection; the parent exits once it
    /// has read stdin, so the wait is short.
    public static func run(_ program: ClipboardProgram, text: String, timeout: Duration = .seconds(2)) async -> Bool {
        guard let pid = spawn(program, text: text) else { return false }
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { return false }
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return false
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        // WIFEXITED / WEXITSTATUS are macros: exited normally when the low 7 bits are 0.
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 0
    }

    /// Starts the program with `text` written to its standard input; nil if it cannot start.
    private static func spawn(_ program: ClipboardProgram, text: String) -> pid_t? {
        var pipeFDs: [Int32] = [-1, -1]
        // Close-on-exec so other programs we spawn do not inherit this pipe (a forked xclip
        // holding the write end would never see end of file); dup2 onto fd 0 clears the flag
        // for this program.
        guard pipe(&pipeFDs) == 0 else { return nil }
        let readEnd = pipeFDs[0]
        let writeEnd = pipeFDs[1]
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let argv: [UnsafeMutablePointer<CChar>?] = program.arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ChildEnvironment.allowed(from: ProcessInfo.processInfo.environment)
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program.arguments[0], &actions, nil, argv, envp)
        close(readEnd)
        guard spawned == 0 else {
            close(writeEnd)
            return nil
        }
        // A program that exits without reading gives EPIPE here (the app ignores SIGPIPE).
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(writeEnd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            offset += n
        }
        bytes.removeAll()
        close(writeEnd)
        return pid
    }
}
