import Foundation
import PaletteApp
import PaletteCore
import PaletteEngine
import PaletteHistory
import ScreenCore

/// What `--format json` prints: the results and the checksum that keeps the timed work alive.
struct BenchReport: Encodable {
    var results: [BenchResult]
    var checksum: Int
}

// MARK: - results

/// One measured figure beside its baseline, as `make bench` reads it.
struct BenchResult: Encodable {
    var kind: String
    var name: String
    /// Input bytes of one call (throughput cases).
    var bytes: Int?
    var seconds: Double?
    var baselineName: String?
    var baselineSeconds: Double?
    var megabytesPerSecond: Double?
    var baselineMegabytesPerSecond: Double?
    /// What one call produced: the palette, or the parser's error message.
    var outcome: String?
    /// `AppState.render()` alone (render case).
    var renderSeconds: Double?
    /// Per kind of key, the median seconds a key (session case).
    var kinds: [String: Double]?
    var points: [GrowthPoint]?
    /// Least-squares slope of log(time) on log(size) over inputs of 10 kB and more: 1 is linear.
    var logLogSlope: Double?
    var stopped: String?

    var text: String {
        switch kind {
        case "engine":
            return String(
                format: "%@: %.1f µs per palette (%.0f /s); %@: %.2f µs", name, (seconds ?? 0) * 1e6,
                1 / (seconds ?? 1), baselineName ?? "", (baselineSeconds ?? 0) * 1e6)
        case "render":
            return String(
                format: "%@: %.1f µs per key (render alone %.1f µs); %@: %.2f µs", name,
                (seconds ?? 0) * 1e6, (renderSeconds ?? 0) * 1e6, baselineName ?? "",
                (baselineSeconds ?? 0) * 1e6)
        case "session":
            let parts = (kinds ?? [:]).sorted { $0.key < $1.key }.map {
                String(format: "%@ %.1f µs", $0.key, $0.value * 1e6)
            }
            return String(format: "%@: %.1f µs per key", name, (seconds ?? 0) * 1e6) + " ("
                + parts.joined(separator: ", ") + ")"
        case "throughput":
            return String(
                format: "%@ (%d B): %.1f MB/s; %@: %.1f MB/s; %@", name, bytes ?? 0,
                megabytesPerSecond ?? 0, baselineName ?? "", baselineMegabytesPerSecond ?? 0,
                outcome ?? "")
        default:
            let rows = (points ?? []).map {
                String(
                    format: "  %10d B  %10.3f ms  %7.2f ns/B", $0.bytes,
                    $0.seconds * 1e3, $0.nanosecondsPerByte)
            }
            return "\(name): log-log slope \(logLogSlope.map { String(format: "%.3f", $0) } ?? "n/a")"
                + (stopped.map { " (stopped: \($0))" } ?? "") + "\n" + rows.joined(separator: "\n")
        }
    }
}

/// The time of one parse at one input size.
struct GrowthPoint: Encodable {
    var bytes: Int
    var seconds: Double
    var nanosecondsPerByte: Double
    /// The baseline's time on the same input, where the case has one.
    var baselineSeconds: Double?
}

// MARK: - cases

/// The bench cases and the clock they are measured with.
final class Bench {
    let quick: Bool
    /// Folds every result in, so the optimiser cannot drop the work being timed.
    private(set) var checksum = 0

    init(quick: Bool) {
        self.quick = quick
    }

    var caseNames: [String] {
        ["engine", "render", "session", "parser-typical", "parser-json"]
            + AdversarialInput.allCases.map { "parser-adversarial-\($0.rawValue)" }
            + ["growth-typical", "growth-\(AdversarialInput.braces.rawValue)", "config-growth"]
    }

