import FoundationEssentials
import Glibc

// MARK: - sRGB transfer

/// The sRGB transfer functions (IEC 61966-2-1), on values in 0...1.
public enum SRGB {
    /// Gamma-encoded to linear light.
    public static func toLinear(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light to gamma-encoded.
    public static func fromLinear(_ v: Double) -> Double {
        v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1.0 / 2.4) - 0.055
    }

    /// `toLinear(v / 255)` for every 8-bit value, computed once: the same numbers without a
    /// `pow` per channel (contrast, OKLab and CIELab of 8-bit colours all start here).
    public static let linearOf8Bit: [Double] = (0...255).map { toLinear(Double($0) / 255) }
}

/// Linear-light sRGB, unbounded (values outside 0...1 are out of gamut).
public struct LinearRGB: Hashable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double

    public init(r: Double, g: Double, b: Double) {
        self.r = r
        self.g = g
        self.b = b
    }

    public init(_ c: RGB) {
        let table = SRGB.linearOf8Bit
        self.init(r: table[Int(c.r)], g: table[Int(c.g)], b: table[Int(c.b)])
    }

    /// True when every channel lies in 0...1 (with a tolerance for rounding).
    public func isInGamut(tolerance: Double = 1e-7) -> Bool {
        let lo = -tolerance
        let hi = 1 + tolerance
        return r >= lo && r <= hi && g >= lo && g <= hi && b >= lo && b <= hi
    }

    /// Encodes to 8-bit sRGB, clamping each channel (use gamut mapping first for colour targets).
    public var clampedRGB: RGB {
        RGB(r: Self.encode(r), g: Self.encode(g), b: Self.encode(b))
    }

    /// One channel to 8 bits: `(fromLinear(v) * 255).rounded()`, clamped.
    ///
    /// Counts the linear values where the rounding changes (`roundingEdges`) at or below the
    /// value, without a `pow`: `sliceStart` gives the count at the start of the value's 1/4096
    /// slice (no slice holds more than one edge) and a short scan finishes it. A value within
    /// 1e-12 of an edge is encoded the long way, so the result is always the formula's.
    static func encode(_ v: Double) -> UInt8 {
        let x = v < 0 ? 0 : v > 1 ? 1 : v
        return roundingEdges.withUnsafeBufferPointer { edges in
            // x * 4096 is exact (a power of two), so x >= k / 4096 and the count starts low.
            var n = Int(sliceStart[Int(x * Double(Self.slices))])
            while n < 255 && edges[n] <= x { n += 1 }
            if (n < 255 && (edges[n] - x).magnitude < 1e-12) || (n > 0 && (edges[n - 1] - x).magnitude < 1e-12) {
                return UInt8((SRGB.fromLinear(x) * 255).rounded())
            }
            return UInt8(n)
        }
    }

    /// `roundingEdges[n]`: the linear value from which a channel encodes to n + 1 instead of n.
    static let roundingEdges: [Double] = (0..<255).map { SRGB.toLinear((Double($0) + 0.5) / 255) }

    static let slices = 4096

    /// `sliceStart[k]`: how many rounding edges lie at or below k / 4096 (k in 0...4096).
    static let sliceStart: [UInt8] = {
        var out: [UInt8] = []
        out.reserveCapacity(slices + 1)
        var n = 0
        for k in 0...slices {
            let x = Double(k) / Double(slices)
            while n < 255 && roundingEdges[n] <= x { n += 1 }
            out.append(UInt8(n))
        }
        return out
    }()
}

// MARK: - OKLab / OKLCH

/// A colour in Björn Ottosson's OKLab space (L in 0...1).
public struct OKLab: Hashable, Sendable {
    public var l: Double
    public var a: Double
    public var b: Double

    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    public init(_ c: LinearRGB) {
        let l = 0.4122214708 * c.r + 0.5363325363 * c.g + 0.0514459929 * c.b
        let m = 0.2119034982 * c.r + 0.6806995451 * c.g + 0.1073969566 * c.b
        let s = 0.0883024619 * c.r + 0.2817188376 * c.g + 0.6299787005 * c.b
        self.init(lms: (cbrt(l), cbrt(m), cbrt(s)))
    }

