import XCTest

@testable import PaletteCore

/// The colour science against the reference vectors in Fixtures/vectors.
final class ColorScienceTests: XCTestCase {
    private func rgb(_ hex: String?, file: StaticString = #filePath, line: UInt = #line) throws -> RGB {
        try RGB(hex: XCTUnwrap(hex, file: file, line: line))
    }

    // MARK: - sRGB

    func testSRGBTransferRoundTripsEveryByte() {
        for v in 0...255 {
            let encoded = SRGB.fromLinear(SRGB.toLinear(Double(v) / 255))
            XCTAssertEqual(encoded * 255, Double(v), accuracy: 1e-9)
        }
        XCTAssertEqual(SRGB.toLinear(0.04045), 0.04045 / 12.92, accuracy: 1e-15)
        XCTAssertEqual(SRGB.toLinear(0.5), 0.21404114048223255, accuracy: 1e-12)
    }

    // MARK: - OKLab

    func testOttossonXYZTableWithinPublishedPrecision() throws {
        let rows = try Fixture.csv("vectors/oklab_ottosson_xyz_table.csv")
        XCTAssertEqual(rows.count, 4)
        for row in rows {
            let xyz = CIEXYZ(x: try row.number("X"), y: try row.number("Y"), z: try row.number("Z"))
            let lab = OKLab(xyz: xyz)
            XCTAssertEqual(lab.l, try row.number("L_published"), accuracy: 5e-4)
            XCTAssertEqual(lab.a, try row.number("a_published"), accuracy: 5e-4)
            XCTAssertEqual(lab.b, try row.number("b_published"), accuracy: 5e-4)
            XCTAssertEqual(lab.l, try row.number("L_ottosson_matrices"), accuracy: 1e-9)
            XCTAssertEqual(lab.a, try row.number("a_ottosson_matrices"), accuracy: 1e-9)
            XCTAssertEqual(lab.b, try row.number("b_ottosson_matrices"), accuracy: 1e-9)
        }
    }

    func testXYZMatricesAreOttossonsM1AndM2() throws {
        let meta = try XCTUnwrap(Fixture.json("vectors/oklab_meta.json") as? [String: Any])
        let matrices = try XCTUnwrap(meta["original_matrices"] as? [String: [[Double]]])
        let m1 = try XCTUnwrap(matrices["M1_XYZ_to_LMS"])
        let m2 = try XCTUnwrap(matrices["M2_LMS'_to_Lab"])
        // Unit XYZ vectors pick out M1's columns; cube roots and M2 then give the Lab.
        for axis in 0..<3 {
            let unit = CIEXYZ(x: axis == 0 ? 1 : 0, y: axis == 1 ? 1 : 0, z: axis == 2 ? 1 : 0)
            let lms = (0..<3).map { cbrt(m1[$0][axis]) }
            let expected = (0..<3).map { row in (0..<3).reduce(0.0) { $0 + m2[row][$1] * lms[$1] } }
            let lab = OKLab(xyz: unit)
            XCTAssertEqual(lab.l, expected[0], accuracy: 1e-12)
            XCTAssertEqual(lab.a, expected[1], accuracy: 1e-12)
            XCTAssertEqual(lab.b, expected[2], accuracy: 1e-12)
        }
    }

    func testHexSamplesToOKLabAndOKLCH() throws {
        let rows = try Fixture.csv("vectors/srgb_hex_to_oklab_oklch.csv")
        XCTAssertEqual(rows.count, 50)
        for row in rows {
            let color = try rgb(row["hex"])
            let lab = OKLab(color)
            let label = row["hex"]!
            XCTAssertEqual(lab.l, try row.number("oklab_L"), accuracy: 1e-6, label)
            XCTAssertEqual(lab.a, try row.number("oklab_a"), accuracy: 1e-6, label)
            XCTAssertEqual(lab.b, try row.number("oklab_b"), accuracy: 1e-6, label)
            let lch = OKLCH(color)
            XCTAssertEqual(lch.l, try row.number("oklch_L"), accuracy: 1e-6, label)
            XCTAssertEqual(lch.c, try row.number("oklch_C"), accuracy: 1e-6, label)
            if row["oklch_h"]!.isEmpty {
                XCTAssertTrue(lch.isAchromatic, label)
            } else {
                // The file gives hue to 4 decimals.
                XCTAssertEqual(lch.h, try row.number("oklch_h"), accuracy: 6e-5, label)
            }
        }
    }

