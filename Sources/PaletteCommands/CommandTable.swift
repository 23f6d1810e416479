import PaletteApply
import PaletteCore
import PaletteExport
import PaletteText

/// Every command of palette-tui and every option it takes: the one table that the option parser,
/// `--help`, the man page and the bash, zsh and fish completions are made from.
///
/// To add a command: write its `CommandSpec` below (options from the shared ones where they
/// fit), list it in `commands`, parse with `Arguments(args, command: .yours)` and print
/// `CommandHelp.text(.yours, language)` for `--help`. To add an option: add its row to the
/// command; the parser accepts it from then on, and help, man page and completions show it.
/// Choice lists of enums below PaletteApp come from their `allCases`; the terminal's, whose enum
/// lives above, is written out, and `CommandTableTests` compares it. The providers' come from
/// the program's provider list (`with(providers:)`).
public enum CommandTable {
    /// The version `--version` prints, the man page shows and `make deb` names the package by.
    public static let version = "0.1.0"

    /// Every command, the interactive app first, in the order help lists them.
    public static let commands: [CommandSpec] = [
        app, generate, refine, parse, inspect, history, export, system, apply, audit, repair, share, providers,
    ]

    /// The command with this name (`generate`); the app for the empty name. By name rather than
    /// through `commands`, so that start-up builds only the spec it runs (the whole table was
    /// about 250k instructions before the first frame); a test checks it answers every command.
    public static func command(named name: String) -> CommandSpec? {
        switch name {
        case "": return app
        case "generate": return generate
        case "refine": return refine
        case "parse": return parse
        case "inspect": return inspect
        case "history": return history
        case "export": return export
        case "system": return system
        case "apply": return apply
        case "audit": return audit
        case "repair": return repair
        case "share": return share
        case "providers": return providers
        default: return nil
        }
    }

    /// The commands' names, the app's empty one left out (an unknown command lists them).
    public static var commandNames: [String] { commands.map(\.name).filter { !$0.isEmpty } }

    // MARK: - Options more than one command takes

    public static let languages = Language.allCases.map(\.rawValue)

    /// `--provider`, `--model` and `--endpoint` as placeholders: their choices and help are the
    /// program's provider list's, written in by `CommandSpec.with(providers:)` (ProviderOptions.swift).
    public static let provider = OptionSpec("provider", .choice([]), help: Localized("", chinese: ""))
    public static let model = OptionSpec(
        "model", short: "-m", .text(Localized("MODEL", "模型", "模型")), help: Localized("", chinese: ""))
    public static let endpoint = OptionSpec(
        "endpoint", .text(Localized("URL", chinese: "URL")), help: Localized("", chinese: ""))
    public static let timeout = OptionSpec(
        "timeout", .text(Localized("SECONDS", "秒數", "秒数")),
        help: Localized(
            "seconds for the whole call, retries included (default: PALETTE_TUI_TIMEOUT, else `timeout` in "
                + "config.toml, else 60)",
            "整個呼叫（含重試）的秒數上限（預設：PALETTE_TUI_TIMEOUT，否則 config.toml 的 `timeout`，否則 60）",
            "整个调用（含重试）的秒数上限（默认：PALETTE_TUI_TIMEOUT，否则 config.toml 的 `timeout`，否则 60）"))
    /// The options of every command that asks a provider for a palette.
    static let providerOptions = [provider, model, endpoint, timeout]

    public static let historyFile = OptionSpec(
        "history", .file,
        help: Localized(
            "history file (default: PALETTE_TUI_HISTORY, else $XDG_STATE_HOME/palette-tui/history.jsonl)",
            "歷史紀錄檔（預設：PALETTE_TUI_HISTORY，否則 $XDG_STATE_HOME/palette-tui/history.jsonl）",
            "历史记录文件（默认：PALETTE_TUI_HISTORY，否则 $XDG_STATE_HOME/palette-tui/history.jsonl）"))
    public static let noHistory = OptionSpec(
        "no-history",
        help: Localized("do not save palettes in the history", "不把配色存入歷史紀錄", "不把配色存入历史记录"))
    public static let lang = OptionSpec(
        "lang", .choice(languages),
        help: Localized(
            "language of what is printed (default: from LC_ALL, LC_MESSAGES or LANG)",
            "輸出文字的語言（預設：依 LC_ALL、LC_MESSAGES 或 LANG）",
            "输出文字的语言（默认：依 LC_ALL、LC_MESSAGES 或 LANG）"))
    public static let background = OptionSpec(
        "background",
        .suggested(["light", "dark"], placeholder: Localized("light|dark|COLOR", "light|dark|顏色", "light|dark|颜色")),
        help: Localized(
            "the background the palette is shown on (default light, #FFFFFF)",
            "配色所在的背景（預設 light，#FFFFFF）", "配色所在的背景（默认 light，#FFFFFF）"))
    /// `--lock ROLE=COLOR` (repeatable), `--seed N`, `--candidates N`: the workbench's options.
    public static let lock = OptionSpec(
        "lock", .text(Localized("ROLE=COLOR", "角色=顏色", "角色=颜色")),
        help: Localized(
            "keep this role's colour exactly and choose the others around it (repeatable; roles primary, secondary, "
                + "accent)",
            "保留此角色的顏色不變，其他顏色配合它選擇（可重複；角色 primary、secondary、accent）",
            "保留此角色的颜色不变，其他颜色配合它选择（可重复；角色 primary、secondary、accent）"))
    public static let seed = OptionSpec(
        "seed", .text(Localized("N", "N", "N")),
        help: Localized(
            "make the choice reproducible: the same N gives the same palette on every run and machine (offline "
                + "engine; sent to models that take a seed)",
            "讓選擇可重現：相同的 N 在每次執行、每台機器上都得到相同配色（離線引擎；支援種子的模型也會收到）",
            "让选择可重现：相同的 N 在每次运行、每台机器上都得到相同配色（离线引擎；支持种子的模型也会收到）"))
    public static let candidates = OptionSpec(
        "candidates", .text(Localized("N", "N", "N")),
        help: Localized(
            "print N palettes, each at least ΔE00 10 from the others on some role (2 to 12; json prints an array; "
                + "each is saved)",
            "印出 N 組配色，任兩組至少有一個角色相差 ΔE00 10（2 到 12；json 印出陣列；每組都存入歷史）",
            "打印 N 组配色，任两组至少有一个角色相差 ΔE00 10（2 到 12；json 打印数组；每组都存入历史）"))
    static let workbenchOptions = [lock, seed, candidates]

    public static let paletteFormats = PaletteFormat.allCases.map(\.rawValue)
    static let paletteFormat = OptionSpec(
        "format", short: "-f", .choice(paletteFormats),
        help: Localized("output format (default text)", "輸出格式（預設 text）", "输出格式（默认 text）"))

