import PaletteCore
import PaletteImport
import ScreenCore

/// What is wrong with a command line, typed, so it can be worded in the user's language.
///
/// The option parser and the `audit` and `repair` commands report these; `CommandText.problem`
/// words them. Each names the part that is wrong.
public enum CommandProblem: Equatable, Sendable {
    case unknownOption(String)
    case needsValue(option: String)
    case takesNoValue(option: String)
    case invalidChoice(option: String, value: String, choices: [String])
    /// An argument the command does not take.
    case unexpectedArgument(String)
    case badColor(ColorParseError)
    /// Colours given as arguments, but not three.
    case colorCount(Int)
    case badBackground(String)
    case badTarget(ContrastTargetError)
    /// Not a role name; `background` says whether `background` would have been accepted.
    case badRole(String, background: Bool)
    case missingRole
    case sameRole(Role)
    case missingOption(String)
    /// Neither colours as arguments nor text on standard input (it is a terminal).
    case needsPalette
    case noPalette(PaletteParseError)
    /// A link, file or share string that holds no palette (`ImportWords.problem`).
    case importFailed(ImportFailure)
    /// `generate --from` given a description too (the string carries its own).
    case fromWithDescription
    /// `generate --from` given an option that would change what the string carries (`--lock`...).
    case fromWithOption(String)
    /// Standard input could not be read: the system's error number (errno).
    case unreadableInput(code: Int32)
    /// Standard input is larger than the limit, in MiB.
    case inputTooLarge(mebibytes: Int)
    /// An option that only means something beside another one.
    case needsOption(String, with: String)
    /// `--timeout` that is not a number of seconds above 0 and at most 3600.
    case badTimeout(String)
    /// A first argument that is not a command: the word given, and the commands there are.
    case unknownCommand(String, commands: [String])
    /// `generate` without words.
    case needsDescription
    /// `inspect` without a colour.
    case needsColor
    /// `parse` reads standard input only.
    case parseTakesNoArguments(String)
    /// A `--lock ROLE=COLOR` value that is wrong in the way `LockProblem` says.
    case badLock(String, LockProblem)
    /// A number option (`--seed`, `--candidates`) whose value is not a number in its range.
    case badNumber(option: String, value: String, range: ClosedRange<UInt64>)
    /// `refine` without an instruction.
    case needsInstruction
    /// `refine --palette` given a value that is not three colours.
    case badPaletteOption(String)
    /// A file option given an empty value (`--history ''`, `-o ''`): the option's name.
    case emptyFile(option: String)
    /// `history` given an argument (its search is `--search TEXT`).
    case historyArgument(String)
    /// An option (`--limit`) whose value is not a whole number of 0 or more.
    case notAWholeNumber(option: String, value: String)
    /// PALETTE_TUI_TIMEOUT is not a number of seconds (the option's own is `badTimeout`).
    case badTimeoutVariable(String)
    /// The model chosen is blank; `example` is the provider's default.
    case blankModel(example: String)
    /// The endpoint from `source` (an option, a variable or config.toml) is not an http(s) URL.
    case badEndpoint(String, source: String)
    /// A provider name from `source` (a variable or config.toml) that is not one of `choices`.
    case unknownProvider(String, source: String, choices: [String])
    /// A model id the provider cannot put in a request; `example` is one it can.
    case invalidModel(String, example: String)
    /// `PALETTE_TUI_LANG` (or `--lang`) names a language this build does not speak.
    case badLanguage(String, source: String)
    /// The terminal, or one of the app's terminal options, cannot be used.
    case terminalSetup(TerminalSetupError)
    /// The interactive app was given a word it does not take.
    case appTakesNoArguments(String)
}

/// What is wrong with one `--lock` value.
public enum LockProblem: Equatable, Sendable {
    /// No `=` between the role and the colour.
    case missingEquals
    /// The part before `=` names no role.
    case unknownRole(String)
    /// The part after `=` is not a colour.
    case badColor(ColorParseError)
    /// The role was locked twice.
    case lockedTwice(Role)
    /// Every role is locked: there is nothing left to choose.
    case everyRoleLocked
}

