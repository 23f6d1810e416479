import FoundationEssentials
import Glibc

/// One colour as people and models write it: the CSS Color 4 forms and the names we know.
///
/// - hex: `#RGB`, `#RRGGBB` (`#` optional), `#RGBA`, `#RRGGBBAA`;
/// - functions, in the modern (space and `/ alpha`) or the legacy (comma) syntax, any case:
///   `rgb()`/`rgba()`, `hsl()`/`hsla()`, `hwb()`, `lab()`, `lch()` (CIE, D50 as CSS defines
///   them), `oklab()`, `oklch()`, and `color(SPACE …)` for `srgb`, `srgb-linear`,
///   `display-p3`, `a98-rgb`, `prophoto-rgb`, `rec2020`, `xyz`, `xyz-d50`, `xyz-d65`; numbers,
///   percentages, angles (`deg`, `rad`, `grad`, `turn`) and `none` where CSS takes them;
/// - names: the CSS keywords, the XKCD survey's names and the Chinese names
///   (`ColorNames.named`), any case, with or without spaces or hyphens.
///
/// `rgb()`, `hsl()` and `hwb()` clamp as CSS does; a colour outside sRGB (`oklch(0.7 0.4
/// 150)`, `color(display-p3 0 1 0)`) is brought in by `OKLCH.gamutMapped()` (chroma reduced at
/// its lightness and hue). A palette colour is opaque, so any alpha below 1 is refused, never
/// dropped. Linear in the input and bounded: text longer than `maxLength` is refused at once.
public enum ColorSyntax {
    /// No colour is written in more bytes than this; longer text is not read.
    public static let maxLength = 200

    /// The functions, as the error messages list them.
    public static let functionNames = ["rgb", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "color"]

    /// The colour spaces `color()` takes.
    public static let colorSpaces = [
        "srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "xyz", "xyz-d50", "xyz-d65",
    ]

    /// Every function name this reader takes, lower case (the aliases `rgba`, `hsla` too).
    static let functions: Set<[UInt8]> = Set(
        ["rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color"].map { Array($0.utf8) })

    /// True for a lower-case function name this reader takes.
    static func isFunctionName(_ lowercased: [UInt8]) -> Bool { functions.contains(lowercased) }

    public static func parse(_ text: String) throws(ColorParseError) -> RGB {
        // `#RGB` and `#RRGGBB` in ASCII, the form nearly every colour comes in, straight from
        // the bytes; every other form, and every error, from the reader below.
        if let color = RGB(asciiHex: text.utf8, requiringHash: true) { return color }
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        if scalars.isEmpty { throw .empty }
        let trimmed = String(scalars)
        let bytes = Array(trimmed.utf8)
        guard bytes.count <= maxLength else { throw .notAColor(text) }
        if bytes[0] == UInt8(ascii: "#") { return try hex(bytes, text: text) }
        if let open = bytes.firstIndex(of: UInt8(ascii: "(")) { return try function(bytes, open: open, text: text) }
        if let name = ColorNames.named(trimmed) { return name.color }
        if trimmed.lowercased() == "transparent" { throw .translucent(alpha: 0, in: text) }
        // Text that reads as an attempt at a hex code gets the hex code's precise complaint.
        let hexDigits = bytes.filter { RGB.hexDigitValue($0) != nil }.count
        let decimal = bytes.contains { (0x30...0x39).contains($0) }
        if hexDigits == bytes.count || (decimal && !bytes.contains(0x20) && hexDigits * 2 > bytes.count) {
            return try RGB(hex: text)
        }
        throw .notAColor(text)
    }

    // MARK: - Hex

    private static func hex(_ bytes: [UInt8], text: String) throws(ColorParseError) -> RGB {
        var nibbles: [UInt8] = []
        for s in String(decoding: bytes.dropFirst(), as: UTF8.self).unicodeScalars {
            guard let n = RGB.nibble(s) else { throw .invalidCharacter(Character(s), in: text) }
            nibbles.append(n)
        }
        switch nibbles.count {
        case 3, 6: return try RGB(hex: text)
        case 4, 8:
            let alpha = nibbles.count == 4 ? nibbles[3] * 17 : nibbles[6] << 4 | nibbles[7]
            guard alpha == 255 else { throw .translucent(alpha: Double(alpha) / 255, in: text) }
            if nibbles.count == 4 { return RGB(r: nibbles[0] * 17, g: nibbles[1] * 17, b: nibbles[2] * 17) }
            return RGB(
                r: nibbles[0] << 4 | nibbles[1], g: nibbles[2] << 4 | nibbles[3], b: nibbles[4] << 4 | nibbles[5])
        default:
            throw .wrongHexLength(nibbles.count, in: text)
        }
    }