    /// `AA|AAA`, in any case (`AccessibilityLevel(parsing:)` checks it).
    public static let levels = OptionValue.suggested(
        AccessibilityLevel.allCases.map(\.rawValue),
        placeholder: Localized(
            AccessibilityLevel.allCases.map(\.rawValue).joined(separator: "|"),
            chinese: AccessibilityLevel.allCases.map(\.rawValue).joined(separator: "|")))

    public static let colour = Localized("COLOR", "顏色", "颜色")
    /// `[COLOR COLOR COLOR]`: a palette as three arguments, else read from standard input.
    static let optionalPalette = OperandSpec(colour, optional: true, count: 3)

    static let usageStatus = ExitStatus(2, Localized("bad usage or input", "用法或輸入有誤", "用法或输入有误"))

    // MARK: - The interactive app

    public static let app = CommandSpec(
        "",
        summary: Localized("the interactive app", "互動式介面", "交互式界面"),
        about: Localized(
            """
            Turns a description of a scene or mood, in any language, into a three-colour palette:
            a primary, a secondary (supporting) and an accent colour, as #RRGGBB. Without a
            command it starts the interactive app on the terminal.
            """,
            """
            把任何語言寫成的場景或氛圍描述，轉成三色配色：主色、輔助色與強調色，以 #RRGGBB 表示。
            不加指令時，在終端機上啟動互動式介面。
            """,
            """
            把任何语言写成的场景或氛围描述，转成三色配色：主色、辅助色与强调色，以 #RRGGBB 表示。
            不加命令时，在终端上启动交互式界面。
            """),
        options: providerOptions + [
            historyFile, noHistory, lang,
            OptionSpec(
                "color", .choice(["auto", "truecolor", "256", "none"]),
                help: Localized(
                    "colour mode of the app (default: PALETTE_TUI_COLOR, else what the terminal supports; NO_COLOR honoured)",
                    "介面的色彩模式（預設：PALETTE_TUI_COLOR，否則依終端機支援；遵守 NO_COLOR）",
                    "界面的颜色模式（默认：PALETTE_TUI_COLOR，否则依终端支持；遵守 NO_COLOR）")),
            OptionSpec(
                "clipboard", .choice(["auto", "osc52", "tmux", "wl-copy", "xclip", "xsel", "none"]),
                help: Localized(
                    "how the app copies (default auto: OSC 52 and a helper that fits the session)",
                    "介面複製的方式（預設 auto：OSC 52 加上適合此工作階段的輔助程式）",
                    "界面复制的方式（默认 auto：OSC 52 加上适合此会话的辅助程序）")),
            OptionSpec(
                "accessible", levels,
                help: Localized(
                    "generate only palettes that meet the level (as for generate); the audit panel (a) and the "
                        + "repair key (x) judge by it (default AA, without generating to it)",
                    "只生成符合等級的配色（同 generate）；檢查面板（a）與修正鍵（x）以此判斷（預設 AA，但不限制生成）",
                    "只生成符合等级的配色（同 generate）；检查面板（a）与修正键（x）以此判断（默认 AA，但不限制生成）")),
            OptionSpec(
                "background", background.value,
                help: Localized(
                    "the background the audit panel and --accessible judge on (default light; b cycles it in the app)",
                    "檢查面板與 --accessible 判斷所用的背景（預設 light；介面中按 b 切換）",
                    "检查面板与 --accessible 判断所用的背景（默认 light；界面中按 b 切换）")),
            OptionSpec(
                "variant", .choice(["dark", "light", "auto"]),
                help: Localized(
                    "the theme variant the preview and apply start on, and the app's own colours for it (default "
                        + "auto: from the terminal's background, asked with OSC 11)",
                    "預覽與套用預設的主題明暗，以及介面本身配合它的顏色（預設 auto：以 OSC 11 詢問終端機背景）",
                    "预览与应用默认的主题明暗，以及界面本身配合它的颜色（默认 auto：以 OSC 11 询问终端背景）")),
            OptionSpec(
                "version",
                help: Localized(
                    "print the version and the commit it was built from", "顯示版本與建置來源的提交",
                    "显示版本与构建来源的提交")),
        ],
        notes: Localized(
            """
            Keys are read from the environment only: GEMINI_API_KEY (else GOOGLE_API_KEY),
            OPENAI_API_KEY (local servers need none), OLLAMA_API_KEY; with no provider configured
            the embedded offline engine is used. Settings: $XDG_CONFIG_HOME/palette-tui/config.toml
            (default ~/.config/palette-tui/config.toml); options beat environment variables, which
            beat the file. In the app, F1 or ? (outside the text field) shows the keys.
            """,
            """
            金鑰只從環境變數讀取：GEMINI_API_KEY（否則 GOOGLE_API_KEY）、
            OPENAI_API_KEY（本機伺服器不需要）、OLLAMA_API_KEY；沒有設定任何來源時
            使用內建的離線引擎。設定檔：$XDG_CONFIG_HOME/palette-tui/config.toml
            （預設 ~/.config/palette-tui/config.toml）；選項優先於環境變數，
            環境變數優先於設定檔。
            在介面中按 F1 或 ?（不在文字欄位時）顯示所有按鍵。
            """,
            """
            密钥只从环境变量读取：GEMINI_API_KEY（否则 GOOGLE_API_KEY）、
            OPENAI_API_KEY（本地服务器不需要）、OLLAMA_API_KEY；没有设置任何来源时
            使用内置的离线引擎。配置文件：$XDG_CONFIG_HOME/palette-tui/config.toml
            （默认 ~/.config/palette-tui/config.toml）；选项优先于环境变量，
            环境变量优先于配置文件。
            在界面中按 F1 或 ?（不在文字栏位时）显示所有按键。
            """),
        exitStatuses: [
            ExitStatus(0, Localized("the app ended normally", "正常結束", "正常结束")),
            ExitStatus(
                1,
                Localized(
                    "the app could not start (no terminal, or the terminal could not be set up)",
                    "無法啟動（沒有終端機，或無法設定終端機）", "无法启动（没有终端，或无法设置终端）")),
            usageStatus,
        ])

    // MARK: - Commands

