#!/usr/bin/env python3
"""Runs the libFuzzer targets `make fuzz` built, one after the other, and prints a table.

Each target gets its own corpus (Fuzz/corpus/<target>, kept between runs, not committed), its
committed seeds and its kept regressions, a dictionary where there is one, and the same limits:
--runs inputs, at most --max-time seconds, 4 KiB inputs, 10 s an input, 2 GiB. A crash (a
failed check, a sanitizer report, a timeout) stops that target, is saved as
Fuzz/artifacts/<target>-crash-..., and makes the whole run fail after the others ran.
Python standard library only.
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TARGETS = [
    # name, seed directories, dictionary
    ("parser", ["Tests/PaletteCoreTests/Fixtures/model-output"], "Fuzz/parser.dict"),
    ("history", ["Fuzz/seeds/history", "Fuzz/regressions/history"], "Fuzz/history.dict"),
    ("toml", ["Fuzz/seeds/toml", "Fuzz/regressions/toml"], "Fuzz/toml.dict"),
    ("keys", ["Fuzz/seeds/keys", "Fuzz/regressions/keys"], None),
    ("export-path", ["Fuzz/seeds/export-path", "Fuzz/regressions/export-path"], None),
    ("image", ["Fuzz/seeds/image", "Fuzz/regressions/image"], None),
]


def run(name, seeds, dictionary, args):
    corpus = os.path.join(ROOT, "Fuzz/corpus", name)
    os.makedirs(corpus, exist_ok=True)
    command = [os.path.join(args.bin, f"{name}-fuzzer"), corpus]
    command += [os.path.join(ROOT, s) for s in seeds if os.path.isdir(os.path.join(ROOT, s))]
    if dictionary:
        command.append("-dict=" + os.path.join(ROOT, dictionary))
    command += [
        f"-runs={args.runs}", f"-max_total_time={args.max_time}", "-max_len=4096", "-timeout=10",
        "-rss_limit_mb=2048", "-print_final_stats=1",
        "-artifact_prefix=" + os.path.join(ROOT, "Fuzz/artifacts", name + "-"),
    ]
    environment = dict(os.environ)
    # Swift's own crash reporter would read memory ASan guards; a smaller allocation context
    # and quarantine keep the history target (many short-lived buffers) fast.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment.setdefault("ASAN_OPTIONS", "malloc_context_size=2:quarantine_size_mb=16")
    log_path = os.path.join(args.bin, f"{name}-fuzz.log")
    started = time.monotonic()
    with open(log_path, "w") as log:
        status = subprocess.call(command, stdout=log, stderr=subprocess.STDOUT, env=environment, cwd=ROOT)
    seconds = time.monotonic() - started
    text = open(log_path, errors="replace").read()
    stats = dict(re.findall(r"stat::(\w+):\s+(\d+)", text))
    finding = re.findall(r"(fuzz check failed: .*|ERROR: \w+Sanitizer: [^\n]*|ERROR: libFuzzer: [^\n]*)", text)
    artifact = re.findall(r"Test unit written to (\S+)", text)
    return {
        "name": name, "status": status, "seconds": seconds,
        "inputs": int(stats.get("number_of_executed_units", 0)),
        "rate": int(stats.get("average_exec_per_sec", 0)),
        "rss": int(stats.get("peak_rss_mb", 0)),
        "corpus": len(os.listdir(corpus)),
        "finding": finding[0] if finding else "",
        "artifact": artifact[0] if artifact else "",
        "log": log_path,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1_000_000)
    parser.add_argument("--max-time", type=int, default=1800)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/fuzz"))
    parser.add_argument("--only", default=",".join(t[0] for t in TARGETS))
    args = parser.parse_args()
    chosen = args.only.split(",")
    results = []
    for name, seeds, dictionary in TARGETS:
        if name in chosen:
            print(f"fuzz: {name} ...", flush=True)
            results.append(run(name, seeds, dictionary, args))
    print()
    print("| target | inputs | time | inputs/s | corpus | peak RSS | crashes |")
    print("|---|---|---|---|---|---|---|")
    failed = False
    for r in results:
        crashed = r["status"] != 0
        short = r["inputs"] < args.runs
        failed = failed or crashed or short
        crashes = f"1: {r['finding']} ({r['artifact']})" if crashed else "0"
        note = " (fewer than asked: the time cap)" if short and not crashed else ""
        print(
            f"| {r['name']} | {r['inputs']:,}{note} | {r['seconds']:.0f} s | {r['rate']:,} | {r['corpus']:,} "
            f"| {r['rss']} MB | {crashes} |")
    for r in results:
        print(f"log: {r['log']}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
