/// Picks the language of what a command prints from `--lang` or the POSIX locale variables.
///
/// The one `--lang` parser: the interactive app, `generate` and `parse` all choose here, so
/// they answer in the same language for the same options and environment.
public enum LanguageChoice {
    /// `--lang` wins; else `PALETTE_TUI_LANG` (which the settings file's `language` fills when
    /// unset); else the first set of LC_ALL, LC_MESSAGES, LANG (POSIX precedence for messages). Chinese locales pick the script: Taiwan, Hong Kong and Macau, or an explicit
    /// Hant, mean Traditional; every other Chinese locale means Simplified. Anything else is English.
    public static func language(option: String?, environment: [String: String]) throws(LanguageOptionError) -> Language
    {
        if let option {
            guard let language = Language(rawValue: option) else { throw LanguageOptionError(value: option) }
            return language
        }
        if let value = environment["PALETTE_TUI_LANG"], !value.isEmpty {
            guard let language = Language(rawValue: value) else {
                throw LanguageOptionError(value: value, source: "PALETTE_TUI_LANG")
            }
            return language
        }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return locale.map(language(locale:)) ?? .english
    }

    /// The language for one locale name such as `zh_TW.UTF-8`, `zh-Hant` or `en_US`.
    public static func language(locale: String) -> Language {
        let name =
            locale.split(separator: ".").first.map(String.init)?.split(separator: "@").first.map(String.init) ?? ""
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        guard parts.first == "zh" else { return .english }
        let rest = Set(parts.dropFirst())
        if rest.contains("hant") { return .traditionalChinese }
        if rest.contains("hans") { return .simplifiedChinese }
        if !rest.isDisjoint(with: ["tw", "hk", "mo"]) { return .traditionalChinese }
        return .simplifiedChinese
    }
}

/// `--lang` names no language this build speaks.
public struct LanguageOptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was given.
    public let value: String
    /// Where: `--lang` or `PALETTE_TUI_LANG`.
    public let source: String

    public init(value: String, source: String = "--lang") {
        self.value = value
        self.source = source
    }

    public var description: String {
        "invalid value '\(value)' for \(source); expected one of: \(Language.allCases.map(\.rawValue).joined(separator: ", "))"
    }
}
