#!/usr/bin/env python3
"""Where a keystroke's CPU goes: `make bench`'s key session, per kind of key, for several builds.

Usage: python3 bench/layers.py [--runs 5] [--keys 10000] LABEL=BINARY[,NAME=VALUE...] ...

Each variant is a palette-tui binary, optionally with environment variables, started on a pty
exactly as `make bench` starts it (80x24, xterm-256color, a 1,000-entry history) and sent the
same scripted keys one at a time. Runs are interleaved (floor, variant 1, variant 2, ..., floor,
...) so a change in the machine's load hits every variant alike. For every run it reports the
CPU per key of the whole session (/proc/PID/stat, as `make bench`), and per kind of key the
mean on-CPU time (schedstat, nanoseconds) and bytes written; at the end the median and range
over the runs. The C floor echoing the same keys runs beside them.

Used to decide which change-detection layers pay (docs/decisions.md, "Layers kept"). Python standard library.
"""

import argparse
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
from ptyproc import Timeout  # noqa: E402


def labelled_script(count):
    """`bench.key_script(count)` with the kind of each key beside it."""
    k = bench.key_table()
    cycle = [(c.encode(), "type ASCII") for c in "a calm forest morning, mist over the lake "]
    cycle += [(c.encode(), "type CJK") for c in "寧靜的森林早晨，湖面薄霧"]
    edits = [k["left"]] * 6 + [k["right"]] * 3 + [k["home"], k["end"]] + [k["backspace"]] * 5
    edits += [k["ctrl-w"], k["ctrl-a"], k["delete"], k["delete"], k["ctrl-e"]]
    cycle += [(key, "edit") for key in edits]
    cycle += [(c.encode(), "type ASCII" if c.isascii() else "type CJK") for c in "夕陽 sunset 🌅"]
    cycle += [(k["ctrl-a"], "edit"), (k["ctrl-k"], "edit")]
    cycle += [(k["tab"], "focus")] * bench.TABS_TO_HISTORY
    moves = [k["down"]] * 8 + [k["up"]] * 4 + [k["pgdn"], k["pgup"], k["end"], k["home"]] + [k["down"]] * 3
    cycle += [(key, "history move") for key in moves]
    cycle += [(k["btab"], "focus")] * bench.TABS_TO_HISTORY
    cycle += [(k["ctrl-u"], "edit")]
    keys = []
    while len(keys) < count:
        keys += cycle
    keys = keys[:count]
    assert [key for key, _ in keys] == bench.key_script(count), "the labelled script drifted from bench.py's"
    return keys


def run(program, keys):
    """One key session; returns (CPU s/key from /proc/PID/stat, {kind: [ns, ...]}, {kind: [bytes, ...]})."""
    proc, _ = program.first_frame()
    per_kind, out_kind = {}, {}
    try:
        proc.drain(0.5)
        cpu0 = proc.cpu_seconds()
        for key, kind in keys:
            ns0, b0 = proc.run_ns(), len(proc.output)
            proc.send(key)
            proc.settle(0.03, 0.001)
            per_kind.setdefault(kind, []).append(proc.run_ns() - ns0)
            out_kind.setdefault(kind, []).append(len(proc.output) - b0)
        proc.drain(0.2)
        cpu1 = proc.cpu_seconds()
        alive = proc.exit_status is None
    finally:
        proc.quit(bench.QUIT)
    if not alive:
        raise Timeout(f"{program.name} exited during the key session")
    return (cpu1 - cpu0) / len(keys), per_kind, out_kind


def spread(values):
    values = sorted(values)
    return statistics.median(values), values[0], values[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keys", type=int, default=10000)
    parser.add_argument("--size", default=f"{bench.COLS}x{bench.ROWS}", help="COLSxROWS of the pty")
    parser.add_argument("variants", nargs="+", help="LABEL=BINARY[,NAME=VALUE...]")
    args = parser.parse_args()
    bench.COLS, bench.ROWS = (int(n) for n in args.size.split("x"))
    variants = []
    for spec in args.variants:
        label, rest = spec.split("=", 1)
        binary, *settings = rest.split(",")
        variants.append((label, os.path.abspath(binary), dict(s.split("=", 1) for s in settings)))
    keys = labelled_script(args.keys)
    kinds = sorted({kind for _, kind in keys})
    share = {kind: sum(1 for _, k in keys if k == kind) / len(keys) for kind in kinds}
    print(f"load average at start: {os.getloadavg()[0]:.2f}; {args.keys} keys, {args.runs} runs, {args.size}; "
          f"key mix: " + ", ".join(f"{kind} {share[kind]:.0%}" for kind in kinds), flush=True)
    results = {label: [] for label, _, _ in variants}
    floor = []
    with tempfile.TemporaryDirectory(prefix="palette-layers-") as home:
        os.makedirs(os.path.join(home, "state"))
        histories = bench.make_histories(home, [1000])
        for n in range(args.runs):
            per_key, _, _ = run(bench.floors(home)[0], keys)
            floor.append(per_key)
            line = [f"run {n + 1}: floor {per_key * 1e6:.1f}"]
            for label, binary, env in variants:
                program = bench.app_program(binary, home, histories[1000], extra_env=env, name=label)
                outcome = run(program, keys)
                results[label].append(outcome)
                line.append(f"{label} {outcome[0] * 1e6:.1f}")
            print("  ".join(line) + " µs/key", flush=True)
    print(f"\nload average at end: {os.getloadavg()[0]:.2f}\n")
    med, lo, hi = spread([f * 1e6 for f in floor])
    print(f"| variant | CPU per key (µs) | vs floor | " + " | ".join(f"{k} (µs, B)" for k in kinds) + " |")
    print("|---" * (3 + len(kinds)) + "|")
    print(f"| C floor | {med:.1f} ({lo:.1f}–{hi:.1f}) | 1.00x | " + " | ".join("" for _ in kinds) + " |")
    for label, _, _ in variants:
        runs = results[label]
        med_v, lo_v, hi_v = spread([r[0] * 1e6 for r in runs])
        ratio = statistics.median(r[0] / f for r, f in zip(runs, floor))
        cells = []
        for kind in kinds:
            ns = spread([statistics.mean(r[1][kind]) / 1e3 for r in runs])
            out = statistics.median(statistics.mean(r[2][kind]) for r in runs)
            cells.append(f"{ns[0]:.1f} ({ns[1]:.1f}–{ns[2]:.1f}), {out:.0f} B")
        print(f"| {label} | {med_v:.1f} ({lo_v:.1f}–{hi_v:.1f}) | {ratio:.2f}x | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
