import PaletteConfig
import PaletteCore

extension Messages {
    /// The settings file's problem as one sentence: where (file and line), what, and what was
    /// left out for it (the line, its table, the rest of the file, or the whole file).
    /// - Parameter fullPath: false for the app's status line, which names only the file.
    public static func configProblem(_ problem: ConfigProblem, fullPath: Bool = true) -> Localized {
        let shown = fullPath ? problem.path : (problem.path.split(separator: "/").last.map(String.init) ?? problem.path)
        let file = TextSanitizer.truncateLeading(TextSanitizer.clean(shown), toWidth: 80)
        let at: Localized =
            problem.line > 0
            ? Localized("\(file), line \(problem.line)", "\(file) 第 \(problem.line) 行", "\(file) 第 \(problem.line) 行")
            : Localized(file, chinese: file)
        let what = configDetail(problem.kind)
        let skipped: Localized
        switch problem.skipped {
        case .line: skipped = Localized("this line is skipped", "已略過此行", "已跳过此行")
        case .table:
            skipped = Localized("this table and its settings are skipped", "已略過此表格及其設定", "已跳过此表及其设置")
        case .rest:
            skipped = Localized("the rest of the file is skipped", "已略過檔案其餘部分", "已跳过文件其余部分")
        case .file: skipped = Localized("using the defaults instead", "改用預設值", "改用默认值")
        }
        return Localized(
            "settings file \(at.english): \(what.english); \(skipped.english).",
            "設定檔 \(at.traditional)：\(what.traditional)；\(skipped.traditional)。",
            "配置文件 \(at.simplified)：\(what.simplified)；\(skipped.simplified)。")
    }

    /// More problems than were shown, as one line: how many, and that they were skipped too.
    public static func configMoreProblems(_ count: Int) -> Localized {
        let n = UIText.grouped(count)
        return Localized(
            count == 1
                ? "settings file: 1 more problem, skipped likewise."
                : "settings file: \(n) more problems, each skipped likewise.", "設定檔：另有 \(n) 個問題，皆已同樣略過。",
            "配置文件：另有 \(n) 个问题，均已同样跳过。")
    }

    static func configDetail(_ kind: ConfigProblem.Kind) -> Localized {
        func clean(_ text: String) -> String { TextSanitizer.truncate(TextSanitizer.clean(text), toWidth: 40) }
        switch kind {
        case .syntax(let problem, let column):
            let what = tomlProblem(problem)
            return Localized(
                "\(what.english) (column \(column))", "\(what.traditional)（第 \(column) 欄）",
                "\(what.simplified)（第 \(column) 列）")
        case .unknownSetting(let name, let known):
            let list = known.joined(separator: ", ")
            return Localized(
                "there is no setting '\(clean(name))' (known here: \(list))",
                "沒有「\(clean(name))」這個設定（此處可用：\(list)）", "没有“\(clean(name))”这个设置（此处可用：\(list)）")
        case .wrongType(let name, let expected):
            let type: Localized
            switch expected {
            case "number": type = Localized("a number", "數字", "数字")
            case "table": type = Localized("a [table]", "[表格]", "[表]")
            default: type = Localized("text in quotes", "加引號的文字", "加引号的文字")
            }
            return Localized(
                "'\(clean(name))' should be \(type.english)", "「\(clean(name))」應為\(type.traditional)",
                "“\(clean(name))”应为\(type.simplified)")
        case .invalidChoice(let name, let value, let choices):
            let list = choices.joined(separator: ", ")
            return Localized(
                "'\(clean(name))' cannot be '\(clean(value))' (choose \(list))",
                "「\(clean(name))」不能是「\(clean(value))」（可選 \(list)）",
                "“\(clean(name))”不能是“\(clean(value))”（可选 \(list)）")
        case .secretInFile(let name):
            return Localized(
                "'\(clean(name))' looks like a key, and keys never go in this file: put the key in an environment variable and name it with api_key_env",
                "「\(clean(name))」看似金鑰，金鑰不可寫在此檔：請放在環境變數中，並以 api_key_env 指名該變數",
                "“\(clean(name))”看似密钥，密钥不可写在此文件：请放在环境变量中，并以 api_key_env 指定该变量")
        case .secretInEndpoint(let name, let parameter):
            if let parameter {
                let p = clean(parameter)
                return Localized(
                    "'\(clean(name))' carries a key in its '\(p)=' parameter, and keys never go in this file: put the key in an environment variable and name it with api_key_env",
                    "「\(clean(name))」的「\(p)=」參數帶有金鑰，金鑰不可寫在此檔：請放在環境變數中，並以 api_key_env 指名該變數",
                    "“\(clean(name))”的“\(p)=”参数带有密钥，密钥不可写在此文件：请放在环境变量中，并以 api_key_env 指定该变量")
            }
            return Localized(
                "'\(clean(name))' holds a password (user:password@), which is a key, and keys never go in this file: put the key in an environment variable and name it with api_key_env",
                "「\(clean(name))」含有密碼（user:password@），等同金鑰，金鑰不可寫在此檔：請放在環境變數中，並以 api_key_env 指名該變數",
                "“\(clean(name))”含有密码（user:password@），等同密钥，密钥不可写在此文件：请放在环境变量中，并以 api_key_env 指定该变量")
        case .notARegularFile:
            return Localized(
                "it is not a regular file (a pipe, a device or a folder), so it is not read",
                "不是一般檔案（管線、裝置或資料夾），因此不讀取", "不是普通文件（管道、设备或文件夹），因此不读取")
        case .notAVariableName(let name):
            return Localized(
                "'\(clean(name))' must name an environment variable (letters, digits, _), not hold a key",
                "「\(clean(name))」必須是環境變數的名稱（字母、數字、_），而不是金鑰本身",
                "“\(clean(name))”必须是环境变量的名称（字母、数字、_），而不是密钥本身")
        case .unreadable:
            return Localized("it cannot be read", "無法讀取", "无法读取")
        case .tooLarge(let limit):
            let mib = max(1, limit / 1_048_576)
            return Localized("it is larger than \(mib) MiB", "檔案超過 \(mib) MiB", "文件超过 \(mib) MiB")
        }
    }