    // MARK: - Functions

    /// One value inside a function's parentheses.
    enum Value: Equatable {
        case number(Double)
        case percent(Double)
        /// In degrees.
        case angle(Double)
        case none
    }

    private static func function(_ bytes: [UInt8], open: Int, text: String) throws(ColorParseError) -> RGB {
        let nameBytes = bytes[..<open]
        guard !nameBytes.isEmpty, nameBytes.allSatisfy({ isLetter($0) }) else { throw .notAColor(text) }
        let name = String(decoding: nameBytes, as: UTF8.self).lowercased()
        guard functions.contains(Array(name.utf8)) else { throw .unknownFunction(name, in: text) }
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")), close > open else {
            throw .badArguments(.unclosed(function: name), in: text)
        }
        if close != bytes.count - 1 {
            throw .badArguments(.trailing(String(decoding: bytes[(close + 1)...], as: UTF8.self)), in: text)
        }
        var inner = Array(bytes[(open + 1)..<close])
        var space: String?
        if name == "color" {
            while let f = inner.first, isSpace(f) { inner.removeFirst() }
            var k = 0
            while k < inner.count, isLetter(inner[k]) || isDigit(inner[k]) || inner[k] == UInt8(ascii: "-") { k += 1 }
            let ident = String(decoding: inner[..<k], as: UTF8.self).lowercased()
            guard colorSpaces.contains(ident) else { throw .badArguments(.unknownSpace(ident), in: text) }
            space = ident
            inner.removeFirst(k)
        }
        let (values, alpha) = try arguments(inner, function: name, text: text)
        if let alpha {
            let a = component(alpha, percentScale: 1, clampTo: 0...1)
            // Opaque when it is opaque in 8 bits: 0.999 is written for 1 often enough.
            if (a * 255).rounded() < 255 { throw .translucent(alpha: a, in: text) }
        }
        // Only a hue is an angle: the first value of hsl() and hwb(), the third of lch() and oklch().
        let hueIndex = name.hasPrefix("hsl") || name == "hwb" ? 0 : name.hasSuffix("lch") ? 2 : -1
        for (k, v) in values.enumerated() where k != hueIndex {
            if case .angle = v { throw .badArguments(.unexpectedAngle(function: name), in: text) }
        }
        switch name {
        case "rgb", "rgba":
            let channels = values.map { component($0, percentScale: 255, clampTo: 0...255) }
            return RGB(
                r: UInt8(channels[0].rounded()), g: UInt8(channels[1].rounded()), b: UInt8(channels[2].rounded()))
        case "hsl", "hsla":
            let s = component(values[1], percentScale: 100, clampTo: 0...100) / 100
            let l = component(values[2], percentScale: 100, clampTo: 0...100) / 100
            return encoded(hsl(hue(values[0]), s, l))
        case "hwb":
            let w = component(values[1], percentScale: 100, clampTo: 0...100) / 100
            let b = component(values[2], percentScale: 100, clampTo: 0...100) / 100
            return encoded(hwb(hue(values[0]), w, b))
        case "lab":
            let l = component(values[0], percentScale: 100, clampTo: 0...100)
            let a = component(values[1], percentScale: 125)
            let b = component(values[2], percentScale: 125)
            return mapped(xyzD65: ColorMatrices.d50ToD65.apply(labD50ToXYZ(l, a, b)))
        case "lch":
            let l = component(values[0], percentScale: 100, clampTo: 0...100)
            let c = max(0, component(values[1], percentScale: 150))
            let h = hue(values[2]) * .pi / 180
            return mapped(xyzD65: ColorMatrices.d50ToD65.apply(labD50ToXYZ(l, c * cos(h), c * sin(h))))
        case "oklab":
            let l = component(values[0], percentScale: 1, clampTo: 0...1)
            let a = component(values[1], percentScale: 0.4)
            let b = component(values[2], percentScale: 0.4)
            return mapped(OKLab(l: l, a: a, b: b))
        case "oklch":
            let l = component(values[0], percentScale: 1, clampTo: 0...1)
            let c = max(0, component(values[1], percentScale: 0.4))
            return mapped(OKLCH(l: l, c: c, h: hue(values[2])).lab)
        default:
            let c = values.map { component($0, percentScale: 1) }
            return mapped(xyzD65: ColorMatrices.toXYZD65(space ?? "srgb", (c[0], c[1], c[2])))
        }
    }

    /// The three values and the optional alpha, in either syntax.
    private static func arguments(
        _ inner: [UInt8], function: String, text: String
    ) throws(ColorParseError) -> ([Value], Value?) {
        var items: [[UInt8]] = []
        var slash: Int?
        var current: [UInt8] = []
        let legacy = inner.contains(UInt8(ascii: ","))
        func flush() {
            if !current.isEmpty { items.append(current) }
            current = []
        }
        for b in inner {
            if b == UInt8(ascii: "/") {
                flush()
                guard slash == nil else { throw .badArguments(.badAlpha(function: function), in: text) }
                slash = items.count
            } else if b == UInt8(ascii: ",") {
                flush()
            } else if isSpace(b) {
                flush()
            } else {
                current.append(b)
            }
        }
        flush()
        var values: [Value] = []
        for item in items {
            guard let v = value(item) else {
                throw .badArguments(.notANumber(String(decoding: item, as: UTF8.self)), in: text)
            }
            values.append(v)
        }
        if let slash {
            guard slash == 3 else { throw .badArguments(.count(function: function, found: slash), in: text) }
            guard values.count == 4 else { throw .badArguments(.badAlpha(function: function), in: text) }
            return (Array(values.prefix(3)), values[3])
        }
        if legacy && values.count == 4 { return (Array(values.prefix(3)), values[3]) }
        guard values.count == 3 else { throw .badArguments(.count(function: function, found: values.count), in: text) }
        return (values, nil)
    }

    /// A number, percentage, angle or `none`; nil for anything else.
    static func value(_ item: [UInt8]) -> Value? {
        let lower = item.map { isUpper($0) ? $0 + 0x20 : $0 }
        if lower == Array("none".utf8) { return Value.none }
        var i = 0
        if i < lower.count, lower[i] == UInt8(ascii: "+") || lower[i] == UInt8(ascii: "-") { i += 1 }
        let digitsStart = i
        while i < lower.count, isDigit(lower[i]) { i += 1 }
        var hasDigits = i > digitsStart
        if i < lower.count, lower[i] == UInt8(ascii: ".") {
            i += 1
            let fraction = i
            while i < lower.count, isDigit(lower[i]) { i += 1 }
            hasDigits = hasDigits || i > fraction
        }
        guard hasDigits else { return nil }
        if i + 1 < lower.count, lower[i] == UInt8(ascii: "e"),
            isDigit(lower[i + 1])
                || (i + 2 < lower.count && (lower[i + 1] == 0x2B || lower[i + 1] == 0x2D) && isDigit(lower[i + 2]))
        {
            i += 2
            while i < lower.count, isDigit(lower[i]) { i += 1 }
        }
        guard let number = Double(String(decoding: lower[..<i], as: UTF8.self)), number.isFinite else { return nil }
        switch String(decoding: lower[i...], as: UTF8.self) {
        case "": return .number(number)
        case "%": return .percent(number)
        case "deg": return .angle(number)
        case "rad": return .angle(number * 180 / .pi)
        case "grad": return .angle(number * 0.9)
        case "turn": return .angle(number * 360)
        default: return nil
        }
    }

    /// A value as a plain number: percentages scaled so 100% is `percentScale`, `none` as 0.
    private static func component(_ v: Value, percentScale: Double, clampTo range: ClosedRange<Double>? = nil) -> Double
    {
        let x: Double
        switch v {
        case .number(let n), .angle(let n): x = n
        case .percent(let p): x = p / 100 * percentScale
        case .none: x = 0
        }
        guard let range else { return x }
        return min(max(x, range.lowerBound), range.upperBound)
    }

    /// A hue in degrees, 0..<360 (a number is degrees, as in CSS).
    private static func hue(_ v: Value) -> Double {
        let h = component(v, percentScale: 360).truncatingRemainder(dividingBy: 360)
        return h < 0 ? h + 360 : h
    }

    // MARK: - Conversions

    /// CSS Color 4's `hslToRgb`: gamma-encoded sRGB in 0...1.
    static func hsl(_ hue: Double, _ s: Double, _ l: Double) -> (Double, Double, Double) {
        func f(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }

    /// CSS Color 4's `hwbToRgb`.
    static func hwb(_ hue: Double, _ w: Double, _ b: Double) -> (Double, Double, Double) {
        if w + b >= 1 {
            let grey = w / (w + b)
            return (grey, grey, grey)
        }
        let (r, g, bl) = hsl(hue, 1, 0.5)
        let k = 1 - w - b
        return (r * k + w, g * k + w, bl * k + w)
    }

    /// CIE Lab relative to D50 (as CSS's `lab()`) to XYZ relative to D50.
    static func labD50ToXYZ(_ l: Double, _ a: Double, _ b: Double) -> (Double, Double, Double) {
        let kappa = 24389.0 / 27
        let epsilon = 216.0 / 24389
        let f1 = (l + 16) / 116
        let f0 = a / 500 + f1
        let f2 = f1 - b / 200
        let x = f0 * f0 * f0 > epsilon ? f0 * f0 * f0 : (116 * f0 - 16) / kappa
        let y = l > kappa * epsilon ? f1 * f1 * f1 : l / kappa
        let z = f2 * f2 * f2 > epsilon ? f2 * f2 * f2 : (116 * f2 - 16) / kappa
        let w = ColorMatrices.d50
        return (x * w.0, y * w.1, z * w.2)
    }

    private static func encoded(_ c: (Double, Double, Double)) -> RGB {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return RGB(r: byte(c.0), g: byte(c.1), b: byte(c.2))
    }

    private static func mapped(xyzD65 xyz: (Double, Double, Double)) -> RGB {
        let linear = ColorMatrices.xyzToLinearSRGB.apply(xyz)
        return mapped(LinearRGB(r: linear.0, g: linear.1, b: linear.2))
    }

    private static func mapped(_ lab: OKLab) -> RGB { mapped(lab.linear) }

    /// In gamut: encoded; outside: chroma reduced at the same OKLCH lightness and hue.
    private static func mapped(_ linear: LinearRGB) -> RGB {
        if linear.isInGamut(tolerance: 1e-6) { return linear.clampedRGB }
        let lch = OKLab(linear).lch
        return OKLCH(l: lch.l, c: lch.c, h: lch.h).gamutMapped()
    }

    private static func isLetter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
    private static func isUpper(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) }
    private static func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
}

