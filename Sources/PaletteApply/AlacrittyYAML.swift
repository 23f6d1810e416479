/// Alacritty 0.11-0.12's `alacritty.yml`, as far as `apply` edits it: the top-level keys of a
/// block mapping, the `import:` list of paths (a block sequence, or a flow sequence on one line)
/// and the keys under `colors:`. What it cannot place for certain (a document that is not a
/// block mapping at column 0, a second document, a flow collection or quoted scalar that goes
/// on at column 0) is refused with its line; an `import:` in another form is left alone.
enum AlacrittyYAML {
    /// One top-level key: its line (0-based), the value on that line (comment removed) and the
    /// lines after it up to the next key.
    struct Entry {
        var key: String
        var line: Int
        var value: String
        var body: Range<Int>
    }

    /// The config with `quoted` (a double-quoted path) in its `import:` list, or nil when the
    /// path is already there. `import:` is added at the end when the config has none.
    static func added(_ text: String, path quoted: String) throws(ConfigRefusal) -> String? {
        guard let path = scalar(Array(quoted), from: 0, flow: false)?.value else {
            throw .unexpectedLayout("import")
        }
        let all = ConfigEdit.lines(text)
        let new: String
        switch try importList(all) {
        case .none:
            new = ConfigEdit.appended(text, "import:\n  - " + quoted)
        case .block(let items, let after, let prefix):
            if items.contains(path) { return nil }
            new = ConfigEdit.inserted(text, prefix + quoted, before: after)
        case .flow(let items, let line, let open, let close):
            if items.contains(path) { return nil }
            let current = Array(all[line])
            let inside = String(current[(open + 1)..<close]).trimmedSpaces()
            let joined =
                String(current[...open]) + (inside.isEmpty ? "" : inside + (inside.hasSuffix(",") ? " " : ", "))
                + quoted + String(current[close...])
            new = ConfigEdit.replaced(text, line: line, with: joined)
        }
        guard let check = try? importList(ConfigEdit.lines(new)), check.paths.contains(path) else {
            throw .unexpectedLayout("import")
        }
        return new
    }

    /// The keys under `colors:` (`colors.primary`...), which win over an imported theme
    /// (Alacritty loads the importing file last); `colors` alone when its value is not a block.
    static func colourKeys(_ text: String) -> [String] {
        let all = ConfigEdit.lines(text)
        guard let found = try? entries(all), let colours = found.first(where: { $0.key == "colors" }) else {
            return []
        }
        if !colours.value.isEmpty {
            return ["{}", "~", "null"].contains(colours.value) ? [] : ["colors"]
        }
        let body = colours.body.map { all[$0] }.filter { !isBlankOrComment($0) }
        guard let indent = body.map(indentation).min() else { return [] }
        var keys: [String] = []
        for line in body where indentation(line) == indent {
            let content = Array(line.dropFirst(indent))
            if let key = plainKey(content) { keys.append(key.name) }
        }
        return keys.sorted().map { "colors." + $0 }
    }

    // MARK: - The import list

    enum ImportList {
        case none
        /// The paths (nil for one palette-tui does not decode), the line index a new item goes
        /// before, and the new item's indentation and dash.
        case block([String?], after: Int, prefix: String)
        /// A flow sequence on the key's line: the paths, the line and the indexes of its `[` and `]`.
        case flow([String?], line: Int, open: Int, close: Int)

        var paths: [String?] {
            switch self {
            case .none: return []
            case .block(let items, _, _), .flow(let items, _, _, _): return items
            }
        }
    }

    static func importList(_ all: [String]) throws(ConfigRefusal) -> ImportList {
        let found = try entries(all)
        let imports = found.filter { $0.key == "import" }
        guard let entry = imports.first else { return .none }
        guard imports.count == 1 else { throw .unexpectedLayout("import") }
        if entry.value.hasPrefix("[") {
            let line = Array(all[entry.line])
            guard let colon = line.firstIndex(of: ":"), let open = line[colon...].firstIndex(of: "[") else {
                throw .unexpectedLayout("import")
            }
            var items: [String?] = []
            var i = skipSpaces(line, open + 1)
            if i < line.count && line[i] == "]" {
                return try flowEnd(line, open, i, items: items, entry: entry)
            }
            while true {
                guard let (value, end) = scalar(line, from: i, flow: true) else { throw .unexpectedLayout("import") }
                items.append(value)
                i = skipSpaces(line, end)
                guard i < line.count else { throw .unexpectedLayout("import") }
                if line[i] == "]" { return try flowEnd(line, open, i, items: items, entry: entry) }
                guard line[i] == "," else { throw .unexpectedLayout("import") }
                i = skipSpaces(line, i + 1)
                if i < line.count && line[i] == "]" { return try flowEnd(line, open, i, items: items, entry: entry) }
            }
        }
        guard entry.value.isEmpty else { throw .unexpectedLayout("import") }
        var items: [String?] = []
        var last = entry.line
        var itemIndent: Int?
        for index in entry.body where !isBlankOrComment(all[index]) {
            let line = Array(all[index])
            let indent = indentation(all[index])
            guard indent + 1 < line.count, line[indent] == "-", line[indent + 1] == " ", indent == itemIndent ?? indent
            else { throw .unexpectedLayout("import") }
            guard let (value, end) = scalar(line, from: skipSpaces(line, indent + 2), flow: false) else {
                throw .unexpectedLayout("import")
            }
            let rest = skipSpaces(line, end)
            guard rest == line.count || line[rest] == "#" else { throw .unexpectedLayout("import") }
            items.append(value)
            itemIndent = indent
            last = index
        }
        return .block(items, after: last + 1, prefix: String(repeating: " ", count: itemIndent ?? 2) + "- ")
    }

