import CZlib
import Foundation
import PaletteCore
import PaletteExport
import TestSupport
import XCTest

@testable import PaletteImport

/// Reading palettes from other tools: every format `export` writes reads back to the same
/// colours (a theme by the roles it records), Coolors and Realtime Colors links from the sites'
/// own examples, the rule for more than three colours, and hostile files that must fail with a
/// typed reason, not a crash.
final class PaletteImportTests: XCTestCase {
    private func hex(_ text: String) -> RGB { try! RGB(hex: text) }

    private func palette(_ p: String, _ s: String, _ a: String) -> Palette {
        Palette(primary: hex(p), secondary: hex(s), accent: hex(a))
    }

    private func randomPalette(_ rng: inout SplitMix64) -> Palette {
        func c() -> RGB { RGB(packed: UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF) }
        return Palette(primary: c(), secondary: c(), accent: c())
    }

    // MARK: - Export formats

    func testEveryFormatExportWritesReadsBackToTheSameColours() throws {
        let formats = ExportFormat.allCases
        XCTAssertEqual(
            formats.map(\.rawValue),
            [
                "css", "scss", "less", "tailwind", "tokens", "gpl", "ase", "swatches", "svg", "png",
                "base16", "base24", "kitty", "alacritty", "wezterm", "ghostty", "windows-terminal", "iterm2",
                "xresources", "foot", "vscode", "neovim", "tmux", "terminal-json",
            ])
        var rng = SplitMix64(seed: 36)
        var palettes = [palette("#2E86AB", "#A23B72", "#F18F01"), palette("#000000", "#FFFFFF", "#808080")]
        for _ in 0..<60 { palettes.append(randomPalette(&rng)) }
        var themes = 0
        for (k, p) in palettes.enumerated() {
            for format in formats {
                let language = Language.allCases[k % 3]
                // PNG cards are slow to draw: a few of them are enough.
                if format == .png && k % 10 != 0 { continue }
                let variant = ThemeVariant.allCases[k / 3 % 2]
                let bytes = Exporter.render(
                    ExportRequest(
                        palette: p, format: format, variant: variant, name: "名前 \(k) · dark · palette-tui",
                        language: language, tailwindV3: k % 2 == 0))
                let read = try PaletteImport.read(bytes)
                XCTAssertEqual(read.palette, p, "\(format) \(language) \(variant)")
                if format.kind == .palette || format == .terminalJSON {
                    // terminal-json names the roles in its `palette` object, read as JSON.
                    XCTAssertNil(read.choice, "\(format)")
                } else {
                    XCTAssertEqual(read.choice, .themeRoles, "\(format)")
                    XCTAssertEqual(read.source, .theme, "\(format)")
                    themes += 1
                }
            }
        }
        XCTAssertEqual(themes, 62 * 13)
    }

    /// The header palette-tui's themes open with, read as such; anything else is not one.
    func testAThemesRecordedRolesAreReadAndOtherThemesAreNot() throws {
        let kitty = """
            # calm lake · dark · palette-tui
            # 主色 #2E86AB 灰藍
            # 輔助色 #A23B72 some name
            # 強調色 #F18F01
            foreground #DDE3E8
            background #1B2329
            color0 #263038
            color1 #E06C75

            """
        let read = try PaletteImport.read(text: kitty)
        XCTAssertEqual(read.palette, palette("#2E86AB", "#A23B72", "#F18F01"))
        XCTAssertEqual(read.choice, .themeRoles)
        // CRLF line ends and a byte order mark, as an editor on Windows saves it.
        let crlf = "\u{FEFF}" + kitty.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try PaletteImport.read(Array(crlf.utf8)).choice, .themeRoles)
        // The plist's comments, after its declaration and doctype.
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!-- x · light · palette-tui -->
            <!-- Primary #010203 black -->
            <!-- Secondary #FFFFFF white -->
            <!-- Accent #808080 grey -->
            <plist version="1.0">

