import PaletteCore
import PaletteText

/// What the manual page says beyond the command table: the environment, the files, the keys
/// (from `KeyMap`, as the help overlay lists them) and the examples, in three languages.
/// palette-docs renders it with `CommandTable` into palette-tui(1).
public enum ManualText {
    /// One environment variable and what it changes.
    public struct Variable: Sendable {
        public var name: String
        public var meaning: Localized
    }

    /// One file the program reads or writes.
    public struct File: Sendable {
        public var path: String
        public var meaning: Localized
    }

    /// One example: what it does, and the command line.
    public struct Example: Sendable {
        public var meaning: Localized
        public var command: String
    }

    /// The NAME line after `palette-tui \-`.
    public static let name = Localized(
        "turn a description into a three-colour palette, in the terminal", "在終端機裡把一段描述變成三色配色",
        "在终端里把一段描述变成三色配色")

    public static let headings = (
        name: Localized("NAME", "名稱", "名称"),
        synopsis: Localized("SYNOPSIS", "概要", "概要"),
        description: Localized("DESCRIPTION", "說明", "说明"),
        commands: Localized("COMMANDS", "指令", "命令"),
        options: Localized("OPTIONS", "選項", "选项"),
        keys: Localized("KEYS", "按鍵", "按键"),
        environment: Localized("ENVIRONMENT", "環境變數", "环境变量"),
        files: Localized("FILES", "檔案", "文件"),
        exitStatus: Localized("EXIT STATUS", "結束狀態", "退出状态"),
        examples: Localized("EXAMPLES", "範例", "示例"),
        seeAlso: Localized("SEE ALSO", "另見", "另见")
    )

    /// The paragraph under OPTIONS: the app's options; each command's are under its heading.
    public static let optionsIntro = Localized(
        "Options of the interactive app (no command). Each command's options are listed under COMMANDS.",
        "互動式介面（不加指令）的選項。各指令的選項列在「指令」一節。", "交互式界面（不加命令）的选项。各命令的选项列在“命令”一节。")

    /// The paragraph under KEYS.
    public static let keysIntro = Localized(
        "In the app. F1, or ? outside the text field, shows the same table; in it ↑ ↓ j k PgUp PgDn scroll and any "
            + "other key closes it.",
        "在介面中。按 F1，或在文字欄位以外按 ?，會顯示同一張表；其中 ↑ ↓ j k PgUp PgDn 捲動，其他任何鍵關閉。",
        "在界面中。按 F1，或在文字栏位以外按 ?，会显示同一张表；其中 ↑ ↓ j k PgUp PgDn 滚动，其他任何键关闭。")

    /// The paragraph under EXIT STATUS, before each command's own list.
    public static let exitIntro = Localized(
        "0 success, 1 failure (one line on standard error says why), 2 bad usage or input. By command:",
        "0 成功，1 失敗（標準錯誤上有一行說明原因），2 用法或輸入有誤。各指令：", "0 成功，1 失败（标准错误上有一行说明原因），2 用法或输入有误。各命令：")

    /// The app's own heading in the exit-status list.
    public static let appHeading = Localized("the interactive app", "互動式介面", "交互式界面")

    /// The environment the man page lists, with the provider names and Gemini's default model
    /// taken from the program's provider list (`providers`).
    public static func environment(providers: [ProviderFacts]) -> [Variable] {
        let ids = providers.map(\.id)
        let english = ids.count > 1 ? ids.dropLast().joined(separator: ", ") + " or " + ids.last! : ids.joined()
        let chinese = ids.count > 1 ? ids.dropLast().joined(separator: "、") + " 或 " + ids.last! : ids.joined()
        let model = providers.first { $0.id == "gemini" }?.defaultModel ?? ""
        return environment.map { variable in
            switch variable.name {
            case "PALETTE_TUI_MODEL":
                return Variable(
                    name: variable.name,
                    meaning: Localized(
                        "The provider's model when --model is not given (Gemini's default \(model)). A model chosen "
                            + "here or with --model is never replaced.",
                        "未指定 --model 時的 Gemini 模型（預設 \(model)）。在此或以 --model 指定的模型不會被替換。",
                        "未指定 --model 时的 Gemini 模型（默认 \(model)）。在此或以 --model 指定的模型不会被替换。"))
            case "PALETTE_TUI_PROVIDER":
                return Variable(
                    name: variable.name,
                    meaning: Localized(
                        "The provider when --provider is not given: \(english) (named here, it is used alone, with "
                            + "no fallback).",
                        "未指定 --provider 時的配色來源：\(chinese)（在此指名則單獨使用，不改用其他來源）。",
                        "未指定 --provider 时的配色来源：\(chinese)（在此指名则单独使用，不改用其他来源）。"))
            default:
                return variable
            }
        }
    }

