#!/usr/bin/env python3
"""Runs the XCTest suite in parallel: one process per test class (or per slice of a long class).

`make test` calls this after its release build with the tests (`make test-build`, in .build/release).
It lists every test of the built test bundle (`--list-tests`), groups them by class, splits a class
whose recorded time is long into slices of its methods, and runs the units longest first on WORKERS
worker slots, each unit as `<bundle> Module.Class[/test,...]` in a process of its own (its own
TMPDIR too). A unit that fails has its whole output printed, one that passes the lines its tests
printed (up to 40); the run fails when any unit fails, crashes, is killed at its timeout, or when
fewer tests ran than were listed.

Unit times are recorded in Tests/test-times.tsv (`--record` rewrites it from this run), so the
next run schedules the long units first; a class the file does not know counts as 5 s.

  tools/run_tests.py                      # everything, $TEST_WORKERS or 4 workers
  tools/run_tests.py --workers 2 E2EAppTests PaletteCoreTests   # classes or modules matching
  tools/run_tests.py --binary .build/release/palette-tui          # the end-to-end tests on that binary
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMES = os.path.join(ROOT, "Tests", "test-times.tsv")
DEFAULT_SECONDS = 5.0
# A class recorded as longer than this is run as slices of about this many seconds.
SLICE_SECONDS = 20.0
TEST_NAME = re.compile(r"^([A-Za-z_][\w]*)\.([A-Za-z_][\w]*)/([A-Za-z_][\w]*)$")
# XCTest's summary line; with skips: "Executed 3 tests, with 1 test skipped and 0 failures (0 unexpected)".
EXECUTED = re.compile(r"Executed (\d+) tests?, with (?:\d+ tests? skipped and )?(\d+) failures? \((\d+) unexpected\)")
CASE_TIME = re.compile(r"Test Case '(\w+)\.(\w+)' (passed|failed|skipped) \((\d+\.\d+) seconds\)")


# A passing unit's own lines (what its tests print: the property tests' rates, the evaluation
# sets' tables) are shown under it, up to this many; XCTest's and swift-testing's are not.
FIGURE_LINES = 40
FRAMEWORK_LINE = re.compile(r"^(Test Suite '|Test Case '|\s*Executed \d+ tests?|[◇↳✔✘] )")


# Python's socketserver reports a client that hung up (the flood and cancellation tests do that
# on purpose) between two rules of 40 dashes: the loopback servers' noise, not a test's figure.
SERVER_RULE = "-" * 40


def own_lines(text):
    """The lines of a unit's output that its tests printed, without the frameworks' own and
    without the loopback servers' reports of clients that hung up."""
    lines, in_report = [], False
    for line in text.splitlines():
        if line.strip() == SERVER_RULE:
            in_report = not in_report
            continue
        if in_report or not line.strip() or FRAMEWORK_LINE.match(line):
            continue
        lines.append(line)
    return lines


def bundle_path(given):
    """The test bundle: `--bundle`'s, else the newer of `make test`'s (.build/release) and a plain
    `swift build --build-tests`'s (.build/debug)."""
    if given:
        if not os.path.exists(given):
            sys.exit(f"run_tests.py: no test bundle at {given}")
        return given
    found = [
        path
        for path in (
            os.path.join(ROOT, ".build", "release", "palette-tuiPackageTests.xctest"),
            os.path.join(ROOT, ".build", "debug", "palette-tuiPackageTests.xctest"),
        )
        if os.path.exists(path)
    ]
    if not found:
        sys.exit("run_tests.py: no test bundle; run `make test-build` or `swift build --build-tests` first")
    return max(found, key=os.path.getmtime)


def list_tests(bundle):
    out = subprocess.run([bundle, "--list-tests"], capture_output=True, text=True, cwd=ROOT)
    tests = [m.groups() for m in map(TEST_NAME.match, out.stdout.split()) if m]
    if out.returncode != 0 or not tests:
        sys.exit(f"run_tests.py: `{bundle} --list-tests` listed nothing:\n{out.stdout}{out.stderr}")
    return tests


