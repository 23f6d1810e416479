import PaletteCore
import ScreenCore
import XCTest

@testable import PaletteApp

/// The one key table: unambiguous, complete, and the source of help and the status line.
final class KeyMapTests: XCTestCase {
    func testNoKeyIsBoundTwiceInOneContext() {
        for context in KeyContext.allCases {
            var seen: [Key: Command] = [:]
            for binding in KeyMap.bindings where binding.context == context {
                for key in binding.keys {
                    XCTAssertNil(seen[key], "\(key) bound twice in \(context)")
                    seen[key] = binding.command
                }
            }
        }
    }

    /// Every command, from the compiler's list: a new command without a key fails here.
    func testEveryCommandHasAKey() {
        let bound = Set(KeyMap.bindings.map(\.command))
        // Help's and the preview's "any other key" (`unboundKeyCommand`).
        let byFallback = Set(KeyScope.allCases.compactMap(KeyMap.unboundKeyCommand(in:)))
        XCTAssertEqual(byFallback, [.closeHelp, .cancelLockPrefix, .closePreview])
        XCTAssertGreaterThan(Command.allCases.count, 40)
        for command in Command.allCases where !byFallback.contains(command) {
            XCTAssertTrue(bound.contains(command), "\(command) has no key")
        }
    }

    /// Every binding's context is in force somewhere, and every scope's contexts are the ones
    /// the footer table was built for.
    func testEveryContextIsReachableFromAScope() {
        let reachable = Set(KeyScope.allCases.flatMap(\.contexts))
        XCTAssertEqual(reachable, Set(KeyContext.allCases))
        var state = Fixture.state()
        XCTAssertEqual(state.keyScope, .description)
        state.press(.tab)
        XCTAssertEqual(state.keyScope, .button)
        state.press(.tab)
        XCTAssertEqual(state.keyScope, .panes)
        state.press(.tab)
        XCTAssertEqual(state.keyScope, .history)
        state.press(.character("/"))
        XCTAssertEqual(state.keyScope, .filter)
        state.press(.function(1))
        XCTAssertEqual(state.keyScope, .help)
        XCTAssertEqual(state.activeContexts, [.help])
    }

    /// Help's own keys come from the table: the reducer has none of its own.
    func testHelpKeysAreInTheTable() {
        func command(_ key: Key) -> Command? { KeyMap.binding(for: key, in: KeyScope.help.contexts)?.command }
        XCTAssertEqual(command(.up), .helpScrollUp)
        XCTAssertEqual(command(.character("k")), .helpScrollUp)
        XCTAssertEqual(command(.down), .helpScrollDown)
        XCTAssertEqual(command(.character("j")), .helpScrollDown)
        XCTAssertEqual(command(.pageUp), .helpPageUp)
        XCTAssertEqual(command(.pageDown), .helpPageDown)
        XCTAssertEqual(command(.control("c")), .interrupt)
        XCTAssertNil(command(.character("x")))
        XCTAssertNil(command(.tab), "no other context's keys apply in help")
    }

    /// The issue's keys, checked against the table rather than restated in code.
    func testTheIssuesKeysAreWhereItSays() {
        func command(_ key: Key, _ contexts: [KeyContext]) -> Command? {
            KeyMap.binding(for: key, in: contexts)?.command
        }
        let field: [KeyContext] = [.description, .textField, .anywhere]
        let panes: [KeyContext] = [.panes, .outsideField, .anywhere]
        let history: [KeyContext] = [.history, .outsideField, .anywhere]
        XCTAssertEqual(command(.enter, field), .generate)
        XCTAssertEqual(command(.control("a"), field), .cursorHome)
        XCTAssertEqual(command(.control("e"), field), .cursorEnd)
        XCTAssertEqual(command(.control("u"), field), .deleteToStart)
        XCTAssertEqual(command(.control("k"), field), .deleteToEnd)
        XCTAssertEqual(command(.control("w"), field), .deleteWordBackward)
        XCTAssertEqual(command(.altBackspace, field), .deleteWordBackward)
        XCTAssertEqual(command(.alt("b"), field), .cursorWordLeft)
        XCTAssertEqual(command(.controlLeft, field), .cursorWordLeft)
        XCTAssertEqual(command(.alt("f"), field), .cursorWordRight)
        XCTAssertEqual(command(.controlRight, field), .cursorWordRight)
        XCTAssertEqual(command(.alt("d"), field), .deleteWordForward)
        XCTAssertNil(command(.alt("x"), field), "an Alt key no row lists does nothing")
        XCTAssertEqual(command(.control("z"), field), .suspend)
        XCTAssertEqual(command(.control("z"), panes), .suspend)
        for scope in KeyScope.allCases {
            XCTAssertEqual(
                KeyMap.binding(for: .control("z"), in: scope.contexts)?.command, .suspend, "^Z suspends in \(scope)")
        }
        XCTAssertNil(command(.character("q"), field), "q types in the field")
        XCTAssertNil(command(.character("1"), field))
        XCTAssertEqual(command(.escape, field), .cancel)
        XCTAssertEqual(command(.control("c"), field), .interrupt)
        XCTAssertEqual(command(.character("c"), panes), .copySelected)
        XCTAssertEqual(command(.enter, panes), .copySelected)
        XCTAssertEqual(command(.character("2"), panes), .copySecondary)
        XCTAssertEqual(command(.character("r"), panes), .regenerate)
        XCTAssertEqual(command(.character("q"), panes), .quit)
        XCTAssertEqual(command(.character("j"), history), .historyDown)
        XCTAssertEqual(command(.character("k"), history), .historyUp)
        XCTAssertEqual(command(.pageDown, history), .historyPageDown)
        XCTAssertEqual(command(.character("/"), history), .startFilter)
        XCTAssertEqual(command(.character("F"), history), .toggleFavoritesOnly)
        XCTAssertEqual(command(.character("u"), history), .undo)
        XCTAssertEqual(command(.backTab, history), .focusPrevious)
    }

    func testHelpListsEveryDescribedBindingOnce() {
        let state = Fixture.state()
        let lines = state.helpLines()
        let rows = lines.filter { !$0.isHeading }
        XCTAssertEqual(rows.count, KeyMap.bindings.filter { $0.help != nil }.count)
        for binding in KeyMap.bindings {
            guard let help = binding.help else { continue }
            XCTAssertTrue(rows.contains { $0.key == binding.label && $0.text == help(.english) }, binding.label)
        }
        let zh = Fixture.state(language: .traditionalChinese).helpLines()
        XCTAssertTrue(zh.contains { $0.text == "生成配色" })
    }

    func testStatusLineKeysComeFromTheTable() {
        let footer = KeyMap.footer(for: [.description, .textField, .anywhere], language: .english)
        XCTAssertEqual(footer.map { "\($0.key) \($0.text)" }, ["Enter generate", "F1 help", "Tab next", "^C quit"])
        let history = KeyMap.footer(for: [.history, .outsideField, .anywhere], language: .simplifiedChinese)
        XCTAssertEqual(history.first.map { "\($0.key) \($0.text)" }, "↑/↓ 移动")
        XCTAssertTrue(
            Fixture.state().render().textLines[23].hasSuffix("Enter generate · F1 help · Tab next "))
    }
}
