import XCTest
@testable import TerminalUI

final class ScreenPlaceholderTests: XCTestCase {
    func testScreenBuilds() { _ = Screen() }
}
