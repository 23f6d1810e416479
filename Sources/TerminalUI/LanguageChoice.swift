import PaletteCore

/// Picks the label language from `--lang` or the POSIX locale variables.
public enum LanguageChoice {
    /// `--lang` wins; else the first set of LC_ALL, LC_MESSAGES, LANG (POSIX precedence for
    /// messages). Chinese locales pick the script: Taiwan, Hong Kong and Macau, or an explicit
    /// Hant, mean Traditional; every other Chinese locale means Simplified. Anything else is English.
    public static func language(option: String?, environment: [String: String]) throws(TerminalSetupError) -> Language {
        if let option {
            guard let language = Language(rawValue: option) else {
                throw .invalidChoice(option: "--lang", value: option, choices: Language.allCases.map(\.rawValue))
            }
            return language
        }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return locale.map(language(locale:)) ?? .english
    }

    /// The language for one locale name such as `zh_TW.UTF-8`, `zh-Hant` or `en_US`.
    public static func language(locale: String) -> Language {
        let name = locale.split(separator: ".").first.map(String.init)?.split(separator: "@").first.map(String.init) ?? ""
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        guard parts.first == "zh" else { return .english }
        let rest = Set(parts.dropFirst())
        if rest.contains("hant") { return .traditionalChinese }
        if rest.contains("hans") { return .simplifiedChinese }
        if !rest.isDisjoint(with: ["tw", "hk", "mo"]) { return .traditionalChinese }
        return .simplifiedChinese
    }
}
