import PaletteCore
import XCTest

@testable import PaletteEngine

/// Palettes from pictures made here, pixel by pixel, with known regions, sizes, colours and
/// noise (a fixed SplitMix-style sequence): the regions over a tenth of the area held within
/// ΔE00 5 of their means, the roles by area and salience, locks, words that steer, determinism.
final class ImagePaletteTests: XCTestCase {
    struct Region {
        var x: Range<Int>
        var y: Range<Int>
        var colour: RGB
    }

    /// A `width` × `height` picture of `background` with `regions` over it, each pixel's channels
    /// moved together by a noise in -noise...noise.
    static func picture(
        width: Int, height: Int, background: RGB, regions: [Region], noise: Int = 0
    ) -> ImageInput {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<height {
            for x in 0..<width {
                var c = background
                for r in regions where r.x.contains(x) && r.y.contains(y) { c = r.colour }
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let n = noise == 0 ? 0 : Int((state >> 33) % UInt64(2 * noise + 1)) - noise
                let i = (y * width + x) * 3
                pixels[i] = UInt8(clamping: Int(c.r) + n)
                pixels[i + 1] = UInt8(clamping: Int(c.g) + n)
                pixels[i + 2] = UInt8(clamping: Int(c.b) + n)
            }
        }
        return ImageInput(
            picture: RGBImage(width: width, height: height, pixels: pixels)!, source: "test.png",
            checksum: "sha256:0")
    }

    func generate(
        _ image: ImageInput, _ description: String = "", locked: [Role: RGB] = [:], language: Language = .english
    ) async throws -> GeneratedPalette {
        try await OfflineEngine().generate(
            GenerationRequest(description: description, language: language, locked: locked, image: image))
    }

    func assertHeld(_ colour: RGB, by palette: Palette, file: StaticString = #filePath, line: UInt = #line) {
        let nearest = palette.colors.map { CIEDE2000.difference($0, colour) }.min()!
        XCTAssertLessThanOrEqual(nearest, 5, "\(colour.hex) in \(palette.colors.map(\.hex))", file: file, line: line)
    }

    static let field = RGB(r: 118, g: 128, b: 122)
    static let band = RGB(r: 30, g: 60, b: 110)
    static let spot = RGB(r: 230, g: 40, b: 30)

    /// A grey-green field (66 %), a blue band (30 %), a red spot (4 %), noise ±8.
    static let scene = picture(
        width: 300, height: 200, background: field,
        regions: [
            Region(x: 0..<300, y: 0..<60, colour: band), Region(x: 200..<240, y: 120..<150, colour: spot),
        ], noise: 8)

    func testRegionsAndRolesFollowAreaAndSalience() async throws {
        let result = try await generate(Self.scene)
        let p = result.palette
        XCTAssertLessThanOrEqual(CIEDE2000.difference(p.primary, Self.field), 5, p.primary.hex)
        XCTAssertLessThanOrEqual(CIEDE2000.difference(p.secondary, Self.band), 5, p.secondary.hex)
        XCTAssertLessThanOrEqual(CIEDE2000.difference(p.accent, Self.spot), 5, p.accent.hex)
        guard case .readFromImage(let found)? = result.notes.first else {
            return XCTFail("no note of what was read: \(result.notes)")
        }
        XCTAssertEqual(found.map(\.role), [.primary, .secondary, .accent])
        XCTAssertEqual(found[0].share, 0.68, accuracy: 0.02)
        XCTAssertEqual(found[1].share, 0.30, accuracy: 0.02)
        XCTAssertEqual(found[2].share, 0.02, accuracy: 0.01)
    }

    /// Three regions over a tenth each (45 %, 35 %, 20 %): each one held, whatever its salience.
    func testThreeLargeRegionsAreEachHeld() async throws {
        let colours = [RGB(r: 200, g: 180, b: 140), RGB(r: 40, g: 90, b: 60), RGB(r: 120, g: 40, b: 140)]
        let image = Self.picture(
            width: 200, height: 200, background: colours[0],
            regions: [
                Region(x: 0..<200, y: 90..<160, colour: colours[1]),
                Region(x: 0..<200, y: 160..<200, colour: colours[2]),
            ], noise: 6)
        let result = try await generate(image)
        for colour in colours { assertHeld(colour, by: result.palette) }
        XCTAssertLessThanOrEqual(CIEDE2000.difference(result.palette.primary, colours[0]), 5)
    }

    /// A big dull field and a small saturated spot: the spot is the accent, the field the primary.
    /// The spot (1 % of the area) is read as it is; the accent keeps its hue and chroma and may move
    /// in lightness only, to stand out from the field as the role structure asks.
    func testASmallSaturatedSpotIsTheAccent() async throws {
        let dull = RGB(r: 150, g: 145, b: 135)
        let vivid = RGB(r: 20, g: 170, b: 220)
        let image = Self.picture(
            width: 200, height: 200, background: dull, regions: [Region(x: 50..<70, y: 50..<70, colour: vivid)],
            noise: 5)
        let result = try await generate(image)
        let p = result.palette
        XCTAssertLessThanOrEqual(CIEDE2000.difference(p.primary, dull), 5, p.primary.hex)
        guard case .readFromImage(let found)? = result.notes.first,
            let accent = found.first(where: { $0.role == .accent })
        else { return XCTFail("\(result.notes)") }
        XCTAssertLessThanOrEqual(CIEDE2000.difference(accent.colour, vivid), 5, accent.colour.hex)
        XCTAssertEqual(accent.share, 0.01, accuracy: 0.001)
        XCTAssertEqual(OKLCH(p.accent).h, OKLCH(vivid).h, accuracy: 8, p.accent.hex)
        XCTAssertGreaterThan(OKLCH(p.accent).c, 0.1, p.accent.hex)
        XCTAssertTrue(RoleStructure.violations(p).isEmpty, "\(p.colors.map(\.hex))")
    }