    public static let generate = CommandSpec(
        "generate",
        summary: Localized(
            "one palette for a description, on standard output", "為描述產生一組配色，印到標準輸出", "为描述生成一组配色，打印到标准输出"),
        about: Localized(
            """
            Turns a description of a scene or mood, in any language, or a picture (--image), into a
            primary, a supporting secondary and an accent colour, prints it, and saves it in the
            history.
            """,
            """
            把任何語言寫成的場景或氛圍描述，或一張圖片（--image），轉成主色、輔助色與強調色，
            印出來並存入歷史紀錄。
            """,
            """
            把任何语言写成的场景或氛围描述，或一张图片（--image），转成主色、辅助色与强调色，
            打印出来并存入历史记录。
            """),
        operands: [OperandSpec(Localized("DESCRIPTION", "描述", "描述"), count: nil)],
        options: providerOptions + workbenchOptions + [
            paletteFormat, lang, historyFile, noHistory,
            OptionSpec(
                "image", .file,
                help: Localized(
                    "make the palette from a PNG, JPEG or WebP picture (the description, if any, steers it: "
                        + "\"calmer\", \"a night version of this photo\", \"only the warm colours\"); the history "
                        + "keeps the file's name and checksum, never the picture",
                    "從 PNG、JPEG 或 WebP 圖片產生配色（若有描述則依描述調整：「更柔和」、「這張照片的夜晚版本」、「只要暖色」）；"
                        + "歷史紀錄只存檔名與校驗碼，不存圖片",
                    "从 PNG、JPEG 或 WebP 图片生成配色（若有描述则依描述调整：“更柔和”、“这张照片的夜晚版本”、“只要暖色”）；"
                        + "历史记录只存文件名与校验码，不存图片")),
            OptionSpec(
                "from", .text(Localized("STRING", "字串", "字符串")),
                help: Localized(
                    "take the palette, description and locks of a share string (palette-tui share) or a Coolors "
                        + "or Realtime Colors link instead of generating; printed and saved as it is",
                    "不產生新配色，改用分享字串（palette-tui share）或 Coolors、Realtime Colors 連結中的配色、描述與鎖定；"
                        + "原樣印出並存入歷史",
                    "不生成新配色，改用分享字符串（palette-tui share）或 Coolors、Realtime Colors 链接中的配色、描述与锁定；"
                        + "原样打印并存入历史")),
            OptionSpec(
                "accessible", levels,
                help: Localized(
                    "only a palette that meets the level on the background: each role's readable ink at 4.5:1 (AA) "
                        + "or 7:1 (AAA), the accent at 3:1 against the others and the background, every two roles "
                        + "ΔE00 10 apart under protan, deutan and tritan vision (a model's answer is repaired, with a "
                        + "note of what moved)",
                    "只產生在背景上符合等級的配色：每個角色與其可讀文字色達 4.5:1（AA）或 7:1（AAA），強調色對其他角色與背景達 3:1，"
                        + "在紅色盲、綠色盲、藍色盲模擬下任兩個角色 ΔE00 相差至少 10（模型的答案會被修正，並註明改了什麼）",
                    "只生成在背景上符合等级的配色：每个角色与其可读文字色达 4.5:1（AA）或 7:1（AAA），强调色对其他角色与背景达 3:1，"
                        + "在红色盲、绿色盲、蓝色盲模拟下任两个角色 ΔE00 相差至少 10（模型的答案会被修正，并注明改了什么）")),
            OptionSpec(
                "background", background.value,
                help: Localized(
                    "the background --accessible judges on (default light)", "--accessible 判斷所用的背景（預設 light）",
                    "--accessible 判断所用的背景（默认 light）")),
        ],
        notes: Localized(
            """
            Keys (read from the environment only): GEMINI_API_KEY, else GOOGLE_API_KEY;
            OPENAI_API_KEY (local OpenAI-compatible servers need none); OLLAMA_API_KEY
            (Ollama's cloud only).
            """,
            """
            金鑰（只從環境變數讀取）：GEMINI_API_KEY，否則 GOOGLE_API_KEY；
            OPENAI_API_KEY（本機的 OpenAI 相容伺服器不需要）；
            OLLAMA_API_KEY（只有 Ollama 雲端需要）。
            """,
            """
            密钥（只从环境变量读取）：GEMINI_API_KEY，否则 GOOGLE_API_KEY；
            OPENAI_API_KEY（本地的 OpenAI 兼容服务器不需要）；
            OLLAMA_API_KEY（只有 Ollama 云端需要）。
            """),
        exitStatuses: [
            ExitStatus(0, Localized("printed a palette", "已印出配色", "已打印配色")),
            ExitStatus(
                1,
                Localized(
                    "no palette (one line on standard error says why)", "沒有配色（標準錯誤上有一行說明原因）",
                    "没有配色（标准错误上有一行说明原因）")),
            usageStatus,
        ])

    public static let refine = CommandSpec(
        "refine",
        summary: Localized(
            "a palette changed by an instruction, on standard output", "依指示調整一組配色，印到標準輸出",
            "依指示调整一组配色，打印到标准输出"),
        about: Localized(
            """
            Reads a palette on standard input (anything parse reads, such as another command's
            output) or from --palette, else takes the newest palette in the history, changes it
            as the instruction says ("warmer accent", "more muted", "a night version", "更柔和"),
            prints it in any format and saves it in the history, so refinements compose in a pipe.
            Three colours after the instruction are the palette to refine
            (refine warmer '#3B5BDB' '#7048E8' '#2B8A3E').
            """,
            """
            從標準輸入（parse 能讀的任何內容，例如其他指令的輸出）或 --palette 讀取配色（否則取歷史
            紀錄中最新的配色），依指示
            （「暖一點」、「更柔和」、「夜晚版本」、"warmer accent"）調整後以任一格式印出並存入歷史，
            因此可以在管線中連續調整。指示之後的三個顏色就是要調整的配色
            （refine 暖一點 '#3B5BDB' '#7048E8' '#2B8A3E'）。
            """,
            """
            从标准输入（parse 能读的任何内容，例如其他命令的输出）或 --palette 读取配色（否则取历史
            记录中最新的配色），依指示
            （“暖一点”、“更柔和”、“夜晚版本”、"warmer accent"）调整后以任一格式打印并存入历史，
            因此可以在管道中连续调整。指示之后的三个颜色就是要调整的配色
            （refine 暖一点 '#3B5BDB' '#7048E8' '#2B8A3E'）。
            """),
        operands: [OperandSpec(Localized("INSTRUCTION", "指示", "指示"), count: nil)],
        options: providerOptions + workbenchOptions + [
            OptionSpec(
                "palette", .text(Localized("COLORS", "顏色", "颜色")),
                help: Localized(
                    "the palette to refine, three colours in one argument ('#RRGGBB #RRGGBB #RRGGBB'), instead of "
                        + "standard input",
                    "要調整的配色，一個參數寫三個顏色（'#RRGGBB #RRGGBB #RRGGBB'），取代標準輸入",
                    "要调整的配色，一个参数写三个颜色（'#RRGGBB #RRGGBB #RRGGBB'），代替标准输入")),
            paletteFormat, lang, historyFile, noHistory,
        ],
        exitStatuses: [
            ExitStatus(0, Localized("printed the refined palette", "已印出調整後的配色", "已打印调整后的配色")),
            ExitStatus(
                1,
                Localized(
                    "no palette (one line on standard error says why)", "沒有配色（標準錯誤上有一行說明原因）",
                    "没有配色（标准错误上有一行说明原因）")),
            usageStatus,
        ])

