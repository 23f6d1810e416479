// swift-tools-version:6.2
import PackageDescription

/// palette-tui: a terminal app that turns a description into a three-colour palette.
/// The module graph and the reason for each seam: docs/architecture.md.
///
/// Linux only: the terminal layer uses glibc's `sigaction` layout and `<ncursesw/curses.h>`
/// (Debian's libncurses-dev), so no other platform is claimed. Tools 6.2 means the Swift 6
/// language mode for every target; `keyPath` and `strict` make every warning an error in a plain
/// `swift build` too (docs/decisions.md, "Warnings are errors everywhere").
///
/// Release builds also put every function in a section of its own, so that the linker can lay out
/// the code start-up runs in one block (`staticProgram` below; docs/modules/build.md).
let keyPath: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release)),
]

/// The other modules' release builds also reach the metadata of a concrete generic type
/// (`[Language: String]`, a specialised `_NativeDictionary`) through an accessor function rather
/// than by its mangled name: found by name, the runtime demangled it and walked every protocol
/// conformance record of the binary for each `Hashable` it names, about 1 ms of the first frame.
/// The modules a keystroke runs (`keyPath`: PaletteCore, ScreenCore, PaletteText, TerminalUI)
/// keep the names: an accessor is a function a type, and a key arrives to cold caches. PaletteApp
/// takes the accessors: its render named ten such types before the first frame (docs/modules/build.md).
let strict: [SwiftSetting] =
    keyPath + [
        .unsafeFlags(
            ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
    ]

/// The libraries whose tests run long property loops (10,000 palettes through the colour
/// science, the engine, the design system, the history's compaction, the renderer) are
/// optimised in debug builds too, for a developer's `swift test`; the tests' own code stays
/// unoptimised. See docs/decisions.md, "Tests run on the release build".
let optimised: [SwiftSetting] = strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]
let optimisedKeyPath: [SwiftSetting] = keyPath + [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// Tests are compiled unoptimised in the release build too: the libraries under test are
/// optimised, the tests' own code is not worth the compile (docs/decisions.md, "One release
/// build").
let testCode: [SwiftSetting] = strict + [.unsafeFlags(["-Onone"], .when(configuration: .release))]

/// The executable's one file is compiled against the static Swift runtime and FoundationEssentials,
/// so that its object names every static library they need; the
/// libraries' modules are compiled once, against the shared ones, for the product and the tests.
let staticMain: [SwiftSetting] = strict + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]

/// The release link of palette-tui alone: the Swift runtime and FoundationEssentials linked in
/// (`-static-stdlib`; the test bundle, which loads XCTest's shared runtime, links them shared),
/// and the functions start-up and the first frame run laid out together at the end of `.text`
/// (gold's `--section-ordering-file`; gold is named because the option is gold's). Start-up then
/// faults in a few hundred KiB of contiguous code rather than most of 2.8 MB. The file is written
/// by `make startup-order` (tools/startup_order.py) and checked by `make bench`.
/// `tools/link` holds a linker script named `libstdc++.so` that the toolchain's `-lstdc++` finds
/// first: it names GCC's static `libstdc++.a`, so no C++ runtime is loaded and relocated at start.
/// `--no-export-dynamic` undoes the `-export-dynamic` of the toolchain's static-stdlib-args.lnk:
/// nothing looks the program's symbols up, and the 13,287 it exported were scanned by the
/// runtime's `dladdr` at every start (first frame 3.89 -> 3.69 ms; docs/decisions.md).
let staticProgram: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-static-stdlib", "-use-ld=gold", "-Xclang-linker", "-L\(Context.packageDirectory)/tools/link", "-Xlinker",
            "--section-ordering-file=\(Context.packageDirectory)/tools/startup-order.txt", "-Xlinker",
            "--no-export-dynamic",
        ],
        .when(configuration: .release))
]

