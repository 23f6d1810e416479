import Foundation

/// Where things are: the source tree the tests were built from, and the products SwiftPM built
/// beside the test bundle.
public enum Repository {
    /// The repository root: this file is `Tests/TestSupport/Repository.swift`.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path inside the repository, such as `Tests/GeminiTests/Fixtures`.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The build products directory (`.build/<triple>/release` or `debug`), where the test bundle is.
    ///
    /// On Linux the test bundle is an executable, `…/release/palette-tuiPackageTests.xctest`, and
    /// the process's own path names its directory.
    static let productsDirectory: URL = {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return me.deletingLastPathComponent()
    }()

    /// The executable `name` SwiftPM built for this test run, such as `palette-tui`.
    ///
    /// Throws when it is missing: a test that needs the real binary must not pass without it.
    public static func product(_ name: String) throws -> String {
        let path = productsDirectory.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw SpawnError("\(name) is not built in \(productsDirectory.path) (run swift build --build-tests)")
        }
        return path
    }

    /// The `palette-tui` binary built for this test run; `PALETTE_TUI_UNDER_TEST` names
    /// another one instead (an older build, to see a test fail without the fix it guards:
    /// docs/modules/testing.md).
    public static func paletteTUI() throws -> String {
        if let other = ProcessInfo.processInfo.environment["PALETTE_TUI_UNDER_TEST"], !other.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: other) else {
                throw SpawnError("PALETTE_TUI_UNDER_TEST=\(other) is not an executable")
            }
            return other
        }
        return try product("palette-tui")
    }
}
