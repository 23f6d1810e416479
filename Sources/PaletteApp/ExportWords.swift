import PaletteCore
import PaletteExport

/// Why an export could not be made, as a typed value the command line and the app word here.
public enum ExportProblem: Equatable, Sendable {
    case missingFormat
    case unknownFormat(String)
    case unknownOption(String)
    case optionNeedsValue(String)
    case optionTakesNoValue(String)
    case invalidChoice(option: String, value: String, choices: [String])
    case tailwindOnly(ExportFormat)
    /// Colours on the command line: 3 or none.
    case colourCount(Int)
    case invalidColour(ColorParseError)
    /// Standard input held text but no palette.
    case noPaletteInInput(PaletteParseError)
    case inputUnreadable(String)
    case historyUnreadable(String)
    case noPalette
    case binaryToTerminal(ExportFormat)
    case exists(String)
    case writeFailed(path: String, reason: String)
}

/// Every word `palette-tui export` and the app's export say, in English and Chinese.
public enum ExportWords {
    private static func l(_ en: String, _ hant: String, _ hans: String) -> Localized { Localized(en, hant, hans) }

    /// One sentence for a problem.
    public static func problem(_ p: ExportProblem) -> Localized {
        switch p {
        case .missingFormat:
            return l(
                "export needs a format: palette-tui export FORMAT (palette-tui export --list shows them).",
                "export 需要格式：palette-tui export 格式（palette-tui export --list 列出全部格式）。",
                "export 需要格式：palette-tui export 格式（palette-tui export --list 列出全部格式）。")
        case .unknownFormat(let f):
            let s = short(f)
            return l(
                "'\(s)' is not an export format: palette-tui export --list shows them.",
                "「\(s)」不是匯出格式：palette-tui export --list 列出全部格式。",
                "“\(s)”不是导出格式：palette-tui export --list 列出全部格式。")
        case .unknownOption(let o):
            let s = short(o)
            return l("unknown option '\(s)'.", "未知的選項「\(s)」。", "未知的选项“\(s)”。")
        case .optionNeedsValue(let o):
            return l("option '--\(o)' needs a value.", "選項「--\(o)」需要一個值。", "选项“--\(o)”需要一个值。")
        case .optionTakesNoValue(let o):
            return l("option '--\(o)' takes no value.", "選項「--\(o)」不接受值。", "选项“--\(o)”不接受值。")
        case .invalidChoice(let option, let value, let choices):
            let s = short(value)
            let list = choices.joined(separator: ", ")
            return l(
                "'\(s)' is not a value for --\(option): choose \(list).",
                "「\(s)」不是 --\(option) 的有效值：請選擇 \(list)。",
                "“\(s)”不是 --\(option) 的有效值：请选择 \(list)。")
        case .tailwindOnly(let f):
            return l(
                "--tailwind-v3 applies to the tailwind format, not \(f.rawValue).",
                "--tailwind-v3 只適用於 tailwind 格式，不適用於 \(f.rawValue)。",
                "--tailwind-v3 只适用于 tailwind 格式，不适用于 \(f.rawValue)。")
        case .colourCount(let n):
            return l(
                "export takes three colours (primary, secondary, accent) or none, not \(n).",
                "export 需要三個顏色（主色、輔助色、強調色）或不給顏色，而不是 \(n) 個。",
                "export 需要三个颜色（主色、辅助色、强调色）或不给颜色，而不是 \(n) 个。")
        case .invalidColour(let error):
            return CommandText.color(error)
        case .noPaletteInInput(let error):
            let why = parseDetail(error)
            return l(
                "standard input holds no palette (\(why.english)): pass three colours, or pipe what palette-tui parse reads.",
                "標準輸入中沒有配色（\(why.traditional)）：請給三個顏色，或傳入 palette-tui parse 能讀的內容。",
                "标准输入中没有配色（\(why.simplified)）：请给三个颜色，或传入 palette-tui parse 能读的内容。")
        case .inputUnreadable(let reason):
            let s = short(reason, 120)
            return l("standard input could not be read (\(s)).", "無法讀取標準輸入（\(s)）。", "无法读取标准输入（\(s)）。")
        case .historyUnreadable(let reason):
            let s = short(reason, 160)
            return l(
                "the history could not be read (\(s)): pass three colours instead.",
                "無法讀取歷史紀錄（\(s)）：請改為直接給三個顏色。", "无法读取历史记录（\(s)）：请改为直接给三个颜色。")
        case .noPalette:
            return l(
                "no palette to export: pass three colours, pipe a palette in, or generate one first.",
                "沒有可匯出的配色：請給三個顏色、從標準輸入傳入配色，或先生成一組配色。",
                "没有可导出的配色：请给三个颜色、从标准输入传入配色，或先生成一组配色。")
        case .binaryToTerminal(let f):
            return l(
                "\(f.rawValue) is a binary format and is not written to a terminal: use -o FILE or redirect the output.",
                "\(f.rawValue) 是二進位格式，不會輸出到終端機：請使用 -o 檔案或重新導向輸出。",
                "\(f.rawValue) 是二进制格式，不会输出到终端：请使用 -o 文件或重定向输出。")
        case .exists(let path):
            let s = short(path, 160)
            return l(
                "\(s) already exists: add --force to replace it.",
                "\(s) 已存在：加上 --force 才會取代它。", "\(s) 已存在：加上 --force 才会替换它。")
        case .writeFailed(let path, let reason):
            let s = short(path, 160)
            let r = short(reason, 120)
            return l(
                "could not write \(s) (\(r)); nothing was changed.",
                "無法寫入 \(s)（\(r)）；沒有任何檔案被更動。", "无法写入 \(s)（\(r)）；没有任何文件被改动。")
        }
    }

