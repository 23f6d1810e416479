/// A colour-vision deficiency to simulate: protanopia, deuteranopia or tritanopia.
public enum VisionDeficiency: String, CaseIterable, Sendable, Codable {
    case protan
    case deutan
    case tritan

    /// How a colour looks to someone with this deficiency at full severity.
    ///
    /// Machado, Oliveira & Fernandes (2009) at severity 1.0. The matrix acts on linear-light
    /// sRGB: applied to gamma-encoded values it darkens colours by up to a third.
    public func simulate(_ color: RGB) -> RGB {
        let c = LinearRGB(color)
        let m = matrix
        return LinearRGB(
            r: m[0] * c.r + m[1] * c.g + m[2] * c.b,
            g: m[3] * c.r + m[4] * c.g + m[5] * c.b,
            b: m[6] * c.r + m[7] * c.g + m[8] * c.b
        ).clampedRGB
    }

    /// The 3x3 Machado 2009 matrix for severity 1.0, row-major, on linear sRGB.
    public var matrix: [Double] {
        switch self {
        case .protan:
            return [
                0.152286, 1.052583, -0.204868,
                0.114503, 0.786281, 0.099216,
                -0.003882, -0.048116, 1.051998,
            ]
        case .deutan:
            return [
                0.367322, 0.860646, -0.227968,
                0.280085, 0.672501, 0.047413,
                -0.011820, 0.042940, 0.968881,
            ]
        case .tritan:
            return [
                1.255528, -0.076749, -0.178779,
                -0.078411, 0.930809, 0.147602,
                0.004733, 0.691367, 0.303900,
            ]
        }
    }
}
