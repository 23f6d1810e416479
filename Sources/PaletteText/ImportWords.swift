import FoundationEssentials
import Glibc
import PaletteCore
import PaletteImport

/// The words of reading palettes from other tools and share strings: why an input holds no
/// palette, how three roles were chosen from more colours, what a share string carried.
public enum ImportWords {
    /// The kind of input, as a sentence names it.
    public static func source(_ s: ImportSource) -> Localized {
        switch s {
        case .shareString: return Localized("share string", "分享字串", "分享字符串")
        case .coolors: return Localized("Coolors link", "Coolors 連結", "Coolors 链接")
        case .realtimeColors: return Localized("Realtime Colors link", "Realtime Colors 連結", "Realtime Colors 链接")
        case .ase: return Localized("ASE file", "ASE 檔案", "ASE 文件")
        case .gpl: return Localized("GIMP palette", "GIMP 調色盤", "GIMP 调色板")
        case .swatches: return Localized("Procreate swatches file", "Procreate 色票檔", "Procreate 色板文件")
        case .svg: return Localized("SVG swatch card", "SVG 色票卡", "SVG 色板卡")
        case .png: return Localized("PNG swatch card", "PNG 色票卡", "PNG 色板卡")
        case .theme: return Localized("palette-tui theme", "palette-tui 主題", "palette-tui 主题")
        case .text: return Localized("text", "文字", "文本")
        }
    }

    /// Why the input holds no palette, as one sentence (no full stop: it follows `palette-tui: CMD: `).
    public static func problem(_ f: ImportFailure) -> Localized {
        switch f {
        case .text(let e):
            return CommandText.palette(e)
        case .truncated(let s):
            let n = source(s)
            return Localized(
                "the \(n.english) ends too soon (cut off or damaged)", "\(n.traditional)提早結束（被截斷或已損壞）",
                "\(n.simplified)提前结束（被截断或已损坏）")
        case .malformed(let s):
            let n = source(s)
            return Localized(
                "the \(n.english) is damaged or not in its format", "\(n.traditional)已損壞或格式不符",
                "\(n.simplified)已损坏或格式不符")
        case .tooFewColors(let s, let count):
            let n = source(s)
            return Localized(
                "the \(n.english) holds \(count) colour\(count == 1 ? "" : "s"); a palette needs at least 3",
                "\(n.traditional)只有 \(count) 個顏色，配色至少需要 3 個", "\(n.simplified)只有 \(count) 个颜色，配色至少需要 3 个")
        case .tooLarge(let s):
            let n = source(s)
            return Localized(
                "the \(n.english) is too large (more than \(ImportLimits.colors) colours or 1 MiB unpacked)",
                "\(n.traditional)太大（超過 \(ImportLimits.colors) 個顏色或解開後超過 1 MiB）",
                "\(n.simplified)太大（超过 \(ImportLimits.colors) 个颜色或解开后超过 1 MiB）")
        case .noSwatchesJSON:
            return Localized(
                "the zip file holds no Swatches.json, so it is not a Procreate swatches file",
                "這個 zip 檔沒有 Swatches.json，不是 Procreate 色票檔", "这个 zip 文件没有 Swatches.json，不是 Procreate 色板文件")
        case .unsupportedCompression(let method):
            return Localized(
                "the swatches file is packed with zip method \(method); only stored (0) and deflate (8) are read",
                "色票檔使用 zip 壓縮方法 \(method)，只能讀取 stored（0）與 deflate（8）",
                "色板文件使用 zip 压缩方法 \(method)，只能读取 stored（0）与 deflate（8）")
        case .imageWithoutPalette:
            return Localized(
                "this PNG is not a palette-tui swatch card (it names no colours); images are not read as palettes",
                "這個 PNG 不是 palette-tui 的色票卡（沒有標示顏色）；圖片不會當作配色讀取",
                "这个 PNG 不是 palette-tui 的色板卡（没有标示颜色）；图片不会当作配色读取")
        case .linkWithoutColors(let s):
            let n = source(s)
            return Localized(
                "the \(n.english) holds no colours (expected six-digit hex codes joined by -)",
                "\(n.traditional)中沒有顏色（需要以 - 連接的六位十六進位色碼）", "\(n.simplified)中没有颜色（需要以 - 连接的六位十六进制色码）")
        case .shareString(let p):
            return shareProblem(p)
        }
    }

