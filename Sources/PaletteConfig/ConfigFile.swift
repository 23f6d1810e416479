import Foundation
import PaletteCore

/// What `config.toml` may set, read and checked; nothing in it is a secret.
///
///     provider = "ollama"            # an id of the program's provider list
///     language = "zh-Hant"           # en | zh-Hant | zh-Hans
///     color = "256"                  # auto | truecolor | 256 | none
///     timeout = 90                   # seconds for one generation
///     history = "~/palettes.jsonl"
///
///     [providers.openai]             # one section a provider that needs settings
///     model = "qwen2.5:7b"
///     endpoint = "http://127.0.0.1:8080/v1"
///     api_key_env = "WORK_OPENAI_KEY"  # the variable holding the key, never the key
///
///     [workbench]
///     accessible = "AA"              # AA | AAA
///     background = "dark"            # light | dark | #RRGGBB
///
///     [export]
///     variant = "light"              # dark | light
///
/// Unknown settings are errors (a typo would otherwise do nothing, silently), and so is
/// anything that looks like a key: keys live in the environment only.
public struct ConfigFile: Hashable, Sendable {
    /// One provider's section.
    public struct ProviderSection: Hashable, Sendable {
        public var model: String?
        public var endpoint: String?
        /// The environment variable that holds this provider's key.
        public var apiKeyVariable: String?

        public init(model: String? = nil, endpoint: String? = nil, apiKeyVariable: String? = nil) {
            self.model = model
            self.endpoint = endpoint
            self.apiKeyVariable = apiKeyVariable
        }
    }

    public var provider: String?
    public var language: Language?
    public var color: String?
    public var timeout: Double?
    public var history: String?
    public var providers: [String: ProviderSection] = [:]
    public var accessible: String?
    public var background: String?
    public var exportVariant: String?

    public init() {}

    public static let colorChoices = ["auto", "truecolor", "256", "none"]
    static let topLevel = ["provider", "language", "color", "timeout", "history", "providers", "workbench", "export"]
    static let sectionKeys = ["model", "endpoint", "api_key_env"]

    /// Reads a file's bytes; the first problem, at its line, when it is not a usable settings file.
    /// `providers` is the program's provider list: `provider` takes their ids, and each that
    /// needs settings may have a `[providers.ID]` section.
    public static func read(_ data: [UInt8], path: String, providers: [ProviderFacts]) throws(ConfigProblem)
        -> ConfigFile
    {
        let table: [String: TOMLValue]
        let lines: [[String]: Int]
        do {
            (table, lines) = try TOMLParser.parseWithLines(data)
        } catch {
            throw ConfigProblem(path: path, line: error.line, .syntax(error.problem, column: error.column))
        }
        var reader = SettingsReader(path: path, lines: lines, providers: providers)
        return try reader.read(table)
    }

    /// `$XDG_CONFIG_HOME/palette-tui/config.toml`, else `$HOME/.config/palette-tui/config.toml`
    /// (an XDG path that is not absolute is ignored, as the specification says); nil with neither.
    public static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return xdg + "/palette-tui/config.toml"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.config/palette-tui/config.toml"
    }

    /// The largest settings file read.
    public static let maxBytes = 1_048_576

    /// The file for this environment: nil when there is none, a problem when it cannot be used.
    public static func load(environment: [String: String], providers: [ProviderFacts]) -> Result<
        ConfigFile?, ConfigProblem
    > {
        guard let path = path(environment: environment) else { return .success(nil) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            if !FileManager.default.fileExists(atPath: path) { return .success(nil) }
            return .failure(ConfigProblem(path: path, line: 0, .unreadable))
        }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxBytes + 1) ?? Data() else {
            return .failure(ConfigProblem(path: path, line: 0, .unreadable))
        }
        if data.count > maxBytes { return .failure(ConfigProblem(path: path, line: 0, .tooLarge(limit: maxBytes))) }
        do {
            return .success(try read(Array(data), path: path, providers: providers))
        } catch {
            return .failure(error)
        }
    }
}

/// Why the settings file is not used, and where; PaletteApp words it.
public struct ConfigProblem: Error, Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Not TOML: the reader's problem and column.
        case syntax(TOMLError.Problem, column: Int)
        /// A setting this version does not have; `known` lists those its table has.
        case unknownSetting(String, known: [String])
        /// A setting of the wrong type: `expected` is "text", "number" or "table".
        case wrongType(String, expected: String)
        /// A value outside the setting's choices.
        case invalidChoice(String, value: String, choices: [String])
        /// Something that looks like a key or secret: keys never go in the file.
        case secretInFile(String)
        /// `api_key_env` holding something that is not a variable name (perhaps a key).
        case notAVariableName(String)
        case unreadable
        case tooLarge(limit: Int)
    }

    public var path: String
    /// 1-based; 0 for the whole file.
    public var line: Int
    public var kind: Kind

    public init(path: String, line: Int, _ kind: Kind) {
        self.path = path
        self.line = line
        self.kind = kind
    }
}

private struct SettingsReader {
    let path: String
    let lines: [[String]: Int]
    let providers: [ProviderFacts]