    public static let parse = CommandSpec(
        "parse",
        summary: Localized("the palette in text on standard input", "讀出標準輸入文字中的配色", "读出标准输入文字中的配色"),
        about: Localized(
            """
            Reads free text on standard input (for example another model's answer) and prints the
            palette in it: a JSON array or primary/secondary/accent object, fenced or in prose, or
            three #RRGGBB codes. It also reads a share string (palette-tui share), a Coolors or
            Realtime Colors link, and the files export writes (ASE, GIMP GPL, Procreate swatches,
            the SVG and PNG cards, CSS and the other code formats). From more than three colours the
            primary is the first, the accent the most colourful of the others and the secondary the
            one farthest from both; a note says so.
            """,
            """
            從標準輸入讀取任意文字（例如其他模型的回答），印出其中的配色：JSON 陣列或含
            primary／secondary／accent 的物件（可在程式碼區塊或文句中），或三個 #RRGGBB 色碼。
            也能讀取分享字串（palette-tui share）、Coolors 或 Realtime Colors 連結，以及 export
            寫出的檔案（ASE、GIMP GPL、Procreate 色票、SVG 與 PNG 色票卡、CSS 等程式碼格式）。
            顏色多於三個時，主色取第一個，強調色取其餘中最鮮豔的，輔助色取與兩者差異
            最大的，並附註說明。
            """,
            """
            从标准输入读取任意文字（例如其他模型的回答），打印其中的配色：JSON 数组或含
            primary／secondary／accent 的对象（可在代码块或文句中），或三个 #RRGGBB 色码。
            """),
        options: [paletteFormat, lang],
        exitStatuses: [
            ExitStatus(0, Localized("printed the palette", "已印出配色", "已打印配色")),
            ExitStatus(
                1,
                Localized(
                    "no palette in the input, or it could not be read", "輸入中沒有配色，或無法讀取",
                    "输入中没有配色，或无法读取")),
            usageStatus,
        ])

    public static let inspect = CommandSpec(
        "inspect",
        summary: Localized(
            "contrast, OKLCH, names, xterm-256 and colour vision of colours", "顏色的對比、OKLCH、名稱、xterm-256 與色覺模擬",
            "颜色的对比、OKLCH、名称、xterm-256 与色觉模拟"),
        about: Localized(
            """
            For each colour: its canonical hex, RGB, OKLCH, WCAG contrast on white and on black,
            the readable ink, the nearest name, the nearest xterm-256 index with its CIEDE2000
            difference, and how it looks with protanopia, deuteranopia and tritanopia.

            A COLOR is written as CSS writes it, or by name: #RGB or #RRGGBB (# optional, alpha
            allowed when opaque), 'rgb(47, 93, 80)', 'rgb(47 93 80)', rgba(), 'hsl(163 33% 27%)',
            hsla(), hwb(), lab(), lch(), oklab(), 'oklch(44% 0.056 173)', color() in srgb,
            srgb-linear, display-p3, a98-rgb, prophoto-rgb, rec2020 or xyz, or a CSS, XKCD or
            Chinese colour name (navy, rebeccapurple, 'slate green', 靛青). A colour outside sRGB
            is brought in by lowering its chroma at the same OKLCH lightness and hue; one that is
            not opaque is refused. Names and text follow --lang.
            """,
            """
            對每個顏色列出：標準色碼、RGB、OKLCH、對白色與黑色的 WCAG 對比、可讀的文字色、
            最接近的名稱、最接近的 xterm-256 編號與其 CIEDE2000 差異，以及紅色盲、綠色盲、
            藍色盲看到的樣子。

            顏色可依 CSS 的寫法或用名稱：#RGB 或 #RRGGBB（# 可省略，不透明時可帶 alpha）、
            'rgb(47, 93, 80)'、'rgb(47 93 80)'、rgba()、'hsl(163 33% 27%)'、hsla()、hwb()、lab()、
            lch()、oklab()、'oklch(44% 0.056 173)'、以 srgb、srgb-linear、display-p3、a98-rgb、
            prophoto-rgb、rec2020 或 xyz 寫的 color()，或 CSS、XKCD、中文顏色名稱（navy、
            rebeccapurple、'slate green'、靛青）。超出 sRGB 的顏色會在相同的 OKLCH 明度與色相下
            降低彩度；不是不透明的顏色會被拒絕。名稱與文字依 --lang。
            """,
            """
            对每个颜色列出：标准色码、RGB、OKLCH、对白色与黑色的 WCAG 对比、可读的文字色、
            最接近的名称、最接近的 xterm-256 编号与其 CIEDE2000 差异，以及红色盲、绿色盲、
            蓝色盲看到的样子。

            颜色可按 CSS 的写法或用名称：#RGB 或 #RRGGBB（# 可省略，不透明时可带 alpha）、
            'rgb(47, 93, 80)'、'rgb(47 93 80)'、rgba()、'hsl(163 33% 27%)'、hsla()、hwb()、lab()、
            lch()、oklab()、'oklch(44% 0.056 173)'、以 srgb、srgb-linear、display-p3、a98-rgb、
            prophoto-rgb、rec2020 或 xyz 写的 color()，或 CSS、XKCD、中文颜色名称（navy、
            rebeccapurple、'slate green'、靛青）。超出 sRGB 的颜色会在相同的 OKLCH 明度与色相下
            降低彩度；不是不透明的颜色会被拒绝。名称与文字依 --lang。
            """),
        operands: [OperandSpec(colour, count: nil)],
        options: [
            OptionSpec(
                "format", short: "-f", .choice(["text", "json"]),
                help: Localized("output format (default text)", "輸出格式（預設 text）", "输出格式（默认 text）")),
            lang,
        ],
        exitStatuses: [
            ExitStatus(0, Localized("described every colour", "已說明每個顏色", "已说明每个颜色")),
            ExitStatus(1, Localized("a colour could not be read", "有顏色無法讀取", "有颜色无法读取")),
            usageStatus,
        ])