    func testHexRoundTripsExactlyThroughOKLabAndOKLCH() throws {
        for row in try Fixture.csv("vectors/srgb_hex_to_oklab_oklch.csv") {
            let color = try rgb(row["hex"])
            XCTAssertEqual(OKLab(color).linear.clampedRGB, color)
            XCTAssertEqual(OKLCH(color).gamutMapped(), color)
        }
        for v in stride(from: 0, through: 255, by: 5) {
            for color in [
                RGB(r: UInt8(v), g: 0, b: 255), RGB(r: 17, g: UInt8(v), b: 200),
                RGB(r: UInt8(v), g: UInt8(v), b: UInt8(v)),
            ] {
                XCTAssertEqual(OKLCH(color).gamutMapped(), color)
            }
        }
    }

    /// `LinearRGB.encode` finds the 8-bit value without a `pow`; it must give the sRGB formula's
    /// answer everywhere: on a sweep past both ends of 0...1, and a few ulps either side of every
    /// linear value where the rounding changes.
    func testEncodingWithoutPowGivesTheFormulasAnswer() {
        func formula(_ v: Double) -> UInt8 {
            let x = min(max(v, 0), 1)
            let e = x <= 0.0031308 ? x * 12.92 : 1.055 * pow(x, 1.0 / 2.4) - 0.055
            return UInt8((e * 255).rounded())
        }
        var values: [Double] = stride(from: -0.05, through: 1.05, by: 1.0 / 300_007).map { $0 }
        for n in 0..<255 {
            var edge = SRGB.toLinear((Double(n) + 0.5) / 255)
            for _ in 0..<4 { edge = edge.nextDown }
            for _ in 0..<9 {
                values.append(edge)
                edge = edge.nextUp
            }
        }
        values += [0, 1, -0, .leastNonzeroMagnitude, 1.0.nextDown, 1.0.nextUp]
        var wrong = 0
        for v in values where LinearRGB.encode(v) != formula(v) {
            wrong += 1
            if wrong <= 5 { XCTFail("encode(\(v)) = \(LinearRGB.encode(v)), the formula gives \(formula(v))") }
        }
        XCTAssertEqual(wrong, 0)
        XCTAssertEqual(LinearRGB(r: -0.2, g: 0.5, b: 1.7).clampedRGB, RGB(r: 0, g: 188, b: 255))
    }

    func testGamutMappingKeepsLightnessAndHue() {
        let vivid = OKLCH(l: 0.7, c: 0.4, h: 150)
        let mapped = vivid.gamutMapped()
        let back = OKLCH(mapped)
        XCTAssertEqual(back.l, 0.7, accuracy: 0.01)
        XCTAssertEqual(back.h, 150, accuracy: 2)
        XCTAssertLessThan(back.c, 0.4)
    }

    // MARK: - WCAG

    func testLuminanceContrastAndInk() throws {
        let rows = try Fixture.csv("vectors/wcag_luminance_contrast.csv")
        XCTAssertGreaterThan(rows.count, 30)
        for row in rows {
            let color = try rgb(row["hex"])
            let label = row["hex"]!
            XCTAssertEqual(WCAG.luminance(color), try row.number("relative_luminance"), accuracy: 5e-9, label)
            let white = WCAG.contrast(WCAG.white, color)
            let black = WCAG.contrast(WCAG.black, color)
            XCTAssertEqual(white, try row.number("contrast_vs_white"), accuracy: 5e-5, label)
            XCTAssertEqual(black, try row.number("contrast_vs_black"), accuracy: 5e-5, label)
            XCTAssertEqual(WCAG.readableInk(on: color), try rgb(row["best_text"]), label)
            XCTAssertEqual(WCAG.passesAA(white), row["white_text_AA_normal"] == "True", label)
            XCTAssertEqual(WCAG.passesAA(black), row["black_text_AA_normal"] == "True", label)
        }
    }

