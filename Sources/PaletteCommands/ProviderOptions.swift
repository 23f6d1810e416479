import PaletteCore
import PaletteText

// The provider options (`--provider`, `--model`, `--endpoint`) are written from the program's
// provider list, which PaletteCommands cannot see: the table holds placeholders for them, and
// `CommandSpec.with(providers:)` writes them from each provider's `ProviderFacts`. What a
// provider's default means beyond its name (Gemini's moves on, openai's reasoning effort) is
// words, kept here by id; a provider without such words is named by its id and default.

extension CommandSpec {
    /// This command with its provider options written for `providers` (the program's list).
    public func with(providers: [ProviderFacts]) -> CommandSpec {
        var out = self
        out.options = options.map { option in
            switch option.name {
            case CommandTable.provider.name: return ProviderOptionText.provider(providers)
            case CommandTable.model.name: return ProviderOptionText.model(providers)
            case CommandTable.endpoint.name: return ProviderOptionText.endpoint(providers)
            default: return option
            }
        }
        return out
    }
}

extension CommandSpec {
    /// This command as the parser reads it: `--provider`'s choices written in from `providers`,
    /// the provider options' help left as the table's placeholders (`with(providers:)` writes it
    /// where help is shown: building it was 0.24M instructions of the app's first frame).
    public func parsing(providers: [ProviderFacts]) -> CommandSpec {
        var out = self
        out.options = options.map { option in
            guard option.name == CommandTable.provider.name else { return option }
            var chosen = option
            chosen.value = .choice(providers.map(\.id))
            return chosen
        }
        return out
    }
}

extension CommandTable {
    /// Every command with its provider options written for `providers`.
    public static func commands(providers: [ProviderFacts]) -> [CommandSpec] {
        commands.map { $0.with(providers: providers) }
    }
}

enum ProviderOptionText {
    /// `--provider`: the ids to choose from, and what the automatic choice tries.
    static func provider(_ providers: [ProviderFacts]) -> OptionSpec {
        let tried = providers.filter { !$0.needsNothing }
        let resort = providers.first(where: \.needsNothing)?.id ?? ""
        func configured(_ p: ProviderFacts, _ language: Language) -> String {
            let keys = p.keyVariables.joined(separator: language == .english ? " or " : " 或 ")
            if p.configuredBy == [.key] {
                let words = [
                    Language.english: "a key in \(keys)", .traditionalChinese: "\(keys) 有金鑰",
                    .simplifiedChinese: "\(keys) 有密钥",
                ]
                return words[language] ?? ""
            }
            var parts: [String] = []
            for evidence in p.configuredBy {
                switch evidence {
                case .key: parts += p.keyVariables
                case .endpoint: parts += p.endpointVariable.map { [$0] } ?? []
                case .section:
                    let section = "[providers.\(p.id)]"
                    parts.append(
                        [
                            Language.english: "a \(section) section", .traditionalChinese: "\(section) 區段",
                            .simplifiedChinese: "\(section) 部分",
                        ][language] ?? section)
                }
            }
            return parts.joined(separator: language == .english ? " or " : " 或 ")
        }
        func list(_ language: Language) -> String {
            let items = tried.map { p in
                language == .english ? "\(p.id) (\(configured(p, language)))" : "\(p.id)（\(configured(p, language))）"
            }
            guard language == .english else { return items.joined(separator: "、") }
            guard items.count > 1 else { return items.joined() }
            return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
        return OptionSpec(
            CommandTable.provider.name, .choice(providers.map(\.id)),
            help: Localized(
                "palette source (default: PALETTE_TUI_PROVIDER, else `provider` in config.toml, else the first "
                    + "configured of \(list(.english)), with the offline engine as fallback; else \(resort)). A "
                    + "provider named is used alone, with no fallback.",
                "配色來源（預設：PALETTE_TUI_PROVIDER，否則 config.toml 的 `provider`，否則依序為第一個已設定的"
                    + " \(list(.traditionalChinese))，失敗時改用離線引擎；都沒有則用 \(resort)）。指名的來源單獨使用，不改用其他來源。",
                "配色来源（默认：PALETTE_TUI_PROVIDER，否则 config.toml 的 `provider`，否则依次为第一个已设置的"
                    + " \(list(.simplifiedChinese))，失败时改用离线引擎；都没有则用 \(resort)）。指名的来源单独使用，不改用其他来源。"))
    }

    /// What a provider's default model means beyond its name, by id.
    static func modelNote(_ id: String) -> Localized? {
        switch id {
        case "gemini":
            return Localized(
                ", which moves to the newest Flash-Lite when Google retires it", "（Google 停用它時改用最新的 Flash-Lite）",
                "（Google 停用它时改用最新的 Flash-Lite）")
        case "openai":
            return Localized(
                ", asked for with reasoning effort none on OpenAI's own API", "（在 OpenAI 本身的 API 上，推理強度設為 none）",
                "（在 OpenAI 自己的 API 上，推理强度设为 none）")
        default: return nil
        }
    }

    /// `--model`: each provider's default model, as the client uses it.
    static func model(_ providers: [ProviderFacts]) -> OptionSpec {
        let withModels = providers.compactMap { p in p.defaultModel.map { (p, $0) } }
        func list(_ language: Language) -> String {
            withModels.map { p, model in
                let note = modelNote(p.id)?(language) ?? ""
                // English names Gemini by its label, as people write it; the others by id.
                let name = p.id == "gemini" ? p.label : p.id
                return language == .english ? "\(model) for \(name)\(note)" : "\(name) 用 \(model)\(note)"
            }.joined(separator: language == .english ? "; " : "、")
        }
        return OptionSpec(
            CommandTable.model.name, short: CommandTable.model.short, CommandTable.model.value,
            help: Localized(
                "the provider's model (default: PALETTE_TUI_MODEL, else the provider's `model` in config.toml, else "
                    + "\(list(.english)))",
                "來源所用的模型（預設：PALETTE_TUI_MODEL，否則 config.toml 中該來源的 `model`，否則 \(list(.traditionalChinese))）",
                "来源所用的模型（默认：PALETTE_TUI_MODEL，否则 config.toml 中该来源的 `model`，否则 \(list(.simplifiedChinese))）"))
    }

    /// An example endpoint beside a provider's variable, by id.
    static func endpointExample(_ id: String) -> String? {
        id == "openai" ? "http://127.0.0.1:8080/v1" : nil
    }

    /// `--endpoint`: each provider's endpoint variable.
    static func endpoint(_ providers: [ProviderFacts]) -> OptionSpec {
        let variables = providers.compactMap { p in p.endpointVariable.map { (p.id, $0) } }
        func list(_ language: Language) -> String {
            let items = variables.map { id, variable in
                guard let example = endpointExample(id) else { return variable }
                return language == .english ? "\(variable) such as \(example)" : "\(variable)（例如 \(example)）"
            }
            guard items.count > 1 else { return items.joined() }
            if language == .english { return items.dropLast().joined(separator: ", ") + ", or " + items.last! }
            return items.dropLast().joined(separator: "、") + "或 " + items.last!
        }
        return OptionSpec(
            CommandTable.endpoint.name, CommandTable.endpoint.value,
            help: Localized(
                "the provider's base URL (default: \(list(.english)), else the provider's `endpoint` in config.toml, "
                    + "else the service's own)",
                "來源的基礎網址（預設：\(list(.traditionalChinese))，否則 config.toml 中該來源的 `endpoint`，否則用服務本身的）",
                "来源的基础网址（默认：\(list(.simplifiedChinese))，否则 config.toml 中该来源的 `endpoint`，否则用服务本身的）"))
    }
}
