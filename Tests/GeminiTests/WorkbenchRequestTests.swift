import PaletteCore
import TestSupport
import XCTest

@testable import Gemini
@testable import ProviderKit

/// The workbench's fields on the wire to the loopback Gemini server, and its answers checked:
/// locked colours and the palette being refined reach the prompt and the schema, a locked role
/// that comes back changed is put back with a note, a refinement answered with its own base is
/// noted, and Google's strict parser accepts every body.
final class WorkbenchRequestTests: XCTestCase {
    static let key = "test-key-77e1"
    /// What `palette-tui/palette-forest-morning.json` answers.
    static let answer = Palette(
        primary: RGB(packed: 0x4A6B4F), secondary: RGB(packed: 0xDCE5D0), accent: RGB(packed: 0xE8B86D))

    private let servers = ServerPool()

    override func tearDown() {
        servers.stopAll()
        super.tearDown()
    }

    private func serve(_ steps: [[String: Any]]) throws -> LoopbackServer {
        try servers.start(steps: steps)
    }

    private func client(_ server: LoopbackServer) -> GeminiClient {
        GeminiClient(
            configuration: GeminiConfiguration(
                apiKey: APIKey(Self.key)!, model: "gemini-2.5-flash-lite", baseURL: server.baseURL, timeout: 20,
                retry: RetryPolicy(maxAttempts: 2, baseDelay: 0.05, maxDelay: 0.1)),
            jitter: { 0.5 })
    }

    private struct Sent {
        var system: String
        var user: String
        var schema: [String: Any]
        var config: [String: Any]
    }