    func run(_ name: String) -> BenchResult {
        switch name {
        case "engine": return engine()
        case "render": return render()
        case "session": return session()
        case "parser-typical":
            let inputs = TypicalInput.replies.map { String(decoding: Data($0.utf8), as: UTF8.self) }
            return throughput(name: "typical model replies", inputs: inputs, baseline: .byteScan)
        case "parser-json":
            return throughput(name: "a JSON reply", inputs: [TypicalInput.replies[0]], baseline: .jsonSerialization)
        case "growth-typical":
            return growth(name: "prose then a JSON palette") { TypicalInput.rambling(bytes: $0) }
        case "config-growth":
            return configGrowth()
        default:
            let raw = name.replacingOccurrences(of: "parser-adversarial-", with: "")
                .replacingOccurrences(of: "growth-", with: "")
            let input = AdversarialInput(rawValue: raw)!
            if name.hasPrefix("growth-") {
                return growth(name: input.label) { input.text(bytes: $0) }
            }
            // A byte scan for every adversarial input: JSONSerialization rejects deep nesting at
            // its depth limit without reading on, which would make a meaningless baseline.
            let size = quick ? 100_000 : 1_000_000
            return throughput(
                name: "adversarial: \(input.label)", inputs: [input.text(bytes: size)],
                baseline: .byteScan)
        }
    }

    // MARK: - engine

    private func engine() -> BenchResult {
        let engine = OfflineEngine()
        let descriptions = TypicalInput.descriptions
        let perCall = Double(descriptions.count * 4)
        let seconds =
            measure {
                var sum = 0
                for variation in 0..<4 {
                    for text in descriptions {
                        sum &+= Int(engine.palette(for: text, variation: variation).palette.accent.packed)
                    }
                }
                return sum
            } / perCall
        let baseline =
            measure {
                var sum = 0
                for _ in 0..<4 {
                    for text in descriptions {
                        sum &+= text.lowercased().split(whereSeparator: { !$0.isLetter }).count
                    }
                }
                return sum
            } / perCall
        return BenchResult(
            kind: "engine", name: "offline engine", seconds: seconds,
            baselineName: "tokenising the description", baselineSeconds: baseline)
    }

    // MARK: - render

    /// One keystroke's pure work, no terminal: `reduce` a key, then `render` the whole frame.
    ///
    /// The state holds a 1,000-entry history, as in the pty key session, at 80x24.
    private func render() -> BenchResult {
        var state = Self.benchState()
        let keys: [Key] = "a calm forest morning 寧靜的森林".map { Key.character($0) } + [.left, .right, .control("u")]
        var next = 0
        let perKey = measure {
            let effects = state.reduce(.keyPressed(keys[next % keys.count]))
            next += 1
            return state.render().cells.count &+ effects.count
        }
        let renderOnly = measure { state.render().cells.count }
        let blank = measure { Canvas(width: 80, height: 24).cells.count }
        return BenchResult(
            kind: "render", name: "reduce + render per key (80x24, 1k history, no terminal)",
            seconds: perKey, baselineName: "a blank 80x24 Canvas", baselineSeconds: blank,
            renderSeconds: renderOnly)
    }

    /// An 80x24 state in 256-colour mode with a 1,000-entry history, as in the pty key session.
    private static func benchState() -> AppState {
        var state = AppState(
            width: 80, height: 24, colorMode: .indexed256, language: .english,
            providerName: "offline", modelName: "offline-engine-1",
            clock: AppClock(
                now: { Date(timeIntervalSince1970: 1_750_000_000) }, uptime: { .zero },
                makeID: { "bench" }))
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        let entries = (0..<1000).map { i in
            HistoryEntry(
                id: "entry-\(i)", created: start.addingTimeInterval(Double(i) * 60),
                description: TypicalInput.descriptions[i % TypicalInput.descriptions.count],
                palette: Palette(
                    primary: RGB(packed: UInt32(i) &* 2_654_435_761 & 0xFFFFFF),
                    secondary: RGB(packed: 0x2E86AB), accent: RGB(packed: 0xF18F01)),
                provider: "offline", model: "offline-engine-1")
        }
        _ = state.reduce(.historyLoaded(entries, warnings: []))
        return state
    }

    // MARK: - session

