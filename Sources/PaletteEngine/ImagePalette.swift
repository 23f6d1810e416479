import FoundationEssentials
import Glibc
import PaletteCore

/// The colours of a picture, as the offline engine reads them: clusters in OKLab, each with its
/// share of the area and its mean colour.
///
/// Deterministic (no randomness, no seed): the pixels are counted into a 32 × 32 × 32 sRGB
/// histogram; a weighted k-means in OKLab starts from the heaviest bin and then, one at a time,
/// the bin that is heaviest times its squared distance from every centre chosen; clusters closer
/// than ΔE00 `mergeDistance` are merged. A cluster's colour is the mean of its pixels in sRGB, so
/// a region's cluster is the region's mean.
struct ImageReading: Hashable, Sendable {
    struct Cluster: Hashable, Sendable {
        var colour: RGB
        var share: Double
        var lab: OKLab { OKLab(colour) }
        var chroma: Double { OKLCH(colour).c }
    }

    /// Largest share first.
    let clusters: [Cluster]

    static let maxClusters = 12
    static let mergeDistance = 8.0
    static let iterations = 24

    init(_ image: RGBImage) {
        // The histogram: count and sRGB sums per 5-bit bin.
        var counts = [Int](repeating: 0, count: 32_768)
        var sums = [Int](repeating: 0, count: 32_768 * 3)
        image.pixels.withUnsafeBufferPointer { p in
            var i = 0
            while i + 2 < p.count {
                let r = Int(p[i])
                let g = Int(p[i + 1])
                let b = Int(p[i + 2])
                let bin = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                counts[bin] += 1
                sums[bin * 3] += r
                sums[bin * 3 + 1] += g
                sums[bin * 3 + 2] += b
                i += 3
            }
        }
        struct Point {
            var lab: (Double, Double, Double)
            var weight: Double
            var bin: Int
        }
        var points: [Point] = []
        for bin in 0..<32_768 where counts[bin] > 0 {
            let n = counts[bin]
            let mean = RGB(
                r: UInt8((sums[bin * 3] + n / 2) / n), g: UInt8((sums[bin * 3 + 1] + n / 2) / n),
                b: UInt8((sums[bin * 3 + 2] + n / 2) / n))
            let lab = OKLab(mean)
            points.append(Point(lab: (lab.l, lab.a, lab.b), weight: Double(n), bin: bin))
        }
        let total = Double(image.width * image.height)
        func distance(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
            let dl = a.0 - b.0
            let da = a.1 - b.1
            let db = a.2 - b.2
            return dl * dl + da * da + db * db
        }
        // Seeds: the heaviest bin, then the heaviest-and-farthest, one at a time.
        var centres: [(Double, Double, Double)] = []
        let heaviest = points.indices.max { (points[$0].weight, -$0) < (points[$1].weight, -$1) }!
        centres.append(points[heaviest].lab)
        var nearest = points.map { distance($0.lab, centres[0]) }
        while centres.count < min(Self.maxClusters, points.count) {
            var best = -1
            var bestScore = 0.0
            for (i, p) in points.enumerated() {
                let score = p.weight * nearest[i]
                if score > bestScore {
                    bestScore = score
                    best = i
                }
            }
            guard best >= 0 else { break }
            centres.append(points[best].lab)
            for (i, p) in points.enumerated() { nearest[i] = min(nearest[i], distance(p.lab, points[best].lab)) }
        }
        // Lloyd's iterations, weighted by pixel count.
        var assignment = [Int](repeating: 0, count: points.count)
        for _ in 0..<Self.iterations {
            var changed = false
            for (i, p) in points.enumerated() {
                var best = 0
                var bestDistance = Double.infinity
                for (k, c) in centres.enumerated() {
                    let d = distance(p.lab, c)
                    if d < bestDistance {
                        bestDistance = d
                        best = k
                    }
                }
                if assignment[i] != best {
                    assignment[i] = best
                    changed = true
                }
            }
            var next = [(Double, Double, Double, Double)](repeating: (0, 0, 0, 0), count: centres.count)
            for (i, p) in points.enumerated() {
                let k = assignment[i]
                next[k].0 += p.lab.0 * p.weight
                next[k].1 += p.lab.1 * p.weight
                next[k].2 += p.lab.2 * p.weight
                next[k].3 += p.weight
            }
            for k in centres.indices where next[k].3 > 0 {
                centres[k] = (next[k].0 / next[k].3, next[k].1 / next[k].3, next[k].2 / next[k].3)
            }
            if !changed { break }
        }
        // Each cluster's pixels' mean in sRGB, and its share.
        struct Group {
            var count: Int
            var r: Int
            var g: Int
            var b: Int
            var colour: RGB {
                RGB(
                    r: UInt8((r + count / 2) / count), g: UInt8((g + count / 2) / count),
                    b: UInt8((b + count / 2) / count))
            }
        }
        var groups = [Group](repeating: Group(count: 0, r: 0, g: 0, b: 0), count: centres.count)
        for (i, p) in points.enumerated() {
            let k = assignment[i]
            groups[k].count += counts[p.bin]
            groups[k].r += sums[p.bin * 3]
            groups[k].g += sums[p.bin * 3 + 1]
            groups[k].b += sums[p.bin * 3 + 2]
        }
        groups.removeAll { $0.count == 0 }
        // Merges the closest pair while it is closer than `mergeDistance`.
        while groups.count > 1 {
            var pair: (Int, Int, Double)?
            for i in groups.indices {
                for j in groups.indices where j > i {
                    let d = CIEDE2000.difference(groups[i].colour, groups[j].colour)
                    if d < Self.mergeDistance, pair == nil || d < pair!.2 { pair = (i, j, d) }
                }
            }
            guard let (i, j, _) = pair else { break }
            groups[i].count += groups[j].count
            groups[i].r += groups[j].r
            groups[i].g += groups[j].g
            groups[i].b += groups[j].b
            groups.remove(at: j)
        }
        clusters = groups.map { Cluster(colour: $0.colour, share: Double($0.count) / total) }
            .sorted { ($0.share, $0.colour.hex) > ($1.share, $1.colour.hex) }
    }

