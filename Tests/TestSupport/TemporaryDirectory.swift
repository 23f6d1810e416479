import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private directory (mode 0700) under the temporary directory, removed with everything in
/// it when the value goes away.
public final class TemporaryDirectory {
    public let path: String

    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// `prefix` names the directory, as in `/tmp/<prefix>-Ab12Cd`.
    public init(prefix: String = "palette-test") throws {
        let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array((base + prefix + "-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SpawnError("mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The permission bits of a path, or -1 when it does not exist.
public func fileMode(_ path: String) -> Int {
    var st = stat()
    guard stat(path, &st) == 0 else { return -1 }
    return Int(st.st_mode & 0o7777)
}
