import Foundation
import PaletteCore
import TestSupport
import XCTest

/// Issue 32: a model's answer is checked against the role structure (`RoleStructure`), through
/// the real binary and the loopback Ollama stand-in. An answer that breaks it is kept, with a
/// note naming each rule; with `--accessible` it is repaired as the offline engine's are.
final class StructureCheckCommandTests: XCTestCase {
    /// Three warm colours a step apart in lightness: OKLCH L 0.52, 0.58, 0.66 (worked out by hand
    /// from the sRGB values): the accent 0.14 from the primary and ΔE00 25.5 from it, the
    /// secondary ΔE00 14.2 and L 0.06 from the primary; all three warm (Ou's heat above 0).
    static let answer = ["#B8322A", "#C2571A", "#D4761C"]

    private var servers: [LoopbackServer] = []

    override func tearDown() {
        servers.forEach { $0.stop() }
        servers = []
        super.tearDown()
    }

    private func ollama() throws -> LoopbackServer {
        let content =
            #"{"primary":"\#(Self.answer[0])","secondary":"\#(Self.answer[1])","accent":"\#(Self.answer[2])"}"#
        let body: [String: Any] = [
            "model": "qwen3:8b", "created_at": "2026-12-01T10:00:00.000000Z",
            "message": ["role": "assistant", "content": content], "done_reason": "stop", "done": true,
        ]
        let server = try LoopbackServer(script: "ollama_server.py", steps: [["json": body], ["json": body]])
        servers.append(server)
        return server
    }

    private func run(_ arguments: [String], server: LoopbackServer) throws -> ChildResult {
        let env = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent-home",
            "SWIFT_BACKTRACE": "enable=no", "OLLAMA_HOST": server.endpoint,
        ]
        let result = try Spawn.run([Repository.paletteTUI()] + arguments, environment: env, stdin: .null)
        XCTAssertNil(result.signal, "palette-tui was killed by signal \(result.signal ?? 0)")
        return result
    }

    func testAModelsAnswerThatBreaksTheStructureIsKeptWithANote() throws {
        let server = try ollama()
        let out = try run(
            ["generate", "--no-history", "--provider", "ollama", "--format", "hex", "--lang", "en", "a spicy market"],
            server: server)
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stdout, Self.answer.map { $0 + "\n" }.joined(), "the model's palette is kept as answered")
        XCTAssertTrue(
            out.stderr.contains(
                "kept as answered, though it breaks the role structure: the accent does not stand out from the primary; "
                    + "the primary and secondary are near-twins; all three colours share one temperature and one lightness"
            ),
            out.stderr)
        let zh = try run(
            [
                "generate", "--no-history", "--provider", "ollama", "--format", "hex", "--lang", "zh-Hans",
                "a spicy market",
            ],
            server: server)
        XCTAssertEqual(zh.status, 0, zh.stderr)
        XCTAssertTrue(zh.stderr.contains("依模型回答保留，但不符合角色结构：强调色在主色旁不够突出"), zh.stderr)
    }

    func testWithAccessibleTheAnswerIsRepairedAsAnOfflineOneIs() throws {
        let server = try ollama()
        let out = try run(
            [
                "generate", "--no-history", "--provider", "ollama", "--format", "hex", "--lang", "en", "--accessible",
                "AA", "a spicy market",
            ], server: server)
        XCTAssertEqual(out.status, 0, out.stderr)
        let hex = out.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(hex.count, 3, out.stdout)
        let palette = Palette(
            primary: try RGB(hex: hex[0]), secondary: try RGB(hex: hex[1]), accent: try RGB(hex: hex[2]))
        XCTAssertTrue(AccessibilityRequirement(level: .aa).isMet(by: palette), out.stdout)
        XCTAssertFalse(out.stderr.contains("breaks the role structure"), out.stderr)
        XCTAssertTrue(out.stderr.contains("so that the roles stand apart"), out.stderr)
    }
}
