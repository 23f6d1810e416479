import FoundationEssentials
import Glibc
import PaletteCore

#if canImport(Glibc)
    import Glibc
#endif

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

    /// Reads a file's bytes strictly: the first problem, at its line, when it has any.
    /// `providers` is the program's provider list: `provider` takes their ids, and each that
    /// needs settings may have a `[providers.ID]` section.
    public static func read(_ data: [UInt8], path: String, providers: [ProviderFacts]) throws(ConfigProblem)
        -> ConfigFile
    {
        let reading = reading(data, path: path, providers: providers)
        if let first = reading.problems.first { throw first }
        return reading.file ?? ConfigFile()
    }

    /// Reads a file's bytes as far as they are good: every valid setting, and one problem for
    /// each bad line (a syntax error, an unknown or wrong setting, a key), which is skipped.
    /// A bad table header skips the settings under it; a limit passed skips the rest.
    public static func reading(_ data: [UInt8], path: String, providers: [ProviderFacts]) -> ConfigReading {
        let document = TOMLParser.read(data)
        var problems = document.errors.map { error in
            let skipped: ConfigProblem.Skipped =
                error.endsReading ? .rest : document.refusedHeaders.contains(error.line) ? .table : .line
            return ConfigProblem(
                path: path, line: error.line, .syntax(error.problem, column: error.column), skipped: skipped)
        }
        var reader = SettingsReader(path: path, lines: document.lines, providers: providers)
        let file = reader.read(document.table)
        problems += reader.problems
        // In the order of the file; a line's first problem stands for it.
        var seen = Set<Int>()
        problems = problems.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
            .map(\.element).filter { $0.line == 0 || seen.insert($0.line).inserted }
        return ConfigReading(file: file, problems: problems)
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

    /// The file for this environment: no settings and no problem when there is none; the
    /// defaults and one problem when it cannot be used at all (not a regular file, unreadable,
    /// too large); else what `reading` makes of it.
    ///
    /// Opening never blocks: the file is opened with `O_NONBLOCK` (a FIFO opens at once instead
    /// of waiting for a writer) and checked with `fstat` before a byte is read; anything but a
    /// regular file (a FIFO, a device, a folder, a socket) is refused. At most `maxBytes` + 1
    /// bytes are read.
    public static func load(environment: [String: String], providers: [ProviderFacts]) -> ConfigReading {
        guard let path = path(environment: environment) else { return ConfigReading(file: nil, problems: []) }
        func refused(_ kind: ConfigProblem.Kind) -> ConfigReading {
            ConfigReading(file: nil, problems: [ConfigProblem(path: path, line: 0, kind, skipped: .file)])
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if fd < 0 {
            switch errno {
            case ENOENT, ENOTDIR: return ConfigReading(file: nil, problems: [])
            case EISDIR, ENXIO, ENODEV: return refused(.notARegularFile)
            default: return refused(.unreadable)
            }
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return refused(.unreadable) }
        guard st.st_mode & S_IFMT == S_IFREG else { return refused(.notARegularFile) }
        if st.st_size > maxBytes { return refused(.tooLarge(limit: maxBytes)) }
        // A buffer the file's size and a little (a file that grows meanwhile gets more, to the limit).
        var data = [UInt8](repeating: 0, count: min(maxBytes + 1, Int(st.st_size) + 4096))
        var count = 0
        while count < maxBytes + 1 {
            if count == data.count {
                data += [UInt8](repeating: 0, count: min(maxBytes + 1, data.count * 2) - data.count)
            }
            let n = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                return refused(.unreadable)
            }
            if n == 0 { break }
            count += n
        }
        if count > maxBytes { return refused(.tooLarge(limit: maxBytes)) }
        data.removeSubrange(count...)
        return reading(data, path: path, providers: providers)
    }
}