    /// The environment; the two provider entries are written by `environment(providers:)`.
    static let environment: [Variable] = [
        Variable(
            name: "GEMINI_API_KEY",
            meaning: Localized(
                "The Gemini API key. Read from the environment only, sent only in its request header, never printed, "
                    + "logged or stored. Without a key the offline engine is used.",
                "Gemini API 金鑰。只從環境變數讀取，只放在請求標頭中送出，從不印出、記錄或儲存。沒有金鑰時使用離線引擎。",
                "Gemini API 密钥。只从环境变量读取，只放在请求头中发送，从不打印、记录或保存。没有密钥时使用离线引擎。")),
        Variable(
            name: "GOOGLE_API_KEY",
            meaning: Localized(
                "The key when GEMINI_API_KEY is unset or empty (the name Google's SDKs read).",
                "GEMINI_API_KEY 未設定或為空時使用的金鑰（Google SDK 讀取的名稱）。",
                "GEMINI_API_KEY 未设置或为空时使用的密钥（Google SDK 读取的名称）。")),
        Variable(
            name: "PALETTE_TUI_MODEL",
            meaning: Localized(
                "", chinese: "")),
        Variable(
            name: "GEMINI_BASE_URL",
            meaning: Localized(
                "The Gemini base URL when --endpoint is not given.", "未指定 --endpoint 時的 Gemini 基礎網址。",
                "未指定 --endpoint 时的 Gemini 基础网址。")),
        Variable(
            name: "PALETTE_TUI_PROVIDER",
            meaning: Localized(
                "", chinese: "")),
        Variable(
            name: "OPENAI_API_KEY",
            meaning: Localized(
                "The key for the openai provider, sent only as Authorization: Bearer; local servers (llama.cpp, LM "
                    + "Studio, vLLM) need none. Read from the environment only, never printed, logged or stored.",
                "openai 來源的金鑰，只以 Authorization: Bearer 送出；本機伺服器（llama.cpp、LM Studio、vLLM）不需要。"
                    + "只從環境變數讀取，從不印出、記錄或儲存。",
                "openai 来源的密钥，只以 Authorization: Bearer 发送；本地服务器（llama.cpp、LM Studio、vLLM）不需要。"
                    + "只从环境变量读取，从不打印、记录或保存。")),
        Variable(
            name: "OPENAI_BASE_URL",
            meaning: Localized(
                "The openai provider's base URL when --endpoint is not given, such as http://127.0.0.1:8080/v1 "
                    + "(default https://api.openai.com/v1).",
                "未指定 --endpoint 時 openai 來源的基礎網址，例如 http://127.0.0.1:8080/v1（預設 https://api.openai.com/v1）。",
                "未指定 --endpoint 时 openai 来源的基础网址，例如 http://127.0.0.1:8080/v1（默认 https://api.openai.com/v1）。")),
        Variable(
            name: "OLLAMA_HOST",
            meaning: Localized(
                "Ollama's address when --endpoint is not given, read as Ollama reads it (default "
                    + "http://127.0.0.1:11434).",
                "未指定 --endpoint 時 Ollama 的位址，讀法與 Ollama 相同（預設 http://127.0.0.1:11434）。",
                "未指定 --endpoint 时 Ollama 的地址，读法与 Ollama 相同（默认 http://127.0.0.1:11434）。")),
        Variable(
            name: "OLLAMA_API_KEY",
            meaning: Localized(
                "A key for Ollama's cloud, sent only as Authorization: Bearer; a local Ollama needs none.",
                "Ollama 雲端的金鑰，只以 Authorization: Bearer 送出；本機的 Ollama 不需要。",
                "Ollama 云端的密钥，只以 Authorization: Bearer 发送；本地的 Ollama 不需要。")),
        Variable(
            name: "PALETTE_TUI_TIMEOUT",
            meaning: Localized(
                "Seconds for one whole provider call when --timeout is not given (default 60).",
                "未指定 --timeout 時一次配色來源呼叫的秒數上限（預設 60）。", "未指定 --timeout 时一次配色来源调用的秒数上限（默认 60）。")),
        Variable(
            name: "PALETTE_TUI_LANG",
            meaning: Localized(
                "The language when --lang is not given (en, zh-Hant or zh-Hans), before the locale.",
                "未指定 --lang 時的語言（en、zh-Hant 或 zh-Hans），優先於語系設定。", "未指定 --lang 时的语言（en、zh-Hant 或 zh-Hans），优先于语言环境。")),
        Variable(
            name: "PALETTE_TUI_ACCESSIBLE, PALETTE_TUI_BACKGROUND",
            meaning: Localized(
                "The level (AA or AAA) and background (light, dark or #RRGGBB) when --accessible and --background are "
                    + "not given.",
                "未指定 --accessible 與 --background 時的等級（AA 或 AAA）與背景（light、dark 或 #RRGGBB）。",
                "未指定 --accessible 与 --background 时的等级（AA 或 AAA）与背景（light、dark 或 #RRGGBB）。")),
        Variable(
            name: "PALETTE_TUI_VARIANT",
            meaning: Localized(
                "The theme variant of export when --variant is not given: dark or light.",
                "未指定 --variant 時 export 的主題變體：dark 或 light。", "未指定 --variant 时 export 的主题变体：dark 或 light。")),
        Variable(
            name: "XDG_CONFIG_HOME",
            meaning: Localized(
                "Where the settings file lives: $XDG_CONFIG_HOME/palette-tui/config.toml (an absolute path; else "
                    + "~/.config).",
                "設定檔的位置：$XDG_CONFIG_HOME/palette-tui/config.toml（須為絕對路徑；否則用 ~/.config）。",
                "配置文件的位置：$XDG_CONFIG_HOME/palette-tui/config.toml（须为绝对路径；否则用 ~/.config）。")),
        Variable(
            name: "KITTY_CONFIG_DIRECTORY",
            meaning: Localized(
                "apply kitty: kitty's config folder, as kitty reads it (else $XDG_CONFIG_HOME/kitty).",
                "apply kitty：kitty 的設定資料夾，與 kitty 的讀法相同（否則為 $XDG_CONFIG_HOME/kitty）。",
                "apply kitty：kitty 的配置文件夹，与 kitty 的读法相同（否则为 $XDG_CONFIG_HOME/kitty）。")),
        Variable(
            name: "WEZTERM_CONFIG_FILE",
            meaning: Localized(
                "apply wezterm: WezTerm's config file, as WezTerm reads it.",
                "apply wezterm：WezTerm 的設定檔，與 WezTerm 的讀法相同。",
                "apply wezterm：WezTerm 的配置文件，与 WezTerm 的读法相同。")),
        Variable(
            name: "NVIM_APPNAME",
            meaning: Localized(
                "apply neovim: the folder under $XDG_CONFIG_HOME Neovim reads (default nvim).",
                "apply neovim：Neovim 讀取的 $XDG_CONFIG_HOME 下的資料夾（預設 nvim）。",
                "apply neovim：Neovim 读取的 $XDG_CONFIG_HOME 下的文件夹（默认 nvim）。")),
        Variable(
            name: "PALETTE_TUI_HISTORY",
            meaning: Localized(
                "The history file when --history is not given.", "未指定 --history 時的歷史紀錄檔。", "未指定 --history 时的历史记录文件。")),
        Variable(
            name: "XDG_STATE_HOME",
            meaning: Localized(
                "Where the default history lives: $XDG_STATE_HOME/palette-tui/history.jsonl (an absolute path; else "
                    + "~/.local/state).",
                "預設歷史紀錄的位置：$XDG_STATE_HOME/palette-tui/history.jsonl（須為絕對路徑；否則用 ~/.local/state）。",
                "默认历史记录的位置：$XDG_STATE_HOME/palette-tui/history.jsonl（须为绝对路径；否则用 ~/.local/state）。")),
        Variable(
            name: "HOME",
            meaning: Localized(
                "The home directory, for ~/.local/state when XDG_STATE_HOME is not set.",
                "家目錄；XDG_STATE_HOME 未設定時用於 ~/.local/state。", "主目录；XDG_STATE_HOME 未设置时用于 ~/.local/state。")),
        Variable(
            name: "PALETTE_TUI_COLOR",
            meaning: Localized(
                "The app's colour mode when --color is not given: auto, truecolor, 256 or none.",
                "未指定 --color 時介面的色彩模式：auto、truecolor、256 或 none。",
                "未指定 --color 时界面的颜色模式：auto、truecolor、256 或 none。")),
        Variable(
            name: "NO_COLOR",
            meaning: Localized(
                "When set and not empty, the app shows no colour fills, only hex codes and names (unless --color asks "
                    + "for colour).",
                "設定且不為空時，介面不顯示色塊，只顯示色碼與名稱（除非 --color 要求顏色）。",
                "设置且不为空时，界面不显示色块，只显示色码与名称（除非 --color 要求颜色）。")),
        Variable(
            name: "SWIFT_BACKTRACE",
            meaning: Localized(
                "The Swift runtime's crash reports; interactive=no gives a full backtrace on standard error.",
                "Swift 執行環境的當機報告；interactive=no 會在標準錯誤輸出完整回溯。",
                "Swift 运行环境的崩溃报告；interactive=no 会在标准错误输出完整回溯。")),
        Variable(
            name: "COLORTERM",
            meaning: Localized(
                "truecolor or 24bit: the terminal shows exact 24-bit colour even when its terminfo entry does not say "
                    + "so.",
                "truecolor 或 24bit：即使 terminfo 沒有標示，終端機也能顯示精確的 24 位元色彩。",
                "truecolor 或 24bit：即使 terminfo 没有标示，终端也能显示精确的 24 位颜色。")),
        Variable(
            name: "TERM",
            meaning: Localized(
                "The terminal type, looked up in terminfo.", "終端機類型，用來查詢 terminfo。", "终端类型，用来查询 terminfo。")),
        Variable(
            name: "ESCDELAY",
            meaning: Localized(
                "When set, ncurses' own wait after Esc (in milliseconds) is used instead of the app's.",
                "設定時，使用 ncurses 自己在 Esc 之後的等待時間（毫秒），而非介面的設定。",
                "设置时，使用 ncurses 自己在 Esc 之后的等待时间（毫秒），而非界面的设置。")),
        Variable(
            name: "LC_ALL, LC_MESSAGES, LANG",
            meaning: Localized(
                "The language when --lang is not given, the first set one wins: zh_TW, zh_HK, zh_MO or Hant mean "
                    + "Traditional Chinese, other Chinese locales Simplified Chinese, anything else English.",
                "未指定 --lang 時的語言，以第一個有設定的為準：zh_TW、zh_HK、zh_MO 或 Hant 表示繁體中文，其他中文語系表示簡體中文，"
                    + "其餘為英文。",
                "未指定 --lang 时的语言，以第一个有设置的为准：zh_TW、zh_HK、zh_MO 或 Hant 表示繁体中文，其他中文语言环境表示简体中文，"
                    + "其余为英文。")),
        Variable(
            name: "WAYLAND_DISPLAY, DISPLAY, TMUX",
            meaning: Localized(
                "Which helper --clipboard auto copies with besides OSC 52: wl-copy, then xclip or xsel, then tmux "
                    + "load-buffer, the first that is installed.",
                "--clipboard auto 除了 OSC 52 之外使用的輔助程式：wl-copy，再來 xclip 或 xsel，再來 tmux load-buffer，取第一個已安裝的。",
                "--clipboard auto 除了 OSC 52 之外使用的辅助程序：wl-copy，再来 xclip 或 xsel，再来 tmux load-buffer，取第一个已安装的。")),
        Variable(
            name: "TERM_PROGRAM, VTE_VERSION, KONSOLE_VERSION, KITTY_WINDOW_ID, STY",
            meaning: Localized(
                "Whether the theme preview (t) can set the terminal's colours: with TMUX and TERM, these name terminals "
                    + "known to take OSC 4/10/11/12; STY (GNU screen) and TERM=linux are known not to, and are sent none.",
                "主題預覽（t）能否設定終端機的顏色：與 TMUX、TERM 一起判斷已知支援 OSC 4/10/11/12 的終端機；"
                    + "STY（GNU screen）與 TERM=linux 已知不支援，不會送出顏色。",
                "主题预览（t）能否设置终端的颜色：与 TMUX、TERM 一起判断已知支持 OSC 4/10/11/12 的终端；"
                    + "STY（GNU screen）与 TERM=linux 已知不支持，不会发送颜色。")),
    ]