    private static func parseDetail(_ e: PaletteParseError) -> Localized {
        switch e {
        case .noPaletteFound:
            return l("no colours found", "找不到顏色", "找不到颜色")
        case .wrongColorCount(let n):
            return l("\(n) colours instead of 3", "有 \(n) 個顏色而不是 3 個", "有 \(n) 个颜色而不是 3 个")
        case .invalidColor(let role, _):
            let label =
                Role(rawValue: role).map {
                    Localized($0.label(.english), $0.label(.traditionalChinese), $0.label(.simplifiedChinese))
                }
                ?? Localized(role, chinese: role)
            return l(
                "the \(label.english.lowercased()) is not a colour", "\(label.traditional)不是顏色",
                "\(label.simplified)不是颜色")
        }
    }

    /// User text quoted inside a sentence: one clean line, cut.
    private static func short(_ text: String, _ width: Int = 40) -> String {
        TextSanitizer.truncate(TextSanitizer.clean(ExportText.oneLine(text)), toWidth: width)
    }

    /// "Try ..." after a usage error.
    public static let tryHelp = Localized(
        "Try 'palette-tui export --help' for usage.", "用法請見 palette-tui export --help。",
        "用法请见 palette-tui export --help。")

    /// The heading of `export --list`'s two groups.
    public static let paletteFormats = Localized(
        "Palette formats (the three colours, named):", "配色格式（三個顏色，附名稱）：", "配色格式（三个颜色，附名称）：")
    public static let themeFormats = Localized(
        "Theme formats (a terminal/editor theme derived from the palette, --variant dark|light):",
        "主題格式（由配色衍生的終端機／編輯器主題，--variant dark|light）：",
        "主题格式（由配色衍生的终端／编辑器主题，--variant dark|light）：")
    public static let binaryMark = Localized("binary", "二進位", "二进制")