    /// The keys of `make bench`'s pty session (bench.py's `key_script`), by kind, as the
    /// runtime handles them: `reduce`, then `render(cache:)` over the previous frame. No
    /// terminal: what is left of a key's CPU in the pty figure is reading, painting and writing.
    static func sessionKeys(tabsToHistory: Int = 3) -> [(key: Key, kind: String)] {
        func typed(_ text: String) -> [(Key, String)] {
            text.map { (.character($0), $0.isASCII ? "type ASCII" : "type CJK") }
        }
        var cycle = typed("a calm forest morning, mist over the lake ") + typed("寧靜的森林早晨，湖面薄霧")
        var edits: [Key] = Array(repeating: .left, count: 6) + Array(repeating: .right, count: 3) + [.home, .end]
        edits += Array(repeating: .backspace, count: 5)
        edits += [.control("w"), .control("a"), .delete, .delete, .control("e")]
        cycle += edits.map { ($0, "edit") }
        cycle += typed("夕陽 sunset 🌅") + [(.control("a"), "edit"), (.control("k"), "edit")]
        cycle += Array(repeating: (.tab, "focus"), count: tabsToHistory)
        var moves: [Key] = Array(repeating: .down, count: 8) + Array(repeating: .up, count: 4)
        moves += [.pageDown, .pageUp, .end, .home] + Array(repeating: .down, count: 3)
        cycle += moves.map { ($0, "history move") }
        cycle += Array(repeating: (.backTab, "focus"), count: tabsToHistory)
        cycle.append((.control("u"), "edit"))
        return cycle.map { (key: $0.0, kind: $0.1) }
    }

    private func session() -> BenchResult {
        var state = Self.benchState()
        var cache = RenderCache()
        checksum &+= state.render(cache: &cache).cells.count
        let keys = Self.sessionKeys()
        var times: [String: [Double]] = [:]
        // Whole cycles, so every kind is measured in the state the scripted session reaches;
        // the first is a warm-up (lazy tables, the colour names' first lookups).
        let cycles = quick ? 20 : 100
        var perCycle: [Double] = []
        for cycle in 0...cycles {
            let cycleStart = Self.now()
            for (key, kind) in keys {
                let start = Self.now()
                let effects = state.reduce(.keyPressed(key))
                checksum &+= state.render(cache: &cache).cells.count &+ effects.count
                if cycle > 0 { times[kind, default: []].append(Self.now() - start) }
            }
            if cycle > 0 { perCycle.append((Self.now() - cycleStart) / Double(keys.count)) }
        }
        perCycle.sort()
        return BenchResult(
            kind: "session", name: "reduce + render(cache:) per key of the pty session's script",
            seconds: perCycle[perCycle.count / 2],
            kinds: times.mapValues { $0.sorted()[$0.count / 2] })
    }

    // MARK: - parser

    enum Baseline {
        case byteScan
        case jsonSerialization

        var label: String {
            switch self {
            case .byteScan: return "byte scan"
            case .jsonSerialization: return "JSONSerialization"
            }
        }
    }

    private func parseAll(_ inputs: [String]) -> Int {
        var sum = 0
        for text in inputs {
            do {
                sum &+= Int(try PaletteParser.parse(text).accent.packed)
            } catch {
                sum &+= 1
            }
        }
        return sum
    }

    private func outcome(_ text: String) -> String {
        do {
            let palette = try PaletteParser.parse(text)
            return "palette \(palette.primary.hex) \(palette.secondary.hex) \(palette.accent.hex)"
        } catch {
            return "error: \(error.description)"
        }
    }

    private func throughput(name: String, inputs: [String], baseline: Baseline) -> BenchResult {
        let bytes = inputs.reduce(0) { $0 + $1.utf8.count }
        let datas = inputs.map { Data($0.utf8) }
        let seconds = measure { parseAll(inputs) }
        let baselineSeconds: Double
        switch baseline {
        case .byteScan:
            baselineSeconds = measure {
                var hashes = 0
                for text in inputs {
                    for byte in text.utf8 where byte == 0x23 { hashes += 1 }
                }
                return hashes
            }
        case .jsonSerialization:
            baselineSeconds = measure {
                var sum = 0
                for data in datas {
                    sum &+= (try? JSONSerialization.jsonObject(with: data)) == nil ? 1 : 2
                }
                return sum
            }
        }
        return BenchResult(
            kind: "throughput", name: name, bytes: bytes, seconds: seconds,
            baselineName: baseline.label, baselineSeconds: baselineSeconds,
            megabytesPerSecond: Double(bytes) / seconds / 1e6,
            baselineMegabytesPerSecond: Double(bytes) / baselineSeconds / 1e6,
            outcome: inputs.count == 1 ? outcome(inputs[0]) : "\(inputs.count) replies")
    }