    public static let files: [File] = [
        File(
            path: "$XDG_STATE_HOME/palette-tui/history.jsonl",
            meaning: Localized(
                "The history (default ~/.local/state/palette-tui/history.jsonl): one JSON object a line, appended "
                    + "as palettes are made; deletions and favourites are records of their own until history --compact "
                    + "folds them in. Unreadable lines are skipped with a warning and kept.",
                "歷史紀錄（預設 ~/.local/state/palette-tui/history.jsonl）：每行一個 JSON 物件，產生配色時附加；刪除與收藏"
                    + "各自成一筆紀錄，直到 history --compact 把它們併入。無法讀取的行會略過並發出警告，但保留在檔案中。",
                "历史记录（默认 ~/.local/state/palette-tui/history.jsonl）：每行一个 JSON 对象，生成配色时追加；删除与收藏"
                    + "各自成一条记录，直到 history --compact 把它们并入。无法读取的行会跳过并发出警告，但保留在文件中。")),
        File(
            path: "$XDG_CONFIG_HOME/palette-tui/config.toml",
            meaning: Localized(
                "Settings in TOML (default ~/.config/palette-tui/config.toml): provider, language, color, timeout, "
                    + "history, [providers.NAME] model, endpoint and api_key_env (the variable holding the key, never "
                    + "the key), [workbench] accessible and background, [export] variant. Options beat environment "
                    + "variables, which beat the file. Each bad line is one warning naming it and is skipped (a bad [table] "
                    + "header skips its table); the rest of the file applies. Anything but a regular file, and an "
                    + "endpoint holding a password or a key parameter, is refused the same way.",
                "TOML 格式的設定（預設 ~/.config/palette-tui/config.toml）：provider、language、color、timeout、history、"
                    + "[providers.NAME] 的 model、endpoint 與 api_key_env（存放金鑰的環境變數名稱，絕不是金鑰本身）、[workbench] 的 "
                    + "accessible 與 background、[export] 的 variant。選項優先於環境變數，環境變數優先於設定檔。每一行錯誤各發出一則"
                    + "指出行號的警告並略過該行（錯誤的 [表格] 標頭略過整個表格），其餘設定照常套用。不是一般檔案，或 endpoint 含有密碼或金鑰參數時，"
                    + "同樣拒絕並說明原因。",
                "TOML 格式的配置（默认 ~/.config/palette-tui/config.toml）：provider、language、color、timeout、history、"
                    + "[providers.NAME] 的 model、endpoint 与 api_key_env（存放密钥的环境变量名称，绝不是密钥本身）、[workbench] 的 "
                    + "accessible 与 background、[export] 的 variant。选项优先于环境变量，环境变量优先于配置文件。每一行错误各发出一条"
                    + "指出行号的警告并跳过该行（错误的 [表] 标头跳过整个表），其余设置照常应用。不是普通文件，或 endpoint 含有密码或密钥参数时，"
                    + "同样拒绝并说明原因。")),
    ]

