import XCTest
import PaletteCore
@testable import PaletteApp

final class ReducerTests: XCTestCase {
    func testCtrlCQuits() {
        var state = AppState(width: 80, height: 24, colorMode: .direct, language: .english, providerName: "offline", modelName: nil)
        XCTAssertEqual(state.reduce(.keyPressed(.control("c"))), [.quit])
        XCTAssertTrue(state.isQuitting)
    }
}