/// The command line's words for `audit` and `repair`: help, problems and hints.
public enum CommandText {
    /// The labels after `palette-tui: ` on standard error: a warning, a note, and a warning
    /// about the history file ("palette-tui: warning: history: line 6 …").
    public static let warningLabel = Localized("warning: ", "警告：", "警告：")
    public static let noteLabel = Localized("note: ", "備註：", "备注：")
    public static let historyLabel = Localized("history: ", "歷史紀錄：", "历史记录：")

    public static func quoted(_ text: String) -> String {
        TextSanitizer.truncate(TextSanitizer.clean(text), toWidth: 40)
    }

    /// One sentence, without the `palette-tui:` prefix; the English of the option parser's
    /// own problems is exactly what it always printed.
    public static func problem(_ p: CommandProblem) -> Localized {
        switch p {
        case .unknownOption(let o):
            let q = quoted(o)
            return Localized("unknown option '\(q)'", "不明的選項「\(q)」", "未知的选项“\(q)”")
        case .needsValue(let o):
            return Localized("option '--\(o)' needs a value", "選項 --\(o) 需要一個值", "选项 --\(o) 需要一个值")
        case .takesNoValue(let o):
            return Localized("option '--\(o)' takes no value", "選項 --\(o) 不接受值", "选项 --\(o) 不接受值")
        case .invalidChoice(let o, let v, let choices):
            let q = quoted(v)
            let list = choices.joined(separator: "、")
            var english = choices.joined(separator: ", ")
            if choices.count > 1 {
                english = choices.dropLast().joined(separator: ", ") + " or " + choices[choices.count - 1]
            }
            return Localized(
                "invalid value '\(q)' for '--\(o)': choose \(english)",
                "--\(o) 的值「\(q)」無效：請選擇 \(list)", "--\(o) 的值“\(q)”无效：请选择 \(list)")
        case .unexpectedArgument(let a):
            let q = quoted(a)
            return Localized("unexpected argument '\(q)'", "多餘的參數「\(q)」", "多余的参数“\(q)”")
        case .badColor(let e):
            return color(e)
        case .colorCount(let n):
            return Localized(
                "expected three colours (primary, secondary, accent), got \(n)",
                "需要三個顏色（主色、輔助色、強調色），收到 \(n) 個",
                "需要三个颜色（主色、辅助色、强调色），收到 \(n) 个")
        case .badBackground(let v):
            let q = quoted(v)
            return Localized(
                "invalid value '\(q)' for '--background': use light, dark or a colour such as #1E1E2E",
                "--background 的值「\(q)」無效：請用 light、dark 或 #1E1E2E 這樣的顏色",
                "--background 的值“\(q)”无效：请用 light、dark 或 #1E1E2E 这样的颜色")
        case .badTarget(let e):
            switch e {
            case .notATarget(let v):
                let q = quoted(v)
                return Localized(
                    "'\(q)' is not a target: give a ratio such as 4.5, a level (AA, AAA) or an APCA figure such as Lc60",
                    "「\(q)」不是目標：請給比值（如 4.5）、等級（AA、AAA）或 APCA 數值（如 Lc60）",
                    "“\(q)”不是目标：请给比值（如 4.5）、等级（AA、AAA）或 APCA 数值（如 Lc60）")
            case .ratioOutOfRange(let v):
                let q = quoted(v)
                return Localized(
                    "target '\(q)' is out of range: WCAG ratios run from 1 to 21",
                    "目標「\(q)」超出範圍：WCAG 比值介於 1 到 21", "目标“\(q)”超出范围：WCAG 比值介于 1 到 21")
            case .lcOutOfRange(let v):
                let q = quoted(v)
                return Localized(
                    "target '\(q)' is out of range: APCA figures run above 0 up to Lc108",
                    "目標「\(q)」超出範圍：APCA 數值大於 0、最高 Lc108", "目标“\(q)”超出范围：APCA 数值大于 0、最高 Lc108")
            }
        case .badRole(let v, let background):
            let q = quoted(v)
            if background {
                return Localized(
                    "'\(q)' is not a role: choose primary, secondary, accent or background",
                    "「\(q)」不是角色：請選擇 primary、secondary、accent 或 background",
                    "“\(q)”不是角色：请选择 primary、secondary、accent 或 background")
            }
            return Localized(
                "'\(q)' is not a role: choose primary, secondary or accent",
                "「\(q)」不是角色：請選擇 primary、secondary 或 accent",
                "“\(q)”不是角色：请选择 primary、secondary 或 accent")
        case .missingRole:
            return Localized(
                "the role to repair comes first: primary, secondary or accent",
                "需要先指定要修正的角色：primary、secondary 或 accent",
                "需要先指定要修正的角色：primary、secondary 或 accent")
        case .sameRole(let r):
            return Localized(
                "cannot repair \(r.rawValue) against itself: choose another role or background",
                "無法讓 \(r.rawValue) 對自己修正：請選擇其他角色或 background",
                "无法让 \(r.rawValue) 对自己修正：请选择其他角色或 background")
        case .missingOption(let o):
            return Localized("missing option '--\(o)'", "缺少選項 --\(o)", "缺少选项 --\(o)")
        case .needsPalette:
            return Localized(
                "needs a palette: three colours such as '#2E86AB' '#A23B72' '#F18F01', text on standard input, "
                    + "or one generated first (the newest in the history is used)",
                "需要一組配色：三個顏色（如 '#2E86AB' '#A23B72' '#F18F01'）、從標準輸入提供文字，或先生成一組（會使用歷史紀錄中最新的配色）",
                "需要一组配色：三个颜色（如 '#2E86AB' '#A23B72' '#F18F01'）、从标准输入提供文字，或先生成一组（会使用历史记录中最新的配色）")
        case .noPalette(let e):
            return palette(e)
        case .importFailed(let f):
            return ImportWords.problem(f)
        case .fromWithDescription:
            return Localized(
                "--from takes no description: the share string carries its own",
                "--from 不接受描述：分享字串已包含自己的描述", "--from 不接受描述：分享字符串已包含自己的描述")
        case .fromWithOption(let option):
            return Localized(
                "--from takes no --\(option): the palette and its locks are taken as the string carries them",
                "--from 不能與 --\(option) 並用：配色與鎖定完全依分享字串", "--from 不能与 --\(option) 并用：配色与锁定完全依分享字符串")
        case .unreadableInput(let code):
            let why = Messages.systemError(code)
            return Localized(
                "cannot read standard input (\(why.english))", "無法讀取標準輸入（\(why.traditional)）",
                "无法读取标准输入（\(why.simplified)）")
        case .inputTooLarge(let mib):
            return Localized(
                "standard input is larger than \(mib) MiB", "標準輸入超過 \(mib) MiB", "标准输入超过 \(mib) MiB")
        case .needsOption(let o, let with):
            return Localized(
                "'--\(o)' only applies with '--\(with)'", "--\(o) 只能與 --\(with) 一起使用", "--\(o) 只能与 --\(with) 一起使用")
        case .badTimeout(let v):
            let q = quoted(v)
            return Localized(
                "invalid value '\(q)' for '--timeout': expected seconds between 0 and 3600",
                "--timeout 的值「\(q)」無效：需要大於 0、最多 3600 的秒數",
                "--timeout 的值“\(q)”无效：需要大于 0、最多 3600 的秒数")
        case .unknownCommand(let c, let commands):
            let q = quoted(c)
            let list = commands.joined(separator: ", ")
            return Localized(
                "unknown command '\(q)' (commands: \(list))", "不明的指令「\(q)」（指令：\(list)）",
                "未知的命令“\(q)”（命令：\(list)）")
        case .needsDescription:
            return Localized(
                "generate needs a description, e.g. palette-tui generate \"a calm forest morning\"",
                "generate 需要一段描述，例如 palette-tui generate \"寧靜的森林早晨\"",
                "generate 需要一段描述，例如 palette-tui generate \"宁静的森林早晨\"")
        case .needsColor:
            return Localized(
                "needs at least one colour, e.g. '#2E86AB', 'rgb(47 93 80)' or navy",
                "需要至少一個顏色，例如 '#2E86AB'、'rgb(47 93 80)' 或 靛青",
                "需要至少一个颜色，例如 '#2E86AB'、'rgb(47 93 80)' 或 靛青")
        case .parseTakesNoArguments(let a):
            let q = quoted(a)
            return Localized(
                "parse reads standard input and takes no arguments (got '\(q)')",
                "parse 從標準輸入讀取，不接受參數（收到「\(q)」）", "parse 从标准输入读取，不接受参数（收到“\(q)”）")
        case .badLock(let value, let why):
            let q = quoted(value)
            let reason: Localized
            switch why {
            case .missingEquals:
                reason = Localized(
                    "write ROLE=COLOR, e.g. primary=#2F5D50", "請寫成 角色=顏色，例如 primary=#2F5D50",
                    "请写成 角色=颜色，例如 primary=#2F5D50")
            case .unknownRole(let role):
                let r = quoted(role)
                reason = Localized(
                    "'\(r)' is not a role: choose primary, secondary or accent",
                    "「\(r)」不是角色：請選擇 primary、secondary 或 accent", "“\(r)”不是角色：请选择 primary、secondary 或 accent")
            case .badColor(let e):
                reason = color(e)
            case .lockedTwice(let role):
                reason = Localized(
                    "\(role.rawValue) is locked twice", "\(role.label(.traditionalChinese))鎖定了兩次",
                    "\(role.label(.simplifiedChinese))锁定了两次")
            case .everyRoleLocked:
                reason = Localized(
                    "every role is locked, so there is nothing to choose", "三個角色都鎖定了，沒有可以選的顏色",
                    "三个角色都锁定了，没有可以选的颜色")
            }
            return Localized(
                "bad --lock '\(q)': \(reason.english)", "--lock「\(q)」有誤：\(reason.traditional)",
                "--lock“\(q)”有误：\(reason.simplified)")
        case .historyArgument(let a):
            let q = quoted(a)
            return Localized(
                "unexpected argument '\(q)' (search with --search TEXT)", "多餘的參數「\(q)」（要搜尋請用 --search 文字）",
                "多余的参数“\(q)”（要搜索请用 --search 文字）")
        case .notAWholeNumber(let o, let v):
            let q = quoted(v)
            return Localized(
                "invalid value '\(q)' for '--\(o)': expected a whole number", "--\(o) 的值「\(q)」無效：需要 0 或更大的整數",
                "--\(o) 的值“\(q)”无效：需要 0 或更大的整数")
        case .badTimeoutVariable(let v):
            let q = quoted(v)
            return Localized(
                "invalid value '\(q)' for 'PALETTE_TUI_TIMEOUT': expected seconds between 0 and 3600",
                "PALETTE_TUI_TIMEOUT 的值「\(q)」無效：需要大於 0、最多 3600 的秒數",
                "PALETTE_TUI_TIMEOUT 的值“\(q)”无效：需要大于 0、最多 3600 的秒数")
        case .blankModel(let example):
            let e = quoted(example)
            return Localized(
                "'--model' needs a model name such as \(e)", "--model 需要模型名稱，例如 \(e)", "--model 需要模型名称，例如 \(e)")
        case .unknownProvider(let v, let source, let choices):
            let q = quoted(v)
            let s = quoted(source)
            return Localized(
                "invalid value '\(q)' for '\(s)': expected \(choices.joined(separator: ", "))",
                "\(s) 的值「\(q)」無效：應為 \(choices.joined(separator: "、"))",
                "\(s) 的值“\(q)”无效：应为 \(choices.joined(separator: "、"))")
        case .badLanguage(let v, let source):
            let q = quoted(v)
            let s = quoted(source)
            let list = Language.allCases.map(\.rawValue)
            return Localized(
                "invalid value '\(q)' for \(s); expected one of: \(list.joined(separator: ", "))",
                "\(s) 的值「\(q)」無效：應為 \(list.joined(separator: "、"))",
                "\(s) 的值“\(q)”无效：应为 \(list.joined(separator: "、"))")
        case .terminalSetup(let problem):
            return Messages.terminalSetup(problem)
        case .appTakesNoArguments(let extra):
            return Messages.appTakesNoArguments(extra)
        case .invalidModel(let v, let example):
            let q = quoted(v)
            let e = quoted(example)
            return Localized(
                "invalid value '\(q)' for '--model': use a model id such as \(e)",
                "--model 的值「\(q)」無效：請用模型 ID，例如 \(e)", "--model 的值“\(q)”无效：请用模型 ID，例如 \(e)")
        case .badEndpoint(let v, let source):
            let q = quoted(URLSecrets.masked(v, endpoint: true))
            let s = quoted(source)
            return Localized(
                "invalid value '\(q)' for '\(s)': expected an http(s) URL", "\(s) 的值「\(q)」無效：需要 http(s) 網址",
                "\(s) 的值“\(q)”无效：需要 http(s) 网址")
        case .badNumber(let o, let v, let range):
            let q = quoted(v)
            return Localized(
                "invalid value '\(q)' for '--\(o)': give a whole number from \(range.lowerBound) to \(range.upperBound)",
                "--\(o) 的值「\(q)」無效：請給 \(range.lowerBound) 到 \(range.upperBound) 的整數",
                "--\(o) 的值“\(q)”无效：请给 \(range.lowerBound) 到 \(range.upperBound) 的整数")
        case .needsInstruction:
            return Localized(
                "needs an instruction, e.g. palette-tui refine \"warmer accent\" < palette.txt",
                "需要調整指示，例如 palette-tui refine \"暖一點\" < palette.txt",
                "需要调整指示，例如 palette-tui refine \"暖一点\" < palette.txt")
        case .emptyFile(let o):
            return Localized(
                "'--\(o)' needs a file name, not an empty one", "--\(o) 需要檔名，不能是空的", "--\(o) 需要文件名，不能是空的")
        case .badPaletteOption(let v):
            let q = quoted(v)
            return Localized(
                "bad --palette '\(q)': give three colours, e.g. '#2F5D50 #C9D6CF #E8B04B'",
                "--palette「\(q)」有誤：請給三個顏色，例如 '#2F5D50 #C9D6CF #E8B04B'",
                "--palette“\(q)”有误：请给三个颜色，例如 '#2F5D50 #C9D6CF #E8B04B'")
        }
    }

