import PaletteCore

/// The app's words about a picture a palette is made from: the prompt, the thumbnail, the
/// history's mark and what reopening an entry found (why a file gave no picture is `ImageWords`).
public enum ImageAppText {
    // MARK: - Screen

    /// The prompt's label, drawn in the description label's cells (never wider in any language).
    public static let promptLabel = Localized("Image", "圖片", "图片")
    public static let promptPlaceholder = Localized(
        "path to a PNG, JPEG or WebP file (Enter reads it, Esc goes back)",
        "PNG、JPEG 或 WebP 檔案的路徑（Enter 讀取，Esc 返回）", "PNG、JPEG 或 WebP 文件的路径（Enter 读取，Esc 返回）")
    /// The thumbnail's heading where no colour can be shown (NO_COLOR).
    public static let thumbnailHeading = Localized("Image:", "圖片：", "图片：")
    /// Before the file's name on a history row made from a picture.
    public static let historyMark = "▣"

    /// A lineage step made from a picture: "from image harbour.png".
    public static func fromImage(_ name: String) -> Localized {
        Localized("from image \(name)", "取自圖片 \(name)", "取自图片 \(name)")
    }

    // MARK: - Keys

    public static let keyOpenPrompt = Localized("Palette from an image", "從圖片生成配色", "从图片生成配色")
    public static let footerImage = Localized("image", "圖片", "图片")
    public static let keyReadPath = Localized("Read the image and generate", "讀取圖片並生成", "读取图片并生成")
    public static let footerRead = Localized("read", "讀取", "读取")
    public static let keyLeavePrompt = Localized("Back to the description", "回到描述", "回到描述")
    public static let footerBack = Localized("back", "返回", "返回")
    public static let keyRemove = Localized("Remove image (if empty)", "移除圖片（欄位空白時）", "移除图片（栏位空白时）")
    public static let contextTitle = Localized("Image path", "圖片路徑", "图片路径")

    // MARK: - Messages

    public static let reading = Localized("Reading the image…", "正在讀取圖片…", "正在读取图片…")
    public static let stillReading = Localized(
        "Still reading the image; a moment.", "仍在讀取圖片，請稍候。", "仍在读取图片，请稍候。")
    public static let promptHint = Localized(
        "Type or paste the image's path; Enter reads it and makes a palette, the description's words steer it.",
        "輸入或貼上圖片路徑；按 Enter 讀取並生成配色，描述的文字會調整它。",
        "输入或粘贴图片路径；按 Enter 读取并生成配色，描述的文字会调整它。")
    public static let promptLeft = Localized(
        "No image read; back to the description.", "未讀取圖片；回到描述。", "未读取图片；回到描述。")

    public static func removed(_ name: String) -> Localized {
        Localized(
            "\(name) removed: palettes come from the words again.", "已移除 \(name)：配色再次只依文字生成。",
            "已移除 \(name)：配色再次只依文字生成。")
    }

    public static func attached(_ name: String) -> Localized {
        Localized(
            "Palettes now come from \(name) (Esc on an empty field removes it).",
            "配色現在取自 \(name)（欄位空白時按 Esc 移除）。", "配色现在取自 \(name)（栏位空白时按 Esc 移除）。")
    }

    public static func unchanged(_ name: String) -> Localized {
        Localized(
            "\(name) is still there and unchanged (same checksum); it is attached again.",
            "\(name) 仍在且未變更（校驗碼相同）；已重新附上。", "\(name) 仍在且未变更（校验码相同）；已重新附上。")
    }

    public static func changed(_ name: String) -> Localized {
        Localized(
            "\(name) has changed since this palette was made (another checksum); the file as it is now is attached.",
            "\(name) 在此配色生成後已變更（校驗碼不同）；已附上目前的檔案。",
            "\(name) 在此配色生成后已变更（校验码不同）；已附上当前的文件。")
    }

    /// Reopening an entry whose picture is no longer readable: the decoder's sentence, then this.
    public static func gone(_ reason: Localized) -> Localized {
        Localized(
            "\(reason.english); the palette's words are in the field, without the image.",
            "\(reason.traditional)；配色的文字已放回輸入欄，不含圖片。", "\(reason.simplified)；配色的文字已放回输入栏，不含图片。")
    }
}