def read_times():
    times = {}
    if os.path.exists(TIMES):
        with open(TIMES) as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 2 and not line.startswith("#"):
                    try:
                        times[parts[0]] = float(parts[1])
                    except ValueError:
                        pass
    return times


def plan(tests, times, all_tests):
    """Units of work, longest first: (estimated seconds, filter, test count, class key)."""
    classes = {}
    for module, cls, test in tests:
        classes.setdefault(f"{module}.{cls}", []).append(test)
    sizes = {}
    for module, cls, _ in all_tests:
        sizes[f"{module}.{cls}"] = sizes.get(f"{module}.{cls}", 0) + 1
    units = []
    for key, methods in classes.items():
        per_test = {m: times.get(f"{key}/{m}") for m in methods}
        known = [t for t in per_test.values() if t is not None]
        average = sum(known) / len(known) if known else DEFAULT_SECONDS / max(1, len(methods))
        estimate = {m: (t if t is not None else average) for m, t in per_test.items()}
        total = sum(estimate.values())
        if total <= SLICE_SECONDS or len(methods) == 1:
            # The class by name when every one of its tests runs, else its tests by name.
            whole = len(methods) == sizes[key]
            units.append((total, key if whole else ",".join(f"{key}/{m}" for m in methods), len(methods), key))
            continue
        # Longest methods first into the slice with the least time so far.
        slices = max(2, min(len(methods), round(total / SLICE_SECONDS)))
        buckets = [[0.0, []] for _ in range(slices)]
        for m in sorted(methods, key=lambda m: -estimate[m]):
            bucket = min(buckets, key=lambda b: b[0])
            bucket[0] += estimate[m]
            bucket[1].append(m)
        for seconds, names in buckets:
            if names:
                units.append((seconds, ",".join(f"{key}/{m}" for m in names), len(names), key))
    return sorted(units, key=lambda u: -u[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=int(os.environ.get("TEST_WORKERS", "4")))
    parser.add_argument("--timeout", type=float, default=900, help="seconds before a unit is killed")
    parser.add_argument("--bundle", help="the test bundle (default: the newest one built)")
    parser.add_argument("--binary", help="the palette-tui the end-to-end tests run (PALETTE_TUI_UNDER_TEST; "
                        "default: the one built beside the bundle)")
    parser.add_argument("--record", action="store_true", help=f"rewrite {os.path.relpath(TIMES, ROOT)}")
    parser.add_argument("only", nargs="*", help="run only classes or modules whose name contains one of these")
    args = parser.parse_args()

    bundle = bundle_path(args.bundle)
    if args.binary and not os.access(args.binary, os.X_OK):
        sys.exit(f"run_tests.py: no palette-tui at {args.binary}")
    tests = all_tests = list_tests(bundle)
    if args.only:
        tests = [t for t in tests if any(o in f"{t[0]}.{t[1]}/{t[2]}" for o in args.only)]
        if not tests:
            sys.exit(f"run_tests.py: no test matches {args.only}")
    units = plan(tests, read_times(), all_tests)
    workers = max(1, args.workers)
    print(f"run_tests.py: {len(tests)} tests in {len(units)} units on {workers} workers "
          f"(load average {' '.join(f'{x:.2f}' for x in os.getloadavg())})", flush=True)

    scratch = tempfile.mkdtemp(prefix="palette-tests-")
    env = dict(os.environ, SWIFT_BACKTRACE="interactive=no")
    if args.binary:
        env["PALETTE_TUI_UNDER_TEST"] = os.path.abspath(args.binary)
    lock = threading.Lock()
    queue = list(units)
    results = []  # (unit, status, executed, failures, seconds, output)
    started = time.monotonic()
    procs = set()

    def worker(n):
        while True:
            with lock:
                if not queue:
                    return
                unit = queue.pop(0)
            tmp = os.path.join(scratch, f"w{n}-{len(results)}-{time.monotonic_ns()}")
            os.makedirs(tmp)
            began = time.monotonic()
            proc = subprocess.Popen([bundle, unit[1]], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                    env=dict(env, TMPDIR=tmp), start_new_session=True)
            with lock:
                procs.add(proc)
            killed = []

            def kill():
                killed.append(True)
                os.killpg(proc.pid, signal.SIGKILL)

            timer = threading.Timer(args.timeout, kill)
            timer.start()
            output = proc.stdout.read()
            # Reaped here, not by Popen, to read the unit's own CPU time.
            _, code, usage = os.wait4(proc.pid, 0)
            timer.cancel()
            proc.returncode = os.waitstatus_to_exitcode(code)
            status = f"killed after {args.timeout:.0f} s" if killed else proc.returncode
            cpu = usage.ru_utime + usage.ru_stime
            with lock:
                procs.discard(proc)
            seconds = time.monotonic() - began
            text = output.decode("utf-8", "replace")
            counts = EXECUTED.findall(text)
            executed, failures = (int(counts[-1][0]), int(counts[-1][1])) if counts else (0, 0)
            ok = status == 0 and failures == 0 and executed == unit[2]
            with lock:
                results.append((unit, status, executed, failures, seconds, text, cpu))
                done = len(results)
                print(f"[{done}/{len(units)}] {'ok  ' if ok else 'FAIL'} {seconds:6.1f} s ({cpu:5.1f} s CPU)  "
                      f"{unit[3]} ({unit[2]} test{'s' if unit[2] != 1 else ''})", flush=True)
                if not ok:
                    print(text, flush=True)
                else:
                    figures = own_lines(text)
                    for line in figures[:FIGURE_LINES]:
                        print("    " + line, flush=True)
                    if len(figures) > FIGURE_LINES:
                        print(f"    ... {len(figures) - FIGURE_LINES} more lines", flush=True)
            shutil.rmtree(tmp, ignore_errors=True)

    threads = [threading.Thread(target=worker, args=(n,), daemon=True) for n in range(workers)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    except KeyboardInterrupt:
        with lock:
            for p in procs:
                os.killpg(p.pid, signal.SIGKILL)
        raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    wall = time.monotonic() - started
    executed = sum(r[2] for r in results)
    failures = sum(r[3] for r in results)
    bad = [r for r in results if not (r[1] == 0 and r[3] == 0 and r[2] == r[0][2])]
    if args.record and not args.only:
        times = {}
        for r in results:
            module = r[0][3].split(".")[0]
            for cls, test, _, seconds in CASE_TIME.findall(r[5]):
                times[f"{module}.{cls}/{test}"] = float(seconds)
        with open(TIMES, "w") as f:
            f.write("# Seconds each test took in one `tools/run_tests.py --record` run: the scheduler's "
                    "estimates (longest first), not a bound.\n")
            for name in sorted(times):
                f.write(f"{name}\t{times[name]:.2f}\n")
    cpu = sum(r[6] for r in results)
    print(f"run_tests.py: {executed} of {len(tests)} tests ran, {failures} failed, {len(bad)} of {len(units)} "
          f"units not clean; {wall:.1f} s on {workers} workers, {cpu:.0f} s of CPU in the tests "
          f"(load average {' '.join(f'{x:.2f}' for x in os.getloadavg())})", flush=True)
    if bad:
        for r in bad:
            print(f"  not clean: {r[0][3]}: status {r[1]}, {r[2]} of {r[0][2]} ran, {r[3]} failed")
        sys.exit(1)
    if executed != len(tests):
        sys.exit(f"run_tests.py: {len(tests)} tests listed, {executed} ran")


if __name__ == "__main__":
    main()