/// What was read of a settings file: its valid settings (nil when there is no file or it
/// cannot be used at all) and a problem for each part that was skipped.
public struct ConfigReading: Hashable, Sendable {
    public var file: ConfigFile?
    public var problems: [ConfigProblem]

    public init(file: ConfigFile?, problems: [ConfigProblem]) {
        self.file = file
        self.problems = problems
    }
}

/// Why part of the settings file, or all of it, is not used, and where; PaletteApp words it.
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
        /// An endpoint holding a secret: a password (`user:password@host`) when `parameter` is
        /// nil, else a key parameter of that name (`?key=...`).
        case secretInEndpoint(String, parameter: String?)
        /// `api_key_env` holding something that is not a variable name (perhaps a key).
        case notAVariableName(String)
        /// A FIFO, a device, a folder or a socket: never read (it could block or never end).
        case notARegularFile
        case unreadable
        case tooLarge(limit: Int)
    }

    /// What was left out because of the problem.
    public enum Skipped: Hashable, Sendable {
        /// The setting on that line.
        case line
        /// The table whose header is on that line, with everything under it.
        case table
        /// Everything from that line on.
        case rest
        /// The whole file: the defaults apply.
        case file
    }

    public var path: String
    /// 1-based; 0 for the whole file.
    public var line: Int
    public var kind: Kind
    public var skipped: Skipped

    public init(path: String, line: Int, _ kind: Kind, skipped: Skipped = .line) {
        self.path = path
        self.line = line
        self.kind = kind
        self.skipped = skipped
    }
}

/// Checks the settings one by one; a bad one is recorded and left out, the rest are kept.
private struct SettingsReader {
    let path: String
    let lines: [[String]: Int]
    let providers: [ProviderFacts]
    var problems: [ConfigProblem] = []

    mutating func report(_ key: [String], _ kind: ConfigProblem.Kind, table: Bool = false) {
        var probe = key
        while !probe.isEmpty {
            if let line = lines[probe] {
                problems.append(ConfigProblem(path: path, line: line, kind, skipped: table ? .table : .line))
                return
            }
            probe.removeLast()
        }
        problems.append(ConfigProblem(path: path, line: 0, kind, skipped: table ? .table : .line))
    }

    static func looksSecret(_ name: String) -> Bool {
        let lower = name.lowercased()
        if lower == "api_key_env" { return false }
        return ["key", "api_key", "apikey", "token", "secret", "password"].contains(lower)
            || lower.hasSuffix("_key") || lower.hasSuffix("_token") || lower.hasSuffix("_secret")
            || lower.hasSuffix("-key") || lower.hasSuffix("apikey")
    }

    static func name(_ path: [String]) -> String { path.joined(separator: ".") }

    /// The entries of `table` this version knows; each other one reported (a key as a key).
    mutating func known(_ table: [String: TOMLValue], at path: [String], _ known: [String]) -> [String: TOMLValue] {
        var out: [String: TOMLValue] = [:]
        for (key, value) in table {
            let full = path + [key]
            var isTable = false
            if case .table = value { isTable = true }
            if Self.looksSecret(key) {
                report(full, .secretInFile(Self.name(full)), table: isTable)
            } else if !known.contains(key) {
                report(full, .unknownSetting(Self.name(full), known: known), table: isTable)
            } else {
                out[key] = value
            }
        }
        return out
    }

    mutating func text(_ table: [String: TOMLValue], _ key: String, at path: [String]) -> String? {
        guard let value = table[key] else { return nil }
        guard case .string(let text) = value else {
            var isTable = false
            if case .table = value { isTable = true }
            report(path + [key], .wrongType(Self.name(path + [key]), expected: "text"), table: isTable)
            return nil
        }
        return text
    }

    mutating func choice(_ table: [String: TOMLValue], _ key: String, at path: [String], _ choices: [String])
        -> String?
    {
        guard let value = text(table, key, at: path) else { return nil }
        guard choices.contains(value) else {
            report(path + [key], .invalidChoice(Self.name(path + [key]), value: value, choices: choices))
            return nil
        }
        return value
    }