    static func shareProblem(_ p: ShareStringProblem) -> Localized {
        switch p {
        case .tooLong:
            return Localized(
                "the share string is longer than \(ShareString.maximumLength) characters",
                "分享字串超過 \(ShareString.maximumLength) 個字元", "分享字符串超过 \(ShareString.maximumLength) 个字符")
        case .notBase64, .tooShort, .checksum:
            return Localized(
                "the share string is damaged (cut short or changed); copy it again whole",
                "分享字串已損壞（被截斷或修改），請重新完整複製", "分享字符串已损坏（被截断或修改），请重新完整复制")
        case .unknownFlags, .version:
            return Localized(
                "the share string comes from a newer palette-tui; update palette-tui to read it",
                "這個分享字串來自較新版的 palette-tui，請更新後再讀取", "这个分享字符串来自较新版的 palette-tui，请更新后再读取")
        case .badDescription:
            return Localized(
                "the share string's description is not valid text", "分享字串中的描述不是有效的文字", "分享字符串中的描述不是有效的文本")
        }
    }

    /// How the roles were chosen when the input held other colours too.
    public static func choice(_ c: RoleChoice) -> Localized {
        switch c {
        case .chosen(let count):
            let left = count - 3
            return Localized(
                "\(count) colours: the primary is the first, the accent the most colourful of the others, the "
                    + "secondary the one farthest from both; \(left) left out",
                "共 \(count) 個顏色：主色取第一個，強調色取其餘中最鮮豔的，輔助色取與兩者差異最大的；其餘 \(left) 個未採用",
                "共 \(count) 个颜色：主色取第一个，强调色取其余中最鲜艳的，辅助色取与两者差异最大的；其余 \(left) 个未采用")
        case .realtimeRoles(let text, let background):
            return Localized(
                "Realtime Colors link: its primary, secondary and accent are kept; its text \(text.hex) and "
                    + "background \(background.hex) are left out",
                "Realtime Colors 連結：沿用其主色、輔助色與強調色；其文字色 \(text.hex) 與背景色 \(background.hex) 未採用",
                "Realtime Colors 链接：沿用其主色、辅助色与强调色；其文字色 \(text.hex) 与背景色 \(background.hex) 未采用")
        case .themeRoles:
            return Localized(
                "a theme palette-tui wrote: read the primary, secondary and accent it records at its top; its "
                    + "terminal colours, derived from them, are left out",
                "palette-tui 匯出的主題：讀取檔案開頭記錄的主色、輔助色與強調色；由其衍生的終端機顏色未採用",
                "palette-tui 导出的主题：读取文件开头记录的主色、辅助色与强调色；由其派生的终端颜色未采用")
        }
    }

    /// "description: …" for a share string's description.
    public static func description(_ text: String) -> Localized {
        Localized("description: \(text)", "描述：\(text)", "描述：\(text)")
    }

    /// "locked: Primary, Accent" for a share string's locks.
    public static func locked(_ roles: Set<Role>) -> Localized {
        let ordered = Role.allCases.filter(roles.contains)
        return Localized(
            "locked: " + ordered.map { $0.label(.english) }.joined(separator: ", "),
            "鎖定：" + ordered.map { $0.label(.traditionalChinese) }.joined(separator: "、"),
            "锁定：" + ordered.map { $0.label(.simplifiedChinese) }.joined(separator: "、"))
    }

    /// The notes an imported palette carries, in order: the role choice, the description, the locks.
    public static func notes(_ imported: ImportedPalette, _ language: Language) -> [String] {
        var notes: [String] = []
        if let c = imported.choice { notes.append(choice(c)(language)) }
        if let d = imported.description, !d.isEmpty { notes.append(description(d)(language)) }
        if !imported.locked.isEmpty { notes.append(locked(imported.locked)(language)) }
        return notes
    }

    /// The app's status after copying the share string.
    public static let shareCopied = Localized(
        "Share string copied: paste it to palette-tui parse or generate --from",
        "已複製分享字串：可貼到 palette-tui parse 或 generate --from",
        "已复制分享字符串：可粘贴到 palette-tui parse 或 generate --from")
}