    init(clusters: [Cluster]) { self.clusters = clusters }

    /// The clusters of warm (or cool) hue with some chroma, their shares as they were.
    func only(warm: Bool) -> [Cluster] {
        clusters.filter { cluster in
            let c = OKLCH(cluster.colour)
            guard c.c >= 0.03 else { return false }
            return warm ? (c.h < 110 || c.h >= 330) : (c.h >= 150 && c.h < 300)
        }
    }
}

/// Roles from a picture's clusters: the primary the dominant field, the accent the salient
/// small colour, the secondary the support; regions over a tenth of the area keep their colour.
enum ImageComposer {
    /// The share above which a cluster is a large region, whose colour is kept.
    static let largeRegion = 0.10
    /// The least share a cluster needs to be an accent (smaller is noise or an edge).
    static let accentShare = 0.003
    /// The least share a cluster needs to be the secondary.
    static let secondaryShare = 0.01

    /// How much a cluster stands out as an accent against `primary`: its chroma times its
    /// distance from the primary; a spot must be large enough to be seen (the weight rises from
    /// `accentShare` to half a percent), and a field is less an accent the more of the picture it
    /// covers (half the weight at half the area).
    static func salience(_ c: ImageReading.Cluster, against primary: RGB) -> Double {
        let seen = min(1, (c.share / 0.005).squareRoot())
        return (c.chroma + 0.02) * CIEDE2000.difference(c.colour, primary) * seen * (1 - min(c.share, 0.5))
    }

    /// The palette of `clusters` (largest first); `variation` picks the next-best accent and
    /// secondary. Returns the palette, the colours found for each role, and which roles hold a
    /// large region's colour.
    static func compose(_ clusters: [ImageReading.Cluster], variation: Int = 0) -> (
        palette: Palette, found: [ImageColour], large: Set<Role>
    ) {
        guard let primary = clusters.first else {
            let grey = RGB(r: 128, g: 128, b: 128)
            return (Palette(primary: grey, secondary: grey, accent: grey), [], [])
        }
        let big = clusters.filter { $0.share > largeRegion }
        var accent: ImageReading.Cluster?
        var secondary: ImageReading.Cluster?
        let v = max(0, variation)
        if big.count >= 3 {
            // Three large regions: they are the palette; the more salient of the other two is the accent.
            let pair = [big[1], big[2]].sorted {
                salience($0, against: primary.colour) > salience($1, against: primary.colour)
            }
            (accent, secondary) = v % 2 == 0 ? (pair[0], pair[1]) : (pair[1], pair[0])
        } else {
            let candidates = clusters.dropFirst().filter {
                $0.share >= accentShare && CIEDE2000.difference($0.colour, primary.colour) >= 10
            }
            let chromatic = candidates.filter { $0.chroma >= 0.04 }
            let ranked = (chromatic.isEmpty ? candidates : chromatic).sorted {
                (salience($0, against: primary.colour), $0.colour.hex)
                    > (salience($1, against: primary.colour), $1.colour.hex)
            }
            if !ranked.isEmpty { accent = ranked[v % ranked.count] }
            // The secondary: a large region not taken, else the largest distinct cluster.
            let supports = clusters.dropFirst().filter { c in
                c != accent && c.share >= secondaryShare
                    && CIEDE2000.difference(c.colour, primary.colour) >= 10
                    && accent.map { CIEDE2000.difference(c.colour, $0.colour) >= 10 } ?? true
            }
            if !supports.isEmpty { secondary = supports[(v / 2) % supports.count] }
        }
        var palette = Palette(
            primary: primary.colour, secondary: secondary?.colour ?? primary.colour,
            accent: accent?.colour ?? primary.colour)
        var found = [ImageColour(role: .primary, colour: primary.colour, share: primary.share)]
        if let secondary {
            found.append(ImageColour(role: .secondary, colour: secondary.colour, share: secondary.share))
        }
        if let accent { found.append(ImageColour(role: .accent, colour: accent.colour, share: accent.share)) }
        var large: Set<Role> = []
        for f in found where f.share > largeRegion { large.insert(f.role) }
        // A role the picture gave no colour for is made from the primary (the nearest colour
        // that keeps the rules), as a locked role's companions are.
        let missing = [Role.secondary, .accent].filter { role in !found.contains { $0.role == role } }
        if !missing.isEmpty {
            palette = EngineWorkbench.separate(palette, movable: missing, direction: [:])
        }
        return (palette, found, large)
    }