    mutating func subtable(_ table: [String: TOMLValue], _ key: String, at path: [String]) -> [String: TOMLValue]? {
        guard let value = table[key] else { return nil }
        guard case .table(let inner) = value else {
            report(path + [key], .wrongType(Self.name(path + [key]), expected: "table"))
            return nil
        }
        return inner
    }

    mutating func read(_ whole: [String: TOMLValue]) -> ConfigFile {
        var config = ConfigFile()
        let table = known(whole, at: [], ConfigFile.topLevel)
        config.provider = choice(table, "provider", at: [], providers.map(\.id))
        if let raw = choice(table, "language", at: [], Language.allCases.map(\.rawValue)) {
            config.language = Language(rawValue: raw)
        }
        config.color = choice(table, "color", at: [], ConfigFile.colorChoices)
        if let value = table["timeout"] {
            switch value {
            case .integer(let i): config.timeout = Double(i)
            case .float(let f): config.timeout = f
            default: report(["timeout"], .wrongType("timeout", expected: "number"))
            }
            if let seconds = config.timeout, !(seconds.isFinite && seconds > 0 && seconds <= 3600) {
                report(
                    ["timeout"],
                    .invalidChoice("timeout", value: String(describing: seconds), choices: ["0 < s <= 3600"]))
                config.timeout = nil
            }
        }
        config.history = text(table, "history", at: [])
        if let all = subtable(table, "providers", at: []) {
            let names = self.providers.filter { !$0.needsNothing }.map(\.id)
            let providers = known(all, at: ["providers"], names)
            for name in names {
                guard let whole = subtable(providers, name, at: ["providers"]) else { continue }
                let at = ["providers", name]
                let section = known(whole, at: at, ConfigFile.sectionKeys)
                var parsed = ConfigFile.ProviderSection()
                parsed.model = text(section, "model", at: at)
                if let endpoint = text(section, "endpoint", at: at) {
                    let secrets = URLSecrets.secrets(inEndpoint: endpoint)
                    if secrets.password {
                        report(at + ["endpoint"], .secretInEndpoint(Self.name(at + ["endpoint"]), parameter: nil))
                    } else if let parameter = secrets.parameters.first {
                        report(
                            at + ["endpoint"], .secretInEndpoint(Self.name(at + ["endpoint"]), parameter: parameter))
                    } else {
                        parsed.endpoint = endpoint
                    }
                }
                if let variable = text(section, "api_key_env", at: at) {
                    let valid =
                        !variable.isEmpty && variable.utf8.count <= 128
                        && variable.unicodeScalars.allSatisfy {
                            $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
                        }
                        && !("0"..."9").contains(variable.unicodeScalars.first!)
                    if valid {
                        parsed.apiKeyVariable = variable
                    } else {
                        report(at + ["api_key_env"], .notAVariableName(Self.name(at + ["api_key_env"])))
                    }
                }
                config.providers[name] = parsed
            }
        }
        if let whole = subtable(table, "workbench", at: []) {
            let workbench = known(whole, at: ["workbench"], ["accessible", "background"])
            config.accessible = choice(workbench, "accessible", at: ["workbench"], ["AA", "AAA"])
            if let background = text(workbench, "background", at: ["workbench"]) {
                if ["light", "dark"].contains(background) || (try? RGB(hex: background)) != nil {
                    config.background = background
                } else {
                    report(
                        ["workbench", "background"],
                        .invalidChoice(
                            "workbench.background", value: background, choices: ["light", "dark", "#RRGGBB"]))
                }
            }
        }
        if let whole = subtable(table, "export", at: []) {
            let export = known(whole, at: ["export"], ["variant"])
            config.exportVariant = choice(export, "variant", at: ["export"], ["dark", "light"])
        }
        return config
    }
}
