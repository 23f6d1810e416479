import Foundation
import PaletteConfig
import TestSupport
import XCTest

/// The settings file's TOML reader against Python's `tomllib` on many documents: every one
/// tomllib reads, this reads to the same value (or refuses as unsupported: dates, integers past
/// 64 bits); every one tomllib refuses, this refuses too.
final class TOMLParserTests: XCTestCase {
    /// Documents written to probe the specification, valid and not.
    static let documents: [String] = [
        // Keys and values
        "", "# only a comment", "a = 1", "a = 1 # trailing comment", "a=1\nb=2\n", "  a  =  1  ",
        "bare_key-1 = 'x'", "\"quoted key\" = 1", "'literal key' = 1", "\"\" = 1", "'' = 1",
        "a.b.c = 1", "a . b . c = 1", "a.\"b.c\".d = 1", "site.\"google.com\" = true",
        "a = 1\na = 2", "a.b = 1\na.b = 2", "a = 1\na.b = 2", "a.b = 1\na = 2", "= 1", "a = ", "a", "a 1",
        "a = 1 b = 2", "1234 = 'numeric key'", "3.14 = 'dotted numeric'", "a = true", "a = false",
        "a = True", "a = tru", "a = falsey", "ké = 1", "a = 1\r\nb = 2\r\n", "a = 1\rb = 2", "a\t=\t1",
        // Strings
        #"a = "hello""#, #"a = "tab\there""#, #"a = "\u00E9\U0001F600""#, #"a = "\uD800""#, #"a = "\x41""#,
        #"a = "\e""#, #"a = "bad \q escape""#, #"a = "unterminated"#, "a = \"new\nline\"", "a = 'literal \\n'",
        "a = 'no ' quote'", "a = \"\"\"\nmulti\nline\"\"\"", "a = \"\"\"one \\\n   two\"\"\"",
        "a = \"\"\"trailing \\  \n  x\"\"\"", "a = \"\"\"bad \\ x\"\"\"", "a = \"\"\"quotes \"\" inside\"\"\"",
        "a = \"\"\"ends with quote\"\"\"\"", "a = \"\"\"ends with two\"\"\"\"\"", "a = \"\"\"six\"\"\"\"\"\"",
        "a = '''\nliteral\nmulti'''", "a = '''it's'''", "a = ''''quoted''''", "a = '''unterminated",
        "a = \"ctrl \u{01}\"", "a = \"tab\tok\"", "# comment \u{01}", "a = \"del \u{7F}\"", "a = 'é字'",
        "a = \"\"\"\r\nwindows\r\nlines\"\"\"",
        // Integers and floats
        "a = +99", "a = -17", "a = 0", "a = -0", "a = 1_000", "a = 1__000", "a = _1", "a = 1_", "a = 01",
        "a = 0xDEADBEEF", "a = 0xdead_beef", "a = 0o755", "a = 0b1101", "a = 0x", "a = 0b102", "a = +0x1",
        "a = 9223372036854775807", "a = -9223372036854775808", "a = 9223372036854775808",
        "a = 0x7FFFFFFFFFFFFFFF", "a = 0xFFFFFFFFFFFFFFFF", "a = 1.0", "a = 3.1415", "a = -0.01", "a = 5e+22",
        "a = 1e06", "a = -2E-2", "a = 6.626e-34", "a = 224_617.445_991", "a = .7", "a = 7.", "a = 3.e+20",
        "a = 1e", "a = 1.5e-", "a = inf", "a = +inf", "a = -inf", "a = nan", "a = +nan", "a = -nan", "a = infinity",
        "a = 1e400", "a = 0.1", "a = 1_2.3_4e5_6", "a = 0.0", "a = -0.0", "a = 00.5", "a = 1x",
        // Dates and times (unsupported here)
        "a = 1979-05-27T07:32:00Z", "a = 1979-05-27", "a = 07:32:00", "a = 1979-05-27 07:32:00.999",
        "a = 1979-13-27", "a = 2026-02-30",
        // Arrays
        "a = []", "a = [1, 2, 3]", "a = [1, 2, 3,]", "a = [,]", "a = [1,,2]", "a = [ 'x', \"y\", 1, 2.5, true ]",
        "a = [\n  1,\n  2, # comment\n]", "a = [[1, 2], ['a']]", "a = [1 2]", "a = [1", "a = [{x = 1}, {y = 2}]",
        "a = [\n\n]", "a = [ # only a comment\n]",
        // Inline tables
        "a = {}", "a = { x = 1, y = 2 }", "a = { x = 1, }", "a = { x = 1\n}", "a = {x=1,x=2}",
        "a = { b.c = 1, b.d = 2 }", "a = { b = {c = 1}, b.d = 2 }", "a = { x = [1], x.y = 2 }", "a = {x = 1",
        "a = {x = 1}\na.y = 2", "a = {x = 1}\n[a]", "a = {x = {y = 1}}\n[a.x]", "a = { x = 1 y = 2 }",
        // Tables
        "[a]", "[a]\nb = 1", "[a]\n[a]", "[a.b]\n[a]", "[a]\n[a.b]\n[a]", "[ a . b ]", "[\"a.b\"]\nc = 1",
        "[a]\nb.c = 1\n[a.b]", "[a]\nb.c = 1\n[a.b.d]", "[a.b]\nc = 1\n[a]\nb.d = 2", "a.b = 1\n[a]", "[a", "[]",
        "[a]x = 1", "[a] # comment", "a = 1\n[a]", "a = [1]\n[a]", "[a]\nb = 1\n[a.b]",
        "[fruit]\napple.color = 'red'\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true",
        "[fruit]\napple.color = 'red'\n[fruit.apple]", "[x.y.z.w]\n[x]", "[ j . \"ʞ\" . 'l' ]",
        // Arrays of tables
        "[[a]]", "[[a]]\nx = 1\n[[a]]\nx = 2", "[[a]]\n[a]", "[a]\n[[a]]", "a = []\n[[a]]", "[[a]]\n[[a.b]]\nc = 1",
        "[[a]]\n[a.b]\nc = 1\n[[a]]\n[a.b]\nc = 2", "[[a.b]]\n[a]\nc = 1", "[[a]", "[[a]]]", "[[ a ]]",
        "[[fruits]]\nname = 'apple'\n[fruits.physical]\ncolor = 'red'\n[[fruits.varieties]]\nname = 'red delicious'\n"
            + "[[fruits]]\nname = 'banana'\n[[fruits.varieties]]\nname = 'plantain'",
        "[[a]]\nb = {c = 1}\n[a.b]", "[[a]]\n[[a.b]]\n[a.b]",
        // A settings file as a user writes it
        """
        # palette-tui settings
        provider = "ollama"
        language = "zh-Hant"
        color = "256"

        [providers.ollama]
        model = "qwen3:8b"
        endpoint = "http://gpu-box:11434"

        [providers.openai]
        api_key_env = "WORK_OPENAI_KEY" # the key itself stays in the environment

        [workbench]
        accessible = "AA"
        background = "dark"

        [export]
        variant = "light"
        """,
    ]