            """
        XCTAssertEqual(try PaletteImport.read(text: plist).palette, palette("#010203", "#FFFFFF", "#808080"))
        // A kitty theme from elsewhere (no header): read as text, as before, and refused for its colours.
        let elsewhere = """
            # Gruvbox dark
            # Primary colours
            foreground #ebdbb2
            background #282828
            color0 #282828
            color1 #cc241d

            """
        XCTAssertThrowsError(try PaletteImport.read(text: elsewhere)) {
            XCTAssertEqual($0 as? ImportFailure, .text(.wrongColorCount(4)))
        }
        // Headers that are not palette-tui's: roles out of order, a role missing, another variant, a
        // comment syntax that differs between lines, a short hex. None is taken as recorded roles.
        for header in [
            "# t · dark · palette-tui\n# Secondary #A23B72 a\n# Primary #2E86AB b\n# Accent #F18F01 c\n",
            "# t · dark · palette-tui\n# Primary #2E86AB b\n# Accent #F18F01 c\n",
            "# t · dim · palette-tui\n# Primary #2E86AB b\n# Secondary #A23B72 a\n# Accent #F18F01 c\n",
            "# t · dark · palette-tui\n! Primary #2E86AB b\n! Secondary #A23B72 a\n! Accent #F18F01 c\n",
            "# t · dark · palette-tui\n# Primary #2E8 b\n# Secondary #A23B72 a\n# Accent #F18F01 c\n",
        ] {
            let read = try? PaletteImport.read(text: header)
            XCTAssertNotEqual(read?.choice, .themeRoles, header)
        }
    }

    func testTheSourceIsNamedForEachBinaryAndCardFormat() throws {
        let p = palette("#2E86AB", "#A23B72", "#F18F01")
        let expected: [ExportFormat: ImportSource] = [
            .gpl: .gpl, .ase: .ase, .swatches: .swatches, .svg: .svg, .png: .png, .css: .text,
        ]
        for (format, source) in expected {
            let read = try PaletteImport.read(Exporter.render(ExportRequest(palette: p, format: format)))
            XCTAssertEqual(read.source, source, "\(format)")
        }
    }

    // MARK: - Links (examples from the sites' own pages and their users' code)

    func testCoolorsLinksInEveryForm() throws {
        let three = palette("#780000", "#C1121F", "#FDF0D5")
        for link in [
            "https://coolors.co/palette/780000-c1121f-fdf0d5", "coolors.co/palette/780000-c1121f-fdf0d5",
            "https://www.coolors.co/780000-c1121f-fdf0d5", "www.coolors.co/780000-C1121F-FDF0D5",
            "http://coolors.co/780000-c1121f-fdf0d5?ref=x", "// palette: https://coolors.co/780000-c1121f-fdf0d5\n",
        ] {
            let read = try PaletteImport.read(text: link)
            XCTAssertEqual(read.palette, three, link)
            XCTAssertEqual(read.source, .coolors, link)
            XCTAssertNil(read.choice, link)
        }
        // Five colours (coolors.co's own generator example): roles by the rule.
        let five = try PaletteImport.read(text: "https://coolors.co/264653-2a9d8f-e9c46a-f4a261-e76f51")
        XCTAssertEqual(five.palette, palette("#264653", "#2A9D8F", "#E76F51"))
        XCTAssertEqual(five.choice, .chosen(count: 5))
        let ten = try PaletteImport.read(
            text: "https://coolors.co/palette/03071e-370617-6a040f-9d0208-d00000-dc2f02-e85d04-f48c06-faa307-ffba08")
        XCTAssertEqual(ten.palette.primary, hex("#03071E"))
        XCTAssertEqual(ten.choice, .chosen(count: 10))
    }

    func testRealtimeColorsLinksKeepTheirNamedRoles() throws {
        let cases: [(String, Palette, RGB, RGB)] = [
            (
                "https://www.realtimecolors.com/?colors=050316-fbfbfe-2f27ce-ff00f2-1a13e6&fonts=Poppins-Poppins",
                palette("#2F27CE", "#FF00F2", "#1A13E6"), hex("#050316"), hex("#FBFBFE")
            ),
            (
                "//https://www.realtimecolors.com/?colors=0a0605-fcfaf8-c9644a-e89a87-ee7253&fonts=Work%20Sans-Work%20Sans",
                palette("#C9644A", "#E89A87", "#EE7253"), hex("#0A0605"), hex("#FCFAF8")
            ),
            (
                "realtimecolors.com/?colors=dad5f6-090519-9181e4-0a061d-482dd2",
                palette("#9181E4", "#0A061D", "#482DD2"), hex("#DAD5F6"), hex("#090519")
            ),
        ]
        for (link, expected, text, background) in cases {
            let read = try PaletteImport.read(text: link)
            XCTAssertEqual(read.palette, expected, link)
            XCTAssertEqual(read.source, .realtimeColors)
            XCTAssertEqual(read.choice, .realtimeRoles(text: text, background: background))
        }
    }

    func testBrokenLinksSayWhatIsWrong() {
        func failure(_ text: String) -> ImportFailure? {
            do {
                _ = try PaletteImport.read(text: text)
                return nil
            } catch { return error }
        }
        XCTAssertEqual(failure("https://coolors.co/palette/780000-c1121f"), .tooFewColors(.coolors, count: 2))
        XCTAssertEqual(failure("https://coolors.co/780000-c1121-fdf0d5"), .malformed(.coolors))
        XCTAssertEqual(failure("https://coolors.co/"), .linkWithoutColors(.coolors))
        XCTAssertEqual(failure("https://coolors.co/contrast-checker"), .malformed(.coolors))
        XCTAssertEqual(failure("https://realtimecolors.com/?fonts=Inter-Inter"), .linkWithoutColors(.realtimeColors))
        XCTAssertEqual(
            failure("https://realtimecolors.com/?colors=050316-fbfbfe-2f27ce"), .tooFewColors(.realtimeColors, count: 3)
        )
    }

    // MARK: - More than three colours

    func testTheRuleTakesTheFirstTheMostColourfulAndTheFarthest() {
        // #FF2200 is by far the most chromatic; #3A6A9A is nearly the primary, #111111 is near
        // it in lightness; #EEEEEE is the one far from both the primary and the accent.
        let chosen = RoleRule.choose([
            hex("#336699"), hex("#3A6A9A"), hex("#111111"), hex("#FF2200"), hex("#EEEEEE"),
        ])
        XCTAssertEqual(chosen, palette("#336699", "#EEEEEE", "#FF2200"))
        // Ties on chroma keep the earliest (two greys: no chroma at all).
        XCTAssertEqual(
            RoleRule.choose([hex("#000000"), hex("#777777"), hex("#777777"), hex("#FFFFFF")]).accent, hex("#777777"))
    }

    func testGPLWithManyColoursAndGimpsOwnHeader() throws {
        let gpl = """
            GIMP Palette
            Name: Default
            Columns: 4
            #
              0   0   0\tBlack
            255 255 255\tWhite
            255   0   0\tRed
             12 200  40\tGreen
            """
        let read = try PaletteImport.read(Array(gpl.utf8))
        XCTAssertEqual(read.palette, palette("#000000", "#0CC828", "#FF0000"))
        XCTAssertEqual(read.choice, .chosen(count: 4))
        XCTAssertThrowsError(try PaletteImport.read(Array("GIMP Palette\n300 0 0\n0 0 0\n1 1 1\n".utf8)))
    }

    // MARK: - Share string

    func testAKnownShareStringDecodesToItsValues() throws {
        // Written once by `palette-tui share '#2E86AB' '#A23B72' '#F18F01' --description '海邊的黃昏 dusk'
        // --lock accent --lock primary`: the format must keep reading it.
        let read = try PaletteImport.read(text: "ptui1.BS6Gq6I7cvGPAea1t-mCiueahOm7g-aYjyBkdXNrn01z4w\n")
        XCTAssertEqual(read.palette, palette("#2E86AB", "#A23B72", "#F18F01"))
        XCTAssertEqual(read.description, "海邊的黃昏 dusk")
        XCTAssertEqual(read.locked, [.primary, .accent])
        XCTAssertEqual(read.source, .shareString)
        XCTAssertEqual(
            ShareString.encode(palette("#000000", "#FFFFFF", "#123456"), description: "", locked: []).count, 25)
    }

    func testShareStringsRoundTripPaletteDescriptionAndLocks() throws {
        let words = [
            "misty harbour at dawn", "海邊的黃昏", "森林里的清晨", "أزرق البحر", "सूर्यास्त का आकाश", "утренний туман",
            "🌊 wave & foam", "café crème brûlée", "ひまわり畑", "바다 위의 노을", "", "a \"quoted\" word, ok?",
        ]
        var rng = SplitMix64(seed: 2026)
        for i in 0..<400 {
            let p = randomPalette(&rng)
            var description = words[rng.below(words.count)]
            if i % 3 == 0 { description += " " + words[rng.below(words.count)] }
            var locked: Set<Role> = []
            for role in Role.allCases where rng.below(2) == 1 { locked.insert(role) }
            let string = ShareString.encode(p, description: description, locked: locked)
            XCTAssertTrue(string.hasPrefix("ptui1."))
            XCTAssertTrue(string.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
            let read = try PaletteImport.read(text: "shared: " + string + " (paste me)")
            XCTAssertEqual(read.palette, p)
            XCTAssertEqual(read.description, description)
            XCTAssertEqual(read.locked, locked)
        }
    }

    func testDamagedShareStringsAreRefusedNotMisread() {
        let good = ShareString.encode(palette("#2E86AB", "#A23B72", "#F18F01"), description: "dusk", locked: [.accent])
        func problem(_ text: String) -> ShareStringProblem? {
            do {
                _ = try PaletteImport.read(text: text)
                return nil
            } catch {
                if case .shareString(let p) = error { return p }
                XCTFail("\(text): \(error)")
                return nil
            }
        }
        // Every cut and every one-character change is caught.
        for n in 6..<good.count {
            XCTAssertNotNil(problem(String(good.prefix(n))), "cut at \(n)")
        }
        let chars = Array(good)
        for i in 6..<chars.count {
            var changed = chars
            changed[i] = changed[i] == "A" ? "B" : "A"
            XCTAssertNotNil(problem(String(changed)), "changed at \(i)")
        }
        XCTAssertEqual(problem("ptui1." + String(repeating: "A", count: 5000)), .tooLong)
        XCTAssertEqual(problem("ptui9.AAAA"), .version("ptui9"))
        XCTAssertEqual(problem("ptui1.!!!!"), .tooShort)
        // A description with an escape sequence is refused even with a right checksum.
        var bytes: [UInt8] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] + Array("\u{1B}[2J".utf8)
        let crc = bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        bytes += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        XCTAssertEqual(problem(ShareString.prefix + ShareString.base64url(bytes)), .badDescription)
    }

    // MARK: - Hostile files

    func testEveryTruncatedASEFailsWithAReason() throws {
        let ase = Exporter.render(ExportRequest(palette: palette("#2E86AB", "#A23B72", "#F18F01"), format: .ase))
        for n in 4..<ase.count {
            XCTAssertThrowsError(try PaletteImport.read(Array(ase.prefix(n))), "cut at \(n)")
        }
        // A block count of four billion in a tiny file.
        var lying = ase
        lying.replaceSubrange(8..<12, with: [0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertThrowsError(try PaletteImport.read(lying)) { XCTAssertEqual($0 as? ImportFailure, .truncated(.ase)) }
    }

    func testRandomlyDamagedFilesNeverCrash() {
        var rng = SplitMix64(seed: 7)
        let p = palette("#2E86AB", "#A23B72", "#F18F01")
        let files = [ExportFormat.ase, .swatches, .gpl, .svg].map {
            Exporter.render(ExportRequest(palette: p, format: $0))
        }
        var failures = 0
        for i in 0..<3000 {
            var bytes = files[i % files.count]
            for _ in 0...rng.below(4) {
                bytes[rng.below(bytes.count)] = UInt8(truncatingIfNeeded: rng.next())
            }
            if (try? PaletteImport.read(bytes)) == nil { failures += 1 }
        }
        XCTAssertGreaterThan(failures, 100)
    }

    /// Raw deflate of `data` (a zlib stream without its 2-byte header and 4-byte checksum).
    private func rawDeflate(_ data: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        _ = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(i.count), 9) }
        }
        return Array(out[2..<(Int(size) - 4)])
    }

    /// A one-entry zip whose entry is deflated, with the sizes it claims.
    private func zip(name: String, packed: [UInt8], claimedSize: Int, crc: UInt32) -> [UInt8] {
        var out: [UInt8] = []
        func u16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        func u32(_ v: Int) {
            out += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 24) & 0xFF)]
        }
        let n = Array(name.utf8)
        u32(0x0403_4B50)
        u16(20)
        u16(0)
        u16(8)
        u16(0)
        u16(0x21)
        u32(Int(crc))
        u32(packed.count)
        u32(claimedSize)
        u16(n.count)
        u16(0)
        out += n + packed
        let central = out.count
        u32(0x0201_4B50)
        u16(20)
        u16(20)
        u16(0)
        u16(8)
        u16(0)
        u16(0x21)
        u32(Int(crc))
        u32(packed.count)
        u32(claimedSize)
        u16(n.count)
        u16(0)
        u16(0)
        u16(0)
        u16(0)
        u32(0)
        u32(0)
        out += n
        let size = out.count - central
        u32(0x0605_4B50)
        u16(0)
        u16(0)
        u16(1)
        u16(1)
        u32(size)
        u32(central)
        u16(0)
        return out
    }

    func testZipBombsStopAtTheCap() {
        // 64 MiB of spaces deflate to about 64 KiB.
        let bomb = rawDeflate([UInt8](repeating: 0x20, count: 64 << 20))
        XCTAssertLessThan(bomb.count, 200_000)
        for claimed in [64 << 20, 100, 0] {
            let file = zip(name: "Swatches.json", packed: bomb, claimedSize: claimed, crc: 0)
            XCTAssertThrowsError(try PaletteImport.read(file), "claimed \(claimed)") {
                XCTAssertEqual($0 as? ImportFailure, .tooLarge(.swatches))
            }
        }
        // A real deflated Swatches.json (as Procreate writes it) reads.
        let json = Array(
            #"[{"name":"p","swatches":[{"hue":0,"saturation":1,"brightness":1,"alpha":1,"colorSpace":0},null,{"hue":0.5,"saturation":1,"brightness":0.5,"alpha":1,"colorSpace":0},{"hue":0,"saturation":0,"brightness":0,"alpha":1,"colorSpace":0}]}]"#
                .utf8)
        let crc = json.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        let good = zip(name: "Swatches.json", packed: rawDeflate(json), claimedSize: json.count, crc: crc)
        XCTAssertEqual(try? PaletteImport.read(good).palette, palette("#FF0000", "#008080", "#000000"))
        let other = zip(name: "notes.txt", packed: rawDeflate(json), claimedSize: json.count, crc: crc)
        XCTAssertThrowsError(try PaletteImport.read(other)) { XCTAssertEqual($0 as? ImportFailure, .noSwatchesJSON) }
    }

    func testAPhotoIsNotReadAsAPalette() {
        let png: [UInt8] = PNGText.signature + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        XCTAssertThrowsError(try PaletteImport.read(png)) { XCTAssertEqual($0 as? ImportFailure, .imageWithoutPalette) }
    }
}
