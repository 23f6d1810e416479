import Foundation
import XCTest

@testable import PaletteCore

/// Every accepted and rejected form of model output, as tables.
final class PaletteParserTests: XCTestCase {
    private let expected = Palette(
        primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72), accent: RGB(packed: 0xF18F01))

    // MARK: - Accepted

    /// Inputs that must all read as #2E86AB / #A23B72 / #F18F01.
    private let accepted: [(String, String)] = [
        ("original app array", ##"["#2E86AB", "#A23B72", "#F18F01"]"##),
        ("compact array", ##"["#2E86AB","#A23B72","#F18F01"]"##),
        ("lower case", ##"["#2e86ab", "#a23b72", "#f18f01"]"##),
        ("without #", ##"["2E86AB", "a23b72", "F18F01"]"##),
        ("surrounding white space in strings", ##"[" #2E86AB ", "\t#A23B72", "#F18F01\n"]"##),
        ("role object", ##"{"primary": "#2E86AB", "secondary": "#A23B72", "accent": "#F18F01"}"##),
        ("role object, other order", ##"{"accent": "#F18F01", "primary": "#2E86AB", "secondary": "#A23B72"}"##),
        ("role object, any case", ##"{"PRIMARY": "#2E86AB", "Secondary": "#A23B72", "aCcEnT": "#F18F01"}"##),
        (
            "role object, Color suffix",
            ##"{"primaryColor": "#2E86AB", "secondary_color": "#A23B72", "Accent Colour": "#F18F01"}"##
        ),
        (
            "role object, hex suffix",
            ##"{"primary_hex": "#2E86AB", "secondary-hex": "#A23B72", "accentHex": "#F18F01"}"##
        ),
        (
            "CSS variable names",
            ##"{"--color-primary": "#2E86AB", "--color-secondary": "#A23B72", "--color-accent": "#F18F01"}"##
        ),
        ("English synonyms", ##"{"main": "#2E86AB", "supporting": "#A23B72", "highlight": "#F18F01"}"##),
        ("Traditional Chinese roles", ##"{"主色": "#2E86AB", "輔助色": "#A23B72", "強調色": "#F18F01"}"##),
        ("Simplified Chinese roles", ##"{"主色": "#2E86AB", "辅助色": "#A23B72", "强调色": "#F18F01"}"##),
        (
            "escaped Chinese keys",
            ##"{"\u4e3b\u8272": "#2E86AB", "\u8f14\u52a9\u8272": "#A23B72", "\u5f37\u8abf\u8272": "#F18F01"}"##
        ),
        ("Chinese synonyms", ##"{"主色調": "#2E86AB", "辅色": "#A23B72", "點綴色": "#F18F01"}"##),
        ("json fence", "```json\n[\"#2E86AB\", \"#A23B72\", \"#F18F01\"]\n```"),
        ("bare fence", "```\n{\"primary\": \"#2E86AB\", \"secondary\": \"#A23B72\", \"accent\": \"#F18F01\"}\n```"),
        ("prose around JSON", "Here you go: [\"#2E86AB\", \"#A23B72\", \"#F18F01\"] Enjoy!"),
        (
            "pretty-printed with trailing white space",
            "{\n    \"primary\": \"#2E86AB\",   \n    \"secondary\": \"#A23B72\",\t\n    \"accent\": \"#F18F01\"\n}   \n\n  "
        ),
        (
            "CRLF line ends",
            "{\r\n  \"primary\": \"#2E86AB\",\r\n  \"secondary\": \"#A23B72\",\r\n  \"accent\": \"#F18F01\"\r\n}\r\n"
        ),
        ("short hex", ##"["#38A", "#A23B72", "#F18F01"]"##),
        (
            "nested palette object",
            ##"{"palette": {"primary": "#2E86AB", "secondary": "#A23B72", "accent": "#F18F01"}}"##
        ),
        ("nested colors array", ##"{"name": "Harbour", "colors": ["#2E86AB", "#A23B72", "#F18F01"]}"##),
        ("deeper wrapper", ##"{"result": {"data": {"palette": ["#2E86AB", "#A23B72", "#F18F01"]}}}"##),
        ("array of colour objects", ##"[{"hex": "#2E86AB"}, {"hex": "#A23B72"}, {"hex": "#F18F01"}]"##),
        (
            "array of objects with roles out of order",
            ##"[{"role": "accent", "color": "#F18F01"}, {"role": "primary", "color": "#2E86AB"}, {"role": "secondary", "color": "#A23B72"}]"##
        ),
        (
            "roles holding objects",
            ##"{"primary": {"hex": "#2E86AB", "name": "harbour"}, "secondary": {"hex": "#A23B72"}, "accent": {"value": "#F18F01"}}"##
        ),
        ("object of named colours", ##"{"Harbour Blue": "#2E86AB", "Berry": "#A23B72", "Tangerine": "#F18F01"}"##),
        (
            "extra non-colour keys",
            ##"{"primary": "#2E86AB", "secondary": "#A23B72", "accent": "#F18F01", "mood": "calm", "score": 9}"##
        ),
        ("single quotes", "['#2E86AB', '#A23B72', '#F18F01']"),
        ("unquoted keys", "{primary: \"#2E86AB\", secondary: \"#A23B72\", accent: \"#F18F01\"}"),
        ("unquoted values", "[#2E86AB, #A23B72, #F18F01]"),
        ("trailing commas", "{\"primary\": \"#2E86AB\", \"secondary\": \"#A23B72\", \"accent\": \"#F18F01\",}"),
        ("comments", "[\n  \"#2E86AB\", // harbour\n  /* berry */ \"#A23B72\",\n  \"#F18F01\"\n]"),
        ("CSS block", ":root { --color-primary: #2E86AB; --color-secondary: #A23B72; --color-accent: #F18F01; }"),
        (
            "example before the answer is skipped when not a palette",
            "Format: [\"#RRGGBB\"]\nAnswer: [\"#2E86AB\", \"#A23B72\", \"#F18F01\"]"
        ),
        ("stray bracket in prose", "Colours [see below]: [\"#2E86AB\", \"#A23B72\", \"#F18F01\"]"),
        ("numbers are not colours", "[1, 2, 3] then [\"#2E86AB\", \"#A23B72\", \"#F18F01\"]"),
        ("prose hex codes", "I chose #2E86AB for the sky, #A23B72 for the berries and #F18F01 for the sun."),
        ("prose lines with labels", "Primary: #2E86AB\nSecondary: #A23B72\nAccent: #F18F01"),
        ("prose labels out of order", "Accent - #F18F01\nPrimary - #2E86AB\nSecondary - #A23B72"),
        ("Chinese prose labels out of order", "強調色：#F18F01\n主色：#2E86AB\n輔助色：#A23B72"),
        (
            "markdown bullets with backticks",
            "- **Primary**: `#2E86AB`\n- **Secondary**: `#A23B72`\n- **Accent**: `#F18F01`"
        ),
        (
            "truncated JSON falls back to its codes",
            "{\"primary\": \"#2E86AB\", \"secondary\": \"#A23B72\", \"accent\": \"#F18F01\", \"why\": \"the"
        ),
        ("unterminated string before the answer", "He said \"[\n[\"#2E86AB\", \"#A23B72\", \"#F18F01\"]"),
        ("byte order mark", "\u{FEFF}[\"#2E86AB\", \"#A23B72\", \"#F18F01\"]"),
        (
            "Gemini response body with the text escaped",
            ##"{"candidates": [{"content": {"parts": [{"text": "[\"#2E86AB\", \"#A23B72\", \"#F18F01\"]"}]}}]}"##
        ),
    ]

    func testAcceptedForms() {
        for (name, input) in accepted {
            var palette = expected
            if name == "short hex" { palette.primary = RGB(packed: 0x3388AA) }
            XCTAssertEqual(
                Result { () throws(PaletteParseError) in try PaletteParser.parse(input) }, .success(palette), name)
        }
    }

    // MARK: - Rejected

    private let rejected: [(String, String, PaletteParseError)] = [
        ("empty", "", .noPaletteFound),
        ("white space", " \n\t ", .noPaletteFound),
        ("refusal", "I'm sorry, I can't help with that.", .noPaletteFound),
        ("JSON without colours", ##"{"error": "quota exceeded", "code": 429}"##, .noPaletteFound),
        ("words that are not colours", ##"["calm", "quiet", "lake"]"##, .noPaletteFound),
        ("a list of words with one colour name", ##"["calm", "navy", "lake"]"##, .noPaletteFound),
        ("colour words in prose are not labelled", "I like navy and coral and teal a lot.", .noPaletteFound),
        ("prose saying colour(s)", "Pick the colour(s) you like: the color(s) matter.", .noPaletteFound),
        ("numbers only", "[123456, 654321, 111111]", .noPaletteFound),
        ("issue number in prose", "See issue #12 and PR #3456.", .noPaletteFound),
        ("HTML entity", "&#123; is a brace", .noPaletteFound),
        ("two colours", ##"["#2E86AB", "#A23B72"]"##, .wrongColorCount(2)),
        ("four colours", ##"["#2E86AB", "#A23B72", "#F18F01", "#FFFFFF"]"##, .wrongColorCount(4)),
        ("one colour", ##"["#2E86AB"]"##, .wrongColorCount(1)),
        ("missing role", ##"{"primary": "#2E86AB", "accent": "#F18F01"}"##, .wrongColorCount(2)),
        ("five in prose", "#111 #222 #333 #444 #555", .wrongColorCount(5)),
        ("one in prose", "Try #2E86AB.", .wrongColorCount(1)),
        (
            "invalid digit", ##"["#2E86AB", "#A23B7Z", "#F18F01"]"##,
            .invalidColor("secondary", .invalidCharacter("Z", in: "#A23B7Z"))
        ),
        (
            "wrong length", ##"["#2E86AB", "#A23B72", "#F18F0"]"##,
            .invalidColor("accent", .wrongHexLength(5, in: "#F18F0"))
        ),
        (
            "eight digits, translucent", ##"["#2E86AB80", "#A23B72", "#F18F01"]"##,
            .invalidColor("primary", .translucent(alpha: 128.0 / 255, in: "#2E86AB80"))
        ),
        (
            "nine digits", ##"["#2E86ABFF0", "#A23B72", "#F18F01"]"##,
            .invalidColor("primary", .wrongHexLength(9, in: "#2E86ABFF0"))
        ),
        (
            "empty string", ##"{"primary": "", "secondary": "#A23B72", "accent": "#F18F01"}"##,
            .invalidColor("primary", .empty)
        ),
        (
            "unknown word for a role", ##"{"primary": "#2E86AB", "secondary": "glorp", "accent": "#F18F01"}"##,
            .invalidColor("secondary", .notAColor("glorp"))
        ),
        (
            "broken function for a role", ##"{"primary": "rgb(47 93)", "secondary": "#A23B72", "accent": "#F18F01"}"##,
            .invalidColor("primary", .badArguments(.count(function: "rgb", found: 2), in: "rgb(47 93)"))
        ),
        (
            "translucent function for a role",
            ##"{"primary": "rgba(47, 93, 80, 0.5)", "secondary": "#A23B72", "accent": "#F18F01"}"##,
            .invalidColor("primary", .translucent(alpha: 0.5, in: "rgba(47, 93, 80, 0.5)"))
        ),
        (
            "number for a role", ##"{"primary": "#2E86AB", "secondary": "#A23B72", "accent": 42}"##,
            .invalidColor("accent", .wrongLength(2, in: "42"))
        ),
        (
            "null for a role", ##"{"primary": null, "secondary": "#A23B72", "accent": "#F18F01"}"##,
            .invalidColor("primary", .notAColor("null"))
        ),
        (
            "Chinese role invalid", ##"{"主色": "#2E86AB", "輔助色": "#GGGGGG", "強調色": "#F18F01"}"##,
            .invalidColor("secondary", .invalidCharacter("G", in: "#GGGGGG"))
        ),
        (
            "three palettes of five",
            ##"[{"name": "a", "colors": ["#111", "#222", "#333", "#444", "#555"]}, {"name": "b", "colors": ["#111", "#222", "#333", "#444", "#555"]}]"##,
            .wrongColorCount(5)
        ),
    ]

    /// Issue 11 point 13: `parse` reads the colour forms models and people write, in JSON, in
    /// loose JSON, in prose and as bare lists, as well as hex.
    func testIssue11Point13EveryColourFormReadsInEveryShape() {
        let forest = RGB(r: 47, g: 93, b: 80)
        let navy = RGB(r: 0, g: 0, b: 128)
        let purple = RGB(r: 0x66, g: 0x33, b: 0x99)
        let coral = RGB(r: 0xFF, g: 0x7F, b: 0x50)
        let cases: [(String, String, Palette)] = [
            (
                "rgb() in a role object",
                ##"{"primary": "rgb(47, 93, 80)", "secondary": "navy", "accent": "#FF7F50"}"##,
                Palette(primary: forest, secondary: navy, accent: coral)
            ),
            (
                "modern syntax in an array", ##"["rgb(47 93 80)", "hsl(270 50% 40%)", "oklch(73.5% 0.168 40.2)"]"##,
                Palette(primary: forest, secondary: purple, accent: coral)
            ),
            (
                "names in an array", ##"["navy", "rebeccapurple", "coral"]"##,
                Palette(primary: navy, secondary: purple, accent: coral)
            ),
            (
                "names in objects of an array",
                ##"[{"color": "navy"}, {"color": "Rebecca Purple"}, {"color": "coral"}]"##,
                Palette(primary: navy, secondary: purple, accent: coral)
            ),
            (
                "names under synonyms", ##"{"main": "navy", "supporting": "rebeccapurple", "highlight": "coral"}"##,
                Palette(primary: navy, secondary: purple, accent: coral)
            ),
            (
                "unquoted functions in loose JSON",
                "{primary: rgb(47, 93, 80), secondary: hsl(270, 50%, 40%), accent: #FF7F50}",
                Palette(primary: forest, secondary: purple, accent: coral)
            ),
            (
                "functions in prose",
                "Use rgb(47 93 80) as the base, then hsl(270deg 50% 40%) and finally oklch(0.735 0.168 40.2).",
                Palette(primary: forest, secondary: purple, accent: coral)
            ),
            (
                "labelled lines with names, out of order", "Accent: coral\nPrimary: navy\nSecondary: rebeccapurple",
                Palette(primary: navy, secondary: purple, accent: coral)
            ),
            (
                "markdown labels with names and notes",
                "- **Primary**: `navy` (calm)\n- **Secondary**: rebecca purple, rich\n- **Accent**: coral.",
                Palette(primary: navy, secondary: purple, accent: coral)
            ),
            (
                "labelled lines mixing forms", "Primary = rgb(47 93 80)\nSecondary = rebeccapurple\nAccent = #FF7F50",
                Palette(primary: forest, secondary: purple, accent: coral)
            ),
            (
                "a bare list of names", "navy, rebeccapurple, coral",
                Palette(primary: navy, secondary: purple, accent: coral)
            ),
            (
                "names one a line", "navy\nrebeccapurple\ncoral\n",
                Palette(primary: navy, secondary: purple, accent: coral)
            ),
            ("names on one line", "navy rebeccapurple coral", Palette(primary: navy, secondary: purple, accent: coral)),
            (
                "a numbered list of names", "1. navy\n2. rebecca purple\n3. coral",
                Palette(primary: navy, secondary: purple, accent: coral)
            ),
            (
                "a list of words is beaten by a palette after it",
                ##"{"keywords": ["forest", "moss", "gold"], "palette": ["#2F5D50", "#663399", "#FF7F50"]}"##,
                Palette(primary: forest, secondary: purple, accent: coral)
            ),
        ]
        for (name, input, palette) in cases {
            XCTAssertEqual(
                Result { () throws(PaletteParseError) in try PaletteParser.parse(input) }, .success(palette), name)
        }
    }

    func testRejectedForms() {
        for (name, input, error) in rejected {
            XCTAssertEqual(
                Result { () throws(PaletteParseError) in try PaletteParser.parse(input) }, .failure(error), name)
        }
    }

    func testErrorMessagesSayWhatWasWrong() {
        XCTAssertEqual(
            PaletteParseError.wrongColorCount(2).description, "expected 3 colours (primary, secondary, accent), found 2"
        )
        XCTAssertEqual(
            PaletteParseError.invalidColor("accent", .wrongLength(5, in: "#F18F0")).description,
            ##"invalid accent colour: "#F18F0" is not a colour: expected 3 or 6 hex digits, found 5"##)
        XCTAssertTrue(PaletteParseError.noPaletteFound.description.hasPrefix("no palette found"))
    }

    // MARK: - Model output fixtures

    func testModelOutputFixtures() throws {
        let table = try Fixture.text("model-output/expected.tsv").split(separator: "\n")
        XCTAssertGreaterThan(table.count, 10)
        for line in table {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            let input = try Fixture.text("model-output/" + parts[0])
            do {
                let palette = try PaletteParser.parse(input)
                XCTAssertEqual(palette.colors.map(\.hex).joined(separator: " "), parts[1], parts[0])
            } catch {
                XCTAssertTrue(error.description.hasPrefix(parts[1]), "\(parts[0]): \(error)")
            }
        }
    }

    // MARK: - Robustness

    /// Inputs the fuzzer or review found once; each must be answered, never crash.
    func testFuzzRegressions() {
        let inputs: [String] = [
            "\"", "[", "{", "[\"", "{\"", "[\"\\", "[\"\\u", "[\"\\uD800", "[\"\\uD800\\u", "[\"\\uDC00\"]",
            "/", "[/", "[/*", "[//", "{:", "{\"a\":", "{\"a\"}", "[,]", "[}", "{]", "#", "##", "#fff#", "\u{0}",
            String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
            "[\"#FFF\", \"#000\", \"#\u{301}FF\"]",
        ]
        for input in inputs {
            _ = try? PaletteParser.parse(input)
        }
        XCTAssertEqual(try? PaletteParser.parse("[\"\\uD83C\\uDFA8 #2E86AB\", 1]"), nil)
    }

    func testDeepNestingIsBoundedNotRecursive() throws {
        let deep =
            String(repeating: "[", count: 200_000) + ##""#2E86AB", "#A23B72", "#F18F01""##
            + String(repeating: "]", count: 200_000)
        XCTAssertEqual(try PaletteParser.parse(deep), expected)
    }

    /// 1 MB of several kinds of garbage, each rejected in time linear in its size: a guard
    /// against quadratic paths (one took minutes on a megabyte).
    ///
    /// Each kind is parsed at a quarter of the size and at the whole size, and the CPU times are
    /// compared: linear code takes about 4 times as long for 4 times the input, a quadratic path
    /// 16 times. A ratio is asked, not a number of seconds, because the time itself depends on the
    /// machine and the build (a debug build here took 0.3 to 1.1 s for one of them, on a slow
    /// shared machine); the absolute bound is only against a parser that hangs.
    func testMegabyteOfGarbageIsRejectedInLinearTime() {
        let size = 1 << 20
        var random = SystemRandomNumberGenerator()
        let randomASCII = (0..<size).map { _ in UInt8.random(in: 32...126, using: &random) }
        let garbage: [(String, (Int) -> String)] = [
            ("random ASCII", { String(decoding: randomASCII.prefix($0), as: UTF8.self) }),
            ("open brackets", { String(repeating: "[", count: $0) }),
            ("open braces", { String(repeating: "{", count: $0) }),
            ("unterminated strings", { String(repeating: "[\"", count: $0 / 2) }),
            ("keys without values", { String(repeating: "{\"a\":", count: $0 / 5) }),
            ("empty arrays", { String(repeating: "[]", count: $0 / 2) }),
            ("hex-like prose", { String(repeating: "#fff ", count: $0 / 5) }),
            ("an endless array", { "[" + String(repeating: "\"a\",", count: $0 / 4) }),
            ("comment openers", { String(repeating: "[/*", count: $0 / 3) }),
            ("hash runs", { String(repeating: "#", count: $0) }),
        ]
        for (name, make) in garbage {
            let small = cpuSeconds(parsing: make(size / 4))
            let whole = cpuSeconds(parsing: make(size))
            XCTAssertLessThan(whole, 30, "\(name): \(whole) s of CPU for 1 MB")
            // Below 50 ms for the megabyte there is nothing to tell apart from the timer's noise.
            guard whole > 0.05 else { continue }
            XCTAssertLessThan(
                whole / small, 8, "\(name): \(small) s for 256 KB, \(whole) s for 1 MB (linear: about 4x)")
        }
    }

    /// The CPU time of this thread parsing `text` (time spent preempted is not counted).
    private func cpuSeconds(parsing text: String) -> Double {
        let start = threadCPUSeconds()
        _ = try? PaletteParser.parse(text)
        return threadCPUSeconds() - start
    }

    /// CPU time of this thread: unlike wall time, it does not grow when other jobs share the machine.
    private func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
