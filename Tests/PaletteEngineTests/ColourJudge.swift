import Foundation
import PaletteCore
import TestSupport

/// How a designer names a colour in the test set: a hue family and a lightness band.
///
/// The rules are fixed in the fixture's header (descriptions.tsv) and were written before
/// the engine was tuned.
enum ColourJudge {
    static func family(_ rgb: RGB) -> String {
        let c = OKLCH(rgb)
        if c.c < 0.035 { return "neutral" }
        let h = c.h
        let l = c.l
        switch h {
        case 345..., ..<35:
            if h >= 20, h < 35, c.c < 0.09, l < 0.6 { return "brown" }
            return l >= 0.70 ? "pink" : "red"
        case 35..<100:
            if (l < 0.62 && c.c < 0.16) || (c.c < 0.08 && l < 0.85) { return "brown" }
            return h < 70 ? "orange" : "yellow"
        case 100..<115:
            return l >= 0.75 ? "yellow" : "green"
        case 115..<175:
            return "green"
        case 175..<215:
            return "teal"
        case 215..<275:
            return "blue"
        case 275..<335:
            return h >= 320 && l >= 0.72 ? "pink" : "purple"
        default:
            return l >= 0.6 ? "pink" : "purple"
        }
    }

    /// Lightness bands that overlap on purpose: "medium" is the fuzzy middle.
    static func matchesLightness(_ rgb: RGB, _ band: String) -> Bool {
        let l = OKLCH(rgb).l
        switch band {
        case "dark": return l < 0.50
        case "medium": return l >= 0.45 && l <= 0.80
        case "light": return l > 0.72
        default: return true
        }
    }

    /// A short human description: "#2F5D3A green L0.43 C0.07 h150".
    static func describe(_ rgb: RGB) -> String {
        let c = OKLCH(rgb)
        return
            "\(rgb.hex) \(family(rgb)) L\(String(format: "%.2f", c.l)) C\(String(format: "%.3f", c.c)) h\(Int(c.h.rounded()))"
    }
}

/// One line of Fixtures/descriptions.tsv.
struct DescriptionCase {
    let description: String
    let families: Set<String>
    let lightness: [String]
    let anyRole: Bool
    /// en, zh-Hant, zh-Hans, ja, ko, fr, es, pt, de, it, ru, ar, hi, vi, tr, or mixed.
    let language: String

    static func load() throws -> [DescriptionCase] {
        let url = Repository.url("Tests/PaletteEngineTests/Fixtures/descriptions.tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        var out: [DescriptionCase] = []
        for line in text.split(separator: "\n")
        where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count == 5 else { throw FixtureError.badLine(String(line)) }
            out.append(
                DescriptionCase(
                    description: cols[0], families: Set(cols[1].split(separator: "|").map(String.init)),
                    lightness: cols[2].split(separator: "|").map(String.init), anyRole: cols[3] == "any",
                    language: cols[4]))
        }
        return out
    }

    func accepts(_ palette: Palette) -> Bool {
        let colours = anyRole ? palette.colors : [palette.primary]
        return colours.contains { c in
            families.contains(ColourJudge.family(c)) && lightness.contains { ColourJudge.matchesLightness(c, $0) }
        }
    }
}

enum FixtureError: Error {
    case badLine(String)
}

/// The rules every palette must keep, as one list of broken ones (empty when all hold).
enum PaletteRules {
    static func violations(_ p: Palette) -> [String] {
        var out: [String] = []
        let ps = CIEDE2000.difference(p.primary, p.secondary)
        let pa = CIEDE2000.difference(p.primary, p.accent)
        let sa = CIEDE2000.difference(p.secondary, p.accent)
        if ps < 10 { out.append("primary-secondary ΔE00 \(ps) < 10") }
        if sa < 10 { out.append("secondary-accent ΔE00 \(sa) < 10") }
        if pa < 20 { out.append("primary-accent ΔE00 \(pa) < 20") }
        return out
    }
}
