import Foundation
import PaletteCore
import TestSupport
import XCTest

/// `generate --candidates N` on a model, through the real binary against the loopback servers:
/// one request, N palettes (Python's json reads the array), and a trap (a candidate with a bad
/// colour) named on standard error in the user's language while the usable ones print.
final class ModelCandidatesCommandTests: XCTestCase {
    private func run(_ args: [String], _ extra: [String: String]) throws -> ChildResult {
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent-home",
            "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no",
        ].merging(extra) { $1 }
        return try Spawn.run([Repository.paletteTUI()] + args, environment: environment)
    }

    private func serve(_ script: String, _ steps: [[String: Any]]) throws -> LoopbackServer {
        try LoopbackServer(script: script, steps: steps)
    }

    private func answered(_ server: LoopbackServer) throws -> [String] {
        let event = try XCTUnwrap(try server.events().last { $0.hasPrefix("answered candidates ") })
        return event.dropFirst("answered candidates ".count).components(separatedBy: " | ").map {
            $0.replacingOccurrences(of: " ", with: ",")
        }
    }

    /// The JSON array printed, as "primary,secondary,accent" strings (read by Python).
    private func printed(_ stdout: String) throws -> [String] {
        let check = try Spawn.run(
            [
                "python3", "-c",
                "import json,sys; a=json.load(sys.stdin); assert isinstance(a,list), a; "
                    + "print('\\n'.join(','.join(p[r] for r in ('primary','secondary','accent')) for p in a))",
            ], stdin: .text(stdout))
        XCTAssertEqual(check.status, 0, check.stderr)
        return check.stdout.split(whereSeparator: \.isNewline).map(String.init)
    }

    func testFourCandidatesFromOneOpenAIRequest() throws {
        let server = try serve("openai_server.py", [["palette": true]])
        defer { server.stop() }
        let out = try run(
            [
                "generate", "--provider", "openai", "--model", "loopback-model", "--endpoint",
                server.baseURL.appendingPathComponent("v1").absoluteString, "--no-history", "--candidates", "4",
                "-f", "json", "雨後的竹林",
            ], [:])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(try server.requests().count, 1, "one request for four candidates")
        XCTAssertEqual(try printed(out.stdout), try answered(server))
        XCTAssertEqual(try printed(out.stdout).count, 4)
    }

    func testATrapIsNamedAndTheRestPrint() throws {
        let server = try serve("ollama_server.py", [["palette": true, "traps": ["bad_hex": 2]]])
        defer { server.stop() }
        let out = try run(
            [
                "generate", "--provider", "ollama", "--endpoint", server.baseURL.absoluteString, "--no-history",
                "--candidates", "3", "-f", "hex", "--lang", "zh-Hant", "深秋的山",
            ], [:])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(try server.requests().filter { $0.method == "POST" }.count, 1)
        let groups = out.stdout.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        XCTAssertEqual(groups.count, 2, "the two usable candidates: \(out.stdout)")
        let answered = try answered(server)
        XCTAssertEqual(
            groups.map { $0.split(whereSeparator: \.isNewline).joined(separator: ",") }, [answered[0], answered[2]])
        XCTAssertTrue(out.stderr.contains("模型給的 3 組中未採用"), out.stderr)
        XCTAssertTrue(out.stderr.contains("第 2 組無法使用"), out.stderr)
    }
}