    /// Parses the input at 1 kB .. 10 MB, stopping before a size whose predicted time is too long.
    private func growth(name: String, input: (Int) -> String) -> BenchResult {
        let sizes = quick ? [1_000, 10_000, 100_000, 1_000_000] : [1_000, 10_000, 100_000, 1_000_000, 10_000_000]
        var points: [GrowthPoint] = []
        var stopped: String?
        for size in sizes {
            if let last = points.last {
                let factor = Double(size) / Double(last.bytes)
                var exponent = 1.0
                if points.count >= 2 {
                    let previous = points[points.count - 2]
                    exponent = max(
                        1, log(last.seconds / previous.seconds) / log(Double(last.bytes) / Double(previous.bytes)))
                }
                let predicted = last.seconds * pow(factor, exponent)
                if predicted > 20 {
                    stopped = String(format: "%d B would take about %.0f s", size, predicted)
                    break
                }
            }
            let text = input(size)
            let bytes = text.utf8.count
            let seconds = measure { parseAll([text]) }
            points.append(
                GrowthPoint(bytes: bytes, seconds: seconds, nanosecondsPerByte: seconds / Double(bytes) * 1e9))
        }
        let fitted = points.filter { $0.bytes >= 10_000 }
        return BenchResult(kind: "growth", name: name, points: points, logLogSlope: slope(fitted), stopped: stopped)
    }

    func slope(_ points: [GrowthPoint]) -> Double? {
        guard points.count >= 2 else { return nil }
        let xs = points.map { log(Double($0.bytes)) }
        let ys = points.map { log($0.seconds) }
        let mx = xs.reduce(0, +) / Double(xs.count)
        let my = ys.reduce(0, +) / Double(ys.count)
        let num = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let den = xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        return den > 0 ? num / den : nil
    }

    // MARK: - clock

    /// The median time of one call of `body`, over batches long enough for the clock.
    ///
    /// One calibrating call sets the batch size (about 20 ms a batch); a call over half a second
    /// is timed twice only. `body` returns a value folded into `checksum`.
    func measure(_ body: () -> Int) -> Double {
        var first = Self.now()
        checksum &+= body()
        let single = max(Self.now() - first, 1e-9)
        let batchSeconds = quick ? 0.01 : 0.02
        let reps = max(1, Int(batchSeconds / single))
        let batches = single > 0.5 ? 1 : (quick ? 3 : 7)
        var times: [Double] = []
        for _ in 0..<batches {
            first = Self.now()
            for _ in 0..<reps { checksum &+= body() }
            times.append((Self.now() - first) / Double(reps))
        }
        times.sort()
        return times[times.count / 2]
    }

    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

// MARK: - inputs

/// What models and users typically send.
enum TypicalInput {
    static let descriptions = [
        "a calm forest morning", "寧靜的森林早晨", "宁静的森林早晨", "sunset over a stormy ocean",
        "neon city night, rain on glass", "autumn leaves in a quiet park", "沙漠中的日出", "cherry blossom spring 櫻花",
        "a cosy winter cabin with a fireplace and warm lights", "deep sea", "🌅 beach vibes", "minimal corporate blue",
        "霧氣瀰漫的山谷，清晨的第一道陽光", "lavender fields in Provence", "retro 80s arcade", "moss, stone and rain",
        // The other languages the engine reads, with their inflections, negations and a brand.
        "forêt calme au matin, sans rouge", "atardecer en la playa", "pôr do sol na praia com coqueiros",
        "ruhiger Wald am Morgen, ein Lavendelfeld", "tramonto sul mare d'estate", "закат над морем без облаков",
        "غروب الشمس فوق البحر", "शांत जंगल में सुबह", "hoàng hôn trên biển, không có màu đỏ",
        "sakin orman sabahı, kırmızısız",
        "고요한 숲속의 아침", "静かな森の朝、桜と夕焼け", "a sad clown at a birthday party", "neon lights at a night market",
        "Coca-Cola red", "no red, no green, no blue",
    ]

