import XCTest
@testable import Gemini

final class GeminiPlaceholderTests: XCTestCase {
    func testClientBuilds() { _ = GeminiClient() }
}