    public static let history = CommandSpec(
        "history",
        summary: Localized("saved palettes, newest first", "已儲存的配色，最新的在前", "已保存的配色，最新的在前"),
        about: Localized(
            """
            Lists saved palettes, newest first: date, the three colours and the description.
            """,
            """
            列出已儲存的配色，最新的在前：日期、三個顏色與描述。
            """,
            """
            列出已保存的配色，最新的在前：日期、三个颜色与描述。
            """),
        options: [
            OptionSpec(
                "format", short: "-f", .choice(["text", "jsonl", "json"]),
                help: Localized("output format (default text)", "輸出格式（預設 text）", "输出格式（默认 text）")),
            OptionSpec(
                "search", short: "-s", .text(Localized("TEXT", "文字", "文字")),
                help: Localized(
                    "only descriptions or hex codes containing TEXT (ignores case and Traditional/Simplified Chinese)",
                    "只列出描述或色碼含有此文字的配色（不分大小寫與繁簡）", "只列出描述或色码含有此文字的配色（不分大小写与繁简）")),
            OptionSpec("favorites", help: Localized("only favourites", "只列出收藏", "只列出收藏")),
            OptionSpec(
                "limit", short: "-n", .text(Localized("N", chinese: "N")),
                help: Localized("at most N palettes", "最多 N 組配色", "最多 N 组配色")),
            historyFile, lang,
            OptionSpec(
                "compact",
                help: Localized(
                    "rewrite the file without deleted palettes and change records", "重寫檔案，去掉已刪除的配色與變更紀錄",
                    "重写文件，去掉已删除的配色与变更记录")),
        ],
        notes: Localized(
            "Unreadable lines are skipped with a warning and left in the file.",
            "無法讀取的行會略過並發出警告，但留在檔案中。", "无法读取的行会跳过并发出警告，但留在文件中。"),
        exitStatuses: [
            ExitStatus(0, Localized("listed (or compacted) the history", "已列出（或壓縮）歷史紀錄", "已列出（或压缩）历史记录")),
            ExitStatus(1, Localized("the history could not be read or written", "無法讀取或寫入歷史紀錄", "无法读取或写入历史记录")),
            usageStatus,
        ])

    public static let export = CommandSpec(
        "export",
        summary: Localized(
            "the palette, or a terminal/editor theme from it, in another format", "以其他格式匯出配色，或由配色衍生的終端機／編輯器主題",
            "以其他格式导出配色，或由配色衍生的终端／编辑器主题"),
        about: Localized(
            """
            Writes the palette in FORMAT, or a terminal/editor theme derived from it. The palette
            comes from the three colours given, else from standard input (anything palette-tui
            parse reads), else from the newest palette in the history. A COLOR is any form
            palette-tui inspect reads: hex (quote a # in the shell), rgb(), hsl(), oklch() and the
            other CSS forms, or a colour name.
            """,
            """
            以指定格式寫出配色，或寫出由配色衍生的終端機／編輯器主題。配色取自給定的三個顏色，
            否則取自標準輸入（palette-tui parse 能讀的內容），再否則取自歷史紀錄中最新的配色。
            顏色可用 palette-tui inspect 能讀的任何寫法：十六進位色碼（在 shell 中請為 # 加上引號）、
            rgb()、hsl()、oklch() 等 CSS 寫法，或顏色名稱。
            """,
            """
            以指定格式写出配色，或写出由配色衍生的终端／编辑器主题。配色取自给定的三个颜色，
            否则取自标准输入（palette-tui parse 能读的内容），再否则取自历史记录中最新的配色。
            颜色可用 palette-tui inspect 能读的任何写法：十六进制色码（在 shell 中请为 # 加上引号）、
            rgb()、hsl()、oklch() 等 CSS 写法，或颜色名称。
            """),
        operands: [
            OperandSpec(Localized("FORMAT", "格式", "格式"), words: ExportFormat.allCases.map(\.rawValue)),
            optionalPalette,
        ],
        options: [
            OptionSpec(
                "variant", .choice(ThemeVariant.allCases.map(\.rawValue)),
                help: Localized("theme variant (default dark)", "主題明暗（預設 dark）", "主题明暗（默认 dark）")),
            OptionSpec(
                "name", .text(Localized("NAME", "名稱", "名称")),
                help: Localized("name inside the file (default: the description)", "檔案內的名稱（預設：描述）", "文件内的名称（默认：描述）")),
            OptionSpec(
                "output", short: "-o", .file,
                help: Localized(
                    "write to FILE atomically instead of standard output", "以不可分割的方式寫入檔案，而非標準輸出",
                    "以原子方式写入文件，而非标准输出")),
            OptionSpec("force", help: Localized("replace FILE if it exists", "檔案已存在時取代它", "文件已存在时替换它")),
            OptionSpec(
                "tailwind-v3",
                help: Localized(
                    "tailwind: a v3 module.exports config", "tailwind：v3 的 module.exports 設定檔",
                    "tailwind：v3 的 module.exports 配置文件")),
            OptionSpec(
                "lang", lang.value,
                help: Localized(
                    "language of the role names (default: the locale)", "角色名稱的語言（預設：依語系）", "角色名称的语言（默认：依语言环境）")),
            OptionSpec(
                "history", .file,
                help: Localized(
                    "history file to take the newest palette from", "取用最新配色的歷史紀錄檔", "取用最新配色的历史记录文件")),
            OptionSpec("list", help: Localized("list the formats", "列出所有格式", "列出所有格式")),
        ],
        otherForms: ["export --list"],
        notes: Localized(
            "Binary formats (ase, swatches, png) are not written to a terminal.",
            "二進位格式（ase、swatches、png）不會輸出到終端機。", "二进制格式（ase、swatches、png）不会输出到终端。"),
        exitStatuses: [
            ExitStatus(0, Localized("written", "已寫出", "已写出")),
            ExitStatus(1, Localized("failed", "失敗", "失败")),
            ExitStatus(2, Localized("usage", "用法錯誤", "用法错误")),
        ])

