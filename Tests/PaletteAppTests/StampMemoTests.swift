import Foundation
import Synchronization
import XCTest

@testable import PaletteApp

/// The history rows' stamps are kept for one local day (`StampMemo`).
final class StampMemoTests: XCTestCase {
    /// A clock whose now can be moved, counting how often the time zone is asked.
    private final class MovableClock: Sendable {
        let state = Mutex((now: Fixture.now, offsetAsked: 0))

        var clock: AppClock {
            AppClock(
                now: { self.state.withLock { $0.now } }, uptime: { .zero }, makeID: { "x" }, sleep: { _ in },
                utcOffset: { _ in
                    self.state.withLock { $0.offsetAsked += 1 }
                    return 0
                })
        }
    }

    func testARowsStampIsWorkedOutOnceADayAndNotKeptIntoTheNextDay() {
        let movable = MovableClock()
        let clock = movable.clock
        var memo = StampMemo()
        // Fixture.now is 2026-11-29 12:00 UTC, and the zone is UTC.
        let morning = Fixture.now.addingTimeInterval(-2 * 3600 + 5 * 60)
        let today = clock.today()
        XCTAssertEqual(memo.stamp(morning, today: today, clock: clock), "10:05")
        let asked = movable.state.withLock { $0.offsetAsked }
        for _ in 0..<20 { XCTAssertEqual(memo.stamp(morning, today: today, clock: clock), "10:05") }
        XCTAssertEqual(movable.state.withLock { $0.offsetAsked }, asked, "twenty more rows asked the time zone")
        XCTAssertEqual(memo.count, 1)
        // The next day the same palette shows its date.
        movable.state.withLock { $0.now = Fixture.now.addingTimeInterval(24 * 3600) }
        XCTAssertEqual(memo.stamp(morning, today: clock.today(), clock: clock), "2026-11-29")
        XCTAssertEqual(memo.count, 1)
    }

    func testAnEmptyHistoryNeverAsksTheTimeZone() {
        // The time zone's first use pages in megabytes of its data (0.25 ms of the first frame):
        // a list with no entry has no stamp to show, so it is not asked.
        let movable = MovableClock()
        var state = Fixture.state(width: 100, height: 30, clock: movable.clock)
        var cache = RenderCache()
        _ = state.render(cache: &cache)
        state.send(.historyLoaded([], warnings: []))
        _ = state.render(cache: &cache)
        XCTAssertEqual(movable.state.withLock { $0.offsetAsked }, 0)
    }

    func testTheMemoStartsOverWhenFull() {
        let clock = MovableClock().clock
        var memo = StampMemo()
        let today = clock.today()
        for minute in 0..<StampMemo.capacity {
            _ = memo.stamp(Fixture.now.addingTimeInterval(Double(-minute * 60)), today: today, clock: clock)
        }
        XCTAssertEqual(memo.count, 1024)
        XCTAssertEqual(
            memo.stamp(Fixture.now.addingTimeInterval(-3 * 86_400), today: today, clock: clock), "2026-11-26")
        XCTAssertEqual(memo.count, 1)
    }
}
