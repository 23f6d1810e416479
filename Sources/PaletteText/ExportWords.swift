import PaletteCore
import PaletteExport
import PaletteImport

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
    /// A link, file or share string that holds no palette (`ImportWords.problem`).
    case importFailed(ImportFailure)
    /// Standard input could not be read: the system's error number (errno).
    case inputUnreadable(code: Int32)
    /// Standard input is larger than the limit, in MiB.
    case inputTooLarge(mebibytes: Int)
    case historyUnreadable(String)
    case noPalette
    case binaryToTerminal(ExportFormat)
    case exists(String)
    case writeFailed(path: String, reason: String)
    /// An option given an empty value (`-o ''`, `--name ''`): the option's name, without dashes.
    case emptyValue(option: String)
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
        case .importFailed(let f):
            let why = ImportWords.problem(f)
            return l(why.english + ".", why.traditional + "。", why.simplified + "。")
        case .inputUnreadable(let code):
            let why = Messages.systemError(code)
            return l(
                "standard input could not be read (\(why.english)).", "無法讀取標準輸入（\(why.traditional)）。",
                "无法读取标准输入（\(why.simplified)）。")
        case .inputTooLarge(let mib):
            return l(
                "standard input is larger than \(mib) MiB: pass three colours, or pipe less.",
                "標準輸入超過 \(mib) MiB：請給三個顏色，或傳入較少的內容。", "标准输入超过 \(mib) MiB：请给三个颜色，或传入较少的内容。")
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
        case .emptyValue(let option):
            return l(
                "--\(option) needs a value, not an empty one.", "--\(option) 需要一個值，不能是空的。",
                "--\(option) 需要一个值，不能是空的。")
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
        case .invalidColor:
            // The role, the text that is not a colour and the forms that are: as parse says it.
            return CommandText.palette(e)
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
    static let themeFormats = Localized(
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
            return l(
                "Windows Terminal scheme (JSON with comments)", "Windows Terminal 配色（含註解的 JSON）",
                "Windows Terminal 配色（含注释的 JSON）")
        case .iterm2:
            return l("iTerm2 colour preset (.itermcolors)", "iTerm2 顏色預設（.itermcolors）", "iTerm2 颜色预设（.itermcolors）")
        case .xresources: return l("X resources (xterm, urxvt)", "X 資源（xterm、urxvt）", "X 资源（xterm、urxvt）")
        case .foot: return l("foot colours (foot.ini)", "foot 顏色（foot.ini）", "foot 颜色（foot.ini）")
        case .vscode:
            return l(
                "VS Code colour theme (JSON with comments)", "VS Code 色彩主題（含註解的 JSON）",
                "VS Code 颜色主题（含注释的 JSON）")
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

// MARK: - The app's export menu and theme preview

extension ExportWords {
    /// The menu's title line.
    public static func menuTitle(_ description: String) -> Localized {
        Localized("Export · \(description)", "匯出 · \(description)", "导出 · \(description)")
    }
    public static let menuPaletteFormats = Localized("Palette formats", "配色格式", "配色格式")
    public static let menuThemeFormats = Localized(
        "Terminal and editor themes (derived from the palette)", "終端機與編輯器主題（由配色衍生）", "终端与编辑器主题（由配色衍生）")
    public static let tailwindV3Summary = Localized(
        "Tailwind CSS v3 config (module.exports)", "Tailwind CSS v3 設定檔（module.exports）",
        "Tailwind CSS v3 配置文件（module.exports）")
    public static let fileLabel = Localized("File: ", "檔案：", "文件：")
    public static func inDirectory(_ directory: String) -> Localized {
        Localized("in \(directory)", "位於 \(directory)", "位于 \(directory)")
    }
    public static func variantLine(_ variant: ThemeVariant, applies: Bool) -> Localized {
        let dark = variant == .dark
        let en = dark ? "dark" : "light"
        let zh = dark ? "深色" : "淺色"
        let hans = dark ? "深色" : "浅色"
        if !applies {
            return Localized(
                "Variant: \(en) (themes only)", "明暗：\(zh)（僅限主題）", "明暗：\(hans)（仅限主题）")
        }
        return Localized("Variant: \(en)", "明暗：\(zh)", "明暗：\(hans)")
    }

    public static let nothingToExport = Localized(
        "No palette to export yet: generate one first, or pick one in the history.",
        "還沒有可匯出的配色：請先生成，或在歷史紀錄中選一組。", "还没有可导出的配色：请先生成，或在历史记录中选一组。")
    public static let nothingToPreview = Localized(
        "No palette to preview yet: generate one first, or pick one in the history.",
        "還沒有可預覽的配色：請先生成，或在歷史紀錄中選一組。", "还没有可预览的配色：请先生成，或在历史记录中选一组。")
    /// The name a file gets when it has none (no description, no `--name`): from the colours.
    static func defaultName(_ palette: Palette) -> Localized {
        let hexes = palette.colors.map { String($0.hex.dropFirst()) }.joined(separator: "-")
        return l("palette " + hexes, "配色 " + hexes, "配色 " + hexes)
    }

    /// `name` if it has anything to show on one line, else the name made from the colours.
    public static func fileName(_ name: String?, _ palette: Palette, _ language: Language) -> String {
        guard let name, !ExportText.oneLine(name).isEmpty else { return defaultName(palette)(language) }
        return name
    }
    public static let emptyPath = Localized(
        "Type a file name first (the name field is empty).", "請先輸入檔名（檔名欄是空的）。", "请先输入文件名（文件名栏是空的）。")
    /// A file name whose extension does not fit the chosen format, asked about before writing.
    public static func extensionQuestion(_ name: String, expected: String) -> Localized {
        let n = TextSanitizer.clean(name)
        return Localized(
            "\(n) does not end in \(expected): Enter again writes it anyway, Esc edits.",
            "\(n) 的副檔名不是 \(expected)：再按一次 Enter 仍照樣寫入，按 Esc 修改。",
            "\(n) 的扩展名不是 \(expected)：再按一次 Enter 仍照样写入，按 Esc 修改。")
    }
    public static let writing = Localized("Writing…", "寫入中…", "写入中…")
    public static let applyingTheme = Localized(
        "Applying the theme to this terminal's config…", "正在把主題套用到此終端機的設定檔…", "正在把主题应用到此终端的配置文件…")
    public static let noTerminalToApply = Localized(
        "No terminal palette-tui apply knows was detected (kitty, Alacritty, foot, Ghostty, WezTerm, tmux)",
        "偵測不到 palette-tui apply 支援的終端機（kitty、Alacritty、foot、Ghostty、WezTerm、tmux）",
        "检测不到 palette-tui apply 支持的终端（kitty、Alacritty、foot、Ghostty、WezTerm、tmux）")

    public static let coloursRestored = Localized(
        "The terminal has its own colours back.", "終端機已恢復原本的顏色。", "终端已恢复原本的颜色。")

    // The preview screen.
    public static func previewTitle(variant: ThemeVariant) -> Localized {
        variant == .dark
            ? Localized("Theme preview (dark)", "主題預覽（深色）", "主题预览（深色）")
            : Localized("Theme preview (light)", "主題預覽（淺色）", "主题预览（浅色）")
    }
    public static let previewSample = Localized("The quick fox 0123", "敏捷的狐狸 0123", "敏捷的狐狸 0123")
    public static let previewDefaultText = Localized(
        "Default text on the background; where the palette went:",
        "背景上的預設文字；配色的去向：", "背景上的默认文字；配色的去向：")

    /// "red", "bright red" for ANSI 0-15.
    public static func ansiName(_ n: Int) -> Localized {
        let names: [Localized] = [
            Localized("black", "黑", "黑"), Localized("red", "紅", "红"), Localized("green", "綠", "绿"),
            Localized("yellow", "黃", "黄"), Localized("blue", "藍", "蓝"), Localized("magenta", "洋紅", "洋红"),
            Localized("cyan", "青", "青"), Localized("white", "白", "白"),
        ]
        let base = names[n % 8]
        guard n >= 8 else { return base }
        return Localized("bright " + base.english, "亮" + base.traditional, "亮" + base.simplified)
    }

    public static func placement(_ p: RolePlacement) -> Localized {
        switch p {
        case .slot(let n):
            let name = ansiName(n)
            return Localized(
                "ANSI \(n) (\(name.english))", "ANSI \(n)（\(name.traditional)）", "ANSI \(n)（\(name.simplified)）")
        case .neutrals:
            return Localized(
                "the background and text tint (a grey colour has no hue slot)",
                "背景與文字的色調（灰色沒有對應的色相位置）", "背景与文字的色调（灰色没有对应的色相位置）")
        }
    }
}
