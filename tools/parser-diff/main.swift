// The parser's differential check: the same generated replies through two copies of
// PaletteCore, `OldCore` (a base commit's sources) and `PaletteCore` (the worktree's), and every
// answer compared: the palette, or the error's message and its structure, and ModelAnswer's
// reading. Not part of the product: tools/parser_diff.py builds it in a scratch package.
//
//   parser-diff COUNT [SEED]    prints the first difference and exits 1, or "N inputs, identical".
import Foundation
import OldCore
import PaletteCore

/// The generator is TestSupport's `SplitMix64` (Tests/TestSupport/SplitMix64.swift, compiled
/// into this tool by tools/parser_diff.py): the same inputs for the same seed on every machine.
typealias Generator = SplitMix64

extension SplitMix64 {
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

let hexDigits = Array("0123456789abcdefABCDEF")
let nonHex = Array("gGzZxX_-.&;:()[]{}")

/// A `#` code of any length 0...10, sometimes with a wrong digit, sometimes a 4/8-digit alpha form.
func code(_ g: inout Generator) -> String {
    var s = g.below(10) == 0 ? "" : "#"
    let alphaForms = [3, 4, 6, 8]
    let n = g.below(3) == 0 ? g.below(11) : g.pick(alphaForms)
    for k in 0..<n {
        if g.below(25) == 0 {
            s.append(g.pick(nonHex))
        } else if (n == 4 && k == 3) || (n == 8 && k >= 6), g.below(2) == 0 {
            s.append(g.pick(["F", "f", "0", "8", "C"]))
        } else {
            s.append(g.pick(hexDigits))
        }
    }
    return s
}

let functions = [
    "rgb(47 93 80)", "rgb(47, 93, 80)", "rgba(47,93,80,1)", "rgba(47,93,80,0.5)", "hsl(120 50% 40%)",
    "hsl(120deg 50% 40% / 0.5)", "hwb(30 10% 20%)", "lab(50 20 -30)", "lch(50 30 200)",
    "oklab(0.6 0.1 -0.1)", "oklch(0.7 0.1 150)", "oklch(0.7 0.4 150)", "color(display-p3 0 1 0)",
    "color(srgb 0.1 0.2 0.3)", "color(xyz 0.2 0.3 0.4)", "rgb(1 2)", "rgb(", "rgb()", "RGB(10 20 30)",
    "colour(s)", "color(s)", "rgb(1 2 3", "hsl(a b c)", "abc(1 2 3)", "foo(", "rgb(300 -4 20)",
    "rgb(1 2 3)x", "rgb(1 2 3)(", "#rgb(1 2 3)", "a#rgb(1 2 3)", "_rgb(1 2 3)", "9rgb(1 2 3)", "lab(",
    "oklch(", "(", ")", "((", "rgb ((1 2 3)", "transparent", "rgb(0 0 0 / 0)",
]

let words = [
    "primary", "Primary", "PRIMARY", "secondary", "Secondary", "accent", "Accent", "main", "base",
    "highlight", "support", "emphasis", "dominant", "complementary", "primaryColor", "accent_colour",
    "Primary Color", "hexcode", "colorcode", "主色", "主色調", "主色调", "輔助色", "辅助色", "強調色", "强调色",
    "點綴色", "次要色", "主要", "role", "type", "name", "hex", "color", "colour", "value", "palette", "colors",
    "navy", "teal", "coral", "forest", "moss", "gold", "slate green", "靛青", "corral", "tael", "json",
    "the", "a", "and", "mist", "over", "lake", "issue", "fff", "bad", "fed", "cafe", "deadbeef",
    "\u{F900}", "\u{2F800}", "e\u{301}", "ﬁ", "Ｐrimary", "İ", "ß", "😀", "\u{200B}", "\u{00A0}", "\u{3000}",
]

let punctuation = [
    " ", " ", " ", "  ", "\n", "\n", "\r\n", "\t", ":", ": ", "：", "=", "=>", "->", "—", "–", "|", " - ",
    ",", ", ", "，", ";", "；", "、", ".", "。", "*", "**", "`", "```", "```json\n", "```\n", "- ", "• ", "·",
    "1. ", "2)", "(", ")", "（", "[", "]", "{", "}", "\"", "'", "\\", "\\\"", "\\n", "\\u0041", "\\uD83C\\uDFA8",
    "\\u00", "//", "/*", "*/", "&", "&#", "&#x", "#", "##", "<think>", "</think>", "_", "$", "+", "-", "0x",
    "true", "null", "false", "-1.5e3", "12", "\u{0}", "\u{1B}",
]

let templates = [
    ##"{"primary":"#2E86AB","secondary":"#A23B72","accent":"#F18F01"}"##,
    ##"["#0B132B", "#5BC0BE", "#F4D35E"]"##,
    "Primary: #264653 (charcoal teal)\nSecondary: #2A9D8F (persian green)\nAccent: #E9C46A (saffron)",
    "主色：#2F5D50\n輔助色：#A8C3A0\n強調色：#F2C14E\n這組配色帶來寧靜的森林早晨感。",
    ##"{"primary": {"hex": "#1B3A4B"}, "secondary": {"hex": "#65AFFF"}, "accent": {"hex": "#FFB703"}}"##,
    "Primary: navy, Secondary: teal, Accent: coral", "navy, teal, coral", "navy teal coral",
    "- **Accent** = coral", "| Primary | navy |", "```json\n{\n  \"primary\": \"#2F5D50\",\n}\n```",
]

func piece(_ g: inout Generator) -> String {
    switch g.below(12) {
    case 0, 1, 2: return code(&g)
    case 3: return g.pick(functions)
    case 4, 5, 6: return g.pick(words)
    case 7: return g.pick(templates)
    case 8 where g.below(3) == 0:
        // A string longer than what is stored (256 bytes), with escapes on both sides of the cut.
        let unit = g.pick(["ab", "\\u00e9", "\\\"", "\\n", "x\\", "\\uD83C\\uDFA8", "'", "#2E86 "])
        let end = g.pick(["\"", "'", "\n", "\r", "", "\\"])
        return g.pick(["\"", "'"]) + String(repeating: unit, count: 20 + g.below(200)) + end
    case 8:
        // A long run, so the line limits (200, 400, 600 bytes) and the stored-string cut (256) are crossed.
        let filler = g.pick(["a", " ", "x ", "mist ", "#", "\\\"", "、", "{", "[", "`", "(", "# "])
        return String(repeating: filler, count: 50 + g.below(400))
    default: return g.pick(punctuation)
    }
}

func input(_ g: inout Generator) -> String {
    if g.below(20) == 0 {
        // Raw bytes, decoded as the app decodes them.
        let bytes = (0..<g.below(200)).map { _ in UInt8(truncatingIfNeeded: g.next()) }
        return String(decoding: bytes, as: UTF8.self)
    }
    var s = g.below(6) == 0 ? g.pick(templates) : ""
    for _ in 0..<(1 + g.below(30)) { s += piece(&g) }
    if g.below(4) == 0, !s.isEmpty {
        // Cut it somewhere, as a truncated reply is.
        var scalars = Array(s.unicodeScalars)
        scalars.removeLast(g.below(scalars.count))
        s = String(String.UnicodeScalarView(scalars))
    }
    return s
}

func structure(_ value: Any) -> String {
    var out = ""
    dump(value, to: &out)
    return out.replacingOccurrences(of: "OldCore.", with: "").replacingOccurrences(of: "PaletteCore.", with: "")
}

/// One parser's answer: the palette or the error (message and structure), and the reading.
func answer(_ text: String, parse: (String) throws -> String, read: (String) -> Any) -> String {
    var answer: String
    do {
        answer = try parse(text)
    } catch {
        answer = "error \(String(describing: error))\n\(structure(error))"
    }
    return answer + "\nreading \(structure(read(text)))"
}

func old(_ text: String) -> String {
    answer(
        text,
        parse: {
            let p = try OldCore.PaletteParser.parse($0)
            return "palette \(p.primary.hex) \(p.secondary.hex) \(p.accent.hex)"
        }, read: { OldCore.ModelAnswer.read($0) })
}

func new(_ text: String) -> String {
    answer(
        text,
        parse: {
            let p = try PaletteCore.PaletteParser.parse($0)
            return "palette \(p.primary.hex) \(p.secondary.hex) \(p.accent.hex)"
        }, read: { PaletteCore.ModelAnswer.read($0) })
}

/// Whether the text holds `#` and 4 or 8 hex digits ending a word (the alpha forms the prose
/// reader took up on 2026-12-01), which a base from before that change answers otherwise.
func holdsAlphaCode(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    func isWord(_ b: UInt8) -> Bool {
        b == 0x5F || (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
    }
    var i = 0
    while i < bytes.count {
        if bytes[i] == UInt8(ascii: "#") {
            var j = i + 1
            while j < bytes.count, "0123456789abcdefABCDEF".utf8.contains(bytes[j]) { j += 1 }
            if j - i - 1 == 4 || j - i - 1 == 8, j == bytes.count || !isWord(bytes[j]) { return true }
        }
        i += 1
    }
    return false
}

let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1])! : 10_000
var generator = SplitMix64(seed: arguments.count > 2 ? UInt64(arguments[2])! : 1)
// `--skip-alpha`: inputs with an alpha code are counted apart, not compared.
let skipAlpha = arguments.contains("--skip-alpha")
var skipped = 0
var palettes = 0
var kinds: [String: Int] = [:]
for n in 0..<count {
    let text = input(&generator)
    if skipAlpha && holdsAlphaCode(text) {
        skipped += 1
        continue
    }
    let a = old(text)
    let b = new(text)
    if a != b {
        print("difference at input \(n):")
        print(text.debugDescription)
        print("--- base\n\(a)\n--- new\n\(b)")
        exit(1)
    }
    if a.hasPrefix("palette") { palettes += 1 }
    let kind = String(a.prefix(while: { $0 != ":" && $0 != "\n" }).prefix(40))
    kinds[kind, default: 0] += 1
}
print(
    "\(count - skipped) inputs, identical (\(palettes) palettes)"
        + (skipAlpha ? "; \(skipped) with an alpha code not compared" : ""))
for (kind, n) in kinds.sorted(by: { $0.value > $1.value }).prefix(12) { print("  \(n)\t\(kind)") }