    func testContrastPairsAndExactLevelFlags() throws {
        let rows = try Fixture.csv("vectors/wcag_contrast_pairs.csv")
        XCTAssertGreaterThan(rows.count, 20)
        for row in rows {
            let ratio = WCAG.contrast(try rgb(row["fg"]), try rgb(row["bg"]))
            let label = "\(row["fg"]!) on \(row["bg"]!)"
            XCTAssertEqual(ratio, try row.number("contrast_ratio"), accuracy: 5e-5, label)
            XCTAssertEqual(WCAG.passesAA(ratio), row["AA_normal_4_5"] == "True", label)
            XCTAssertEqual(WCAG.passesAALarge(ratio), row["AA_large_3"] == "True", label)
            XCTAssertEqual(WCAG.passesAAA(ratio), row["AAA_normal_7"] == "True", label)
            XCTAssertEqual(WCAG.passesAAALarge(ratio), row["AAA_large_4_5"] == "True", label)
        }
    }

    func testNoRoundingBeforeComparing() throws {
        // 4.4781 shows as 4.48 in many tools, yet fails AA; 4.5422 passes.
        let grey77 = WCAG.contrast(try RGB(hex: "#777777"), WCAG.white)
        XCTAssertFalse(WCAG.passesAA(grey77))
        XCTAssertTrue(WCAG.passesAA(WCAG.contrast(try RGB(hex: "#767676"), WCAG.white)))
        XCTAssertEqual(ColorReport.ratioText(grey77), "4.47:1")
    }

    // MARK: - CIEDE2000

    func testAllSharmaPairs() throws {
        let rows = try Fixture.csv("vectors/ciede2000_sharma2005.csv")
        XCTAssertEqual(rows.count, 34)
        for row in rows {
            let c1 = CIELab(l: try row.number("L1"), a: try row.number("a1"), b: try row.number("b1"))
            let c2 = CIELab(l: try row.number("L2"), a: try row.number("a2"), b: try row.number("b2"))
            let expected = try row.number("dE00_published")
            XCTAssertEqual(CIEDE2000.difference(c1, c2), expected, accuracy: 1e-4, "pair \(row["pair"]!)")
            XCTAssertEqual(CIEDE2000.difference(c2, c1), expected, accuracy: 1e-4, "pair \(row["pair"]!) reversed")
        }
    }

    // MARK: - xterm-256

    func testFixedPaletteMatchesXterm() throws {
        let rows = try Fixture.csv("vectors/xterm256_palette.csv")
        XCTAssertEqual(rows.count, 256)
        for row in rows {
            let index = Int(row["index"]!)!
            if index < 16 {
                XCTAssertNil(Xterm256.color(index))
            } else {
                XCTAssertEqual(Xterm256.color(index), try rgb(row["hex_xterm_default"]), "index \(index)")
            }
        }
        XCTAssertNil(Xterm256.color(256))
    }

    func testNearestIndexByCIEDE2000() throws {
        let rows = try Fixture.csv("vectors/xterm256_nearest_samples.csv")
        XCTAssertGreaterThan(rows.count, 50)
        for row in rows {
            let (index, deltaE) = Xterm256.nearest(to: try rgb(row["hex"]))
            XCTAssertEqual(index, Int(row["nearest_de2000_index"]!), row["hex"]!)
            XCTAssertEqual(deltaE, try row.number("deltaE00"), accuracy: 1e-4, row["hex"]!)
            XCTAssertTrue(Xterm256.fixedIndices.contains(index))
        }
    }

    // MARK: - Colour-vision deficiency