/// What is wrong with a colour function's arguments.
public enum ColorArgumentProblem: Hashable, Sendable {
    /// Not three values (and an optional alpha after `/` or a third comma).
    case count(function: String, found: Int)
    /// Not a number, a percentage, an angle or `none`.
    case notANumber(String)
    /// Not exactly one alpha value after the `/`.
    case badAlpha(function: String)
    /// An angle where the function takes none (only hues are angles).
    case unexpectedAngle(function: String)
    /// No closing parenthesis.
    case unclosed(function: String)
    /// Text after the closing parenthesis.
    case trailing(String)
    /// A `color()` space this reader does not know.
    case unknownSpace(String)
}

/// The colour spaces' matrices, derived from their primaries and white points as CSS Color 4
/// defines them, and the Bradford adaptation between D50 and D65.
enum ColorMatrices {
    struct Matrix {
        var m: [Double]  // row-major 3x3

        func apply(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
            (
                m[0] * v.0 + m[1] * v.1 + m[2] * v.2, m[3] * v.0 + m[4] * v.1 + m[5] * v.2,
                m[6] * v.0 + m[7] * v.1 + m[8] * v.2
            )
        }

        static func * (a: Matrix, b: Matrix) -> Matrix {
            var out = [Double](repeating: 0, count: 9)
            for i in 0..<3 {
                for j in 0..<3 { out[i * 3 + j] = (0..<3).reduce(0) { $0 + a.m[i * 3 + $1] * b.m[$1 * 3 + j] } }
            }
            return Matrix(m: out)
        }

