import Foundation
import Gemini
import TestSupport
import XCTest

/// Issue 11 point 0 through the real binary and the app: the default model retired on the
/// stand-in (`--retired`), the palette still comes from Gemini, and the user is told.
final class RetiredModelCommandTests: XCTestCase {
    static let key = "retired-cli-key-9e0f"
    static let hexes = ["#4A6B4F", "#DCE5D0", "#E8B86D"]

    private var servers: [LoopbackServer] = []

    override func tearDown() {
        servers.forEach { $0.stop() }
        servers = []
        super.tearDown()
    }

    /// The stand-in's own model list (`gemini_server.py`'s MODELS), the default retired on it.
    private func serve(status: Int = 404) throws -> LoopbackServer {
        let server = try LoopbackServer(arguments: [
            "--scenario", "palette", "--retired", GeminiConfiguration.defaultModel, "--retired-status", String(status),
        ])
        servers.append(server)
        return server
    }

    private func generate(_ server: LoopbackServer, _ args: [String], _ extra: [String: String] = [:]) throws
        -> ChildResult
    {
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent-home",
            "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no", "GEMINI_BASE_URL": server.endpoint,
            "GEMINI_API_KEY": Self.key,
        ].merging(extra) { $1 }
        return try Spawn.run([Repository.paletteTUI(), "generate", "--no-history"] + args, environment: environment)
    }

    private let replacement = "gemini-3.1-flash-lite"

    func testIssue11Point0GenerateMovesARetiredDefaultOnAndSaysSoInEveryFormat() throws {
        for status in [404, 503] {
            let server = try serve(status: status)
            let text = try generate(server, ["forest"])
            XCTAssertEqual(text.status, 0, text.stderr)
            XCTAssertTrue(text.stdout.contains("#4A6B4F"), text.stdout)
            XCTAssertTrue(
                text.stdout.contains(
                    "note: \(GeminiConfiguration.defaultModel) is no longer available, so \(replacement) answered (choose a model with --model)"
                ), text.stdout)
            XCTAssertEqual(text.stderr, "")

            let json = try generate(server, ["--format", "json", "forest"])
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            XCTAssertEqual(object["model"] as? String, replacement)
            XCTAssertEqual((object["notes"] as? [String])?.count, 1)

            let hex = try generate(server, ["--format", "hex", "forest"])
            XCTAssertEqual(hex.stdout.split(separator: "\n").map(String.init), Self.hexes)
            XCTAssertTrue(hex.stderr.hasPrefix("palette-tui: note: \(GeminiConfiguration.defaultModel) is no longer"))

            let hant = try generate(server, ["--lang", "zh-Hant", "forest"])
            XCTAssertTrue(
                hant.stdout.contains("\(GeminiConfiguration.defaultModel) 已無法使用，改由 \(replacement) 回答（可用 --model 指定模型）"),
                hant.stdout)
            XCTAssertFalse((text.stdout + text.stderr + hex.stderr).contains(Self.key))
            server.stop()
        }
    }

    func testIssue11Point0AModelTheUserChoseIsNeverReplaced() throws {
        let server = try serve()
        for (args, extra) in [
            (["--model", GeminiConfiguration.defaultModel, "forest"], [String: String]()),
            (["forest"], ["PALETTE_TUI_MODEL": GeminiConfiguration.defaultModel]),
        ] {
            let output = try generate(server, args, extra)
            XCTAssertEqual(output.status, 1, output.stderr)
            XCTAssertEqual(output.stdout, "")
            XCTAssertEqual(
                output.stderr,
                "palette-tui: Gemini has no model '\(GeminiConfiguration.defaultModel)' (it may have been retired): "
                    + "choose one of \(replacement), gemini-2.5-flash-lite, gemini-3.8-flash, gemini-3.6-flash, "
                    + "gemini-3.5-flash with --model.\n")
        }
        let posts = try server.requests().filter { $0.method == "POST" }
        XCTAssertEqual(posts.count, 2, "one request each, never to another model")
        XCTAssertTrue(posts.allSatisfy { $0.path.contains(GeminiConfiguration.defaultModel) })
    }

    func testIssue11Point0TheAppMovesOnAndSaysSoOnTheStatusLine() throws {
        let server = try serve()
        let session = try TmuxSession.gemini(endpoint: server.endpoint, key: Self.key, width: 160)
        try session.generate("forest")
        let screen = try session.waitFor("is no longer available")
        XCTAssertTrue(screen.contains(replacement), screen)
        _ = try session.waitForScreen("the palette") { E2EAppTests.paneHexCodes($0).map(\.hex) == Self.hexes }
        let title = try session.screen().split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(title.contains("gemini · \(replacement)"), "the title names the model in use: \(title)")
        let saved = try String(contentsOf: session.directory.appendingPathComponent("h.jsonl"), encoding: .utf8)
        XCTAssertTrue(saved.contains(replacement), "the history records the model that answered: \(saved)")
    }
}