    public static let examples: [Example] = [
        Example(
            meaning: Localized("A palette for a description, as text:", "為一段描述產生配色，以文字印出：", "为一段描述生成配色，以文字打印："),
            command: "palette-tui generate \"calm forest morning\""),
        Example(
            meaning: Localized("The same in Traditional Chinese, as JSON:", "以繁體中文描述，輸出 JSON：", "以繁体中文描述，输出 JSON："),
            command: "palette-tui generate --format json \"寧靜的森林早晨\""),
        Example(
            meaning: Localized(
                "The newest palette as a kitty theme:", "把最新的配色匯出成 kitty 主題：", "把最新的配色导出成 kitty 主题："),
            command: "palette-tui export kitty -o calm.conf"),
        Example(
            meaning: Localized(
                "Check a palette for contrast and colour-blind users, failing below AA:",
                "檢查配色的對比與色盲辨識，未達 AA 時失敗：", "检查配色的对比与色盲辨识，未达 AA 时失败："),
            command: "palette-tui audit '#2E86AB' '#A23B72' '#F18F01' --require AA"),
        Example(
            meaning: Localized(
                "Darken the accent until it reaches 4.5:1 on white:", "把強調色調暗到在白底上達 4.5:1：",
                "把强调色调暗到在白底上达 4.5:1："),
            command: "palette-tui repair accent --against background --target AA '#2E86AB' '#A23B72' '#F18F01'"),
    ]

    public static let seeAlso = ["tmux(1)", "xterm(1)", "terminfo(5)", "kitty(1)"]
}