    func problem(_ key: [String], _ kind: ConfigProblem.Kind) -> ConfigProblem {
        var probe = key
        while !probe.isEmpty {
            if let line = lines[probe] { return ConfigProblem(path: path, line: line, kind) }
            probe.removeLast()
        }
        return ConfigProblem(path: path, line: 0, kind)
    }

    static func looksSecret(_ name: String) -> Bool {
        let lower = name.lowercased()
        if lower == "api_key_env" { return false }
        return ["key", "api_key", "apikey", "token", "secret", "password"].contains(lower)
            || lower.hasSuffix("_key") || lower.hasSuffix("_token") || lower.hasSuffix("_secret")
            || lower.hasSuffix("-key") || lower.hasSuffix("apikey")
    }

    func check(_ table: [String: TOMLValue], at path: [String], known: [String]) throws(ConfigProblem) {
        for key in table.keys.sorted(by: { (lines[path + [$0]] ?? 0) < (lines[path + [$1]] ?? 0) }) {
            if Self.looksSecret(key) {
                throw problem(path + [key], .secretInFile((path + [key]).joined(separator: ".")))
            }
            if !known.contains(key) {
                throw problem(path + [key], .unknownSetting((path + [key]).joined(separator: "."), known: known))
            }
        }
    }

    func text(_ table: [String: TOMLValue], _ key: String, at path: [String]) throws(ConfigProblem) -> String? {
        guard let value = table[key] else { return nil }
        guard case .string(let text) = value else {
            throw problem(path + [key], .wrongType((path + [key]).joined(separator: "."), expected: "text"))
        }
        return text
    }

    func choice(_ table: [String: TOMLValue], _ key: String, at path: [String], _ choices: [String])
        throws(ConfigProblem) -> String?
    {
        guard let value = try text(table, key, at: path) else { return nil }
        guard choices.contains(value) else {
            throw problem(
                path + [key],
                .invalidChoice((path + [key]).joined(separator: "."), value: value, choices: choices))
        }
        return value
    }

    func subtable(_ table: [String: TOMLValue], _ key: String, at path: [String]) throws(ConfigProblem)
        -> [String: TOMLValue]?
    {
        guard let value = table[key] else { return nil }
        guard case .table(let inner) = value else {
            throw problem(path + [key], .wrongType((path + [key]).joined(separator: "."), expected: "table"))
        }
        return inner
    }

    mutating func read(_ table: [String: TOMLValue]) throws(ConfigProblem) -> ConfigFile {
        var config = ConfigFile()
        try check(table, at: [], known: ConfigFile.topLevel)
        config.provider = try choice(table, "provider", at: [], providers.map(\.id))
        if let raw = try choice(table, "language", at: [], Language.allCases.map(\.rawValue)) {
            config.language = Language(rawValue: raw)
        }
        config.color = try choice(table, "color", at: [], ConfigFile.colorChoices)
        if let value = table["timeout"] {
            let seconds: Double
            switch value {
            case .integer(let i): seconds = Double(i)
            case .float(let f): seconds = f
            default: throw problem(["timeout"], .wrongType("timeout", expected: "number"))
            }
            guard seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw problem(
                    ["timeout"],
                    .invalidChoice("timeout", value: String(describing: seconds), choices: ["0 < s <= 3600"]))
            }
            config.timeout = seconds
        }
        config.history = try text(table, "history", at: [])
        if let providers = try subtable(table, "providers", at: []) {
            let names = self.providers.filter { !$0.needsNothing }.map(\.id)
            try check(providers, at: ["providers"], known: names)
            for name in names {
                guard let section = try subtable(providers, name, at: ["providers"]) else { continue }
                let at = ["providers", name]
                try check(section, at: at, known: ConfigFile.sectionKeys)
                var parsed = ConfigFile.ProviderSection()
                parsed.model = try text(section, "model", at: at)
                parsed.endpoint = try text(section, "endpoint", at: at)
                if let variable = try text(section, "api_key_env", at: at) {
                    let valid =
                        !variable.isEmpty && variable.utf8.count <= 128
                        && variable.unicodeScalars.allSatisfy {
                            $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
                        }
                        && !("0"..."9").contains(variable.unicodeScalars.first!)
                    if !valid {
                        throw problem(
                            at + ["api_key_env"], .notAVariableName((at + ["api_key_env"]).joined(separator: ".")))
                    }
                    parsed.apiKeyVariable = variable
                }
                config.providers[name] = parsed
            }
        }
        if let workbench = try subtable(table, "workbench", at: []) {
            try check(workbench, at: ["workbench"], known: ["accessible", "background"])
            config.accessible = try choice(workbench, "accessible", at: ["workbench"], ["AA", "AAA"])
            if let background = try text(workbench, "background", at: ["workbench"]) {
                guard ["light", "dark"].contains(background) || (try? RGB(hex: background)) != nil else {
                    throw problem(
                        ["workbench", "background"],
                        .invalidChoice(
                            "workbench.background", value: background, choices: ["light", "dark", "#RRGGBB"]))
                }
                config.background = background
            }
        }
        if let export = try subtable(table, "export", at: []) {
            try check(export, at: ["export"], known: ["variant"])
            config.exportVariant = try choice(export, "variant", at: ["export"], ["dark", "light"])
        }
        return config
    }
}