    /// The heading over each palette when the command line prints several.
    public static func candidateHeading(_ n: Int, of count: Int) -> Localized {
        Localized("Candidate \(n) of \(count)", "候選 \(n)／\(count)", "候选 \(n)／\(count)")
    }

    /// Why some text is not a colour.
    public static func color(_ e: ColorParseError) -> Localized {
        switch e {
        case .empty:
            return Localized(
                "empty colour: expected #RGB or #RRGGBB", "空白的顏色：需要 #RGB 或 #RRGGBB", "空白的颜色：需要 #RGB 或 #RRGGBB")
        case .invalidCharacter(let c, let text):
            let q = quoted(text)
            let ch = quoted(String(c))
            return Localized(
                "'\(q)' is not a colour: '\(ch)' is not a hex digit",
                "「\(q)」不是顏色：「\(ch)」不是十六進位數字", "“\(q)”不是颜色：“\(ch)”不是十六进制数字")
        case .wrongLength(let n, let text):
            let q = quoted(text)
            let found = n > 6 ? "> 6" : String(n)
            return Localized(
                "'\(q)' is not a colour: expected 3 or 6 hex digits, found \(found)",
                "「\(q)」不是顏色：需要 3 或 6 個十六進位數字，實際為 \(found) 個",
                "“\(q)”不是颜色：需要 3 或 6 个十六进制数字，实际为 \(found) 个")
        case .wrongHexLength(let n, let text):
            let q = quoted(text)
            let found = n > 8 ? "> 8" : String(n)
            return Localized(
                "'\(q)' is not a colour: expected 3 or 6 hex digits (4 or 8 with an opaque alpha), found \(found)",
                "「\(q)」不是顏色：需要 3 或 6 個十六進位數字（alpha 不透明時也可為 4 或 8 個），實際為 \(found) 個",
                "“\(q)”不是颜色：需要 3 或 6 个十六进制数字（alpha 不透明时也可为 4 或 8 个），实际为 \(found) 个")
        case .cutShort(let n, let alpha, let text):
            let q = quoted(text)
            guard let alpha else {
                return Localized(
                    "'\(q)' may be cut short: \(n) hex digits, where a colour has 6",
                    "「\(q)」可能被截斷了：只有 \(n) 個十六進位數字，顏色應有 6 個",
                    "“\(q)”可能被截断了：只有 \(n) 个十六进制数字，颜色应有 6 个")
            }
            let a = ColorReport.fixed(alpha, 3)
            return Localized(
                "'\(q)' may be cut short: \(n) hex digits, where a colour has 6; as #RGBA its alpha \(a) is not opaque",
                "「\(q)」可能被截斷了：只有 \(n) 個十六進位數字，顏色應有 6 個；若是 #RGBA，其 alpha \(a) 並非不透明",
                "“\(q)”可能被截断了：只有 \(n) 个十六进制数字，颜色应有 6 个；若是 #RGBA，其 alpha \(a) 并非不透明")
        case .notAColor(let text):
            let q = quoted(text)
            let forms = acceptedForms
            return Localized(
                "'\(q)' is not a colour: use \(forms.english)", "「\(q)」不是顏色：請用\(forms.traditional)",
                "“\(q)”不是颜色：请用\(forms.simplified)")
        case .unknownFunction(let name, let text):
            let q = quoted(text)
            let f = quoted(name)
            let list = ColorSyntax.functionNames.map { $0 + "()" }.joined(separator: ", ")
            return Localized(
                "'\(q)' is not a colour: \(f)() is not a colour function (use \(list))",
                "「\(q)」不是顏色：\(f)() 不是顏色函式（請用 \(list)）",
                "“\(q)”不是颜色：\(f)() 不是颜色函数（请用 \(list)）")
        case .badArguments(let problem, let text):
            let q = quoted(text)
            let why = argumentProblem(problem)
            return Localized(
                "'\(q)' is not a colour: \(why.english)", "「\(q)」不是顏色：\(why.traditional)",
                "“\(q)”不是颜色：\(why.simplified)")
        case .translucent(let alpha, let text):
            let q = quoted(text)
            let a = ColorReport.fixed(alpha, 3)
            return Localized(
                "'\(q)' is not opaque (alpha \(a)): a palette colour has no transparency",
                "「\(q)」不是不透明色（alpha \(a)）：配色中的顏色不能透明",
                "“\(q)”不是不透明色（alpha \(a)）：配色中的颜色不能透明")
        }
    }