    public init(_ c: RGB) { self.init(LinearRGB(c)) }

    /// OKLab from D65 XYZ through Ottosson's M1 (XYZ to LMS) and M2 (LMS' to Lab).
    ///
    /// The RGB path above folds the sRGB matrix into M1; this one is what his published
    /// XYZ table is computed with.
    public init(xyz c: CIEXYZ) {
        let l = 0.8189330101 * c.x + 0.3618667424 * c.y - 0.1288597137 * c.z
        let m = 0.0329845436 * c.x + 0.9293118715 * c.y + 0.0361456387 * c.z
        let s = 0.0482003018 * c.x + 0.2643662691 * c.y + 0.6338517070 * c.z
        self.init(lms: (cbrt(l), cbrt(m), cbrt(s)))
    }

    private init(lms p: (l: Double, m: Double, s: Double)) {
        self.init(
            l: 0.2104542553 * p.l + 0.7936177850 * p.m - 0.0040720468 * p.s,
            a: 1.9779984951 * p.l - 2.4285922050 * p.m + 0.4505937099 * p.s,
            b: 0.0259040371 * p.l + 0.7827717662 * p.m - 0.8086757660 * p.s
        )
    }

    public var linear: LinearRGB {
        let l3 = l + 0.3963377774 * a + 0.2158037573 * b
        let m3 = l - 0.1055613458 * a - 0.0638541728 * b
        let s3 = l - 0.0894841775 * a - 1.2914855480 * b
        let l1 = l3 * l3 * l3
        let m1 = m3 * m3 * m3
        let s1 = s3 * s3 * s3
        return LinearRGB(
            r: 4.0767416621 * l1 - 3.3077115913 * m1 + 0.2309699292 * s1,
            g: -1.2684380046 * l1 + 2.6097574011 * m1 - 0.3413193965 * s1,
            b: -0.0041960863 * l1 - 0.7034186147 * m1 + 1.7076147010 * s1
        )
    }

    /// Euclidean distance in OKLab (CSS Color 4's ΔEOK).
    public func distance(to other: OKLab) -> Double {
        let dl = l - other.l
        let da = a - other.a
        let db = b - other.b
        return (dl * dl + da * da + db * db).squareRoot()
    }

    public var lch: OKLCH {
        let c = (a * a + b * b).squareRoot()
        var h = atan2(b, a) * 180 / .pi
        if h < 0 { h += 360 }
        return OKLCH(l: l, c: c, h: c < OKLCH.achromaticChroma ? 0 : h)
    }
}

/// OKLab in polar form: lightness, chroma and hue in degrees.
public struct OKLCH: Hashable, Sendable {
    /// Below this chroma the hue is meaningless and reported as 0.
    public static let achromaticChroma = 1e-4

    public var l: Double
    public var c: Double
    public var h: Double

    public init(l: Double, c: Double, h: Double) {
        self.l = l
        self.c = c
        self.h = h
    }

    public init(_ c: RGB) { self = OKLab(c).lch }

    public var isAchromatic: Bool { c < OKLCH.achromaticChroma }

    public var lab: OKLab {
        let rad = h * .pi / 180
        return OKLab(l: l, a: c * cos(rad), b: c * sin(rad))
    }