    /// A spot that already stands out (a red, darker than the field) is the accent as it is.
    func testAStandingOutSpotIsTheAccentAsItIs() async throws {
        let dull = RGB(r: 200, g: 195, b: 185)
        let red = RGB(r: 190, g: 20, b: 40)
        let image = Self.picture(
            width: 200, height: 200, background: dull, regions: [Region(x: 120..<140, y: 20..<50, colour: red)],
            noise: 5)
        let p = try await generate(image).palette
        XCTAssertLessThanOrEqual(CIEDE2000.difference(p.primary, dull), 5, p.primary.hex)
        XCTAssertLessThanOrEqual(CIEDE2000.difference(p.accent, red), 5, p.accent.hex)
        XCTAssertTrue(RoleStructure.violations(p).isEmpty, "\(p.colors.map(\.hex))")
    }

    func testTheSamePictureGivesTheSamePalette() async throws {
        let first = try await generate(Self.scene)
        for _ in 0..<3 {
            let again = try await generate(Self.scene)
            XCTAssertEqual(again.palette, first.palette)
            XCTAssertEqual(again.notes, first.notes)
        }
    }

    func testLocksAreKeptExactly() async throws {
        let lock = RGB(r: 0, g: 200, b: 90)
        let result = try await generate(Self.scene, locked: [.accent: lock])
        XCTAssertEqual(result.palette.accent, lock)
        XCTAssertLessThanOrEqual(CIEDE2000.difference(result.palette.primary, Self.field), 5)
    }

    func testCalmerAndSofterLowerTheChroma() async throws {
        let plain = try await generate(Self.scene).palette
        for words in ["calmer", "softer", "更柔和", "更平靜", "更平静"] {
            let calm = try await generate(Self.scene, words).palette
            let before = plain.colors.map { OKLCH($0).c }.reduce(0, +)
            let after = calm.colors.map { OKLCH($0).c }.reduce(0, +)
            XCTAssertLessThan(after, before, "\(words): \(calm.colors.map(\.hex))")
        }
    }

    func testANightVersionIsDarker() async throws {
        let plain = try await generate(Self.scene).palette
        for words in ["a night version of this photo", "darker", "這張照片的夜晚版本", "这张照片的夜晚版本"] {
            let night = try await generate(Self.scene, words).palette
            for role in Role.allCases {
                XCTAssertLessThan(OKLCH(night[role]).l, OKLCH(plain[role]).l, "\(words) \(role)")
            }
        }
    }

    /// Only the warm colours: the red spot leads; only the cool ones: the blue band leads.
    func testOnlyTheWarmOrCoolColours() async throws {
        for words in ["only the warm colours", "warm colors only", "只要暖色", "只用暖色調"] {
            let result = try await generate(Self.scene, words)
            XCTAssertLessThanOrEqual(CIEDE2000.difference(result.palette.primary, Self.spot), 5, words)
            XCTAssertTrue(result.notes.contains(.imageColoursFiltered(warm: true, found: true)), words)
        }
        for words in ["only the cool colours", "只要冷色", "只要涼色", "只要凉色"] {
            let result = try await generate(Self.scene, words)
            XCTAssertLessThanOrEqual(CIEDE2000.difference(result.palette.primary, Self.band), 5, words)
            XCTAssertTrue(result.notes.contains(.imageColoursFiltered(warm: false, found: true)), words)
        }
    }

    func testAGreyPictureHasNoWarmColoursAndSaysSo() async throws {
        let grey = Self.picture(width: 50, height: 50, background: RGB(r: 128, g: 128, b: 128), regions: [])
        let result = try await generate(grey, "only the warm colours")
        XCTAssertTrue(result.notes.contains(.imageColoursFiltered(warm: true, found: false)))
        XCTAssertLessThanOrEqual(CIEDE2000.difference(result.palette.primary, RGB(r: 128, g: 128, b: 128)), 5)
        XCTAssertTrue(RoleStructure.violations(result.palette).isEmpty, "\(result.palette.colors.map(\.hex))")
    }

    func testTheFilterWordsAreTakenOutOfTheDescription() {
        XCTAssertEqual(ImageComposer.filter(in: "only the warm colours, darker").warm, true)
        XCTAssertEqual(ImageComposer.filter(in: "only the warm colours, darker").rest, ", darker")
        XCTAssertEqual(ImageComposer.filter(in: "Only the COOL tones").warm, false)
        XCTAssertEqual(ImageComposer.filter(in: "只要冷色").rest, "")
        XCTAssertNil(ImageComposer.filter(in: "warmer").warm)
    }

    func testTheOfflineEngineTakesAnImage() {
        XCTAssertTrue(OfflineEngine().supportedFields.contains(.image))
    }
}