    /// The colour forms `ColorSyntax` reads, for the messages that say what would have worked.
    public static let acceptedForms = Localized(
        ColorParseError.acceptedForms,
        "十六進位色碼（#2E86AB）、rgb(47 93 80)、hsl()、hwb()、lab()、lch()、oklab()、oklch()、color()，"
            + "或 CSS、XKCD、中文顏色名稱（navy、slate green、靛青）",
        "十六进制色码（#2E86AB）、rgb(47 93 80)、hsl()、hwb()、lab()、lch()、oklab()、oklch()、color()，"
            + "或 CSS、XKCD、中文颜色名称（navy、slate green、靛青）")

    /// What is wrong inside a colour function's parentheses.
    static func argumentProblem(_ p: ColorArgumentProblem) -> Localized {
        switch p {
        case .count(let f, let n):
            return Localized(
                "\(f)() takes three values and an optional alpha, found \(n)",
                "\(f)() 需要三個值（可再加 alpha），實際為 \(n) 個", "\(f)() 需要三个值（可再加 alpha），实际为 \(n) 个")
        case .badAlpha(let f):
            return Localized(
                "\(f)() takes one alpha value after '/'", "\(f)() 的「/」之後需要一個 alpha 值", "\(f)() 的“/”之后需要一个 alpha 值")
        case .notANumber(let item):
            let q = quoted(item)
            return Localized(
                "'\(q)' is not a number, a percentage or an angle", "「\(q)」不是數字、百分比或角度", "“\(q)”不是数字、百分比或角度")
        case .unexpectedAngle(let f):
            return Localized(
                "only the hue of \(f)() is an angle", "\(f)() 只有色相可以是角度", "\(f)() 只有色相可以是角度")
        case .unclosed(let f):
            return Localized("\(f)( has no closing ')'", "\(f)( 缺少右括號「)」", "\(f)( 缺少右括号“)”")
        case .trailing(let rest):
            let q = quoted(rest)
            return Localized("unexpected '\(q)' after ')'", "「)」之後多了「\(q)」", "“)”之后多了“\(q)”")
        case .unknownSpace(let space):
            let q = quoted(space)
            let spaces = ColorSyntax.colorSpaces.joined(separator: ", ")
            if space.isEmpty {
                return Localized(
                    "color() needs a colour space first (\(spaces))", "color() 需要先指定色彩空間（\(spaces)）",
                    "color() 需要先指定色彩空间（\(spaces)）")
            }
            return Localized(
                "'\(q)' is not a colour space of color() (use \(spaces))", "「\(q)」不是 color() 的色彩空間（請用 \(spaces)）",
                "“\(q)”不是 color() 的色彩空间（请用 \(spaces)）")
        }
    }

