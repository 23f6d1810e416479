import Foundation
import TestSupport
import XCTest

/// The README's "Using it" examples, run as written by /bin/sh against the real binary (on
/// PATH as `palette-tui`), with a scratch HOME and no key (the offline engine), in order, and
/// each one's output checked.
final class ReadmeExamplesTests: XCTestCase {
    /// The shell lines of the README's "Using it" block that start with `palette-tui`.
    private func examples() throws -> [String] {
        let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "## Using it"), "README has no 'Using it' section")
        let rest = readme[section.upperBound...]
        let open = try XCTUnwrap(rest.range(of: "```sh\n"))
        let close = try XCTUnwrap(rest[open.upperBound...].range(of: "```"))
        return rest[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("palette-tui") }
    }

    func testTheReadmeExamplesRunAsWritten() throws {
        let lines = try examples()
        XCTAssertGreaterThanOrEqual(lines.count, 10, "\(lines)")
        let scratch = try TemporaryDirectory(prefix: "pt-readme")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.file("palette-tui"), withDestinationPath: try Repository.paletteTUI())
        // What `parse < model-output.txt` reads: a model's answer.
        try Data("Here is your palette:\n- Primary: #2E86AB\n- Secondary: #A23B72\n- Accent: #F18F01\n".utf8)
            .write(to: URL(fileURLWithPath: scratch.file("model-output.txt")))
        let environment = HistoryBinary.environment([
            "HOME": scratch.path, "PATH": scratch.path + ":/usr/bin:/bin",
        ])
        // What each example must print (standard output), by the start of its command line.
        // The pipe first: its start is also the start of a plain `generate --format json`.
        let checks: [(String, (ChildResult) -> Void)] = [
            (
                "palette-tui generate --format json \"calm lake\" | palette-tui export alacritty",
                { XCTAssertTrue($0.stdout.hasPrefix("# calm lake · light · palette-tui\n"), $0.stdout) }
            ),
            (
                "palette-tui generate \"calm forest morning\"",
                { XCTAssertTrue($0.stdout.hasPrefix("Primary    #"), $0.stdout) }
            ),
            (
                "palette-tui generate --format json",
                { XCTAssertTrue($0.stdout.contains("\"description\": \"寧靜的森林早晨\""), $0.stdout) }
            ),
            (
                "palette-tui parse <",
                { XCTAssertTrue($0.stdout.hasPrefix("Primary    #2E86AB"), $0.stdout) }
            ),
            (
                "palette-tui inspect",
                {
                    XCTAssertTrue($0.stdout.hasPrefix("#2E86AB\n"), $0.stdout)
                    XCTAssertTrue($0.stdout.contains("\n#A23B72\n"), $0.stdout)
                }
            ),
            (
                "palette-tui history --search forest",
                { XCTAssertTrue($0.stdout.contains("calm forest morning"), $0.stdout) }
            ),
            ("palette-tui export --list", { XCTAssertTrue($0.stdout.contains("alacritty"), $0.stdout) }),
            ("palette-tui export kitty -o calm.conf", { XCTAssertEqual($0.stdout, "") }),
            ("palette-tui export png", { XCTAssertEqual($0.stdout, "") }),
            ("palette-tui system --format tailwind -o theme.css", { XCTAssertEqual($0.stdout, "") }),
            (
                "palette-tui apply kitty --dry-run",
                {
                    XCTAssertTrue($0.stdout.contains("+++ \(scratch.path)/.config/kitty/kitty.conf\n"), $0.stdout)
                    XCTAssertTrue($0.stdout.hasSuffix("+include palette-tui.conf\n"), $0.stdout)
                    XCTAssertEqual($0.stderr, "dry run: nothing was written\n")
                }
            ),
            (
                "palette-tui share",
                {
                    let lines = $0.stdout.split(separator: "\n")
                    XCTAssertEqual(lines.count, 2, $0.stdout)
                    XCTAssertTrue(lines.first?.hasPrefix("ptui1.") == true, $0.stdout)
                    XCTAssertTrue(lines.last?.hasPrefix("https://coolors.co/") == true, $0.stdout)
                }
            ),
            ("palette-tui --help", { XCTAssertTrue($0.stdout.hasPrefix("usage: palette-tui"), $0.stdout) }),
        ]
        // Commands whose standard error carries notes, not failures: the guarantees a design
        // system could not meet for this palette, what a dry run did (checked above).
        let notesOnStandardError = ["palette-tui system", "palette-tui apply"]
        var checked = 0
        for line in lines {
            // The interactive app needs a terminal: E2EAppTests drive it in tmux.
            if line.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) == "palette-tui" { continue }
            let result = try Spawn.run(
                ["/bin/sh", "-c", "cd '\(scratch.path)' && " + line], environment: environment, timeout: 60)
            XCTAssertEqual(result.status, 0, "\(line): \(result.stderr)")
            if !notesOnStandardError.contains(where: { line.hasPrefix($0) }) {
                XCTAssertEqual(result.stderr, "", line)
            }
            if let check = checks.first(where: { line.hasPrefix($0.0) }) {
                check.1(result)
                checked += 1
            } else {
                XCTFail("no check for the README line \(line)")
            }
        }
        XCTAssertEqual(checked, checks.count, "every check ran once")
        // The files the examples wrote, read back by their readers.
        let kitty = try String(contentsOfFile: scratch.file("calm.conf"), encoding: .utf8)
        XCTAssertTrue(kitty.hasPrefix("# 寧靜的森林早晨 · dark · palette-tui"), kitty)
        let theme = try String(contentsOfFile: scratch.file("theme.css"), encoding: .utf8)
        XCTAssertTrue(theme.contains("@theme {\n  --color-primary-50: oklch("), theme)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: scratch.file(".config/kitty/kitty.conf")), "dry run wrote")
        let png = try Data(contentsOf: URL(fileURLWithPath: scratch.file("card.png")))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/file") {
            let file = try Spawn.run(["/usr/bin/file", "-b", scratch.file("card.png")])
            XCTAssertTrue(file.stdout.hasPrefix("PNG image data"), file.stdout)
        }
    }
}