    func testMachadoSimulationWithinOneStep() throws {
        let rows = try Fixture.csv("vectors/cvd_simulation_samples.csv")
        XCTAssertEqual(rows.count, 30)
        for row in rows {
            let color = try rgb(row["hex"])
            for kind in VisionDeficiency.allCases {
                let got = kind.simulate(color)
                let want = try rgb(row["machado_\(kind.rawValue)"])
                let label = "\(row["hex"]!) \(kind)"
                XCTAssertLessThanOrEqual(abs(Int(got.r) - Int(want.r)), 1, label)
                XCTAssertLessThanOrEqual(abs(Int(got.g) - Int(want.g)), 1, label)
                XCTAssertLessThanOrEqual(abs(Int(got.b) - Int(want.b)), 1, label)
            }
        }
    }

    func testMatricesAreMachadoSeverityOne() throws {
        let all = try XCTUnwrap(Fixture.json("vectors/cvd_matrices.json") as? [String: Any])
        let machado = try XCTUnwrap(all["machado2009_linear_rgb"] as? [String: [String: [[Double]]]])
        for kind in VisionDeficiency.allCases {
            let rows = try XCTUnwrap(machado[kind.rawValue]?["1.0"])
            XCTAssertEqual(kind.matrix, rows.flatMap { $0 }, "\(kind)")
        }
    }

    func testSimulationIsNotAppliedInGammaSpace() throws {
        // The gamma-space column is a known wrong answer; at least one sample must differ from it.
        var differs = 0
        for row in try Fixture.csv("vectors/cvd_simulation_samples.csv") {
            let got = VisionDeficiency.protan.simulate(try rgb(row["hex"]))
            if got != (try rgb(row["machado_protan_GAMMA_SPACE_WRONG"])) { differs += 1 }
        }
        XCTAssertGreaterThan(differs, 10)
    }

    // MARK: - Colour names

    func testEmbeddedNamesParseCompletely() {
        XCTAssertEqual(ColorNames.all.filter { $0.source == .css }.count, 148)
        XCTAssertEqual(ColorNames.all.filter { $0.source == .xkcd }.count, 949)
        XCTAssertTrue(
            ColorNames.all.contains(ColorName(name: "rebeccapurple", color: RGB(packed: 0x663399), source: .css)))
        XCTAssertTrue(
            ColorNames.all.contains(ColorName(name: "ocean blue", color: RGB(packed: 0x03719C), source: .xkcd)))
    }

    func testNearestNameIsExactForListedColoursAndCSSWinsTies() throws {
        XCTAssertEqual(ColorNames.nearest(to: RGB(packed: 0x663399)).name.name, "rebeccapurple")
        XCTAssertEqual(ColorNames.nearest(to: RGB(packed: 0x663399)).deltaE, 0)
        XCTAssertEqual(ColorNames.nearest(to: RGB(packed: 0x03719C)).name.name, "ocean blue")
        // aqua and cyan are both #00FFFF in CSS; the first listed wins.
        XCTAssertEqual(ColorNames.nearest(to: RGB(packed: 0x00FFFF)).name.name, "aqua")
    }