    /// Why the text on standard input holds no palette.
    public static func palette(_ e: PaletteParseError) -> Localized {
        switch e {
        case .noPaletteFound:
            return Localized(
                "no palette found on standard input: expected three colours such as #2E86AB #A23B72 #F18F01, or JSON with primary, secondary and accent",
                "標準輸入中找不到配色：需要三個顏色（如 #2E86AB #A23B72 #F18F01），或含 primary、secondary、accent 的 JSON",
                "标准输入中找不到配色：需要三个颜色（如 #2E86AB #A23B72 #F18F01），或含 primary、secondary、accent 的 JSON")
        case .wrongColorCount(let n):
            return problem(.colorCount(n))
        case .invalidColor(let role, let error):
            // The role in the reader's words, and the forms that would have read unless the
            // reason already lists them.
            let named = Role(rawValue: role)
            let r = quoted(role)
            let t = named.map { $0.label(.traditionalChinese) } ?? r
            let s = named.map { $0.label(.simplifiedChinese) } ?? r
            let why = color(error)
            var forms = Localized("", "", "")
            switch error {
            case .notAColor, .unknownFunction: break
            default:
                forms = Localized(
                    "; use \(acceptedForms.english)", "；請用\(acceptedForms.traditional)",
                    "；请用\(acceptedForms.simplified)")
            }
            return Localized(
                "invalid \(r) colour: \(why.english)\(forms.english)",
                "\(t)的顏色無效：\(why.traditional)\(forms.traditional)",
                "\(s)的颜色无效：\(why.simplified)\(forms.simplified)")
        }
    }

    /// The hint after a usage problem.
    public static func tryHelp(_ command: String) -> Localized {
        Localized(
            "Try 'palette-tui \(command) --help' for usage.", "用法請見 'palette-tui \(command) --help'。",
            "用法请见 'palette-tui \(command) --help'。")
    }

    /// The hint after a usage problem of the app or of a command without its own hint.
    public static let tryTopHelp = Localized(
        "Try 'palette-tui --help' for usage.", "用法請見 'palette-tui --help'。", "用法请见 'palette-tui --help'。")

    /// `--version`: `palette-tui 0.1.0 (commit 1a2b3c4d5e6f)`, or that the build did not record one.
    public static func version(_ version: String, commit: String?) -> Localized {
        guard let commit else {
            return Localized(
                "palette-tui \(version) (commit not recorded: built outside a git checkout, or not by make)",
                "palette-tui \(version)（未記錄提交：不是在 git 工作目錄中建置，或不是用 make 建置）",
                "palette-tui \(version)（未记录提交：不是在 git 工作目录中构建，或不是用 make 构建）")
        }
        return Localized(
            "palette-tui \(version) (commit \(commit))", "palette-tui \(version)（提交 \(commit)）",
            "palette-tui \(version)（提交 \(commit)）")
    }
}
