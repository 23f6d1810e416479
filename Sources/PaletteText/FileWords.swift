import PaletteCore

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