    static let replies = [
        ##"{"primary":"#2E86AB","secondary":"#A23B72","accent":"#F18F01"}"##,
        "Here is a palette for a calm forest morning:\n\n```json\n{\n  \"primary\": \"#2F5D50\",\n"
            + "  \"secondary\": \"#A8C3A0\",\n  \"accent\": \"#F2C14E\"\n}\n```\n\nThe primary is a deep moss green.",
        "主色：#2F5D50\n輔助色：#A8C3A0\n強調色：#F2C14E\n這組配色帶來寧靜的森林早晨感。",
        ##"{"primary": {"hex": "#1B3A4B", "reason": "deep water"}, "secondary": {"hex": "#65AFFF", "reason": "sky"}, "accent": {"hex": "#FFB703", "reason": "sun"}}"##,
        "Primary: #264653 (charcoal teal)\nSecondary: #2A9D8F (persian green)\nAccent: #E9C46A (saffron)",
        ##"["#0B132B", "#5BC0BE", "#F4D35E"]"##,
    ]

    /// A model that rambles: prose (English and Chinese) up to `bytes`, then a JSON palette.
    static func rambling(bytes: Int) -> String {
        let tail = "\n```json\n" + replies[0] + "\n```\n"
        let prose =
            "The morning light filters through the pines and the mist rises from the lake. "
            + "晨光穿過松林，湖面升起薄霧。"
        var text = ""
        text.reserveCapacity(bytes + prose.utf8.count)
        while text.utf8.count + prose.utf8.count + tail.utf8.count <= bytes { text += prose }
        return text + tail
    }
}

/// Inputs built to find the parser's worst case.
enum AdversarialInput: String, CaseIterable {
    case hexSoup = "hex-soup"
    case braces
    case unclosedString = "unclosed-string"
    case fences
    case roleWords = "role-words"
    case manyPalettes = "many-palettes"
    case deepNesting = "deep-nesting"
    case noHash = "no-hash"

    var label: String {
        switch self {
        case .hexSoup: return "near-hex soup (#12345, #GGGGGG, #1234567 ...)"
        case .braces: return "unbalanced braces and keys ({\"primary\": {\"a\": ...)"
        case .unclosedString: return "a JSON string that never closes"
        case .fences: return "code fences that never close"
        case .roleWords: return "role names without colours (primary 主色 accent ...)"
        case .manyPalettes: return "thousands of JSON palettes in a row"
        case .deepNesting: return "arrays nested very deep"
        case .noHash: return "prose with no colour at all"
        }
    }