        var inverse: Matrix {
            let a = m
            let c0 = a[4] * a[8] - a[5] * a[7]
            let c1 = a[5] * a[6] - a[3] * a[8]
            let c2 = a[3] * a[7] - a[4] * a[6]
            let det = a[0] * c0 + a[1] * c1 + a[2] * c2
            return Matrix(m: [
                c0 / det, (a[2] * a[7] - a[1] * a[8]) / det, (a[1] * a[5] - a[2] * a[4]) / det,
                c1 / det, (a[0] * a[8] - a[2] * a[6]) / det, (a[2] * a[3] - a[0] * a[5]) / det,
                c2 / det, (a[1] * a[6] - a[0] * a[7]) / det, (a[0] * a[4] - a[1] * a[3]) / det,
            ])
        }
    }

    static func white(_ x: Double, _ y: Double) -> (Double, Double, Double) { (x / y, 1, (1 - x - y) / y) }
    static let d50 = white(0.3457, 0.3585)
    static let d65 = white(0.3127, 0.3290)

    /// Linear RGB to XYZ for primaries given as chromaticities and a white point.
    static func rgbToXYZ(_ p: [(Double, Double)], white w: (Double, Double, Double)) -> Matrix {
        let columns = p.map { (x, y) in (x / y, 1.0, (1 - x - y) / y) }
        let base = Matrix(m: [
            columns[0].0, columns[1].0, columns[2].0, columns[0].1, columns[1].1, columns[2].1,
            columns[0].2, columns[1].2, columns[2].2,
        ])
        let s = base.inverse.apply(w)
        return base * Matrix(m: [s.0, 0, 0, 0, s.1, 0, 0, 0, s.2])
    }

