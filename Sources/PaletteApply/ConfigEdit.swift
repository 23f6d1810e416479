import FoundationEssentials
import Glibc
import PaletteConfig

/// Why a config is left alone.
public enum ConfigRefusal: Error, Hashable, Sendable {
    /// Not UTF-8 text, or holds a NUL byte.
    case notText
    /// A TOML config the reader cannot read: its first problem's line.
    case notTOML(line: Int)
    /// YAML (Alacritty's alacritty.yml) laid out in a way palette-tui does not follow: the line.
    case notYAML(line: Int)
    /// A TOML config that does not exist yet beside the alacritty.yml Alacritty reads (its path).
    case yamlBeside(String)
    /// The config ends inside a continued line (a trailing backslash), so a line added after it
    /// would join it.
    case continuedLastLine
    /// The include would not read back as intended (an unusual layout): the key it meant to add.
    case unexpectedLayout(String)
}

/// The one change `apply` makes to a config: the line, added once, in the program's syntax.
public enum ConfigEdit {
    /// The config with the include added, or nil when it is already there. `text` is the whole
    /// file ("" for a config that does not exist yet); `yaml`: Alacritty's alacritty.yml
    /// (`ApplyTarget.isYAML(config:)`).
    public static func added(_ target: ApplyTarget, to text: String, line: String, yaml: Bool) throws(ConfigRefusal)
        -> String?
    {
        if text.unicodeScalars.contains("\0") { throw .notText }
        switch target {
        case .kitty, .ghostty, .tmux:
            if lines(text).contains(where: { $0.trimmedSpaces() == line }) { return nil }
            if target == .tmux,
                let last = lines(text).last(where: { !$0.trimmedSpaces().isEmpty }),
                last.hasSuffix("\\")
            {
                throw .continuedLastLine
            }
            return appended(text, line)
        case .foot:
            if lines(text).contains(where: { $0.trimmedSpaces() == line }) { return nil }
            return footAdded(text, line)
        case .alacritty:
            return yaml ? try AlacrittyYAML.added(text, path: line) : try alacrittyAdded(text, path: line)
        case .helix:
            return try helixAdded(text, line: line)
        case .wezterm, .neovim:
            return nil
        }
    }

    /// The colour settings of the user's own config that win over the included theme: Alacritty
    /// loads imports before the file itself, and foot's include sits in [main], before [colors].
    /// Empty for the programs where the include comes last.
    public static func overriding(_ target: ApplyTarget, in text: String, yaml: Bool) -> [String] {
        switch target {
        case .alacritty where yaml:
            return AlacrittyYAML.colourKeys(text)
        case .alacritty:
            guard let table = try? parsed(text).table, case .table(let colours)? = table["colors"] else { return [] }
            return colours.keys.sorted().map { "colors." + $0 }
        case .foot:
            var section = "main"
            var keys: [String] = []
            for line in lines(text) {
                let t = line.trimmedSpaces()
                if t.hasPrefix("[") {
                    section = String(t.dropFirst().prefix { $0 != "]" })
                } else if section == "colors" || section.hasPrefix("colors"), let eq = t.firstIndex(of: "="),
                    !t.hasPrefix("#")
                {
                    let key = t[..<eq].trimmedSpaces()
                    if key != "alpha" { keys.append("[\(section)] " + key) }
                }
            }
            return keys
        default:
            return []
        }
    }

    /// Whether `text` has `line` as one of its lines (spaces around it ignored).
    public static func contains(_ line: String, in text: String) -> Bool {
        lines(text).contains { $0.trimmedSpaces() == line }
    }

    /// The file's lines without their line ends.
    static func lines(_ text: String) -> [String] {
        var out = text.pieces(separatedBy: "\n")
        if out.last == "" { out.removeLast() }
        return out.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
    }

    static func appended(_ text: String, _ line: String) -> String {
        if text.isEmpty { return line + "\n" }
        return text + (text.hasSuffix("\n") ? "" : "\n") + line + "\n"
    }

    /// Inserts `line` before line index `index` (0-based) of `text`, keeping every byte else.
    static func inserted(_ text: String, _ line: String, before index: Int) -> String {
        var parts = text.pieces(separatedBy: "\n")
        // A file without a final newline: the last part is a line, the rest stays as it is.
        if index >= parts.count || (index == parts.count - 1 && parts[index].isEmpty) {
            return appended(text, line)
        }
        parts.insert(line, at: index)
        return parts.joined(separator: "\n")
    }

    static func replaced(_ text: String, line index: Int, with line: String) -> String {
        var parts = text.pieces(separatedBy: "\n")
        let crlf = parts[index].hasSuffix("\r")
        parts[index] = line + (crlf ? "\r" : "")
        return parts.joined(separator: "\n")
    }

    static func isHeader(_ line: String) -> Bool {
        line.trimmedSpaces().hasPrefix("[")
    }

    // MARK: - foot