    /// Documents made by editing the ones above: characters deleted, inserted, doubled; lines
    /// swapped and repeated; from a fixed seed, so every run tests the same ones.
    static func mutations(count: Int) -> [String] {
        var random = SplitMix64(seed: 0x70A1_7E57)
        let alphabet = Array("=[]{}\"'.,#\n \t\\_-+01aeEx:T")
        let bases = documents.filter { !$0.isEmpty }
        var out: [String] = []
        for _ in 0..<count {
            var text = Array(bases[Int(random.next() % UInt64(bases.count))])
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let at = text.isEmpty ? 0 : Int(random.next() % UInt64(text.count))
                switch random.next() % 5 {
                case 0 where !text.isEmpty: text.remove(at: at)
                case 1: text.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: at)
                case 2 where !text.isEmpty: text.insert(text[at], at: at)
                case 3:
                    var lines = String(text).components(separatedBy: "\n")
                    if lines.count > 1 {
                        let i = Int(random.next() % UInt64(lines.count))
                        let j = Int(random.next() % UInt64(lines.count))
                        lines.swapAt(i, j)
                    }
                    text = Array(lines.joined(separator: "\n"))
                default:
                    let lines = String(text).components(separatedBy: "\n")
                    let line = lines[Int(random.next() % UInt64(lines.count))]
                    text = Array((lines + [line]).joined(separator: "\n"))
                }
            }
            out.append(String(text))
        }
        return out
    }

    /// Our reading in the oracle's tagged form.
    static func tagged(_ value: TOMLValue) -> Any {
        switch value {
        case .string(let s): return ["string": s]
        case .integer(let i): return ["integer": String(i)]
        case .float(let d):
            return ["float": d.isNaN ? "nan" : String(format: "%016llx", d.bitPattern)]
        case .bool(let b): return ["bool": b]
        case .array(let items): return ["array": items.map(tagged)]
        case .table(let table): return ["table": table.mapValues(tagged)]
        }
    }

    func testEveryDocumentReadsAsTomllibReadsIt() throws {
        let docs = Self.documents + Self.mutations(count: 1500)
        let scratch = try TemporaryDirectory(prefix: "toml")
        let input = scratch.file("docs.json")
        try JSONSerialization.data(withJSONObject: docs).write(to: URL(fileURLWithPath: input))
        let oracle = Repository.url("Tests/TestSupport/Readers/toml_oracle.py").path
        let run = try Spawn.run(["python3", oracle, input])
        XCTAssertEqual(run.status, 0, run.stderr)
        let results = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(results.count, docs.count)

        var accepted = 0
        var refused = 0
        var unsupported = 0
        for (doc, expected) in zip(docs, results) {
            let ours: Result<[String: TOMLValue], TOMLError> = Result { () throws(TOMLError) in
                try TOMLParser.parse(doc)
            }
            if let value = expected["value"] {
                accepted += 1
                switch ours {
                case .success(let table):
                    let mine = Self.tagged(.table(table)) as? NSDictionary
                    XCTAssertEqual(mine, value as? NSDictionary, "a different value for \(doc.debugDescription)")
                case .failure(let error):
                    switch error.problem {
                    case .unsupportedDateTime, .integerOutOfRange: unsupported += 1
                    default: XCTFail("refused what tomllib reads: \(doc.debugDescription): \(error)")
                    }
                }
            } else {
                refused += 1
                if case .success(let table) = ours {
                    XCTFail(
                        "read what tomllib refuses (\(expected["error"] ?? "")): \(doc.debugDescription) as \(table)")
                }
            }
        }
        // The comparison means something only with plenty of both kinds.
        XCTAssertGreaterThan(accepted, 300, "documents tomllib reads")
        XCTAssertGreaterThan(refused, 300, "documents tomllib refuses")
        XCTAssertLessThan(unsupported, accepted / 10, "dates and big integers are a small part")
    }

    func testErrorsNameTheLineAndColumn() {
        func error(_ text: String) -> TOMLError? {
            do {
                _ = try TOMLParser.parse(text)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(error("a = 1\nb = 2\nc = @"), TOMLError(line: 3, column: 5, .invalidValue))
        XCTAssertEqual(error("[a]\nx = 1\n[a]"), TOMLError(line: 3, column: 1, .tableRedefined("a")))
        XCTAssertEqual(error("a = 1\r\na = 2"), TOMLError(line: 2, column: 1, .duplicateKey("a")))
        XCTAssertEqual(error("\"名\" = \"x\"\nb = \"no end"), TOMLError(line: 2, column: 12, .unterminatedString))
        XCTAssertEqual(error("名 = 1"), TOMLError(line: 1, column: 1, .invalidStatement), "TOML 1.0 bare keys are ASCII")
        XCTAssertEqual(error("a = 1 2"), TOMLError(line: 1, column: 7, .expectedNewline))
        XCTAssertEqual(error("a = 1979-05-27"), TOMLError(line: 1, column: 5, .unsupportedDateTime))
        XCTAssertEqual(error("a = 9223372036854775808"), TOMLError(line: 1, column: 5, .integerOutOfRange))
        var utf8: TOMLError?
        do {
            _ = try TOMLParser.parse([0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22])
        } catch {
            utf8 = error
        }
        XCTAssertEqual(utf8, TOMLError(line: 1, column: 1, .invalidUTF8))
    }

    func testValuesAreTyped() throws {
        let table = try TOMLParser.parse(
            """
            s = "x"
            i = -42
            f = 2.5
            b = true
            a = [1, "two"]
            [t]
            k.l = 'v'
            """)
        XCTAssertEqual(table["s"], .string("x"))
        XCTAssertEqual(table["i"], .integer(-42))
        XCTAssertEqual(table["f"], .float(2.5))
        XCTAssertEqual(table["b"], .bool(true))
        XCTAssertEqual(table["a"], .array([.integer(1), .string("two")]))
        XCTAssertEqual(table["t"], .table(["k": .table(["l": .string("v")])]))
    }

    /// Keys, nesting and values have limits, each a problem at its line; the reading goes on
    /// after a bad line and stops only at the value and problem limits.
    func testLimitsAreProblemsAtTheirLine() {
        func errors(_ text: String) -> [TOMLError] { TOMLParser.read(Array(text.utf8)).errors }
        let deepest = String(repeating: "a.", count: 31) + "b = 1"
        XCTAssertEqual(errors(deepest), [], "32 parts are read")
        XCTAssertEqual(
            errors("x = 1\n" + String(repeating: "a.", count: 32) + "b = 1").map(\.problem), [.keyTooDeep(limit: 32)])
        XCTAssertEqual(errors("x = 1\n" + String(repeating: "a.", count: 32) + "b = 1").map(\.line), [2])
        let header = "[" + String(repeating: "h.", count: 19) + "h]\n"
        XCTAssertEqual(errors(header + String(repeating: "a.", count: 11) + "b = 1"), [], "20 + 12 parts")
        XCTAssertEqual(
            errors(header + String(repeating: "a.", count: 12) + "b = 1").map(\.problem), [.keyTooDeep(limit: 32)],
            "a table's parts count")
        XCTAssertEqual(
            errors("[" + String(repeating: "a.", count: 100_000) + "a]").map(\.problem), [.keyTooDeep(limit: 32)])
        let nested = "a = " + String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        XCTAssertEqual(errors(nested), [], "32 levels are read")
        for opening in ["[", "{b = ", "[{b = "] {
            let text = "x = 1\na = " + String(repeating: opening, count: 100_000) + "\ny = 2"
            let document = TOMLParser.read(Array(text.utf8))
            XCTAssertEqual(document.errors.map(\.problem), [.nestedTooDeep(limit: 32)], opening)
            XCTAssertEqual(document.errors.map(\.line), [2], opening)
            XCTAssertEqual(document.table, ["x": .integer(1), "y": .integer(2)], opening)
        }
        let many = "a = 1\nb = [" + String(repeating: "1,", count: TOMLLimits.values) + "]\nc = 3"
        let stopped = TOMLParser.read(Array(many.utf8))
        XCTAssertEqual(stopped.errors.map(\.problem), [.tooManyValues(limit: TOMLLimits.values)])
        XCTAssertEqual(stopped.table, ["a": .integer(1)], "reading stops at the limit")
        let bad = (1...150).map { "k\($0) = @" }.joined(separator: "\n") + "\nlast = 1"
        let capped = TOMLParser.read(Array(bad.utf8))
        XCTAssertEqual(capped.errors.count, TOMLLimits.problems + 1)
        XCTAssertEqual(capped.errors.last?.problem, .tooManyProblems(limit: TOMLLimits.problems))
        XCTAssertEqual(capped.errors.last?.line, TOMLLimits.problems + 1)
    }

    /// A bad statement is skipped to the end of its line; the next line is read as if it were
    /// the first, and a line that is not UTF-8 is one problem.
    func testReadingGoesOnAfterABadLine() {
        let document = TOMLParser.read(
            Array("a = 1\nb = @\nc = 3\n[t\nd = 4\n[u]\ne = 5\n".utf8) + [0x66, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22]
                + Array("\ng = 7".utf8))
        XCTAssertEqual(
            document.table,
            ["a": .integer(1), "c": .integer(3), "u": .table(["e": .integer(5), "g": .integer(7)])])
        XCTAssertEqual(document.errors.map(\.line), [2, 4, 8])
        XCTAssertEqual(document.errors.map(\.problem), [.invalidValue, .unclosed, .invalidUTF8])
        XCTAssertEqual(document.refusedHeaders, [4])
    }
}