    public static let system = CommandSpec(
        "system",
        summary: Localized(
            "a design system from the palette: tonal scales, light and dark roles",
            "由配色產生設計系統：色階、淺色與深色主題的語意角色", "由配色生成设计系统：色阶、浅色与深色主题的语义角色"),
        about: Localized(
            """
            Builds a design system from a palette: a tonal scale (steps 50 to 950) for the
            primary, secondary and accent, a neutral tinted toward the primary and four status
            colours (success, warning, error, info), and the semantic roles of a light and a dark
            theme (background, surface, text, text-muted, border, each colour with its on- ink),
            taken from the scales. Each source colour sits exactly at the step nearest its
            lightness. Every contrast guarantee is checked; one a palette cannot meet is named on
            standard error and in the JSON. The palette comes from the three colours given, else
            standard input (anything palette-tui parse reads), else the newest palette in the
            history.
            """,
            """
            由配色建立設計系統：主色、輔助色與強調色各一組色階（50 到 950），一組偏向主色的中性灰，
            四個狀態色（成功、警告、錯誤、資訊），以及淺色與深色主題的語意角色（背景、表面、文字、
            次要文字、邊框，每個顏色各有其上的文字色），皆取自色階。每個來源色正好位於亮度最接近的
            色階。每項對比保證都會檢查；配色無法達成的項目會在標準錯誤與 JSON 中列出。配色取自
            給定的三個顏色，否則取自標準輸入（palette-tui parse 能讀的內容），再否則取自歷史紀錄中
            最新的配色。
            """,
            """
            由配色建立设计系统：主色、辅助色与强调色各一组色阶（50 到 950），一组偏向主色的中性灰，
            四个状态色（成功、警告、错误、信息），以及浅色与深色主题的语义角色（背景、表面、文字、
            次要文字、边框，每个颜色各有其上的文字色），均取自色阶。每个来源色正好位于亮度最接近的
            色阶。每项对比保证都会检查；配色无法达成的项目会在标准错误与 JSON 中列出。配色取自
            给定的三个颜色，否则取自标准输入（palette-tui parse 能读的内容），再否则取自历史记录中
            最新的配色。
            """),
        operands: [optionalPalette],
        options: [
            OptionSpec(
                "format", .choice(["json", "css", "scss", "tailwind", "tokens", "swatch"]),
                help: Localized(
                    "json (default), css, scss, tailwind (v4 @theme), tokens (DTCG 2025.10) or swatch (PNG)",
                    "json（預設）、css、scss、tailwind（v4 @theme）、tokens（DTCG 2025.10）或 swatch（PNG）",
                    "json（默认）、css、scss、tailwind（v4 @theme）、tokens（DTCG 2025.10）或 swatch（PNG）")),
            OptionSpec(
                "name", .text(Localized("NAME", "名稱", "名称")),
                help: Localized("name inside the file (default: the description)", "檔案內的名稱（預設：描述）", "文件内的名称（默认：描述）")),
            OptionSpec(
                "output", short: "-o", .file,
                help: Localized(
                    "write to FILE atomically instead of standard output", "以不可分割的方式寫入檔案，而非標準輸出",
                    "以原子方式写入文件，而非标准输出")),
            OptionSpec("force", help: Localized("replace FILE if it exists", "檔案已存在時取代它", "文件已存在时替换它")),
            OptionSpec(
                "lang", lang.value,
                help: Localized("language of the messages (default: the locale)", "訊息的語言（預設：依語系）", "消息的语言（默认：依语言环境）")),
            OptionSpec(
                "history", .file,
                help: Localized(
                    "history file to take the newest palette from", "取用最新配色的歷史紀錄檔", "取用最新配色的历史记录文件")),
        ],
        notes: Localized(
            "The swatch (PNG) is not written to a terminal.", "色票（PNG）不會輸出到終端機。", "色票（PNG）不会输出到终端。"),
        exitStatuses: [
            ExitStatus(
                0,
                Localized(
                    "written (unmet guarantees are named, not failures)", "已寫出（未達成的保證會列出，不算失敗）", "已写出（未达成的保证会列出，不算失败）")),
            ExitStatus(1, Localized("failed", "失敗", "失败")),
            ExitStatus(2, Localized("usage", "用法錯誤", "用法错误")),
        ])

    public static let apply = CommandSpec(
        "apply",
        summary: Localized(
            "put the theme into a terminal's or editor's config, backed up, reloaded, revertible",
            "把主題套用到終端機或編輯器的設定檔：先備份、重新載入、可還原", "把主题应用到终端或编辑器的配置文件：先备份、重新加载、可还原"),
        about: Localized(
            """
            Writes the theme derived from the palette into a file of its own beside the program's
            config (kitty, Alacritty, foot, Ghostty, WezTerm, tmux, Neovim, Helix) and adds the one
            line that includes it, once; applying again replaces the theme file only. The config is
            found where the program looks for it (XDG_CONFIG_HOME honoured) unless --config names
            it; for Alacritty that is alacritty.toml (0.13+), else the alacritty.yml of 0.11-0.12,
            which gets a YAML theme in its import list. Before its first change the config is
            copied beside itself (.palette-tui-backup); --revert puts it back byte for byte and
            removes the theme file. A config that is code (WezTerm's and Neovim's Lua) is never
            edited: the line to add is printed. A config palette-tui cannot read, or one changed
            since it applied, is left alone. The running program is reloaded where it offers a
            way (kitty's SIGUSR1, tmux source-file inside tmux); otherwise palette-tui says what to
            do. The palette comes from the three colours given, else standard input, else the
            newest palette in the history.
            """,
            """
            把由配色衍生的主題寫入程式設定檔旁的獨立檔案（kitty、Alacritty、foot、Ghostty、WezTerm、
            tmux、Neovim、Helix），並在設定檔加入引入它的一行，只加一次；再次套用只會取代主題檔。
            設定檔依程式本身的尋找方式定位（遵循 XDG_CONFIG_HOME），或以 --config 指定；Alacritty
            是 alacritty.toml（0.13 起），沒有的話是 0.11–0.12 的 alacritty.yml，其 import 清單會加入
            YAML 主題檔。第一次修改前，設定檔會複製一份在旁邊（.palette-tui-backup）；--revert
            逐位元組還原並刪除主題檔。
            程式碼形式的設定檔（WezTerm 與 Neovim 的 Lua）絕不修改，而是印出要加入的那一行。
            palette-tui 讀不懂或套用後被改過的設定檔不會被動到。程式若有重新載入的方式就會使用
            （kitty 的 SIGUSR1、在 tmux 內的 tmux source-file），否則會說明該怎麼做。配色取自給定的
            三個顏色，否則取自標準輸入，再否則取自歷史紀錄中最新的配色。
            """,
            """
            把由配色衍生的主题写入程序配置文件旁的独立文件（kitty、Alacritty、foot、Ghostty、WezTerm、
            tmux、Neovim、Helix），并在配置文件加入引入它的一行，只加一次；再次应用只会替换主题文件。
            配置文件依程序本身的查找方式定位（遵循 XDG_CONFIG_HOME），或以 --config 指定；Alacritty
            是 alacritty.toml（0.13 起），没有的话是 0.11–0.12 的 alacritty.yml，其 import 列表会加入
            YAML 主题文件。
            第一次修改前，配置文件会复制一份在旁边（.palette-tui-backup）；
            --revert 逐字节还原并删除主题文件。
            代码形式的配置文件（WezTerm 与 Neovim 的 Lua）绝不修改，而是打印要加入的那一行。
            palette-tui 读不懂或应用后被改过的配置文件不会被动到。程序若有重新加载的方式就会使用
            （kitty 的 SIGUSR1、在 tmux 内的 tmux source-file），否则会说明该怎么做。配色取自给定的
            三个颜色，否则取自标准输入，再否则取自历史记录中最新的配色。
            """),
        operands: [
            OperandSpec(Localized("PROGRAM", "程式", "程序"), words: ApplyTarget.allCases.map(\.rawValue)),
            optionalPalette,
        ],
        options: [
            OptionSpec(
                "variant", .choice(["dark", "light", "auto"]),
                help: Localized(
                    "theme variant (default auto: from the terminal's background, asked with OSC 11)",
                    "主題明暗（預設 auto：以 OSC 11 詢問終端機背景）", "主题明暗（默认 auto：以 OSC 11 询问终端背景）")),
            OptionSpec(
                "config", .file,
                help: Localized(
                    "the program's config file (default: where the program looks)", "程式的設定檔（預設：程式本身尋找的位置）",
                    "程序的配置文件（默认：程序本身查找的位置）")),
            OptionSpec(
                "dry-run",
                help: Localized(
                    "print the changes as a unified diff and write nothing", "以 unified diff 印出變更，不寫入任何檔案",
                    "以 unified diff 打印更改，不写入任何文件")),
            OptionSpec(
                "revert",
                help: Localized(
                    "put the config back as it was and remove the theme file", "把設定檔還原並刪除主題檔", "把配置文件还原并删除主题文件")),
            OptionSpec(
                "lang", lang.value,
                help: Localized("language of the messages (default: the locale)", "訊息的語言（預設：依語系）", "消息的语言（默认：依语言环境）")),
            OptionSpec(
                "history", .file,
                help: Localized(
                    "history file to take the newest palette from", "取用最新配色的歷史紀錄檔", "取用最新配色的历史记录文件")),
        ],
        otherForms: ["apply --revert PROGRAM [--config FILE]"],
        exitStatuses: [
            ExitStatus(
                0,
                Localized("applied, reverted, or shown (--dry-run)", "已套用、已還原或已顯示（--dry-run）", "已应用、已还原或已显示（--dry-run）")
            ),
            ExitStatus(
                1, Localized("failed; the config is unchanged", "失敗；設定檔未變更", "失败；配置文件未更改")),
            ExitStatus(2, Localized("usage", "用法錯誤", "用法错误")),
        ])

