import FoundationEssentials
import Glibc

/// A stretch of the description field that may name an image file, and the words around it.
public struct ImageCandidate: Hashable, Sendable {
    /// The path as the user wrote it, with quotes and backslash escapes undone ("~/My pics/a.png").
    public var path: String
    /// The rest of the field, which steers the palette ("calmer").
    public var rest: String

    public init(path: String, rest: String) {
        self.path = path
        self.rest = rest
    }
}

/// Finds paths in what was typed or pasted into the description field, as terminals paste a
/// dragged file: bare, quoted ('…' or "…"), with backslash-escaped spaces, `~/…`, or a
/// `file://` URL. Pure: whether a candidate names an image file is `ImageClient`'s question.
public enum ImagePath {
    /// Names that say "picture" whatever their bytes: a file so named is read as an image, so
    /// one that is not a PNG, JPEG or WebP gets the decoder's sentence rather than becoming words.
    static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "jfif", "webp", "gif", "bmp", "tif", "tiff", "heic", "heif", "avif",
    ]
    /// Paths with unescaped spaces are tried up to this many words long.
    static let longestSpan = 8
    /// At most this many candidates are looked at for one field.
    static let mostCandidates = 16

    struct Token {
        var value: String
        var range: Range<String.Index>
        /// Part of it was quoted or escaped: the user marked it as one thing.
        var marked: Bool
    }

    /// The field split as a shell splits words: whitespace outside quotes separates; `\` escapes
    /// the next character outside single quotes; quotes are removed.
    static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var value = ""
        var start: String.Index?
        var marked = false
        var quote: Character?
        var i = text.startIndex
        func finish(at end: String.Index) {
            if let s = start { tokens.append(Token(value: value, range: s..<end, marked: marked)) }
            value = ""
            start = nil
            marked = false
        }
        while i < text.endIndex {
            let c = text[i]
            let next = text.index(after: i)
            if let q = quote {
                if c == q {
                    quote = nil
                } else if c == "\\", q == "\"", next < text.endIndex, "\"\\$`".contains(text[next]) {
                    value.append(text[next])
                    i = text.index(after: next)
                    continue
                } else {
                    value.append(c)
                }
            } else if c.isWhitespace {
                finish(at: i)
            } else {
                if start == nil { start = i }
                if c == "'" || c == "\"" {
                    quote = c
                    marked = true
                } else if c == "\\", next < text.endIndex {
                    value.append(text[next])
                    marked = true
                    i = text.index(after: next)
                    continue
                } else {
                    value.append(c)
                }
            }
            i = next
        }
        finish(at: text.endIndex)
        return tokens
    }

    /// Whether `value` starts the way a path does: `/x`, `~/`, `./`, `../` or `file://`.
    static func startsLikePath(_ value: String) -> Bool {
        (value.hasPrefix("/") && value.count > 1) || value.hasPrefix("~/") || value.hasPrefix("./")
            || value.hasPrefix("../") || value.hasPrefix("file://")
    }

    /// Whether `value` ends with an image file's extension ("photo.JPG").
    static func hasImageExtension(_ value: String) -> Bool {
        guard let dot = value.lastIndex(of: "."), dot > value.startIndex else { return false }
        let ext = value[value.index(after: dot)...]
        return !ext.contains("/") && imageExtensions.contains(ext.lowercased())
    }

    /// The stretches of `text` that may name an image, most likely first: each token that looks
    /// like a path (starts like one, ends with an image extension, or was quoted or escaped
    /// and holds a `/`), and runs of words from one that starts like a path to one that ends
    /// with an image extension (a path typed with bare spaces). Empty when nothing looks like a
    /// path: the field is then a description and nothing is read.
    public static func candidates(in text: String) -> [ImageCandidate] {
        let tokens = tokens(text)
        var found: [ImageCandidate] = []
        var seen = Set<String>()
        func add(_ path: String, _ range: Range<String.Index>) {
            guard found.count < mostCandidates, seen.insert(path).inserted else { return }
            found.append(ImageCandidate(path: path, rest: rest(of: text, without: range)))
        }
        for (i, token) in tokens.enumerated() {
            var value = token.value
            var range = token.range
            // "like ~/a.png, but calmer": the comma is the sentence's, not the path's.
            if !token.marked, let last = value.last, ",;".contains(last), hasImageExtension(String(value.dropLast())) {
                value.removeLast()
                range = range.lowerBound..<text.index(before: range.upperBound)
            }
            if startsLikePath(value), !token.marked {
                // A path with bare spaces: the run up to a word with an image extension.
                var joined = value
                for j in (i + 1)..<min(i + longestSpan, tokens.count) {
                    joined += " " + tokens[j].value
                    if hasImageExtension(tokens[j].value) {
                        add(url(joined), token.range.lowerBound..<tokens[j].range.upperBound)
                    }
                }
            }
            if startsLikePath(value) || hasImageExtension(value) || (token.marked && value.contains("/")) {
                add(url(value), range)
            }
        }
        return found
    }

    /// `text` without `range`, the words on either side joined by one space (none before
    /// punctuation), trimmed.
    static func rest(of text: String, without range: Range<String.Index>) -> String {
        let before = text[..<range.lowerBound].trimmedSpaces()
        var after = text[range.upperBound...].trimmedSpaces()
        if before.isEmpty {
            // "~/a.png, but calmer": the comma went with the path.
            while let first = after.first, ",;:".contains(first) { after.removeFirst() }
            return after.trimmedSpaces()
        }
        if after.isEmpty { return before }
        if let first = after.first, ",;:.!?".contains(first) { return before + after }
        return before + " " + after
    }

    /// A `file://` URL as the path it names (percent escapes undone); any other text as it is.
    static func url(_ value: String) -> String {
        guard value.hasPrefix("file://") else { return value }
        var path = String(value.dropFirst("file://".count))
        if path.hasPrefix("localhost/") { path = String(path.dropFirst("localhost".count)) }
        return path.removingPercentEscapes() ?? path
    }

    /// The absolute path `path` names: `~` is `home`, a relative path is taken from `directory`;
    /// `.` and `..` are folded (links are not followed).
    public static func resolve(_ path: String, home: String?, directory: String) -> String {
        var full = path
        if path == "~" || path.hasPrefix("~/"), let home, !home.isEmpty {
            full = home + path.dropFirst()
        } else if !path.hasPrefix("/") {
            full = (directory.hasSuffix("/") ? directory : directory + "/") + path
        }
        let absolute = full.hasPrefix("/")
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// The file's name, as the thumbnail and the history show it ("photo.png").
    public static func fileName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.isEmpty ? path : name
    }
}
