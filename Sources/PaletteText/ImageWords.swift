import FoundationEssentials
import Glibc
import PaletteCore
import PaletteImage

/// The words about a picture a palette is made from: why a file gave none.
public enum ImageWords {
    /// One sentence: "could not read the image PATH: REASON".
    public static func problem(_ problem: ImageProblem, path: String) -> Localized {
        let r = reason(problem)
        let path = TextSanitizer.clean(path)
        return Localized(
            "could not read the image \(path): \(r.english)", "無法讀取圖片 \(path)：\(r.traditional)",
            "无法读取图片 \(path)：\(r.simplified)")
    }

    /// The reason, a clause after the path.
    public static func reason(_ problem: ImageProblem) -> Localized {
        func megabytes(_ bytes: Int) -> String { String(bytes >> 20) }
        switch problem {
        case .missing:
            return Localized("there is no such file", "沒有這個檔案", "没有这个文件")
        case .unreadable(let code):
            let detail = String(cString: strerror(code))
            return Localized(
                "it could not be opened (\(detail))", "無法開啟（\(detail)）", "无法打开（\(detail)）")
        case .directory:
            return Localized("it is a directory, not an image file", "它是資料夾，不是圖片檔", "它是文件夹，不是图片文件")
        case .notAFile:
            return Localized(
                "it is not a regular file (a pipe, device or socket is never read)",
                "它不是一般檔案（不會讀取管道、裝置或通訊端）", "它不是普通文件（不会读取管道、设备或套接字）")
        case .empty:
            return Localized("the file is empty", "檔案是空的", "文件是空的")
        case .tooLarge(let bytes, let limit):
            return Localized(
                "the file is \(megabytes(bytes)) MB, more than the \(megabytes(limit)) MB read for this kind of image",
                "檔案有 \(megabytes(bytes)) MB，超過這類圖片可讀取的 \(megabytes(limit)) MB",
                "文件有 \(megabytes(bytes)) MB，超过这类图片可读取的 \(megabytes(limit)) MB")
        case .notAnImage:
            return Localized(
                "it is not a PNG, JPEG or WebP image", "它不是 PNG、JPEG 或 WebP 圖片", "它不是 PNG、JPEG 或 WebP 图片")
        case .tooManyPixels(let width, let height):
            let most = "\(ImageDecoder.maxPixels / 1_000_000)"
            let side = "\(ImageDecoder.maxSide)"
            return Localized(
                "its header declares \(width) × \(height) pixels, more than the \(most) megapixels "
                    + "(\(side) on a side) that are read",
                "標頭宣告 \(width) × \(height) 像素，超過可讀取的 \(most) 百萬像素（每邊 \(side)）",
                "标头声明 \(width) × \(height) 像素，超过可读取的 \(most) 百万像素（每边 \(side)）")
        case .truncated(let format):
            return Localized(
                "the \(format.rawValue) file ends before its picture does (it was cut short)",
                "這個 \(format.rawValue) 檔案在圖片結束前就斷了（檔案不完整）",
                "这个 \(format.rawValue) 文件在图片结束前就断了（文件不完整）")
        case .damaged(let format):
            return Localized(
                "it starts as a \(format.rawValue) file but its data is damaged",
                "它開頭是 \(format.rawValue) 檔案，但資料已損壞", "它开头是 \(format.rawValue) 文件，但数据已损坏")
        case .cmykJPEG:
            return Localized(
                "it is a CMYK (print) JPEG, which is not read; save it as RGB",
                "它是 CMYK（印刷用）JPEG，無法讀取；請另存為 RGB", "它是 CMYK（印刷用）JPEG，无法读取；请另存为 RGB")
        case .progressiveTooLarge(let width, let height):
            return Localized(
                "it is a progressive JPEG of \(width) × \(height) pixels, too large to decode within the memory bound; "
                    + "save it as a baseline JPEG or smaller",
                "它是 \(width) × \(height) 像素的漸進式 JPEG，太大而無法在記憶體上限內解碼；請另存為基線 JPEG 或縮小",
                "它是 \(width) × \(height) 像素的渐进式 JPEG，太大而无法在内存上限内解码；请另存为基线 JPEG 或缩小")
        case .libraryMissing(let format):
            let (kind, library, package) = (format.rawValue, format.library, format.libraryPackage)
            return Localized(
                "\(kind) pictures are read with the system library \(library), which could not be loaded; "
                    + "install it (Debian: \(package))",
                "\(kind) 圖片要用系統程式庫 \(library) 讀取，但無法載入它；請安裝（Debian：\(package)）",
                "\(kind) 图片要用系统库 \(library) 读取，但无法加载它；请安装（Debian：\(package)）")
        }
    }
}