    public static let share = CommandSpec(
        "share",
        summary: Localized(
            "a share string and a Coolors link of a palette", "配色的分享字串與 Coolors 連結", "配色的分享字符串与 Coolors 链接"),
        about: Localized(
            """
            Prints a compact share string (ptui1.…) that carries the palette, its description and
            its locks, and on the next line a plain Coolors link of the colours. palette-tui parse
            and generate --from read the string back exactly. The palette comes from the colours
            given (three, or one link or share string), else standard input (anything palette-tui
            parse reads), else the newest palette in the history with its description and locks.
            """,
            """
            印出精簡的分享字串（ptui1.…），包含配色、描述與鎖定，下一行是這組顏色的 Coolors 連結。
            palette-tui parse 與 generate --from 能完整讀回字串。配色取自給定的顏色
            （三個顏色，或一個連結或分享字串），否則取自標準輸入（palette-tui parse
            能讀的內容），再否則取自歷史紀錄中最新的配色及其描述與鎖定。
            """,
            """
            打印精简的分享字符串（ptui1.…），包含配色、描述与锁定，下一行是这组颜色的 Coolors 链接。
            palette-tui parse 与 generate --from 能完整读回字符串。配色取自给定的颜色
            （三个颜色，或一个链接或分享字符串），否则取自标准输入（palette-tui parse
            能读的内容），再否则取自历史记录中最新的配色及其描述与锁定。
            """),
        operands: [optionalPalette],
        options: [
            OptionSpec(
                "description", .text(Localized("TEXT", "文字", "文本")),
                help: Localized(
                    "the description the string carries (default: the palette's own)", "字串包含的描述（預設：配色本身的描述）",
                    "字符串包含的描述（默认：配色本身的描述）")),
            OptionSpec(
                "lock", .text(Localized("ROLE", "角色", "角色")),
                help: Localized(
                    "a role the string marks as locked (primary, secondary, accent; repeatable; default: the palette's own)",
                    "字串標為鎖定的角色（primary、secondary、accent；可重複；預設：配色本身的鎖定）",
                    "字符串标为锁定的角色（primary、secondary、accent；可重复；默认：配色本身的锁定）")),
            lang, historyFile,
        ],
        exitStatuses: [
            ExitStatus(0, Localized("printed the string and the link", "已印出字串與連結", "已打印字符串与链接")),
            ExitStatus(
                1,
                Localized(
                    "no palette (one line on standard error says why)", "沒有配色（標準錯誤上有一行說明原因）",
                    "没有配色（标准错误上有一行说明原因）")),
            usageStatus,
        ])

    public static let audit = CommandSpec(
        "audit",
        summary: Localized(
            "contrast, APCA and colour-vision checks of a palette", "檢查配色的對比、APCA 與色覺辨識", "检查配色的对比、APCA 与色觉辨识"),
        about: Localized(
            """
            Checks a palette (primary, secondary, accent: three colours as arguments, or any text
            `parse` reads, on standard input, else the newest palette in the history) against a
            background (default light, #FFFFFF):
              - every ordered pair of the roles and the background: the WCAG 2.2 contrast ratio with
                pass marks for AA and AAA, normal and large text, and non-text (3:1); APCA Lc beside
                it (0.0.98G-4g, signed by polarity), advisory;
              - protan, deutan and tritan vision (Machado 2009, full severity): the ΔE00 between every
                two roles after simulation, marked when below 10 (hard to tell apart);
              - the levels: each role's readable ink at 4.5:1 (AA) or 7:1 (AAA), the accent at 3:1
                against primary, secondary and the background, every two roles ΔE00 10 apart.
            """,
            """
            檢查一組配色（主色、輔助色、強調色：以三個顏色為參數，或從標準輸入提供 `parse`
            能讀的任何文字，再否則取歷史紀錄中最新的配色）在背景上的表現（預設 light，#FFFFFF）：
              - 角色與背景之間每一個有序配對：WCAG 2.2 對比值，以及 AA、AAA（一般與大字）和
                非文字（3:1）的合格標記；旁邊是 APCA Lc（0.0.98G-4g，依明暗方向帶正負號），僅供參考；
              - 紅色盲、綠色盲、藍色盲（Machado 2009，完全程度）：模擬後任兩個角色的 ΔE00，
                低於 10（難以分辨）時標記；
              - 等級：每個角色與其可讀文字色達 4.5:1（AA）或 7:1（AAA），強調色對主色、輔助色與
                背景達 3:1，任兩個角色的 ΔE00 至少 10。
            """,
            """
            检查一组配色（主色、辅助色、强调色：以三个颜色为参数，或从标准输入提供 `parse`
            能读的任何文字，再否则取历史记录中最新的配色）在背景上的表现（默认 light，#FFFFFF）：
              - 角色与背景之间每一个有序配对：WCAG 2.2 对比值，以及 AA、AAA（一般与大字）和
                非文字（3:1）的合格标记；旁边是 APCA Lc（0.0.98G-4g，依明暗方向带正负号），仅供参考；
              - 红色盲、绿色盲、蓝色盲（Machado 2009，完全程度）：模拟后任两个角色的 ΔE00，
                低于 10（难以分辨）时标记；
              - 等级：每个角色与其可读文字色达 4.5:1（AA）或 7:1（AAA），强调色对主色、辅助色与
                背景达 3:1，任两个角色的 ΔE00 至少 10。
            """),
        operands: [optionalPalette],
        options: [
            background,
            OptionSpec(
                "format", short: "-f", .choice(["text", "json"]),
                help: Localized(
                    "text (default) or JSON with unrounded numbers", "文字（預設）或數字不經四捨五入的 JSON",
                    "文字（默认）或数字不经四舍五入的 JSON")),
            OptionSpec(
                "require", levels,
                help: Localized(
                    "exit 1 when the palette misses the level (for CI)", "未達此等級時以狀態 1 結束（供 CI 使用）",
                    "未达此等级时以状态 1 结束（供 CI 使用）")),
            lang, historyFile,
        ],
        exitStatuses: [
            ExitStatus(0, Localized("checked (and meets --require)", "已檢查（且符合 --require）", "已检查（且符合 --require）")),
            ExitStatus(1, Localized("misses --require", "未符合 --require", "未符合 --require")),
            usageStatus,
        ])