    /// The end of a flow sequence at `close`: nothing but a comment may follow it.
    static func flowEnd(_ line: [Character], _ open: Int, _ close: Int, items: [String?], entry: Entry)
        throws(ConfigRefusal) -> ImportList
    {
        let rest = skipSpaces(line, close + 1)
        guard rest == line.count || line[rest] == "#" else { throw .unexpectedLayout("import") }
        return .flow(items, line: entry.line, open: open, close: close)
    }

    // MARK: - Reading

    /// The top-level keys, in order. Refuses (with the line, 1-based) what is not a block
    /// mapping at column 0 palette-tui can follow.
    static func entries(_ all: [String]) throws(ConfigRefusal) -> [Entry] {
        var found: [Entry] = []
        var scan = Scan()
        var started = false
        for (index, line) in all.enumerated() {
            let chars = Array(line)
            if let block = scan.blockIndent {
                if isBlank(line) || indentation(line) > block { continue }
                scan.blockIndent = nil
            }
            if scan.isOpen {
                if !isBlank(line) && chars.first != " " { throw .notYAML(line: index + 1) }
                guard scan.run(chars, from: 0, indent: indentation(line)) else { throw .notYAML(line: index + 1) }
                continue
            }
            if isBlankOrComment(line) { continue }
            let indent = indentation(line)
            if chars[indent] == "\t" { throw .notYAML(line: index + 1) }
            if indent > 0 {
                guard !found.isEmpty else { throw .notYAML(line: index + 1) }
                guard scan.run(chars, from: indent, indent: indent) else { throw .notYAML(line: index + 1) }
                continue
            }
            if line == "---" || line.hasPrefix("--- #") {
                guard !started else { throw .notYAML(line: index + 1) }
                started = true
                continue
            }
            started = true
            if chars[0] == "-" && (chars.count == 1 || chars[1] == " ") {
                // A sequence at the key's own indentation (`import:` then `- path` at column 0).
                guard let last = found.last, last.value.isEmpty else { throw .notYAML(line: index + 1) }
                guard scan.run(chars, from: 0, indent: 0) else { throw .notYAML(line: index + 1) }
                continue
            }
            guard let key = plainKey(chars) else { throw .notYAML(line: index + 1) }
            if !found.isEmpty { found[found.count - 1].body = found[found.count - 1].line + 1..<index }
            let value = String(chars[key.end...]).trimmedSpaces()
            found.append(Entry(key: key.name, line: index, value: withoutComment(value), body: index + 1..<all.count))
            guard scan.run(chars, from: key.end, indent: 0, atStart: true) else { throw .notYAML(line: index + 1) }
        }
        if scan.isOpen { throw .notYAML(line: all.count) }
        return found
    }

    /// A plain key at the start of `chars` and the index after its colon, else nil.
    static func plainKey(_ chars: [Character]) -> (name: String, end: Int)? {
        guard let first = chars.first, first.isASCII, first.isLetter || first == "_" else { return nil }
        var i = 0
        while i < chars.count, chars[i].isASCII, chars[i].isLetter || chars[i].isNumber || "_-".contains(chars[i]) {
            i += 1
        }
        let name = String(chars[..<i])
        i = skipSpaces(chars, i)
        guard i < chars.count, chars[i] == ":", i + 1 == chars.count || chars[i + 1] == " " else { return nil }
        return (name, i + 1)
    }

    /// What continues from line to line: an open quoted scalar or flow collection, or a block
    /// scalar (`|`, `>`) whose lines are indented past `blockIndent`.
    struct Scan {
        var quote: Character?
        var open: [Character] = []
        var blockIndent: Int?

        var isOpen: Bool { quote != nil || !open.isEmpty }

