import XCTest

@testable import palette_tui

final class ArgumentsTests: XCTestCase {
    func testValuedAndBooleanOptions() throws {
        let a = try Arguments(
            ["--format=json", "--no-history", "--model", "m", "a", "--", "--x"],
            valued: ["format", "model"], boolean: ["no-history"])
        XCTAssertEqual(a["format"], "json")
        XCTAssertEqual(a["model"], "m")
        XCTAssertTrue(a.has("no-history"))
        XCTAssertEqual(a.positionals, ["a", "--x"])
    }

    func testUnknownOptionIsUsageError() {
        XCTAssertThrowsError(try Arguments(["--nope"], valued: [], boolean: []))
    }
}
