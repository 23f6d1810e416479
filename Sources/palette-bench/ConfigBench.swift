import Foundation
import PaletteConfig
import PaletteCore

/// `config-growth`: reading `config.toml` (the TOML reader and the settings check, as every
/// command runs them) at 10 kB, 100 kB and 1 MB, beside reading the same bytes from the file.
extension Bench {
    /// A settings file of about `bytes` bytes, written as a user with many saved looks might:
    /// comments, tables, quoted text, arrays, numbers and dotted keys (the `profile` table is
    /// not a setting, so the check reports it once; every line is still read).
    static func configText(bytes: Int) -> String {
        var out = """
            # palette-tui settings
            provider = "ollama"
            language = "zh-Hant"

            [providers.ollama]
            model = "qwen3:8b"
            endpoint = "http://gpu-box:11434"

            """
        var n = 0
        while out.utf8.count < bytes - 220 {
            out += """
                # look \(n): a saved palette and where it came from
                [profile.look\(n)]
                model = "qwen2.5:7b"
                colors = ["#101820", "#F2AA4C", "#2D6A4F"]
                weight = 0.75
                tags.mood = "calm lake at dawn"

                """
            n += 1
        }
        return out
    }

    func configGrowth() -> BenchResult {
        var points: [GrowthPoint] = []
        let providers = [
            ProviderFacts(id: "offline", label: "offline", configuredBy: []),
            ProviderFacts(id: "ollama", label: "Ollama", configuredBy: [.endpoint, .section]),
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("palette-bench-config-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [10_000, 100_000, 1_000_000] {
            let bytes = Array(Self.configText(bytes: size).utf8)
            let path = folder.appendingPathComponent("config-\(size).toml").path
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            let seconds = cpuMeasure {
                let reading = ConfigFile.reading(bytes, path: path, providers: providers)
                return reading.problems.count &+ (reading.file?.providers.count ?? 0)
            }
            // The baseline: the bytes read from the file, which reading the settings needs anyway.
            let baseline = cpuMeasure {
                let fd = open(path, O_RDONLY)
                defer { close(fd) }
                var buffer = [UInt8](repeating: 0, count: bytes.count + 1)
                return buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            }
            points.append(
                GrowthPoint(
                    bytes: bytes.count, seconds: seconds, nanosecondsPerByte: seconds / Double(bytes.count) * 1e9,
                    baselineSeconds: baseline))
        }
        return BenchResult(
            kind: "config", name: "config.toml reading", baselineName: "reading the file's bytes", points: points,
            logLogSlope: slope(points))
    }

    /// The median CPU time of one call of `body` (this process's, `CLOCK_PROCESS_CPUTIME_ID`),
    /// over batches of about 20 ms: on a machine other work shares, wall time grows with the
    /// load as much as with the input, and the slope is about the input.
    func cpuMeasure(_ body: () -> Int) -> Double {
        func now() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
        }
        var sum = 0
        var start = now()
        sum &+= body()
        let single = max(now() - start, 1e-9)
        let reps = max(1, Int((quick ? 0.01 : 0.02) / single))
        var times: [Double] = []
        for _ in 0..<(single > 0.5 ? 1 : (quick ? 3 : 7)) {
            start = now()
            for _ in 0..<reps { sum &+= body() }
            times.append((now() - start) / Double(reps))
        }
        times.sort()
        return times[times.count / 2] + (sum == Int.min ? 1e-12 : 0)
    }
}