    /// "only the warm colours", "warm colours only", "只要暖色", "只用冷色": true for warm, false
    /// for cool, nil when the description asks neither; and the description without those words.
    static func filter(in description: String) -> (warm: Bool?, rest: String) {
        let patterns: [(String, Bool?)] = [
            (#"\bonly\s+(the\s+)?(warm|warmer)\s+(colou?rs?|tones?|hues?|ones)\b"#, true),
            (#"\bonly\s+(the\s+)?(cool|cold|cooler)\s+(colou?rs?|tones?|hues?|ones)\b"#, false),
            (#"\b(warm)\s+(colou?rs?|tones?|hues?)\s+only\b"#, true),
            (#"\b(cool|cold)\s+(colou?rs?|tones?|hues?)\s+only\b"#, false),
            (#"只(要|用|取|留|保留|選|选)?(那些)?暖(色|色調|色调|調|调)?(的部分)?"#, true),
            (#"只(要|用|取|留|保留|選|选)?(那些)?(冷|涼|凉)(色|色調|色调|調|调)?(的部分)?"#, false),
        ]
        for (pattern, warm) in patterns {
            guard let regex = try? Regex(pattern).ignoresCase() else { continue }
            if let match = description.firstMatch(of: regex) {
                var rest = description
                rest.removeSubrange(match.range)
                return (warm, rest)
            }
        }
        return (nil, description)
    }
}

extension EngineWorkbench {
    /// A palette from the request's picture: the roles read from its clusters (only the warm or
    /// cool ones when the description asks), the locks put in, the role structure kept (a large
    /// region's colour never moves for it), then the rest of the description applied as a
    /// refinement of that palette ("calmer", "a night version of this photo").
    func fromImage(_ reading: ImageReading, attempt: Int) -> GeneratedPalette {
        let (warm, rest) = ImageComposer.filter(in: request.description)
        var notes: [GenerationNote] = []
        var clusters = reading.clusters
        if let warm {
            let kept = reading.only(warm: warm)
            notes.append(.imageColoursFiltered(warm: warm, found: !kept.isEmpty))
            if !kept.isEmpty { clusters = kept }
        }
        let (composed, found, large) = ImageComposer.compose(clusters, variation: request.variation &+ attempt)
        notes.insert(.readFromImage(found), at: 0)
        var palette = composed
        for (role, colour) in request.locked { palette[role] = colour }
        let fixed = Set(request.locked.keys)
        let movable = request.freeRoles.filter { !large.contains($0) && $0 != .primary }
        if !movable.isEmpty {
            palette = Self.separate(palette, movable: movable, direction: [:])
        }
        // The structure is restored by moving a colour the picture did not give first, then one
        // it gave (never a large region's).
        let given = Set(found.map(\.role))
        var repaired = RoleStructure.repaired(palette, fixed: fixed.union(given))
        if repaired.moved.isEmpty, !RoleStructure.violations(palette).isEmpty {
            repaired = RoleStructure.repaired(palette, fixed: fixed.union(large))
        }
        if !repaired.moved.isEmpty { notes.append(.structureAdjusted(repaired.moved)) }
        palette = repaired.palette
        let broken = RoleStructure.violations(palette)
        if !broken.isEmpty, !large.isEmpty { notes.append(.imageRegionsKept(broken)) }
        let instruction = rest.trimming { scalar in
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation:
                return true
            default: return scalar.properties.isWhitespace
            }
        }
        guard !instruction.isEmpty else {
            return GeneratedPalette(palette: palette, provider: engine.name, model: engine.model, notes: notes)
        }
        var refining = request
        refining.image = nil
        refining.refinement = Refinement(instruction: instruction, base: palette)
        var result = EngineWorkbench(engine: engine, request: refining).refine(
            refining.refinement!, attempt: attempt)
        result.notes = notes + result.notes
        return result
    }
}