        /// Reads `chars` from `i`; false for a bracket that closes what it did not open.
        mutating func run(_ chars: [Character], from start: Int, indent: Int, atStart initial: Bool = true) -> Bool {
            var atStart = quote == nil && (initial || !open.isEmpty)
            var i = start
            while i < chars.count {
                let c = chars[i]
                let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
                if let q = quote {
                    if q == "\"" && c == "\\" {
                        i += 2
                        continue
                    }
                    if c == q {
                        if q == "'" && next == "'" {
                            i += 2
                            continue
                        }
                        quote = nil
                    }
                    i += 1
                    continue
                }
                if c == "#" && (i == 0 || chars[i - 1] == " " || chars[i - 1] == "\t") { return true }
                if c == " " || c == "\t" {
                    i += 1
                    continue
                }
                if atStart {
                    switch c {
                    case "\"", "'":
                        quote = c
                        atStart = false
                    case "[", "{":
                        open.append(c)
                    case "]", "}":
                        guard let last = open.popLast(), (last == "[") == (c == "]") else { return false }
                        atStart = false
                    case ",":
                        break
                    case "|" where open.isEmpty, ">" where open.isEmpty:
                        blockIndent = indent
                        return true
                    case "&", "!":
                        while i + 1 < chars.count && chars[i + 1] != " " { i += 1 }
                    case "-" where next == nil || next == " ", "?" where next == nil || next == " ",
                        ":" where next == nil || next == " ":
                        break
                    default:
                        atStart = false
                    }
                    i += 1
                    continue
                }
                // Inside a plain scalar (or after a quoted one).
                if c == ":" && (next == nil || next == " " || (!open.isEmpty && ",]}".contains(next!))) {
                    atStart = true
                } else if !open.isEmpty {
                    if c == "," {
                        atStart = true
                    } else if c == "]" || c == "}" {
                        guard let last = open.popLast(), (last == "[") == (c == "]") else { return false }
                    }
                }
                i += 1
            }
            return true
        }
    }

    /// One scalar at `i` on one line: its value (nil for a double-quoted escape palette-tui does
    /// not decode) and the index after it; nil when there is no scalar there it can read.
    /// `flow`: inside `[...]`, where a plain scalar also ends at `,` and `]`.
    static func scalar(_ c: [Character], from start: Int, flow: Bool) -> (value: String?, end: Int)? {
        guard start < c.count else { return nil }
        var i = start
        if c[i] == "'" {
            var out = ""
            i += 1
            while i < c.count {
                if c[i] == "'" {
                    if i + 1 < c.count && c[i + 1] == "'" {
                        out.append("'")
                        i += 2
                        continue
                    }
                    return (out, i + 1)
                }
                out.append(c[i])
                i += 1
            }
            return nil
        }
        if c[i] == "\"" {
            var out: String? = ""
            i += 1
            while i < c.count {
                if c[i] == "\"" { return (out, i + 1) }
                if c[i] == "\\" {
                    guard i + 1 < c.count else { return nil }
                    let simple: [Character: String] = [
                        "\\": "\\", "\"": "\"", "/": "/", "t": "\t", "n": "\n", "r": "\r", "0": "\0", " ": " ",
                    ]
                    if let s = simple[c[i + 1]] {
                        out?.append(s)
                        i += 2
                        continue
                    }
                    let width = ["x": 2, "u": 4, "U": 8][c[i + 1]] ?? 0
                    let digits = String(c[min(i + 2, c.count)..<min(i + 2 + width, c.count)])
                    if width > 0, digits.count == width, let v = UInt32(digits, radix: 16), let u = Unicode.Scalar(v) {
                        out?.unicodeScalars.append(u)
                        i += 2 + width
                    } else {
                        out = nil
                        i += 2
                    }
                    continue
                }
                out?.append(c[i])
                i += 1
            }
            return nil
        }
        let next: Character? = i + 1 < c.count ? c[i + 1] : nil
        if "[]{},&*!|>%@`#".contains(c[i]) || ("-?:".contains(c[i]) && (next == nil || next == " ")) { return nil }
        while i < c.count {
            if c[i] == ":" && (i + 1 == c.count || c[i + 1] == " ") { return nil }
            if c[i] == "#" && (c[i - 1] == " " || c[i - 1] == "\t") { break }
            if flow && ",[]{}".contains(c[i]) { break }
            i += 1
        }
        var end = i
        while end > start && (c[end - 1] == " " || c[end - 1] == "\t") { end -= 1 }
        return (String(c[start..<end]), end)
    }

    /// `value` up to its comment (a `#` after a space, outside a quoted scalar).
    static func withoutComment(_ value: String) -> String {
        let c = Array(value)
        var quote: Character?
        var previous: Character = ","  // the last character outside spaces: a scalar may start after , [ { :
        var i = 0
        while i < c.count {
            let ch = c[i]
            if let q = quote {
                if q == "\"" && ch == "\\" {
                    i += 2
                    continue
                }
                if ch == q {
                    if q == "'" && i + 1 < c.count && c[i + 1] == "'" {
                        i += 2
                        continue
                    }
                    quote = nil
                }
            } else if ch == "#" && (i == 0 || c[i - 1] == " " || c[i - 1] == "\t") {
                break
            } else if (ch == "\"" || ch == "'") && ",[{:".contains(previous) {
                quote = ch
            }
            if ch != " " && ch != "\t" { previous = ch }
            i += 1
        }
        return String(c[..<min(i, c.count)]).trimmedSpaces()
    }

    static func skipSpaces(_ c: [Character], _ from: Int) -> Int {
        var i = from
        while i < c.count && (c[i] == " " || c[i] == "\t") { i += 1 }
        return i
    }

    static func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }

    static func isBlankOrComment(_ line: String) -> Bool {
        let t = line.drop { $0 == " " || $0 == "\t" }
        return t.isEmpty || t.first == "#"
    }
}