    public static let repair = CommandSpec(
        "repair",
        summary: Localized(
            "one role moved, by lightness only, until it reaches a contrast target", "只調整明度，把一個角色移到達成對比目標為止",
            "只调整明度，把一个角色移到达成对比目标为止"),
        about: Localized(
            """
            Moves one role of a palette (three colours as arguments, or any text `parse` reads, on
            standard input, else the newest palette in the history) to the nearest colour that
            reaches the target against another role or the background, and prints the palette.
            Only the OKLCH lightness moves: the hue stays within 2° (where chroma is above 0.05),
            out-of-gamut colours lose chroma, not hue, and the result is checked again after
            rounding to #RRGGBB. Nearest is the smallest ΔE00.
            ROLE is primary, secondary or accent.
            """,
            """
            把配色中的一個角色（以三個顏色為參數，或從標準輸入提供 `parse` 能讀的任何文字，
            再否則取歷史紀錄中最新的配色）
            移到最接近、且對另一個角色或背景達到目標的顏色，並印出配色。只改變 OKLCH 明度：
            色相變化不超過 2°（彩度高於 0.05 時），超出色域時降低彩度而不改色相，四捨五入成
            #RRGGBB 後會再檢查一次。「最接近」指 ΔE00 最小。角色是 primary、secondary 或 accent。
            """,
            """
            把配色中的一个角色（以三个颜色为参数，或从标准输入提供 `parse` 能读的任何文字，
            再否则取历史记录中最新的配色）
            移到最接近、且对另一个角色或背景达到目标的颜色，并打印配色。只改变 OKLCH 明度：
            色相变化不超过 2°（彩度高于 0.05 时），超出色域时降低彩度而不改色相，四舍五入成
            #RRGGBB 后会再检查一次。“最接近”指 ΔE00 最小。角色是 primary、secondary 或 accent。
            """),
        operands: [
            OperandSpec(Localized("ROLE", "角色", "角色"), words: Role.allCases.map(\.rawValue)), optionalPalette,
        ],
        options: [
            OptionSpec(
                "against",
                .suggested(
                    Role.allCases.map(\.rawValue) + ["background"],
                    placeholder: Localized("ROLE|background", "角色|background", "角色|background")),
                required: true,
                help: Localized("what it must stand out from", "要與之區隔的對象", "要与之区隔的对象")),
            OptionSpec(
                "target",
                .suggested(["AA", "AAA", "3", "4.5", "7", "Lc60", "Lc75"], placeholder: Localized("T", chinese: "T")),
                required: true,
                help: Localized(
                    "a WCAG ratio (4.5, 3, 7:1), AA (4.5), AAA (7), or an APCA figure such as Lc60 (the repaired "
                        + "role as text, advisory)",
                    "WCAG 比值（4.5、3、7:1）、AA（4.5）、AAA（7），或 APCA 數值如 Lc60（修正的角色當作文字，僅供參考）",
                    "WCAG 比值（4.5、3、7:1）、AA（4.5）、AAA（7），或 APCA 数值如 Lc60（修正的角色当作文字，仅供参考）")),
            background,
            OptionSpec(
                "format", short: "-f", paletteFormat.value,
                help: Localized("the palette's output format (default text)", "配色的輸出格式（預設 text）", "配色的输出格式（默认 text）")),
            lang, historyFile,
        ],
        notes: Localized(
            """
            What moved (old hex -> new hex, figure before -> after) is printed with the palette
            (standard error for hex and css). When no lightness reaches the target, says so, offers
            the readable ink and prints no palette.
            """,
            """
            變更內容（舊色碼 -> 新色碼、修正前 -> 修正後的數值）會與配色一起印出（hex 與 css
            格式印在標準錯誤）。若任何明度都無法達到目標，會說明並建議可讀的文字色，不印出配色。
            """,
            """
            更改内容（旧色码 -> 新色码、修正前 -> 修正后的数值）会与配色一起打印（hex 与 css
            格式打印在标准错误）。若任何明度都无法达到目标，会说明并建议可读的文字色，不打印配色。
            """),
        exitStatuses: [
            ExitStatus(0, Localized("printed (repaired, or already met)", "已印出（已修正或原本就符合）", "已打印（已修正或原本就符合）")),
            ExitStatus(1, Localized("no lightness reaches the target", "任何明度都無法達到目標", "任何明度都无法达到目标")),
            usageStatus,
        ])

    public static let providers = CommandSpec(
        "providers",
        summary: Localized(
            "each provider: configured or not, endpoint and model", "每個配色來源：是否已設定、端點與模型",
            "每个配色来源：是否已设置、端点与模型"),
        about: Localized(
            """
            Lists each provider: whether it is configured (and by what), its endpoint and model,
            and which one the app and generate use (marked *). Nothing is sent unless --check is
            given.
            """,
            """
            列出每個配色來源：是否已設定（由什麼設定）、端點與模型，
            以及介面與 generate 所用的是哪一個（標 *）。沒有 --check 時不送出任何請求。
            """,
            """
            列出每个配色来源：是否已设置（由什么设置）、端点与模型，
            以及界面与 generate 所用的是哪一个（标 *）。没有 --check 时不发送任何请求。
            """),
        options: providerOptions + [
            OptionSpec(
                "check",
                help: Localized(
                    "ask each configured provider whether it answers (at most 1 s each, all at once): Gemini's and "
                        + "OpenAI's model lists, Ollama's version",
                    "詢問每個已設定的來源是否回應（每個最多 1 秒，同時進行）：Gemini 與 OpenAI 的模型清單、Ollama 的版本",
                    "询问每个已设置的来源是否响应（每个最多 1 秒，同时进行）：Gemini 与 OpenAI 的模型列表、Ollama 的版本")),
            OptionSpec(
                "format", short: "-f", .choice(["text", "json"]),
                help: Localized("output format (default text)", "輸出格式（預設 text）", "输出格式（默认 text）")),
            lang,
        ],
        exitStatuses: [
            ExitStatus(0, Localized("listed the providers", "已列出配色來源", "已列出配色来源")),
            usageStatus,
        ])
}