    static func tomlProblem(_ problem: TOMLError.Problem) -> Localized {
        func clean(_ text: String) -> String { TextSanitizer.truncate(TextSanitizer.clean(text), toWidth: 40) }
        switch problem {
        case .invalidStatement:
            return Localized(
                "expected a setting (name = value), a [table] or a # comment",
                "應為設定（名稱 = 值）、[表格] 或 # 註解", "应为设置（名称 = 值）、[表] 或 # 注释")
        case .expectedNewline:
            return Localized(
                "unexpected text after the value", "值之後有多餘的文字", "值之后有多余的文字")
        case .expectedEquals:
            return Localized("expected '=' after the name", "名稱之後應為「=」", "名称之后应为“=”")
        case .invalidKey:
            return Localized(
                "a name must be letters, digits, _ and -, or in quotes", "名稱只能含字母、數字、_ 與 -，或加上引號",
                "名称只能含字母、数字、_ 与 -，或加上引号")
        case .invalidValue:
            return Localized(
                "not a value: text needs quotes (\"...\"); numbers, true and false do not",
                "不是有效的值：文字需加引號（\"...\"），數字與 true、false 則不用",
                "不是有效的值：文字需加引号（\"...\"），数字与 true、false 则不用")
        case .unterminatedString:
            return Localized("the text has no closing quote", "文字缺少結尾引號", "文字缺少结尾引号")
        case .invalidEscape:
            return Localized(
                "an unknown \\ escape in the text (write \\\\ for a backslash)", "文字中有無效的 \\ 跳脫字元（反斜線請寫成 \\\\）",
                "文字中有无效的 \\ 转义字符（反斜杠请写成 \\\\）")
        case .controlCharacter:
            return Localized("a control character is not allowed here", "此處不允許控制字元", "此处不允许控制字符")
        case .duplicateKey(let key):
            return Localized(
                "'\(clean(key))' is set twice", "「\(clean(key))」重複設定", "“\(clean(key))”重复设置")
        case .tableRedefined(let key):
            return Localized(
                "the table [\(clean(key))] is defined twice", "表格 [\(clean(key))] 重複定義", "表 [\(clean(key))] 重复定义")
        case .immutable(let key):
            return Localized(
                "'\(clean(key))' was written whole ({...} or [...]) and cannot be added to",
                "「\(clean(key))」已完整寫出（{...} 或 [...]），不能再增加", "“\(clean(key))”已完整写出（{...} 或 [...]），不能再增加")
        case .unclosed:
            return Localized(
                "a bracket or brace is not closed", "括號未閉合", "括号未闭合")
        case .integerOutOfRange:
            return Localized("the number is too large", "數字太大", "数字太大")
        case .unsupportedDateTime:
            return Localized(
                "dates and times are not used in these settings", "這些設定不使用日期與時間", "这些设置不使用日期与时间")
        case .invalidUTF8:
            return Localized("the line is not UTF-8 text", "此行不是 UTF-8 文字", "此行不是 UTF-8 文本")
        case .keyTooDeep(let limit):
            return Localized(
                "a name of more than \(limit) dotted parts", "名稱超過 \(limit) 個以點分隔的部分", "名称超过 \(limit) 个以点分隔的部分")
        case .nestedTooDeep(let limit):
            return Localized(
                "brackets and braces nested more than \(limit) deep", "括號巢狀超過 \(limit) 層", "括号嵌套超过 \(limit) 层")
        case .tooManyValues(let limit):
            let n = UIText.grouped(limit)
            return Localized("more than \(n) values", "超過 \(n) 個值", "超过 \(n) 个值")
        case .tooManyProblems(let limit):
            let n = UIText.grouped(limit)
            return Localized("more than \(n) problems", "超過 \(n) 個問題", "超过 \(n) 个问题")
        }
    }
}
