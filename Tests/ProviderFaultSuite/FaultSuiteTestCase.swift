import XCTest

/// What a provider's fault-suite test case inherits: the suite for its `faultProtocol`, built
/// once a test, and the tear-down that stops every server the suite started.
///
/// The test methods cannot live here: XCTest on Linux finds only the test methods declared in
/// the test target's own sources, not ones inherited from a class in another module (checked
/// on Swift 6.3.1: a subclass's inherited test method is not listed, and does not run). So each
/// subclass keeps one line per suite method, `func testHang() async throws { try await
/// suite.hang() }`.
open class FaultSuiteTestCase: XCTestCase {
    /// The protocol the suite runs against; every subclass overrides it.
    open class var faultProtocol: FaultProtocol {
        fatalError("\(self) does not override faultProtocol")
    }

    /// The shared fault suite, against this test case's protocol.
    public private(set) lazy var suite = FaultSuite(Self.faultProtocol)

    override open func tearDown() {
        suite.tearDown()
        super.tearDown()
    }
}
