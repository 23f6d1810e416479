import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private directory (mode 0700) under the temporary directory, removed with everything in
/// it when the value goes away.
public final class TemporaryDirectory {
    public let path: String

    /// `prefix` names the directory, as in `/tmp/<prefix>-Ab12Cd`.
    public init(prefix: String = "palette-test") throws {
        let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array((base + prefix + "-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SpawnError("mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// Directories made read-only, made writable again before removal.
    private var readOnly: [String] = []

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Makes the directory `name` with mode 0500 (its owner may list and enter it, not write
    /// it) and returns its path. Pair with `withoutPermissionOverride()` when running as root.
    public func readOnlyDirectory(_ name: String) throws -> String {
        let made = file(name)
        guard mkdir(made, 0o500) == 0 else {
            throw SpawnError("mkdir \(made) failed: \(String(cString: strerror(errno)))")
        }
        readOnly.append(made)
        return made
    }

    deinit {
        for directory in readOnly { chmod(directory, 0o700) }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The permission bits of a path, or -1 when it does not exist.
public func fileMode(_ path: String) -> Int {
    var st = stat()
    guard stat(path, &st) == 0 else { return -1 }
    return Int(st.st_mode & 0o7777)
}