let package = Package(
    name: "palette-tui",
    products: [
        .executable(name: "palette-tui", targets: ["palette-tui"])
    ],
    targets: [
        // MARK: Libraries (the pure core first, then the I/O around it)

        // No pkgConfig: Debian's ncursesw.pc carries flags that SwiftPM rejects.
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses", providers: [.apt(["libncurses-dev"])]),
        // zlib: CRC-32 and deflate for the PNG and zip exports.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // libcurl's header: ProviderKit's HTTP transport (poll(2)-driven, bounded decoding; see
        // HTTPTransport.swift). Not linked: libcurl is opened with dlopen at the first request
        // (CurlLibrary.swift), so a start does not load it and the ~30 libraries it needs.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // PNG, JPEG and WebP decoding for palettes from a picture (PaletteImage): libraries that
        // return error codes rather than longjmp through Swift.
        .systemLibrary(name: "CSpng", path: "Sources/CSpng", providers: [.apt(["libspng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", providers: [.apt(["libwebp-dev"])]),
        // The commit the binary was built from, for `--version`: a weak empty default that the
        // Makefile's linked-in commit object replaces (see BUILD_INFO there).
        .target(name: "CBuildInfo", path: "Sources/CBuildInfo"),
        // Values and pure algorithms: colour, palettes, parsing. FoundationEssentials only: no module
        // the program links imports Foundation itself (no CoreFoundation, no ICU; docs/decisions.md).
        .target(name: "PaletteCore", swiftSettings: optimisedKeyPath),
        // What every HTTP provider shares: transport, deadline, retries, keys, fallback, and the
        // picture a model is sent (re-encoded as a bare PNG through zlib). Its request value is
        // its own (`HTTPRequest`): no module of the app imports FoundationNetworking.
        .target(name: "ProviderKit", dependencies: ["PaletteCore", "CCurl", "CZlib"], swiftSettings: strict),
        // The Gemini client: its URL, body and replies, on ProviderKit.
        .target(name: "Gemini", dependencies: ["PaletteCore", "ProviderKit"], swiftSettings: strict),
        // Any OpenAI-compatible Chat Completions server (OpenAI, llama.cpp, vLLM, LM Studio), on ProviderKit.
        .target(name: "OpenAI", dependencies: ["PaletteCore", "ProviderKit"], swiftSettings: strict),
        // Ollama's native chat API, on ProviderKit.
        .target(name: "Ollama", dependencies: ["PaletteCore", "ProviderKit"], swiftSettings: strict),
        // The program's provider list (one line a provider) and what is decided from it: the
        // names, the automatic choice, each provider's settings and the provider itself.
        .target(
            name: "PaletteProviders",
            dependencies: [
                "PaletteCore", "ProviderKit", "PaletteConfig", "PaletteEngine", "Gemini", "OpenAI", "Ollama",
            ],
            swiftSettings: strict),
        // Export formats, terminal themes derived from a palette, the swatch card: pure bytes.
        // A design system from a palette: tonal scales, semantic roles for light and dark, status
        // colours, and their text formats. Pure: colour science on PaletteCore.
        .target(name: "PaletteSystem", dependencies: ["PaletteCore"], swiftSettings: optimised),
        .target(
            name: "PaletteExport", dependencies: ["PaletteCore", "PaletteSystem", "CZlib"], swiftSettings: strict),
        // `palette-tui apply`: each program's config place, theme file and include line, the one
        // edit of a config, the dry run's diff, the terminal background's answer. Pure: no files.
        .target(
            name: "PaletteApply", dependencies: ["PaletteCore", "PaletteExport", "PaletteConfig"],
            swiftSettings: strict),
        // Palettes from other tools and share strings: Coolors and Realtime Colors links, ASE, GPL,
        // Procreate .swatches, palette-tui's own cards, the `ptui1.` share string. Pure bytes in.
        .target(name: "PaletteImport", dependencies: ["PaletteCore", "CZlib"], swiftSettings: strict),
        // The settings file: a strict TOML reader and what the file may set.
        .target(name: "PaletteConfig", dependencies: ["PaletteCore"], swiftSettings: strict),
        // A picture file to an `ImageInput`: PNG, JPEG and WebP decoded, downscaled while decoding,
        // bounded in size, pixels, memory and time; SHA-256 of the file's bytes.
        .target(
            name: "PaletteImage", dependencies: ["PaletteCore", "CSpng", "CTurboJPEG", "CWebP"], swiftSettings: strict),
        // The offline engine: a description to a palette, with no network.
        .target(name: "PaletteEngine", dependencies: ["PaletteCore"], swiftSettings: optimised),
        // The history: entries, the line codec, the store (the file) and the one search.
        .target(name: "PaletteHistory", dependencies: ["PaletteCore"], swiftSettings: optimised),
        // The screen's values: a frame as styled cells (Canvas, Cell, Style, ColorMode), a key and
        // an input event, a terminal setup problem. What the app draws and the terminal shows.
        .target(name: "ScreenCore", dependencies: ["PaletteCore"], swiftSettings: keyPath),
        // Every word a user reads, in English and Chinese (Traditional, Simplified): `Localized`
        // and one catalogue per subject. A new UI language is added here.
        .target(
            name: "PaletteText",
            dependencies: [
                "PaletteCore", "PaletteHistory", "PaletteExport", "PaletteConfig", "PaletteSystem", "ScreenCore",
                "PaletteApply", "PaletteImport", "PaletteImage",
            ],
            swiftSettings: keyPath),
        // The command line's spec: every command and option, `--help`, the man page's words and
        // the completions' source. The executable parses with it; palette-docs writes from it.
        .target(
            name: "PaletteCommands", dependencies: ["PaletteCore", "PaletteExport", "PaletteText", "PaletteApply"],
            swiftSettings: strict),
        // The app as state, actions, effects and frames: pure, no terminal. It uses the
        // history's model and search, never its store.
        .target(
            name: "PaletteApp",
            dependencies: [
                "PaletteCore", "PaletteHistory", "PaletteExport", "PaletteSystem", "PaletteText", "ScreenCore",
                "PaletteImport", "PaletteImage",
            ],
            swiftSettings: optimised),
        // The terminal: ncurses, keys, colours. The only importer of CNcurses.
        .target(name: "TerminalUI", dependencies: ["CNcurses", "ScreenCore", "PaletteCore"], swiftSettings: keyPath),

        // MARK: Executables

        // The program: command line, runtime and the live dependencies. A library, so that the
        // tests import it while only the executable links statically.
        .target(
            name: "PaletteProgram",
            dependencies: [
                "PaletteCore", "ProviderKit", "PaletteProviders", "PaletteHistory",
                "PaletteApp", "PaletteText", "PaletteCommands", "ScreenCore", "TerminalUI", "PaletteExport",
                "PaletteConfig", "PaletteSystem", "PaletteApply", "CBuildInfo", "PaletteImport", "PaletteImage",
            ],
            swiftSettings: strict),

        // The product: one line that runs PaletteProgram, linked with the Swift runtime and
        // FoundationEssentials inside (`staticProgram`), so the installed binary needs only Debian's libraries.
        .executableTarget(
            name: "palette-tui", dependencies: ["PaletteProgram"], swiftSettings: staticMain,
            linkerSettings: staticProgram),
        // `make bench`'s in-process cases, on the libraries' public API. Not a product: `swift build`
        // builds it, `make install` does not ship it.
        .executableTarget(
            name: "palette-bench",
            dependencies: [
                "PaletteCore", "PaletteEngine", "PaletteHistory", "PaletteApp", "ScreenCore", "PaletteConfig",
            ],
            swiftSettings: strict),
        // The man page and the bash, zsh and fish completions, written from the command table
        // and the key table. Not a product: `make install` and `make deb` run it at build time.
        .executableTarget(
            name: "palette-docs",
            dependencies: ["PaletteApp", "PaletteCommands", "PaletteText", "PaletteCore", "PaletteProviders"],
            swiftSettings: strict),
        // Writes the offline engine's lexicon indexes (LexiconIndexData.swift) from its terms.
        // Not a product: tools/gen_lexicon.py runs it after writing LexiconData.swift.
        .executableTarget(name: "lexicon-index", dependencies: ["PaletteEngine"], swiftSettings: strict),
        // Test-only, not a product: appends entries and reports each once it is durable, so the
        // history tests can run, kill and race real writer processes on a real file.
        .executableTarget(
            name: "history-writer", dependencies: ["PaletteHistory", "PaletteCore"], path: "Tests/HistoryWriter",
            swiftSettings: strict),

        // MARK: Tests
        // Fixtures and golden files live inside the test target that reads them and are declared
        // with `exclude:`; tests read them from the source tree (golden files are re-recorded
        // there), never as bundle resources.

        // One copy of what tests share: processes, the loopback servers (`Servers/`, Python),
        // the tmux harness, golden files, temporary directories, the repository's paths;
        // `Tools/` holds Python helpers the tests run (`peak_rss.py`).
        .target(
            name: "TestSupport", path: "Tests/TestSupport", exclude: ["Servers", "Readers", "Tools"],
            swiftSettings: testCode),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"], swiftSettings: testCode),
        .testTarget(
            name: "PaletteCoreTests", dependencies: ["PaletteCore", "TestSupport"], exclude: ["Fixtures"],
            swiftSettings: testCode),
        .testTarget(
            name: "GeminiTests",
            dependencies: ["Gemini", "ProviderKit", "PaletteCore", "TestSupport", "ProviderFaultSuite"],
            exclude: ["Fixtures"], swiftSettings: testCode),
        // The fault suite every HTTP provider runs (Gemini's faults, each protocol's own replies).
        .target(
            name: "ProviderFaultSuite",
            dependencies: ["TestSupport", "PaletteCore", "ProviderKit", "PaletteApp", "PaletteText", "PaletteEngine"],
            path: "Tests/ProviderFaultSuite", swiftSettings: testCode),
        .testTarget(
            name: "OpenAITests",
            dependencies: [
                "OpenAI", "ProviderKit", "PaletteCore", "PaletteEngine", "TestSupport", "ProviderFaultSuite",
            ],
            swiftSettings: testCode),
        .testTarget(
            name: "OllamaTests",
            dependencies: ["Ollama", "ProviderKit", "PaletteCore", "TestSupport", "ProviderFaultSuite"],
            swiftSettings: testCode),
        .testTarget(
            name: "PaletteConfigTests", dependencies: ["PaletteConfig", "PaletteCore", "TestSupport"],
            swiftSettings: testCode),
        // A provider that does not exist, as a new provider module would hold it (one descriptor).
        .target(
            name: "MadeUpProvider", dependencies: ["PaletteCore", "ProviderKit"], path: "Tests/MadeUpProvider",
            swiftSettings: testCode),
        // The provider list and what is decided from it, with MadeUpProvider added in one line.
        .testTarget(
            name: "PaletteProvidersTests",
            dependencies: [
                "PaletteProviders", "MadeUpProvider", "PaletteCommands", "PaletteConfig", "PaletteCore", "ProviderKit",
                "TestSupport",
            ],
            swiftSettings: testCode),
        .testTarget(
            name: "ProviderKitTests", dependencies: ["ProviderKit", "PaletteCore", "PaletteEngine", "TestSupport"],
            swiftSettings: testCode),
        .testTarget(
            name: "PaletteEngineTests", dependencies: ["PaletteEngine", "PaletteCore", "TestSupport"],
            exclude: ["Fixtures"], swiftSettings: testCode),
        .testTarget(
            name: "PaletteHistoryTests",
            dependencies: ["PaletteHistory", "PaletteCore", "TestSupport", "history-writer"], exclude: ["Fixtures"],
            swiftSettings: testCode),
        .testTarget(
            name: "PaletteAppTests",
            dependencies: [
                "PaletteApp", "PaletteText", "ScreenCore", "PaletteExport", "PaletteHistory", "PaletteCore",
                "PaletteSystem", "TestSupport",
            ],
            exclude: ["Golden"], swiftSettings: testCode),
        .testTarget(
            name: "PaletteExportTests", dependencies: ["PaletteExport", "PaletteCore", "TestSupport"],
            swiftSettings: testCode),
        .testTarget(
            name: "PaletteImportTests",
            dependencies: ["PaletteImport", "PaletteExport", "PaletteCore", "TestSupport", "CZlib"],
            swiftSettings: testCode),
        .testTarget(
            name: "PaletteImageTests", dependencies: ["PaletteImage", "PaletteCore", "PaletteText", "TestSupport"],
            swiftSettings: testCode),
        .testTarget(
            name: "PaletteSystemTests",
            dependencies: ["PaletteSystem", "PaletteExport", "PaletteCore", "TestSupport"], swiftSettings: testCode),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "ScreenCore", "PaletteApp", "PaletteCore", "CNcurses", "TestSupport"],
            swiftSettings: testCode),
        // What palette-docs writes, loaded by the real readers: the completions in bash (with
        // bash-completion), zsh and fish, the man page through mandoc -Tlint and groff -wall.
        .testTarget(
            name: "PaletteDocsTests",
            dependencies: [
                "palette-docs", "PaletteApp", "PaletteCommands", "PaletteCore", "PaletteProviders",
                "TestSupport",
            ],
            swiftSettings: testCode),
        // The real binary from outside (CLI, history files, tmux, loopback Gemini) and its
        // internals through `@testable import PaletteProgram`.
        .testTarget(
            name: "PaletteTUITests",
            dependencies: [
                "PaletteProgram", "Gemini", "OpenAI", "Ollama", "PaletteConfig", "PaletteProviders", "ProviderKit",
                "PaletteEngine",
                "PaletteHistory",
                "PaletteApp", "PaletteText", "PaletteCommands", "PaletteCore",
                "PaletteExport", "ScreenCore", "TerminalUI", "TestSupport", "PaletteApply",
            ],
            swiftSettings: testCode),
    ]
)