    /// One line about a format for `export --list`.
    public static func summary(_ f: ExportFormat) -> Localized {
        switch f {
        case .css: return l("CSS custom properties in :root", "CSS 自訂屬性（:root）", "CSS 自定义属性（:root）")
        case .scss: return l("Sass variables", "Sass 變數", "Sass 变量")
        case .less: return l("Less variables", "Less 變數", "Less 变量")
        case .tailwind:
            return l(
                "Tailwind CSS v4 @theme block (--tailwind-v3: a v3 config)",
                "Tailwind CSS v4 @theme 區塊（--tailwind-v3：v3 設定檔）",
                "Tailwind CSS v4 @theme 区块（--tailwind-v3：v3 配置文件）")
        case .tokens: return l("W3C Design Tokens (DTCG) JSON", "W3C 設計代幣（DTCG）JSON", "W3C 设计令牌（DTCG）JSON")
        case .gpl: return l("GIMP palette", "GIMP 調色盤", "GIMP 调色板")
        case .ase: return l("Adobe Swatch Exchange", "Adobe 色票交換檔", "Adobe 色板交换文件")
        case .swatches: return l("Procreate swatches", "Procreate 色票", "Procreate 色板")
        case .svg: return l("swatch card (SVG)", "色票卡（SVG）", "色板卡（SVG）")
        case .png: return l("swatch card (PNG image)", "色票卡（PNG 圖片）", "色板卡（PNG 图片）")
        case .base16:
            return l(
                "tinted-theming base16 scheme (YAML)", "tinted-theming base16 配色方案（YAML）",
                "tinted-theming base16 配色方案（YAML）")
        case .base24:
            return l(
                "tinted-theming base24 scheme (YAML)", "tinted-theming base24 配色方案（YAML）",
                "tinted-theming base24 配色方案（YAML）")
        case .kitty: return l("kitty theme", "kitty 主題", "kitty 主题")
        case .alacritty: return l("Alacritty colours (TOML)", "Alacritty 顏色（TOML）", "Alacritty 颜色（TOML）")
        case .wezterm: return l("WezTerm colour scheme (TOML)", "WezTerm 配色方案（TOML）", "WezTerm 配色方案（TOML）")
        case .ghostty: return l("Ghostty theme", "Ghostty 主題", "Ghostty 主题")
        case .windowsTerminal:
            return l("Windows Terminal scheme (JSON)", "Windows Terminal 配色（JSON）", "Windows Terminal 配色（JSON）")
        case .iterm2:
            return l("iTerm2 colour preset (.itermcolors)", "iTerm2 顏色預設（.itermcolors）", "iTerm2 颜色预设（.itermcolors）")
        case .xresources: return l("X resources (xterm, urxvt)", "X 資源（xterm、urxvt）", "X 资源（xterm、urxvt）")
        case .foot: return l("foot colours (foot.ini)", "foot 顏色（foot.ini）", "foot 颜色（foot.ini）")
        case .vscode: return l("VS Code colour theme (JSON)", "VS Code 色彩主題（JSON）", "VS Code 颜色主题（JSON）")
        case .neovim: return l("Neovim colorscheme (Lua)", "Neovim 配色（Lua）", "Neovim 配色（Lua）")
        case .tmux: return l("tmux status and pane styles", "tmux 狀態列與窗格樣式", "tmux 状态栏与窗格样式")
        case .terminalJSON: return l("the theme as JSON, for scripts", "主題的 JSON，供腳本使用", "主题的 JSON，供脚本使用")
        }
    }

    /// `export --list`, one format a line under its group.
    public static func list(_ language: Language) -> String {
        var out = paletteFormats(language) + "\n"
        let width = (ExportFormat.allCases.map { $0.rawValue.count }.max() ?? 0) + 2
        func line(_ f: ExportFormat) -> String {
            let pad = String(repeating: " ", count: width - f.rawValue.count)
            let mark = f.isBinary ? " [" + binaryMark(language) + "]" : ""
            return "  " + f.rawValue + pad + summary(f)(language) + mark + "\n"
        }
        for f in ExportFormat.allCases where f.kind == .palette { out += line(f) }
        out += "\n" + themeFormats(language) + "\n"
        for f in ExportFormat.allCases where f.kind == .theme { out += line(f) }
        return out
    }
}
