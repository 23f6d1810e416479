import Foundation

/// `palette-bench`: the in-process measurements of `make bench`. Not part of the product: it is
/// built beside `palette-tui` from the same libraries, through their public API only.
///
/// `palette-bench list` names the cases; `palette-bench [CASE...|all] [--format text|json] [--quick]`
/// runs them. `make bench` runs each case in its own process, so a parser that crashes or hangs
/// on one adversarial input costs that row only. Each figure is measured beside a baseline doing
/// the least work the same input allows (tokenising a description, scanning bytes, Foundation's
/// JSONSerialization), in the same process and run.
let usage = """
    usage: palette-bench list
           palette-bench engine-dump [VARIATIONS] < descriptions   (one palette a line and variation)
           palette-bench engine-dump --requests < descriptions   (seeds, locks, refinements, candidates)
           palette-bench config-text BYTES   (the settings file config-growth reads, about BYTES long)
           palette-bench [CASE...|all] [--format text|json] [--quick]
    """

/// A mistake on the command line: exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
}

/// The options: `--format text|json` (or `--format=json`), `--quick`, and case names.
struct BenchOptions {
    var format = "text"
    var quick = false
    var names: [String] = []

    init(_ args: [String]) throws(UsageError) {
        var rest = args[...]
        while let arg = rest.popFirst() {
            if arg == "--quick" {
                quick = true
            } else if arg == "--format" {
                guard let value = rest.popFirst() else { throw UsageError(description: "--format needs a value") }
                format = value
            } else if arg.hasPrefix("--format=") {
                format = String(arg.dropFirst("--format=".count))
            } else if arg.hasPrefix("-") {
                throw UsageError(description: "unknown option '\(arg)'")
            } else {
                names.append(arg)
            }
        }
        guard format == "text" || format == "json" else {
            throw UsageError(description: "invalid value '\(format)' for '--format' (text or json)")
        }
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

func runBench(_ args: [String]) throws -> Int32 {
    if args == ["--help"] || args == ["-h"] {
        print(usage)
        return 0
    }
    if args.first == "config-text" {
        // The settings file `config-growth` reads, for `make bench` to hand the app.
        print(Bench.configText(bytes: args.count > 1 ? Int(args[1]) ?? 10_000 : 10_000), terminator: "")
        return 0
    }
    if args == ["engine-dump", "--requests"] {
        engineRequestDump()
        return 0
    }
    if args.first == "engine-dump" {
        engineDump(variations: args.count > 1 ? Int(args[1]) ?? 6 : 6)
        return 0
    }
    let options = try BenchOptions(args)
    let bench = Bench(quick: options.quick)
    if options.names == ["list"] {
        print(bench.caseNames.joined(separator: "\n"))
        return 0
    }
    let chosen = options.names.isEmpty || options.names == ["all"] ? bench.caseNames : options.names
    if let unknown = chosen.first(where: { !bench.caseNames.contains($0) }) {
        throw UsageError(description: "unknown bench case '\(unknown)'; 'palette-bench list' names them")
    }
    var results: [BenchResult] = []
    for name in chosen {
        if options.format == "text" { printError("running \(name)…") }
        results.append(bench.run(name))
    }
    if options.format == "json" {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let report = BenchReport(results: results, checksum: bench.checksum)
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    } else {
        for result in results { print(result.text) }
        print("checksum \(bench.checksum)")
    }
    return 0
}

do {
    exit(try runBench(Array(CommandLine.arguments.dropFirst())))
} catch let error as UsageError {
    printError("palette-bench: \(error.description)")
    printError(usage)
    exit(2)
} catch {
    printError("palette-bench: \(error)")
    exit(1)
}
