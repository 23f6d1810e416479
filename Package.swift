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
        .target(name: "PaletteCore", swiftSettings: strict),
        // FoundationNetworking comes with Foundation on Linux: no package to declare.
        .target(name: "ProviderKit", dependencies: ["PaletteCore"], swiftSettings: strict),
        .target(name: "Gemini", dependencies: ["PaletteCore", "ProviderKit"], swiftSettings: strict),
        .target(name: "PaletteEngine", dependencies: ["PaletteCore"], swiftSettings: strict),
        .target(name: "PaletteApp", dependencies: ["PaletteCore"], swiftSettings: strict),
        .target(name: "TerminalUI", dependencies: ["CNcurses", "PaletteApp"], swiftSettings: strict),
        .executableTarget(
            name: "palette-tui",
            dependencies: ["PaletteCore", "ProviderKit", "Gemini", "PaletteEngine", "PaletteApp", "TerminalUI"],
            swiftSettings: strict
        ),
        .testTarget(name: "PaletteCoreTests", dependencies: ["PaletteCore"], exclude: ["Fixtures"],
                    swiftSettings: strict),
        .testTarget(name: "GeminiTests", dependencies: ["Gemini", "ProviderKit", "PaletteCore"], exclude: ["Fixtures"],
                    swiftSettings: strict),
        .testTarget(name: "ProviderKitTests", dependencies: ["ProviderKit", "PaletteCore", "PaletteEngine"],
                    swiftSettings: strict),
        .testTarget(name: "PaletteEngineTests", dependencies: ["PaletteEngine", "PaletteCore"], swiftSettings: strict),
        .testTarget(name: "PaletteAppTests", dependencies: ["PaletteApp", "PaletteCore"], swiftSettings: strict),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "PaletteApp"], swiftSettings: strict),
        .testTarget(name: "PaletteTUITests", dependencies: ["palette-tui", "PaletteCore", "ProviderKit", "Gemini"],
                    swiftSettings: strict),
    ]
)