    func text(bytes: Int) -> String {
        switch self {
        case .hexSoup:
            return Self.repeating(["#12345 ", "#GGGGGG ", "#1234567 ", "#ABC", "## ", "#-12 ", "0x12AB34 "], bytes)
        case .braces: return Self.repeating([##"{"primary": "#"##, ##"{"a": "##, "{", ##""secondary":["##], bytes)
        case .unclosedString:
            return ##"{"primary": ""## + Self.repeating(["mist over the lake #2E86 ", "\\\" "], bytes - 13)
        case .fences: return Self.repeating(["```json\n{", "\n```\n", "```\n"], bytes)
        case .roleWords: return Self.repeating(["primary: ", "secondary ", "accent:", "主色：", "輔助色 ", "強調色："], bytes)
        case .manyPalettes:
            return Self.repeating([##"{"primary":"#2E86AB","secondary":"#A23B72","accent":"#F18F01"}"##, "\n"], bytes)
        case .deepNesting:
            let depth = bytes / 2
            return String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        case .noHash: return Self.repeating(["the quiet valley at dawn ", "安靜的山谷 "], bytes)
        }
    }

    private static func repeating(_ pieces: [String], _ bytes: Int) -> String {
        var text = ""
        text.reserveCapacity(bytes + 64)
        var i = 0
        var count = 0
        while count < bytes {
            let piece = pieces[i % pieces.count]
            text += piece
            count += piece.utf8.count
            i += 1
        }
        return text
    }
}

// MARK: - engine dump

/// `palette-bench engine-dump [VARIATIONS]`: for each line of standard input and each variation
/// 0..<VARIATIONS (default 6), the offline engine's whole answer on one line: palette, rationale
/// by role and notes. Two builds' dumps of the same descriptions are compared to show that a
/// change to the engine (a speed-up) changed no palette.
func engineDump(variations: Int) {
    let engine = OfflineEngine()
    var out = ""
    while let line = readLine(strippingNewline: true) {
        for variation in 0..<max(variations, 1) {
            let g = engine.palette(for: line, variation: variation)
            let words = Role.allCases.map { "\($0.rawValue)=" + (g.rationale[$0] ?? []).joined(separator: ",") }
            let hexes = [g.palette.primary, g.palette.secondary, g.palette.accent].map(\.hex)
            out += "\(line)\t\(variation)\t" + hexes.joined(separator: " ") + "\t"
            out += words.joined(separator: ";") + "\t" + g.notes.map { String(describing: $0) }.joined(separator: ";")
            out += "\n"
        }
        if out.utf8.count > 1 << 16 {
            print(out, terminator: "")
            out = ""
        }
    }
    print(out, terminator: "")
}

/// `palette-bench engine-dump --requests`: for each line of standard input, the offline engine's
/// answers to requests that go through its workbench (seeds, locks, refinements, candidates and
/// an accessibility level), one line each, so a speed-up is also checked on those paths.
func engineRequestDump() {
    var lines: [String] = []
    while let line = readLine(strippingNewline: true) { lines.append(line) }
    let box = DumpBox()
    let done = DispatchSemaphore(value: 0)
    Task { [lines] in
        box.text = await requestDump(lines)
        done.signal()
    }
    done.wait()
    print(box.text, terminator: "")
}

/// Where the dump's task leaves its text for the waiting thread.
private final class DumpBox: @unchecked Sendable {
    var text = ""
}

private func requestDump(_ lines: [String]) async -> String {
    let engine = OfflineEngine()
    func describe(_ g: GeneratedPalette) -> String {
        let words = Role.allCases.map { "\($0.rawValue)=" + (g.rationale[$0] ?? []).joined(separator: ",") }
        let hexes = [g.palette.primary, g.palette.secondary, g.palette.accent].map(\.hex)
        return hexes.joined(separator: " ") + "\t" + words.joined(separator: ";") + "\t"
            + g.notes.map { String(describing: $0) }.joined(separator: ";")
    }
    var out = ""
    for line in lines {
        let base = engine.palette(for: line, variation: 0).palette
        let requests: [(String, GenerationRequest)] = [
            ("seed7", GenerationRequest(description: line, seed: 7)),
            ("lockP", GenerationRequest(description: line, seed: 42, locked: [.primary: RGB(packed: 0x2F5D50)])),
            (
                "lockSA",
                GenerationRequest(
                    description: line, variation: 1,
                    locked: [.secondary: RGB(packed: 0x101418), .accent: RGB(packed: 0xE8B04B)])
            ),
            (
                "warmer",
                GenerationRequest(
                    description: line, refinement: Refinement(instruction: "warmer accent", base: base))
            ),
            ("softer", GenerationRequest(description: line, refinement: Refinement(instruction: "更柔和", base: base))),
            (
                "night",
                GenerationRequest(
                    description: line, locked: [.primary: base.primary],
                    refinement: Refinement(instruction: "a night version", base: base))
            ),
            ("three", GenerationRequest(description: line, candidateCount: 3)),
            (
                "aa",
                GenerationRequest(
                    description: line,
                    constraints: GenerationConstraints(accessibility: AccessibilityRequirement(level: .aa)))
            ),
        ]
        for (name, request) in requests {
            out += "\(line)\t\(name)\t"
            do {
                let g = try await engine.generate(request)
                out += describe(g)
                for alternative in g.alternatives { out += "\t|" + describe(alternative) }
            } catch {
                out += "error \(error)"
            }
            out += "\n"
        }
    }
    return out
}
