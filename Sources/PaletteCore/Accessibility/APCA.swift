import FoundationEssentials
import Glibc

/// APCA lightness contrast (Lc), base algorithm 0.0.98G-4g as published in apca-w3 0.1.9.
///
/// Written from the published maths, with its constants exactly; advisory only: WCAG 2.x
/// stays the pass/fail rule. Lc is signed by polarity: dark text on a light background is
/// positive, light text on a dark background negative. Magnitudes run to about 106 (black on
/// white) and 108 (white on black); anything under 10 is clipped to 0.
public enum APCA {
    // The SA98G constants.
    static let mainTRC = 2.4
    static let sRco = 0.2126729, sGco = 0.7151522, sBco = 0.0721750
    static let normBG = 0.56, normTXT = 0.57, revTXT = 0.62, revBG = 0.65
    static let blkThrs = 0.022, blkClmp = 1.414
    static let scaleBoW = 1.14, scaleWoB = 1.14
    static let loBoWoffset = 0.027, loWoBoffset = 0.027
    static let deltaYmin = 0.0005, loClip = 0.1

    /// Each 8-bit channel value over 255 to the power 2.4 (APCA's simple display curve, not the
    /// piecewise sRGB one), computed once.
    static let channelPower: [Double] = (0...255).map { pow(Double($0) / 255, mainTRC) }

    /// The screen luminance APCA starts from, before the black soft clamp.
    public static func luminance(_ c: RGB) -> Double {
        let p = channelPower
        return sRco * p[Int(c.r)] + sGco * p[Int(c.g)] + sBco * p[Int(c.b)]
    }

    /// Lc of `text` on `background`.
    public static func lc(text: RGB, background: RGB) -> Double {
        lc(textLuminance: luminance(text), backgroundLuminance: luminance(background))
    }

    /// Lc from two screen luminances (0...1).
    public static func lc(textLuminance: Double, backgroundLuminance: Double) -> Double {
        func clamped(_ y: Double) -> Double { y > blkThrs ? y : y + pow(blkThrs - y, blkClmp) }
        let txt = clamped(textLuminance)
        let bg = clamped(backgroundLuminance)
        if abs(bg - txt) < deltaYmin { return 0 }
        let output: Double
        if bg > txt {
            let sapc = (pow(bg, normBG) - pow(txt, normTXT)) * scaleBoW
            output = sapc < loClip ? 0 : sapc - loBoWoffset
        } else {
            let sapc = (pow(bg, revBG) - pow(txt, revTXT)) * scaleWoB
            output = sapc > -loClip ? 0 : sapc + loWoBoffset
        }
        return output * 100
    }
}
