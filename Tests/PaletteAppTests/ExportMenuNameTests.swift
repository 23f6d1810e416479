import PaletteCore
import PaletteExport
import PaletteText
import XCTest

@testable import PaletteApp

/// The export menu's file name: shown whole when it fits, cut from the front when it does not,
/// and questioned before writing when its extension does not fit the chosen format.
final class ExportMenuNameTests: XCTestCase {
    private func menu(
        _ language: Language = .english, width: Int = 60, directory: String = "/home/u/work"
    ) -> AppState {
        var state = Fixture.showingPalette("calm lake at dawn", language: language)
        state.exportDirectory = directory
        state.send(.resized(width: width, height: 30))
        state.press(.character("E"))
        return state
    }

    private func choose(_ label: String, in state: inout AppState) {
        for _ in 0..<ExportChoice.all.count where state.exportMenu?.choice.label != label { state.press(.down) }
        XCTAssertEqual(state.exportMenu?.choice.label, label)
    }

    private func fileRow(_ state: AppState, _ label: String = "File: ") -> String {
        let lines = state.render().textLines
        return lines.first { $0.contains(label) } ?? "no file row in:\n" + lines.joined(separator: "\n")
    }

    func testAPathThatFitsTheFieldIsShownWhole() {
        // 60 columns: "File: " leaves 51 for the name; this one is exactly 51.
        var state = menu()
        state.press(.tab, .control("u"))
        state.type("a-rather-long-folder/and-one-more-lev/calm-lake.css")
        state.press(.tab)
        XCTAssertEqual(
            fileRow(state).trimmingCharacters(in: .whitespaces),
            "File: a-rather-long-folder/and-one-more-lev/calm-lake.css")
    }

    func testALongPathIsCutFromTheFrontAndKeepsItsFileName() {
        var state = menu()
        state.press(.tab, .control("u"))
        state.type("clients/northwind-trading/brand-refresh-2026/themes/calm-lake.css")
        state.press(.tab)
        XCTAssertEqual(
            fileRow(state).trimmingCharacters(in: .whitespaces),
            "File: …nd-trading/brand-refresh-2026/themes/calm-lake.css")
        // The folder line keeps its end too.
        let long = menu(directory: "/home/u/projects/clients/northwind-trading/brand-refresh-2026/themes-for-work")
        let lines = long.render().textLines
        XCTAssertTrue(
            lines.contains {
                $0.trimmingCharacters(in: .whitespaces) == "in …s/northwind-trading/brand-refresh-2026/themes-for-work"
            },
            lines.joined(separator: "\n"))
    }

    func testANameWhoseExtensionDoesNotFitIsAskedAboutAndWrittenOnlyOnASecondEnter() {
        var state = menu()
        XCTAssertEqual(state.exportMenu?.choice.label, "css")
        state.press(.tab, .control("u"))
        state.type("theme.json")
        XCTAssertTrue(state.press(.enter).isEmpty, "nothing is written before the answer")
        XCTAssertEqual(state.status?.kind, .warning)
        XCTAssertEqual(
            state.status?.text, "theme.json does not end in .css: Enter again writes it anyway, Esc edits.")
        let second = state.press(.enter)
        guard case .exportPalette(let job)? = second.first, second.count == 1 else { return XCTFail("\(second)") }
        XCTAssertEqual(job.path, "theme.json")
        XCTAssertEqual(job.request.format, .css)
        XCTAssertFalse(job.replace)
        // The file exists: the replace question follows, and its Enter is not asked about again.
        state.send(.exportFailed(.exists(path: "/home/u/work/theme.json")))
        let third = state.press(.enter)
        guard case .exportPalette(let replaced)? = third.first else { return XCTFail("\(third)") }
        XCTAssertTrue(replaced.replace)
    }

    func testEscAfterTheQuestionGoesBackToTheNameAndWritesNothing() {
        var state = menu(.traditionalChinese)
        state.press(.tab, .control("u"))
        state.type("dir/主題.json")
        state.press(.tab)
        XCTAssertEqual(state.keyScope, .exportMenu)
        XCTAssertTrue(state.press(.enter).isEmpty)
        XCTAssertEqual(state.status?.text, "主題.json 的副檔名不是 .css：再按一次 Enter 仍照樣寫入，按 Esc 修改。")
        XCTAssertTrue(state.press(.escape).isEmpty)
        XCTAssertNotNil(state.exportMenu, "Esc edits, it does not close the menu")
        XCTAssertEqual(state.keyScope, .exportPath)
        XCTAssertNil(state.status)
        // Edited to fit: written at once.
        state.press(.backspace, .backspace, .backspace, .backspace)
        state.type("css")
        guard case .exportPalette(let job)? = state.press(.enter).first else { return XCTFail() }
        XCTAssertEqual(job.path, "dir/主題.css")
        // An edit after the question asks again.
        var other = menu(.simplifiedChinese)
        other.press(.tab, .control("u"))
        other.type("a.txt")
        XCTAssertTrue(other.press(.enter).isEmpty)
        XCTAssertEqual(other.status?.text, "a.txt 的扩展名不是 .css：再按一次 Enter 仍照样写入，按 Esc 修改。")
        other.type("t")
        XCTAssertTrue(other.press(.enter).isEmpty, "a changed name is asked about again")
    }

    func testNamesThatFitTheirFormatAreWrittenAtOnce() {
        for (label, name) in [
            ("css", "Theme.CSS"), ("tokens", "brand.json"), ("base16", "scheme.yml"), ("base16", "scheme.yaml"),
            ("tailwind-v3", "tailwind.config.js"), ("tmux", "colours.conf"), ("ghostty", "my-theme"),
            ("system-css", "design.css"),
        ] {
            var state = menu()
            choose(label, in: &state)
            state.press(.tab, .control("u"))
            state.type(name)
            guard case .exportPalette(let job)? = state.press(.enter).first else {
                return XCTFail("\(label) \(name): \(state.status?.text ?? "")")
            }
            XCTAssertEqual(job.path, name)
        }
        // And one that does not, for a theme: the expected extension is the format's.
        var state = menu()
        choose("kitty", in: &state)
        state.press(.tab, .control("u"))
        state.type("kitty.toml")
        XCTAssertTrue(state.press(.enter).isEmpty)
        XCTAssertEqual(
            state.status?.text, "kitty.toml does not end in .conf: Enter again writes it anyway, Esc edits.")
    }
}
