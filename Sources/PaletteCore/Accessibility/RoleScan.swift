extension AccessibilityRequirement {
    /// Samples of the lightness path the repair key scans: every this many lattice steps
    /// (lightness 0.0004), then every step between two samples that disagree.
    static let scanStride = 4

    /// The colour nearest `original` on its lightness path where every rule involving `role`
    /// holds, the other roles as in `palette`, found by scanning the whole path.
    ///
    /// The repair key's search. Unlike `nearest`, whose coarse probes assume passing colours
    /// come in runs wider than a probe, this walks the path every `scanStride` steps and then
    /// step by step across each edge between passing and failing samples, so a window of
    /// passing lightnesses as narrow as an 8-bit step is found (the accent that must stand 3:1
    /// from two roles and the background often has only such a window). About 2,500 samples.
    func nearestScanning(_ role: Role, from original: RGB, in palette: Palette) -> LightnessSearch.Result? {
        var probe = palette
        probe[role] = original
        let rules = RoleRules(role, in: probe, self)
        if rules.score(original) >= 1 { return LightnessSearch.Result(color: original, deltaE: 0) }
        let path = LightnessPath(original)
        var best: LightnessSearch.Result?
        var memo: [RGB: Bool] = [:]
        func passes(_ k: Int) -> Bool {
            let color = path.color(atStep: k)
            if let known = memo[color] { return known }
            let ok = path.keepsHue(color) && rules.score(color) >= 1
            memo[color] = ok
            if ok {
                let d = path.distance(to: color)
                if best == nil || d < best!.deltaE { best = LightnessSearch.Result(color: color, deltaE: d) }
            }
            return ok
        }
        let stride = Self.scanStride
        var previous = passes(0)
        var k = stride
        while k <= LightnessPath.steps {
            let now = passes(k)
            if now != previous {
                for j in (k - stride + 1)..<k { _ = passes(j) }
            }
            previous = now
            k += stride
        }
        if LightnessPath.steps % stride != 0 { _ = passes(LightnessPath.steps) }
        return best
    }
}