    /// The nearest displayable sRGB colour with this lightness and hue.
    ///
    /// Chroma is reduced at constant L and h until the colour fits (CSS Color 4's approach),
    /// instead of clipping channels, which would shift the hue.
    ///
    /// - Parameter steps: halvings of the chroma interval; 24 leaves an error far below one
    ///   8-bit step. The hue's cosine and sine are taken once, so every step is the same
    ///   arithmetic as `lab.linear.isInGamut()` without the trigonometry.
    public func gamutMapped(steps: Int = 24) -> RGB {
        let rad = h * .pi / 180
        return Self.gamutMapped(l: l, c: c, cosH: cos(rad), sinH: sin(rad), steps: steps)
    }

    /// `gamutMapped` with the hue given as its cosine and sine, for callers that map many
    /// lightnesses of one hue (`LightnessPath`).
    static func gamutMapped(l: Double, c: Double, cosH: Double, sinH: Double, steps: Int) -> RGB {
        if l >= 1 { return RGB(r: 255, g: 255, b: 255) }
        if l <= 0 || l.isNaN { return RGB(r: 0, g: 0, b: 0) }
        let lightness = l
        func linear(_ chroma: Double) -> LinearRGB {
            OKLab(l: lightness, a: chroma * cosH, b: chroma * sinH).linear
        }
        if fits(lightness, c * cosH, c * sinH) { return linear(c).clampedRGB }
        var lo = 0.0
        var hi = c
        for _ in 0..<steps {
            let mid = (lo + hi) / 2
            if fits(lightness, mid * cosH, mid * sinH) { lo = mid } else { hi = mid }
        }
        return linear(lo).clampedRGB
    }

    /// `OKLab(l:a:b:).linear.isInGamut()` written out on plain numbers: the inner loop of gamut
    /// mapping, kept free of intermediate values so it stays fast in debug builds too.
    @inline(__always)
    static func fits(_ l: Double, _ a: Double, _ b: Double) -> Bool {
        let l3 = l + 0.3963377774 * a + 0.2158037573 * b
        let m3 = l - 0.1055613458 * a - 0.0638541728 * b
        let s3 = l - 0.0894841775 * a - 1.2914855480 * b
        let l1 = l3 * l3 * l3
        let m1 = m3 * m3 * m3
        let s1 = s3 * s3 * s3
        let lo = -1e-7
        let hi = 1 + 1e-7
        let r = 4.0767416621 * l1 - 3.3077115913 * m1 + 0.2309699292 * s1
        if r < lo || r > hi { return false }
        let g = -1.2684380046 * l1 + 2.6097574011 * m1 - 0.3413193965 * s1
        if g < lo || g > hi { return false }
        let bl = -0.0041960863 * l1 - 0.7034186147 * m1 + 1.7076147010 * s1
        return bl >= lo && bl <= hi
    }
}

// MARK: - CIE XYZ and CIELAB

/// CIE 1931 XYZ relative to D65, with Y = 1 for white.
public struct CIEXYZ: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The D65 white point from its chromaticity (0.3127, 0.3290), as CSS Color 4 defines it.
    ///
    /// The rounded (0.95047, 1, 1.08883) differs by ~1e-4, enough to move CIEDE2000 values by
    /// ~2e-3 against the reference vectors.
    public static let d65White = CIEXYZ(x: 0.3127 / 0.3290, y: 1, z: (1 - 0.3127 - 0.3290) / 0.3290)

    /// Linear sRGB to XYZ with the matrix derived from the sRGB primaries and that white point.
    public init(_ c: LinearRGB) {
        self.init(
            x: 0.41239079926595934 * c.r + 0.357584339383878 * c.g + 0.1804807884018343 * c.b,
            y: 0.21263900587151027 * c.r + 0.715168678767756 * c.g + 0.07219231536073371 * c.b,
            z: 0.01933081871559182 * c.r + 0.11919477979462598 * c.g + 0.9505321522496607 * c.b
        )
    }

    public init(_ c: RGB) { self.init(LinearRGB(c)) }
}