    /// The pruned search answers exactly as a comparison with every name does, ties included:
    /// every named colour itself (exact hits; several names share a colour), greys, the xterm
    /// colour cube's levels and a spread of others.
    func testNearestNameIsTheBruteForceAnswer() {
        var colors = ColorNames.all.map(\.color)
        colors += stride(from: 0, through: 255, by: 5).map { RGB(r: UInt8($0), g: UInt8($0), b: UInt8($0)) }
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        for r in levels { for g in levels { for b in levels { colors.append(RGB(r: r, g: g, b: b)) } } }
        var seed: UInt32 = 0x2E86AB
        for _ in 0..<300 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            colors.append(RGB(packed: seed >> 8))
        }
        let labs = ColorNames.all.map { CIELab($0.color) }
        for color in colors {
            let lab = CIELab(color)
            var best = 0
            var bestDelta = Double.infinity
            for (i, candidate) in labs.enumerated() where ColorNames.isShown(ColorNames.all[i]) {
                let d = CIEDE2000.difference(lab, candidate)
                if d < bestDelta {
                    bestDelta = d
                    best = i
                }
            }
            let (name, deltaE) = ColorNames.nearest(to: color)
            XCTAssertEqual(name, ColorNames.all[best], color.hex)
            XCTAssertEqual(deltaE, bestDelta, color.hex)
        }
    }

    /// The survey's crude names are read as input but never given as a colour's name: not at
    /// their own colours (where they would be exact), not for "yellow"'s derived accent.
    func testCrudeSurveyNamesAreReadButNeverShown() {
        let crude = ColorNames.all.filter { !ColorNames.isShown($0) }
        XCTAssertGreaterThan(crude.count, 40)
        for name in ["poop green", "baby puke green", "ugly yellow", "shit brown", "vomit"] {
            XCTAssertTrue(crude.map(\.name).contains(name), name)
            XCTAssertNotNil(ColorNames.named(name), name)
        }
        for entry in crude {
            let shown = ColorNames.nearest(to: entry.color).name
            XCTAssertTrue(ColorNames.isShown(shown), "\(entry.name) -> \(shown.name)")
            XCTAssertFalse(
                ColorNames.crudeWords.contains { shown.name.contains($0) }, "\(entry.name) -> \(shown.name)")
        }
        XCTAssertNotEqual(ColorNames.nearest(to: RGB(packed: 0x6F7900)).name.name, "poop green")
        XCTAssertTrue(ColorNames.isShown(ColorNames.named("hospital green")!))
        XCTAssertTrue(ColorNames.isShown(ColorNames.named("dirty blue")!))
    }

    /// The pruned search behind `Xterm256.nearest` gives what a comparison with all 240 fixed
    /// colours gives, index and difference, over every cube and grey colour, a coarse grid
    /// and random colours.
    func testNearestXtermIndexIsTheBruteForceAnswer() {
        var colors: [RGB] = Xterm256.fixedIndices.map { Xterm256.color($0)! }
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 17) {
                    colors.append(RGB(r: UInt8(r), g: UInt8(g), b: UInt8(b)))
                }
            }
        }
        var seed: UInt32 = 0xA23B72
        for _ in 0..<2000 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            colors.append(RGB(packed: seed >> 8))
        }
        for color in colors {
            let fast = Xterm256.nearest(to: color)
            let brute = Xterm256.nearestByEveryComparison(to: color)
            XCTAssertEqual(fast.index, brute.index, color.hex)
            XCTAssertEqual(fast.deltaE, brute.deltaE, color.hex)
        }
    }

    /// The byte reader of the embedded names gives what the general reader (`Character`
    /// splitting) gives: the same names, colours and sources in the same order, for the
    /// embedded text and for lines the byte reader leaves to the general one.
    func testNamesFromTheByteReaderAreTheGeneralReadersNames() {
        XCTAssertEqual(ColorNames.parse(ColorNames.embedded), ColorNames.parseGeneral(ColorNames.embedded))
        let odd = [
            "F0F8FF c aliceblue", "  0000FF c  blue with spaces  ", "ABCDEF x", "ABCDEF cc two letters",
            "#ABC c short", "12345 x five", "GGGGGG x not hex", "abcdef x lower case", "ABCDEF é accent",
            "", "   ", "112233 x 名前", "445566\tx tab",
        ].joined(separator: "\n")
        XCTAssertEqual(ColorNames.parse(odd), ColorNames.parseGeneral(odd))
        XCTAssertEqual(
            ColorNames.parse(odd).map(\.name),
            ["aliceblue", " blue with spaces  ", "two letters", "lower case", "accent", "名前"])
        let crlf = "F0F8FF c aliceblue\r\n0000FF c blue"
        XCTAssertEqual(ColorNames.parse(crlf), ColorNames.parseGeneral(crlf))
    }

    func testNearestNameMinimisesCIEDE2000() {
        for color in [RGB(packed: 0x2E86AB), RGB(packed: 0xA23B72), RGB(packed: 0x123456)] {
            let (name, deltaE) = ColorNames.nearest(to: color)
            let brute = ColorNames.all.map { CIEDE2000.difference(color, $0.color) }.min()!
            XCTAssertEqual(deltaE, brute, accuracy: 1e-12)
            XCTAssertEqual(CIEDE2000.difference(color, name.color), deltaE, accuracy: 1e-12)
        }
    }
}
