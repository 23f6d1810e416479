/// Why a file write refused its target without trying: what is at the path is not a regular
/// file to replace, nor a device or pipe to write through.
public enum FileRefusal: Hashable, Sendable {
    case blockDevice
    case socket
    /// Neither a regular file, a folder, a device nor a pipe.
    case notAFile
    /// A symbolic link to nothing: no file is created where it points.
    case danglingLink
    /// A FIFO that nobody reads: writing would wait forever.
    case noReader
    /// A new file in `/dev`, where only devices live (and no temporary file is ever made).
    case deviceFolder
}
