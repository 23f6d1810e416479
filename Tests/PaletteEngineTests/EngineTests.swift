import XCTest
@testable import PaletteEngine

final class EnginePlaceholderTests: XCTestCase {
    func testEngineBuilds() { _ = OfflineEngine() }
}