    /// foot's `include` belongs to the main section: at the end of an explicit `[main]`, else
    /// before the first section header.
    static func footAdded(_ text: String, _ line: String) -> String {
        let all = lines(text)
        guard let first = all.firstIndex(where: isHeader) else { return appended(text, line) }
        if all[first].trimmedSpaces().hasPrefix("[main]") {
            let next = all[(first + 1)...].firstIndex(where: isHeader)
            return next.map { inserted(text, line, before: $0) } ?? appended(text, line)
        }
        return inserted(text, line, before: first)
    }

    // MARK: - TOML (Alacritty, Helix)

    static func parsed(_ text: String) throws(ConfigRefusal) -> (table: [String: TOMLValue], lines: [[String]: Int]) {
        do {
            let (table, lines) = try TOMLParser.parseWithLines(Array(text.utf8))
            return (table, lines)
        } catch {
            throw .notTOML(line: error.line)
        }
    }

    static func value(_ table: [String: TOMLValue], _ path: [String]) -> TOMLValue? {
        var current: [String: TOMLValue] = table
        for (i, key) in path.enumerated() {
            guard let v = current[key] else { return nil }
            if i == path.count - 1 { return v }
            guard case .table(let t) = v else { return nil }
            current = t
        }
        return nil
    }

    static func strings(_ v: TOMLValue?) -> [String]? {
        guard case .array(let items)? = v else { return nil }
        return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }

    /// The first line (0-based) where a top-level key may go: before the first table header.
    static func topLevelIndex(_ text: String) -> Int {
        let all = lines(text)
        return all.firstIndex(where: isHeader) ?? all.count
    }

    /// Alacritty: the theme's path in `general.import` (or the old top-level `import` when the
    /// config uses it). `quoted` is the path as a TOML string.
    static func alacrittyAdded(_ text: String, path quoted: String) throws(ConfigRefusal) -> String? {
        let (table, keyLines) = try parsed(text)
        var path = quoted
        if case .string(let s)? = (try? TOMLParser.parse("p = " + quoted))?["p"] { path = s }
        let key: [String] = value(table, ["import"]) != nil ? ["import"] : ["general", "import"]
        let new: String
        if let existing = value(table, key) {
            guard let items = strings(existing) else { throw .unexpectedLayout(key.joined(separator: ".")) }
            if items.contains(path) { return nil }
            guard let lineNumber = keyLines[key] else { throw .unexpectedLayout(key.joined(separator: ".")) }
            let index = lineNumber - 1
            let all = lines(text)
            let current = all[index]
            if let close = current.lastIndex(of: "]"), current.contains("["),
                current[current.index(after: close)...].trimmedSpaces().allSatisfy({ $0 != "\"" }),
                current.firstIndex(of: "[")! < close
            {
                let inside = current[current.index(after: current.firstIndex(of: "[")!)..<close]
                let empty = inside.trimmedSpaces().isEmpty
                let trailingComma = inside.trimmedSpaces().hasSuffix(",")
                let joined =
                    String(current[...current.firstIndex(of: "[")!])
                    + (empty
                        ? quoted : inside.trimmedSpaces() + (trailingComma ? " " : ", ") + quoted)
                    + String(current[close...])
                new = replaced(text, line: index, with: joined)
            } else {
                // A list over several lines: one more line, first.
                new = inserted(text, "    " + quoted + ",", before: index + 1)
            }
        } else if key == ["general", "import"], value(table, ["general"]) != nil {
            let all = lines(text)
            guard let header = all.firstIndex(where: { $0.trimmedSpaces().hasPrefix("[general]") })
            else { throw .unexpectedLayout("general.import") }
            new = inserted(text, "import = [" + quoted + "]", before: header + 1)
        } else {
            new = inserted(text, "general.import = [" + quoted + "]", before: topLevelIndex(text))
        }
        let check = try? parsed(new)
        guard let check, strings(value(check.table, key))?.contains(path) == true else {
            throw .unexpectedLayout(key.joined(separator: "."))
        }
        return new
    }

    /// Helix: the top-level `theme` set to the theme's name (an existing `theme` line replaced).
    static func helixAdded(_ text: String, line: String) throws(ConfigRefusal) -> String? {
        let (table, keyLines) = try parsed(text)
        let name = ApplyTarget.themeName
        let new: String
        if let existing = table["theme"] {
            if existing == .string(name) { return nil }
            guard case .string = existing, let lineNumber = keyLines[["theme"]] else {
                throw .unexpectedLayout("theme")
            }
            let current = lines(text)[lineNumber - 1]
            guard current.trimmedSpaces().hasPrefix("theme") else {
                throw .unexpectedLayout("theme")
            }
            new = replaced(text, line: lineNumber - 1, with: line)
        } else {
            new = inserted(text, line, before: topLevelIndex(text))
        }
        let check = try? parsed(new)
        guard let check, check.table["theme"] == .string(name) else { throw .unexpectedLayout("theme") }
        return new
    }
}