    private func sent(_ server: LoopbackServer, _ index: Int = 0) throws -> Sent {
        let body = try server.requests()[index].json()
        let system = try XCTUnwrap(body["systemInstruction"] as? [String: Any])
        let systemText = ((system["parts"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        let contents = try XCTUnwrap(body["contents"] as? [[String: Any]])
        let user = ((contents[0]["parts"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        let config = try XCTUnwrap(body["generationConfig"] as? [String: Any])
        let schema = try XCTUnwrap(config["responseSchema"] as? [String: Any])
        return Sent(system: systemText, user: user, schema: schema, config: config)
    }

    private func property(_ sent: Sent, _ role: Role) -> [String: Any] {
        ((sent.schema["properties"] as? [String: Any])?[role.rawValue] as? [String: Any]) ?? [:]
    }

    func testLockedColoursReachPromptAndSchemaAndAChangedOneIsPutBack() async throws {
        let server = try serve([["fixture": "palette-tui/palette-forest-morning.json"]])
        let locked: [Role: RGB] = [.primary: RGB(packed: 0x2F5D50), .accent: RGB(packed: 0xE8B86D)]
        let result = try await client(server).generate(
            GenerationRequest(description: "寧靜的森林早晨", locked: locked))
        // The answer's primary (#4A6B4F) was not the locked one: put back, and said so.
        XCTAssertEqual(result.palette.primary, RGB(packed: 0x2F5D50))
        XCTAssertEqual(result.palette.secondary, Self.answer.secondary)
        XCTAssertEqual(result.palette.accent, RGB(packed: 0xE8B86D))
        XCTAssertEqual(
            result.notes,
            [.lockedRestored([RoleChange(role: .primary, from: Self.answer.primary, to: RGB(packed: 0x2F5D50))])])

        let wire = try sent(server)
        XCTAssertEqual(wire.user, "寧靜的森林早晨", "the description stays the only user turn, verbatim")
        XCTAssertTrue(wire.system.contains("\"primary\" must be exactly #2F5D50"), wire.system)
        XCTAssertTrue(wire.system.contains("\"accent\" must be exactly #E8B86D"), wire.system)
        XCTAssertTrue(wire.system.contains("choose \"secondary\" to go with them"), wire.system)
        XCTAssertEqual(property(wire, .primary)["enum"] as? [String], ["#2F5D50"])
        XCTAssertEqual(property(wire, .primary)["format"] as? String, "enum")
        XCTAssertEqual(property(wire, .accent)["enum"] as? [String], ["#E8B86D"])
        XCTAssertNil(property(wire, .secondary)["enum"], "a free role is not constrained")
        XCTAssertNil(wire.config["seed"], "no seed asked, none sent")
    }

    func testAnAnswerThatKeepsTheLocksHasNoNote() async throws {
        let server = try serve([["fixture": "palette-tui/palette-forest-morning.json"]])
        let result = try await client(server).generate(
            GenerationRequest(description: "forest", locked: [.secondary: Self.answer.secondary]))
        XCTAssertEqual(result.palette, Self.answer)
        XCTAssertEqual(result.notes, [])
    }

    func testTheRefinedPaletteAndInstructionReachTheRequest() async throws {
        let base = Palette(
            primary: RGB(packed: 0x1D3557), secondary: RGB(packed: 0xA8DADC), accent: RGB(packed: 0xE63946))
        let server = try serve([["fixture": "palette-tui/palette-forest-morning.json"]])
        let result = try await client(server).generate(
            GenerationRequest(
                description: "a calm harbour", seed: 12345,
                refinement: Refinement(instruction: "warmer accent, 更柔和", base: base)))
        XCTAssertEqual(result.palette, Self.answer)
        XCTAssertEqual(result.notes, [], "a changed palette is a plain success")

        let wire = try sent(server)
        XCTAssertEqual(wire.user, "warmer accent, 更柔和", "the instruction is the user turn, verbatim")
        XCTAssertTrue(
            wire.system.contains(##"{"primary":"#1D3557","secondary":"#A8DADC","accent":"#E63946"}"##), wire.system)
        XCTAssertTrue(wire.system.contains("\"a calm harbour\""), "the description travels as context")
        XCTAssertFalse(wire.system.contains("as the description to paint"), "the rule is the refinement's")
        for role in Role.allCases {
            let text = property(wire, role)["description"] as? String ?? ""
            XCTAssertTrue(text.contains("Refined from \(base[role].hex)"), text)
        }
        XCTAssertEqual(wire.config["seed"] as? Int, 12345)
    }

    func testARefinementAnsweredWithItsBaseIsAcceptedButNoted() async throws {
        let server = try serve([["fixture": "palette-tui/palette-forest-morning.json"]])
        let result = try await client(server).generate(
            GenerationRequest(description: "", refinement: Refinement(instruction: "darker", base: Self.answer)))
        XCTAssertEqual(result.palette, Self.answer)
        XCTAssertEqual(result.notes, [.refinementUnchanged])
        XCTAssertFalse(result.isFallback)
    }

    func testAnAnswerThatOnlyMovedLockedRolesSaysTheLockedRolesAndChangesNothing() async throws {
        var base = Self.answer
        base.primary = RGB(packed: 0x2F5D50)
        let server = try serve([["fixture": "palette-tui/palette-forest-morning.json"]])
        let result = try await client(server).generate(
            GenerationRequest(
                description: "", locked: [.primary: base.primary],
                refinement: Refinement(instruction: "more contrast", base: base)))
        XCTAssertEqual(result.palette, base)
        XCTAssertEqual(
            result.notes,
            [
                .lockedRestored([RoleChange(role: .primary, from: Self.answer.primary, to: base.primary)]),
                .refinementLocked([.primary]),
            ])
    }

    func testWorkbenchBodiesPassTheStrictSchemaCheck() async throws {
        let server = try serve([
            ["fixture": "googleai/unary-success-basic-reply-short.json"],
            ["fixture": "palette-tui/palette-forest-morning.json"],
        ])
        _ = try await client(server).generate(
            GenerationRequest(
                description: "forest", seed: UInt64.max, locked: [.accent: RGB(packed: 0xE8B04B)],
                refinement: Refinement(instruction: "a night version", base: Self.answer)))
        let bodies = try server.requests().map(\.body)
        XCTAssertEqual(bodies.count, 2)
        XCTAssertTrue(bodies[1].contains("#E8B04B"), "the follow-up keeps the lock")
        let check = try StrictGeminiCheck.run(bodies)
        XCTAssertEqual(check.status, 0, check.stderr)
    }

    func testThePlainRequestIsUnchangedByTheWorkbench() throws {
        // No lock, no refinement, no seed: the same bytes as before the workbench.
        let plain = try GeminiClient.encode(PalettePrompt.request(description: "x"))
        let viaRequest = try GeminiClient.encode(PalettePrompt.request(for: GenerationRequest(description: "x")))
        XCTAssertEqual(plain, viaRequest)
        let text = String(decoding: plain, as: UTF8.self)
        XCTAssertFalse(text.contains("enum"))
        XCTAssertFalse(text.contains("seed"))
        XCTAssertFalse(text.contains("Locked"))
    }
}