/// CIELAB under D65, the space CIEDE2000 is defined on.
public struct CIELab: Hashable, Sendable {
    public var l: Double
    public var a: Double
    public var b: Double

    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    public init(_ xyz: CIEXYZ) {
        let white = CIEXYZ.d65White
        let fx = CIELab.f(xyz.x / white.x)
        let fy = CIELab.f(xyz.y / white.y)
        let fz = CIELab.f(xyz.z / white.z)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    public init(_ c: RGB) { self.init(CIEXYZ(c)) }

    /// The `f(y)` that `init(_: CIEXYZ)` works out (lightness is `116 * fy - 16`): a caller that
    /// judges by lightness first (`RoleStructure.repaired` skips most steps on it) finishes the
    /// colour with `init(_:fy:)` without a second cube root.
    static func fy(_ xyz: CIEXYZ) -> Double { f(xyz.y / CIEXYZ.d65White.y) }

    /// `CIELab(xyz)`, the same numbers, with `f(y)` given (`fy(xyz)`).
    init(_ xyz: CIEXYZ, fy: Double) {
        let white = CIEXYZ.d65White
        let fx = CIELab.f(xyz.x / white.x)
        let fz = CIELab.f(xyz.z / white.z)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    private static func f(_ t: Double) -> Double {
        let d = 6.0 / 29.0
        return t > d * d * d ? cbrt(t) : t / (3 * d * d) + 4.0 / 29.0
    }
}

// MARK: - CIEDE2000

/// CIEDE2000 colour difference (Sharma, Wu & Dalal 2005), with kL = kC = kH = 1.
public enum CIEDE2000 {
    public static func difference(_ c1: CIELab, _ c2: CIELab) -> Double {
        let rad = Double.pi / 180
        let c1ab = (c1.a * c1.a + c1.b * c1.b).squareRoot()
        let c2ab = (c2.a * c2.a + c2.b * c2.b).squareRoot()
        let cbar = (c1ab + c2ab) / 2
        let cbar7 = pow(cbar, 7)
        let g = 0.5 * (1 - (cbar7 / (cbar7 + pow(25, 7))).squareRoot())
        let a1p = (1 + g) * c1.a
        let a2p = (1 + g) * c2.a
        let c1p = (a1p * a1p + c1.b * c1.b).squareRoot()
        let c2p = (a2p * a2p + c2.b * c2.b).squareRoot()
        func hue(_ b: Double, _ ap: Double) -> Double {
            if b == 0 && ap == 0 { return 0 }
            let h = atan2(b, ap) / rad
            return h < 0 ? h + 360 : h
        }
        let h1p = hue(c1.b, a1p)
        let h2p = hue(c2.b, a2p)
        let dLp = c2.l - c1.l
        let dCp = c2p - c1p
        var dhp = 0.0
        if c1p * c2p != 0 {
            dhp = h2p - h1p
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * (c1p * c2p).squareRoot() * sin(dhp * rad / 2)
        let lbarp = (c1.l + c2.l) / 2
        let cbarp = (c1p + c2p) / 2
        var hbarp = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) <= 180 {
                hbarp = (h1p + h2p) / 2
            } else if h1p + h2p < 360 {
                hbarp = (h1p + h2p + 360) / 2
            } else {
                hbarp = (h1p + h2p - 360) / 2
            }
        }
        let t =
            1 - 0.17 * cos((hbarp - 30) * rad) + 0.24 * cos(2 * hbarp * rad)
            + 0.32 * cos((3 * hbarp + 6) * rad) - 0.20 * cos((4 * hbarp - 63) * rad)
        let dTheta = 30 * exp(-pow((hbarp - 275) / 25, 2))
        let cbarp7 = pow(cbarp, 7)
        let rc = 2 * (cbarp7 / (cbarp7 + pow(25, 7))).squareRoot()
        let lterm = (lbarp - 50) * (lbarp - 50)
        let sl = 1 + 0.015 * lterm / (20 + lterm).squareRoot()
        let sc = 1 + 0.045 * cbarp
        let sh = 1 + 0.015 * cbarp * t
        let rt = -sin(2 * dTheta * rad) * rc
        let tl = dLp / sl
        let tc = dCp / sc
        let th = dHp / sh
        return (tl * tl + tc * tc + th * th + rt * tc * th).squareRoot()
    }

    /// A lower bound of `difference(c1, c2)` from lightness alone: |ΔL| / S_L.
    ///
    /// The chroma, hue and rotation terms add at least zero (|R_T| < 2), so a bound of 10 or
    /// more settles "at least ΔE00 10 apart" without the rest of the formula.
    public static func lightnessBound(_ c1: CIELab, _ c2: CIELab) -> Double {
        let lbar = (c1.l + c2.l) / 2
        let lterm = (lbar - 50) * (lbar - 50)
        return abs(c2.l - c1.l) / (1 + 0.015 * lterm / (20 + lterm).squareRoot())
    }

    public static func difference(_ c1: RGB, _ c2: RGB) -> Double {
        difference(CIELab(c1), CIELab(c2))
    }

    /// `difference(c1, c2)`, or infinity when the lightness alone shows it is at least `threshold`
    /// (`exceeds`), for a caller that only compares it with `threshold` or smaller values (and
    /// with larger ones as they judge infinity): every such comparison comes out as it would on
    /// the whole formula, which most pairs far apart in lightness then skip.
    @inline(__always)
    public static func difference(_ c1: CIELab, _ c2: CIELab, orInfinityFrom threshold: Double) -> Double {
        exceeds(lightnessBound: lightnessBound(c1, c2), threshold) ? .infinity : difference(c1, c2)
    }

    /// Whether `difference(c1, c2)` is sure to be at least `value`, given `lightnessBound(c1, c2)`
    /// (which is its term |ΔL′| / S_L, worked out alike).
    ///
    /// The other terms add C′² + H′² + R_T·C′·H′ ≥ 0 under the root; rounding can take up to a few
    /// ulps of C′² + H′² (at most ~10⁵) from the sum, far below the 10⁻⁹ of slack allowed here.
    public static func exceeds(lightnessBound bound: Double, _ value: Double) -> Bool {
        let floor = bound * bound - 1e-9
        return floor > 0 && floor >= value * value
    }
}

// MARK: - WCAG 2.x

/// WCAG 2.x relative luminance and contrast.
public enum WCAG {
    /// Relative luminance (WCAG 2.2 definition, 0.04045 threshold).
    public static func luminance(_ c: RGB) -> Double {
        let lin = LinearRGB(c)
        return 0.2126 * lin.r + 0.7152 * lin.g + 0.0722 * lin.b
    }

    /// Contrast ratio between two colours, 1...21. Never rounded before comparing.
    public static func contrast(_ x: RGB, _ y: RGB) -> Double {
        let lx = luminance(x)
        let ly = luminance(y)
        return (max(lx, ly) + 0.05) / (min(lx, ly) + 0.05)
    }

    public static let white = RGB(r: 255, g: 255, b: 255)
    public static let black = RGB(r: 0, g: 0, b: 0)

    /// The more readable of black and white ink on `background` (black on a tie).
    public static func readableInk(on background: RGB) -> RGB {
        contrast(white, background) > contrast(black, background) ? white : black
    }

    /// AA for normal text: at least 4.5:1.
    public static func passesAA(_ ratio: Double) -> Bool { ratio >= 4.5 }
    /// AAA for normal text: at least 7:1.
    public static func passesAAA(_ ratio: Double) -> Bool { ratio >= 7 }
    /// AA for large text (18pt, or 14pt bold) and for UI components: at least 3:1.
    public static func passesAALarge(_ ratio: Double) -> Bool { ratio >= 3 }
    /// AAA for large text: at least 4.5:1.
    public static func passesAAALarge(_ ratio: Double) -> Bool { ratio >= 4.5 }
}
