#!/usr/bin/env python3
"""Key-by-key paired comparison of palette-tui builds: every build gets each key in turn.

Usage: python3 bench/paired.py KEYS LABEL=BINARY [LABEL=BINARY ...]

All builds (and the C floor) are open at once on their own ptys, 80x24 with a 1,000-entry
history as in `make bench`, and each key of the scripted session (`bench.key_script`) is sent to
one after the other, each after the previous one's output went quiet. A change in the machine's
load therefore hits every build at the same moment, which interleaving whole runs cannot do on a machine others build on: the per-key differences against the
first build (medians and means of them, per kind of key) resolve a few microseconds where whole
runs swing by 15. Every process is cold between its keys (the others ran meanwhile), so absolute
figures are higher than `make bench`'s; compare within a table. Python standard library.
"""

import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
import layers  # noqa: E402


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[2])
    count, specs = int(sys.argv[1]), [spec.split("=", 1) for spec in sys.argv[2:]]
    keys = layers.labelled_script(count)
    kinds = sorted({kind for _, kind in keys})
    with tempfile.TemporaryDirectory(prefix="palette-paired-") as home:
        os.makedirs(os.path.join(home, "state"))
        history = bench.make_histories(home, [1000])[1000]
        programs = [("C floor", bench.floors(home)[0])]
        programs += [(label, bench.app_program(os.path.abspath(binary), home, history, name=label))
                     for label, binary in specs]
        procs = []
        for label, program in programs:
            proc, _ = program.first_frame()
            proc.drain(0.3)
            procs.append((label, proc))
        load = os.getloadavg()[0]
        ns = {label: [] for label, _ in procs}
        try:
            for key, kind in keys:
                for label, proc in procs:
                    before = proc.run_ns()
                    proc.send(key)
                    proc.settle(0.03, 0.001)
                    ns[label].append((kind, proc.run_ns() - before))
        finally:
            for _, proc in procs:
                proc.quit(bench.QUIT)
    print(f"load average {load:.1f} at start, {os.getloadavg()[0]:.1f} at end; {len(keys)} keys\n")
    print("| build | mean µs a key | vs floor | " + " | ".join(f"{kind} (median)" for kind in kinds) + " |")
    print("|---" * (3 + len(kinds)) + "|")
    floor = statistics.mean(x for _, x in ns["C floor"])
    for label, _ in procs:
        mean = statistics.mean(x for _, x in ns[label])
        cells = [f"{statistics.median(x for k, x in ns[label] if k == kind) / 1e3:.1f}" for kind in kinds]
        print(f"| {label} | {mean / 1e3:.1f} | {mean / floor:.2f}x | " + " | ".join(cells) + " |")
    base = specs[0][0]
    print(f"\nPer-key difference against {base} (µs; median of the differences, then their mean):")
    for label, _ in procs:
        if label in ("C floor", base):
            continue
        pairs = list(zip(ns[base], ns[label]))
        diff = [(b - a) / 1e3 for (_, a), (_, b) in pairs]
        per = ", ".join(
            f"{kind} {statistics.median((b - a) / 1e3 for (k, a), (_, b) in pairs if k == kind):+.1f}"
            for kind in kinds)
        print(f"- {label}: {statistics.median(diff):+.1f} median, {statistics.mean(diff):+.1f} mean; {per}")


if __name__ == "__main__":
    main()
