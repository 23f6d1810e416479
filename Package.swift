// swift-tools-version:6.0
import PackageDescription

/// palette-tui: a terminal app that turns a description into a three-colour palette.
/// Module graph and the reasons for each seam: docs/architecture.md.
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "palette-tui",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "palette-tui", targets: ["palette-tui"]),
    ],
    targets: [
        // No pkgConfig: Debian's ncursesw.pc carries flags that SwiftPM rejects.
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "PaletteCore", swiftSettings: strict),
        .target(name: "PaletteExport", dependencies: ["PaletteCore", "CZlib"], swiftSettings: strict),
        .target(name: "Gemini", dependencies: ["PaletteCore"], swiftSettings: strict),
        .target(name: "PaletteEngine", dependencies: ["PaletteCore"], swiftSettings: strict),
        .target(name: "PaletteApp", dependencies: ["PaletteCore", "PaletteExport"], swiftSettings: strict),
        .target(name: "TerminalUI", dependencies: ["CNcurses", "PaletteApp"], swiftSettings: strict),
        .executableTarget(
            name: "palette-tui",
            dependencies: ["PaletteCore", "Gemini", "PaletteEngine", "PaletteApp", "TerminalUI", "PaletteExport"],
            swiftSettings: strict
        ),
        .testTarget(name: "PaletteCoreTests", dependencies: ["PaletteCore"], exclude: ["Fixtures"],
                    swiftSettings: strict),
        .testTarget(name: "GeminiTests", dependencies: ["Gemini", "PaletteCore"], exclude: ["Fixtures"],
                    swiftSettings: strict),
        .testTarget(name: "PaletteEngineTests", dependencies: ["PaletteEngine", "PaletteCore"], swiftSettings: strict),
        .testTarget(name: "PaletteAppTests", dependencies: ["PaletteApp", "PaletteCore"], swiftSettings: strict),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "PaletteApp"], swiftSettings: strict),
        .testTarget(name: "PaletteExportTests", dependencies: ["PaletteExport", "PaletteCore"], swiftSettings: strict),
        .testTarget(name: "PaletteTUITests", dependencies: ["palette-tui", "PaletteCore", "PaletteExport"], swiftSettings: strict),
    ]
)
