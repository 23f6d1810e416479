import PaletteCore

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

extension Messages {
    /// The reason, a clause that follows "could not write PATH: ".
    public static func fileRefusal(_ refusal: FileRefusal) -> Localized {
        switch refusal {
        case .blockDevice:
            return Localized(
                "it is a block device, which is never written", "它是區塊裝置，不會寫入", "它是块设备，不会写入")
        case .socket:
            return Localized("it is a socket, not a file", "它是通訊端（socket），不是檔案", "它是套接字（socket），不是文件")
        case .notAFile:
            return Localized("it is not a regular file", "它不是一般檔案", "它不是普通文件")
        case .danglingLink:
            return Localized(
                "it is a symbolic link to nothing, and no file is created where it points",
                "它是指向不存在目標的符號連結，不會在它指向的位置建立檔案",
                "它是指向不存在目标的符号链接，不会在它指向的位置创建文件")
        case .noReader:
            return Localized(
                "it is a named pipe that nothing reads", "它是沒有程式在讀取的具名管道", "它是没有程序在读取的命名管道")
        case .deviceFolder:
            return Localized(
                "/dev holds devices, and no new file is made there", "/dev 只放裝置，不會在那裡建立新檔案",
                "/dev 只放设备，不会在那里创建新文件")
        }
    }
}