    /// Bradford chromatic adaptation from one white to another.
    static func bradford(from src: (Double, Double, Double), to dst: (Double, Double, Double)) -> Matrix {
        let cone = Matrix(m: [0.8951, 0.2664, -0.1614, -0.7502, 1.7135, 0.0367, 0.0389, -0.0685, 1.0296])
        let s = cone.apply(src)
        let d = cone.apply(dst)
        return cone.inverse * Matrix(m: [d.0 / s.0, 0, 0, 0, d.1 / s.1, 0, 0, 0, d.2 / s.2]) * cone
    }

    static let d50ToD65 = bradford(from: d50, to: d65)
    static let srgb = rgbToXYZ([(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)], white: d65)
    static let xyzToLinearSRGB = srgb.inverse
    static let displayP3 = rgbToXYZ([(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], white: d65)
    static let a98 = rgbToXYZ([(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)], white: d65)
    static let rec2020 = rgbToXYZ([(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)], white: d65)
    static let prophoto = rgbToXYZ([(0.734699, 0.265301), (0.159597, 0.840403), (0.036598, 0.000105)], white: d50)

    /// `color(space c0 c1 c2)` to XYZ relative to D65.
    static func toXYZD65(_ space: String, _ c: (Double, Double, Double)) -> (Double, Double, Double) {
        func each(_ f: (Double) -> Double) -> (Double, Double, Double) { (f(c.0), f(c.1), f(c.2)) }
        func signed(_ v: Double, _ f: (Double) -> Double) -> Double { v < 0 ? -f(-v) : f(v) }
        switch space {
        case "srgb": return srgb.apply(each { v in signed(v, SRGB.toLinear) })
        case "srgb-linear": return srgb.apply(c)
        case "display-p3": return displayP3.apply(each { v in signed(v, SRGB.toLinear) })
        case "a98-rgb": return a98.apply(each { v in signed(v) { pow($0, 563.0 / 256) } })
        case "rec2020":
            // Display-referred, BT.1886's 2.4 gamma: the CSS WG's 2025 resolution (w3c/csswg-drafts#12574).
            return rec2020.apply(each { v in signed(v) { pow($0, 2.4) } })
        case "prophoto-rgb":
            let linear = each { v in signed(v) { $0 <= 16.0 / 512 ? $0 / 16 : pow($0, 1.8) } }
            return d50ToD65.apply(prophoto.apply(linear))
        case "xyz-d50": return d50ToD65.apply(c)
        default: return c  // xyz, xyz-d65
        }
    }
}
