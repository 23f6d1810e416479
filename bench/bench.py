#!/usr/bin/env python3
"""`make bench`: palette-tui's performance budget, each figure beside a floor measured in the same run.

Usage: python3 bench/bench.py [--app .build/release/palette-tui] [--bench .build/release/palette-bench]
                              [--out docs/benchmarks.md]
                              [--only startup,keys,idle,history,inproc,gemini,config,image] [--quick]

Expects the release binaries built (the app, and palette-bench for the in-process cases) and the
floors compiled (the Makefile's `bench` target does both). Prints a table and writes the Markdown
report. Python standard library only; every wait has a deadline and every child is killed on the
way out.
"""

import argparse
import datetime
import http.client
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptyproc import PtyProc, Timeout  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, ".build", "bench")
FLOOR_MARKER = "floor-ready"
# A word of the app's status line, which is drawn last in every full frame (rows are written top
# to bottom). A spaceless token, because blanks may be replaced with cursor moves. The first
# screen's hints end in "Tab next" (issue 11's status line); if they change, the run stops below
# instead of writing a table of n/a.
APP_MARKER = os.environ.get("BENCH_APP_MARKER", "next")
# Key presses from the description field to the history list, and the quit keys.
TABS_TO_HISTORY = int(os.environ.get("BENCH_TABS_TO_HISTORY", "3"))
QUIT = b"\x03"
TERM = "xterm-256color"
COLS, ROWS = 80, 24


# MARK: - children


def base_env(home):
    """A clean environment: no GEMINI_API_KEY, no NO_COLOR, a private HOME and state directory."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": home,
        "XDG_STATE_HOME": os.path.join(home, "state"),
        "TERM": TERM,
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
    }
    for key in ("TERMINFO", "TERMINFO_DIRS"):
        if key in os.environ:
            env[key] = os.environ[key]
    return env


class Program:
    """Something the pty benchmarks start: argv, environment and the marker of its first frame."""

    def __init__(self, name, argv, env, marker):
        self.name, self.argv, self.env, self.marker = name, argv, env, marker.encode()

    def start(self):
        return PtyProc(self.argv, self.env, COLS, ROWS)

    def first_frame(self, timeout=20.0):
        """Starts it, waits for the marker; returns (proc, seconds to the marker)."""
        proc = self.start()
        try:
            seen = proc.wait_for(self.marker, timeout)
        except Timeout:
            proc.kill()
            proc.close()
            raise
        return proc, seen - proc.started


def floors(home):
    env = base_env(home)
    return (Program("C ncurses floor", [os.path.join(BUILD, "floor-c"), FLOOR_MARKER], env, FLOOR_MARKER),
            Program("Swift Foundation floor", [os.path.join(BUILD, "floor-swift"), FLOOR_MARKER], env, FLOOR_MARKER))


def lean_floor(home):
    """bench/floor.swift built with -D LEAN and palette-tui's link: FoundationEssentials, the C++ runtime inside."""
    return Program("Swift floor linked as palette-tui", [os.path.join(BUILD, "floor-lean"), FLOOR_MARKER],
                   base_env(home), FLOOR_MARKER)


def ncurses_floor(home):
    """The Swift floor that opens its terminal through ncurses as palette-tui does (bench/floor_ncurses.swift)."""
    return Program("Swift floor with ncurses", [os.path.join(BUILD, "floor-ncurses"), FLOOR_MARKER], base_env(home),
                   FLOOR_MARKER)


def app_program(app, home, history, extra_env=None, name="palette-tui"):
    env = base_env(home)
    env.update(extra_env or {})
    return Program(name, [app, "--history", history], env, APP_MARKER)


def app_available(app, home):
    """Whether the app draws a first frame at all; returns (True, "") or (False, why)."""
    history = os.path.join(home, "probe.jsonl")
    open(history, "w").close()
    try:
        proc, _ = app_program(app, home, history).first_frame(timeout=15)
    except Timeout as error:
        return False, str(error)
    proc.quit(QUIT)
    return True, ""


def median(values):
    return statistics.median(values) if values else None


# MARK: - results


class Results:
    """Rows of the table: a figure, its baseline, their ratio and the target it answers to."""

    def __init__(self):
        self.rows = []
        self.notes = {}
        self.details = {}

    def add(self, section, name, value, unit, baseline_name=None, baseline=None, target=None, met=None,
            ratio=None):
        if ratio is None and value is not None and baseline:
            ratio = value / baseline
        self.rows.append(dict(section=section, name=name, value=value, unit=unit, baseline_name=baseline_name,
                              baseline=baseline, ratio=ratio, target=target, met=met))
        print(f"  {name}: {fmt(value, unit)}" + (f"  (baseline {baseline_name} {fmt(baseline, unit)}, "
                                                  f"ratio {fmt(ratio, 'x')})" if baseline_name else "")
              + (f"  target {target}: {verdict(met)}" if target else ""), flush=True)

    def note(self, section, text):
        self.notes.setdefault(section, []).append(text)
        print(f"  note: {text}", flush=True)

    def detail(self, section, text):
        """A line listed under the section's method note (what an input produced, a growth series)."""
        self.details.setdefault(section, []).append(text)
        print(f"  - {text}", flush=True)


# How a figure in each unit is written: the factor its value (seconds, for "ms" and "us") is
# multiplied by, and the format of the product.
UNIT_FORMATS = {
    "x": (1, "{:.2f}x"),
    "ms": (1e3, "{:.2f} ms"),
    "us": (1e6, "{:.2f} µs"),
    "%": (1, "{:.4f} %"),
    "MiB": (1, "{:.1f} MiB"),
    "MB/s": (1, "{:.1f} MB/s"),
    "B": (1, "{:,.0f} B"),
    "/s": (1, "{:,.0f} /s"),
}


def fmt(value, unit):
    if value is None:
        return "n/a"
    if unit in UNIT_FORMATS:
        factor, form = UNIT_FORMATS[unit]
        return form.format(value * factor)
    if unit == "" and isinstance(value, float):
        return f"{value:.3f}"
    return f"{value:g} {unit}".rstrip()


def verdict(met):
    return {True: "met", False: "NOT MET", None: "not measured"}[met]


# MARK: - 1. start-up to the first frame


def bench_startup(res, app, home, runs, available):
    section = "1. Start-up to first frame (pty 80x24), then quit"
    print(f"\n{section}", flush=True)
    history = os.path.join(home, "empty.jsonl")
    open(history, "w").close()
    programs = list(floors(home))
    with_ncurses = os.path.exists(ncurses_floor(home).argv[0])
    if with_ncurses:
        programs.append(ncurses_floor(home))
    with_lean = os.path.exists(lean_floor(home).argv[0])
    if with_lean:
        programs.append(lean_floor(home))
    if available:
        programs.append(app_program(app, home, history))
    times = {p.name: [] for p in programs}
    exits = {p.name: [] for p in programs}
    for run in range(runs):
        order = programs[run % len(programs):] + programs[:run % len(programs)]
        for program in order:
            proc, seconds = program.first_frame()
            times[program.name].append(seconds)
            before = time.perf_counter()
            if proc.quit(QUIT):
                exits[program.name].append(time.perf_counter() - before)
    c_floor, swift_floor = (median(times[p.name]) for p in programs[:2])
    res.add(section, "C ncurses floor: first frame", c_floor, "ms")
    res.add(section, "Swift Foundation floor: first frame", swift_floor, "ms", "C floor", c_floor)
    if with_ncurses:
        res.add(section, "Swift floor with ncurses (newterm, raw, keypad, one refresh): first frame",
                median(times["Swift floor with ncurses"]), "ms", "Swift floor", swift_floor)
    if with_lean:
        res.add(section, "Swift floor linked as palette-tui (FoundationEssentials, C++ runtime inside): first frame",
                median(times["Swift floor linked as palette-tui"]), "ms", "Swift floor", swift_floor)
    if available:
        value = median(times["palette-tui"])
        res.add(section, "palette-tui: first frame (empty history)", value, "ms", "Swift floor", swift_floor,
                target="<= 1.2x Swift floor", met=value <= 1.2 * swift_floor)
        res.add(section, "palette-tui: first frame vs C floor", value, "ms", "C floor", c_floor)
        if with_lean:
            res.add(section, "palette-tui: first frame vs the Swift floor linked as palette-tui "
                             "(FoundationEssentials, C++ runtime inside)", value, "ms",
                    "that floor", median(times["Swift floor linked as palette-tui"]))
        if with_ncurses:
            res.add(section, "palette-tui: first frame vs the Swift floor with ncurses", value, "ms",
                    "Swift floor with ncurses", median(times["Swift floor with ncurses"]))
        res.add(section, "palette-tui: quit key to exit", median(exits["palette-tui"]), "ms",
                "C floor", median(exits["C ncurses floor"]))
    else:
        res.add(section, "palette-tui: first frame (empty history)", None, "ms", "Swift floor", swift_floor,
                target="<= 1.2x Swift floor", met=None)
    res.note(section, f"Median of {runs} runs each, programs interleaved; time from posix_spawn to the "
                      f"marker in the pty output (app: `{APP_MARKER}` on its status line; floors: "
                      f"`{FLOOR_MARKER}` at the end of theirs)")
    bench_hyperfine(res, section, app, home, available)


def bench_hyperfine(res, section, app, home, available):
    """Whole-process time of the one-shot CLI beside the Swift floor's, with hyperfine (no tty)."""
    hyperfine = shutil.which("hyperfine")
    if not hyperfine:
        res.note(section, "hyperfine not installed: one-shot CLI timing skipped")
        return
    out = os.path.join(home, "hyperfine.json")
    floor = os.path.join(BUILD, "floor-swift")
    commands = [f"{floor} --once"]
    if available:
        commands.append(f"{app} generate --no-history 'calm forest morning'")
    try:
        subprocess.run([hyperfine, "-N", "--warmup", "3", "--runs", "30", "--style", "none",
                        "--export-json", out] + commands, check=True, timeout=120,
                       stdout=subprocess.DEVNULL, env=base_env(home))
        with open(out) as f:
            results = json.load(f)["results"]
    except (subprocess.SubprocessError, OSError, ValueError, KeyError) as error:
        res.note(section, f"hyperfine failed: {error}")
        return
    floor_median = results[0]["median"]
    res.add(section, "Swift floor, whole process without a tty (hyperfine)", floor_median, "ms")
    if len(results) > 1:
        res.add(section, "`palette-tui generate` whole process (hyperfine)", results[1]["median"], "ms",
                "Swift floor", floor_median)


# MARK: - 2. CPU per keystroke


def key_table():
    """Key sequences for TERM from terminfo (keypad transmit mode, as ncurses sets it)."""
    keys = {"up": b"\x1bOA", "down": b"\x1bOB", "right": b"\x1bOC", "left": b"\x1bOD", "home": b"\x1bOH",
            "end": b"\x1bOF", "backspace": b"\x7f", "delete": b"\x1b[3~", "pgup": b"\x1b[5~",
            "pgdn": b"\x1b[6~", "btab": b"\x1b[Z"}
    try:
        import curses
        curses.setupterm(TERM, sys.__stdout__.fileno() if sys.__stdout__ else -1)
        names = {"up": "kcuu1", "down": "kcud1", "right": "kcuf1", "left": "kcub1", "home": "khome",
                 "end": "kend", "backspace": "kbs", "delete": "kdch1", "pgup": "kpp", "pgdn": "knp",
                 "btab": "kcbt"}
        for key, cap in names.items():
            value = curses.tigetstr(cap)
            if value:
                keys[key] = value
    except Exception:  # noqa: BLE001 - the xterm defaults above stand
        pass
    keys.update({"tab": b"\t", "ctrl-a": b"\x01", "ctrl-e": b"\x05", "ctrl-u": b"\x15", "ctrl-w": b"\x17",
                 "ctrl-k": b"\x0b"})
    return keys


def key_script(count):
    """The scripted session: English and Chinese typing, editing, moving through history."""
    k = key_table()
    cycle = [c.encode() for c in "a calm forest morning, mist over the lake "]
    cycle += [c.encode() for c in "寧靜的森林早晨，湖面薄霧"]
    cycle += [k["left"]] * 6 + [k["right"]] * 3 + [k["home"], k["end"]] + [k["backspace"]] * 5
    cycle += [k["ctrl-w"], k["ctrl-a"], k["delete"], k["delete"], k["ctrl-e"]]
    cycle += [c.encode() for c in "夕陽 sunset 🌅"]
    cycle += [k["ctrl-a"], k["ctrl-k"]]
    cycle += [k["tab"]] * TABS_TO_HISTORY
    cycle += [k["down"]] * 8 + [k["up"]] * 4 + [k["pgdn"], k["pgup"], k["end"], k["home"]] + [k["down"]] * 3
    cycle += [k["btab"]] * TABS_TO_HISTORY
    cycle += [k["ctrl-u"]]
    keys = []
    while len(keys) < count:
        keys += cycle
    return keys[:count]


def labelled_script(count):
    """`key_script(count)` with the kind of each key beside it."""
    k = key_table()
    cycle = [(c.encode(), "type ASCII") for c in "a calm forest morning, mist over the lake "]
    cycle += [(c.encode(), "type CJK") for c in "寧靜的森林早晨，湖面薄霧"]
    edits = [k["left"]] * 6 + [k["right"]] * 3 + [k["home"], k["end"]] + [k["backspace"]] * 5
    edits += [k["ctrl-w"], k["ctrl-a"], k["delete"], k["delete"], k["ctrl-e"]]
    cycle += [(key, "edit") for key in edits]
    cycle += [(c.encode(), "type ASCII" if c.isascii() else "type CJK") for c in "夕陽 sunset 🌅"]
    cycle += [(k["ctrl-a"], "edit"), (k["ctrl-k"], "edit")]
    cycle += [(k["tab"], "focus")] * TABS_TO_HISTORY
    moves = [k["down"]] * 8 + [k["up"]] * 4 + [k["pgdn"], k["pgup"], k["end"], k["home"]] + [k["down"]] * 3
    cycle += [(key, "history move") for key in moves]
    cycle += [(k["btab"], "focus")] * TABS_TO_HISTORY
    cycle += [(k["ctrl-u"], "edit")]
    keys = []
    while len(keys) < count:
        keys += cycle
    keys = keys[:count]
    assert [key for key, _ in keys] == key_script(count), "the labelled script drifted from py's"
    return keys


def run_keys(programs, keys):
    """Replays keys one at a time to every program at once, each key to one program after the
    previous program's output for it settled, the order alternating key by key.

    The programs share the machine's moments: a neighbour's burst or a change of load lands on
    all of them, not on whichever ran that minute, and alternating the order cancels what going
    first or second costs (about 5 µs a history move in `bench/paired.py`). Returns, for each
    program, (cpu seconds from /proc/PID/stat, cpu seconds from schedstat, keys with no output,
    bytes written to the terminal per key).
    """
    procs = []
    try:
        for program in programs:
            procs.append(program.first_frame()[0])
        for proc in procs:
            proc.drain(0.5)
        before = [(proc.cpu_seconds(), proc.run_ns(), len(proc.output)) for proc in procs]
        silent = [0] * len(procs)
        for index, key in enumerate(keys):
            order = range(len(procs)) if index % 2 == 0 else reversed(range(len(procs)))
            for i in order:
                procs[i].send(key)
                if not procs[i].settle(0.03, 0.001):
                    silent[i] += 1
        for proc in procs:
            proc.drain(0.2)
        after = [(proc.cpu_seconds(), proc.run_ns(), len(proc.output)) for proc in procs]
        alive = [proc.exit_status is None for proc in procs]
    finally:
        for proc in procs:
            proc.quit(QUIT)
    for program, ok in zip(programs, alive):
        if not ok:
            raise Timeout(f"{program.name} exited during the key session")
    return [(a[0] - b[0], (a[1] - b[1]) / 1e9, quiet, (a[2] - b[2]) / len(keys))
            for b, a, quiet in zip(before, after, silent)]


def bench_keys(res, app, bench, home, count, rounds, available, histories):
    """The floor and the app replay the same keys together, key by key, `rounds` times; figures
    are medians of the rounds.
    """
    section = "2. CPU per keystroke"
    print(f"\n{section}", flush=True)
    keys = key_script(count)
    c_floor = floors(home)[0]
    program = app_program(app, home, histories[1000]) if available else None
    floor_runs, app_runs, failure = [], [], None
    # The cross-check: each program on its own, the floor then the app, as before 2026-12-07.
    alone = []
    for _ in range(rounds):
        if program is None or failure:
            floor_runs.append(run_keys([c_floor], keys)[0])
            continue
        try:
            floor_run, app_run = run_keys([c_floor, program], keys)
            floor_runs.append(floor_run)
            app_runs.append(app_run)
            alone.append((run_keys([c_floor], keys)[0], run_keys([program], keys)[0]))
        except Timeout as error:
            failure = error

    def cpu_per_key(runs, field):
        """The median over the rounds of a CPU total of run_keys (0: /proc ticks, 1: schedstat), a key."""
        return median([run[field] / count for run in runs])

    floor_per_key = cpu_per_key(floor_runs, 1)
    res.add(section, f"C floor echoing the same {count} keys, CPU per key (median of {rounds} rounds)",
            floor_per_key, "us")
    if failure:
        res.note(section, f"palette-tui key session failed: {failure}")
    if not app_runs or failure:
        res.add(section, "palette-tui CPU per key", None, "us", "C floor", floor_per_key, target="<= 50 µs",
                met=None)
        return
    app_per_key = cpu_per_key(app_runs, 1)
    res.add(section, "palette-tui CPU per key (1k-entry history)", app_per_key, "us", "C floor", floor_per_key,
            target="<= 50 µs", met=app_per_key <= 50e-6)
    res.add(section, "palette-tui over the C floor, median of the rounds' ratios",
            median([a[1] / f[1] for a, f in zip(app_runs, floor_runs)]), "x", target="<= 1.25x",
            met=median([a[1] / f[1] for a, f in zip(app_runs, floor_runs)]) <= 1.25)
    res.add(section, "palette-tui CPU per key, /proc ticks cross-check", cpu_per_key(app_runs, 0), "us", "C floor",
            cpu_per_key(floor_runs, 0))
    res.add(section, "cross-check, each on its own (floor, then app): median of the rounds' ratios",
            median([a[1] / f[1] for f, a in alone]), "x")
    res.add(section, "bytes written to the terminal per key", median([run[3] for run in app_runs]), "B",
            "C floor", median([run[3] for run in floor_runs]))
    bench_render(res, section, bench, home)
    listed = ", ".join(f"{f[1] / count * 1e6:.1f}/{a[1] / count * 1e6:.1f}" for f, a in zip(floor_runs, app_runs))
    res.note(section, f"{rounds} rounds of {count} keys; in each the C floor and the app run at once on their own "
                      f"ptys and get every key in turn, the order alternating key by key; each key is sent after "
                      f"the previous key's output went quiet for 1 ms, so every key is decoded, reduced and drawn "
                      f"on its own. CPU is the delta of /proc/PID/task/*/schedstat over the session (start-up "
                      f"excluded: the counters are read after the first frame), with /proc/PID/stat's utime+stime "
                      f"(10 ms ticks: 2.5 µs a key at 4,000 keys) as a cross-check; the figures are the medians of "
                      f"the rounds. Baseline: the C ncurses floor echoing the same keys. Rounds, floor/app µs a "
                      f"key (schedstat): {listed}. Keys with no output within 30 ms, all rounds: app "
                      f"{sum(run[2] for run in app_runs)}, floor {sum(run[2] for run in floor_runs)}. The cross-check runs "
                      f"the same keys to each program on its own, the floor then the app, in each round: rounds "
                      f"{', '.join(f'{f[1] / count * 1e6:.1f}/{a[1] / count * 1e6:.1f}' for f, a in alone)}")


def bench_render(res, section, bench, home):
    """The pure share of a keystroke, in process: AppState.reduce then AppState.render."""
    done = subprocess.run([bench, "render", "--format", "json"], capture_output=True, text=True,
                          timeout=120, env=base_env(home))
    if done.returncode != 0:
        res.note(section, f"`palette-bench render` failed: {done.stderr.strip()[-300:]}")
        return
    result = json.loads(done.stdout)["results"][0]
    res.add(section, "in process: reduce + render per key, no terminal", result["seconds"], "us",
            result["baselineName"], result["baselineSeconds"])
    res.add(section, "in process: AppState.render() alone", result["renderSeconds"], "us",
            result["baselineName"], result["baselineSeconds"])
    # What the runtime does for each key of the pty session: reduce, then render(cache:) over the
    # previous frame (the rows above draw every frame in full).
    done = subprocess.run([bench, "session", "--format", "json"], capture_output=True, text=True,
                          timeout=120, env=base_env(home))
    if done.returncode != 0:
        res.note(section, f"`palette-bench session` failed: {done.stderr.strip()[-300:]}")
        return
    session = json.loads(done.stdout)["results"][0]
    res.add(section, "in process: reduce + render(cache:) per key of the session's script", session["seconds"],
            "us", result["baselineName"], result["baselineSeconds"])
    kinds = ", ".join(f"{kind} {seconds * 1e6:.1f} µs" for kind, seconds in sorted(session["kinds"].items()))
    res.note(section, f"In process, the session's keys by kind (medians): {kinds}")


# MARK: - 3. idle CPU


def bench_idle(res, app, home, seconds, available):
    section = f"3. Idle CPU over {seconds:g} s"
    print(f"\n{section}", flush=True)
    history = os.path.join(home, "empty.jsonl")
    open(history, "w").close()
    programs = list(floors(home))
    with_ncurses = os.path.exists(ncurses_floor(home).argv[0])
    if with_ncurses:
        programs.append(ncurses_floor(home))
    with_lean = os.path.exists(lean_floor(home).argv[0])
    if with_lean:
        programs.append(lean_floor(home))
    if available:
        programs.append(app_program(app, home, history))
    procs = []
    try:
        for program in programs:
            procs.append(program.first_frame()[0])
        for proc in procs:
            proc.drain(0.5)
        before = [(p.cpu_seconds(), p.thread_ns(), p.thread_switches()) for p in procs]
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            for proc in procs:
                proc.drain(0.05)
        after = [(p.cpu_seconds(), p.thread_ns(), p.thread_switches()) for p in procs]
    finally:
        for proc in procs:
            proc.quit(QUIT)
    figures = {}
    for program, b, a in zip(programs, before, after):
        # Per thread: a thread born in the window counts from zero; one that ended in it is
        # lost to schedstat (the tick figure still has it), and is reported as churn.
        run = sum(ns - b[1].get(tid, 0) for tid, ns in a[1].items())
        wakeups = sum(n - b[2].get(tid, 0) for tid, n in a[2].items())
        figures[program.name] = dict(tick_pct=(a[0] - b[0]) / seconds * 100, pct=run / 1e9 / seconds * 100,
                                     wakeups=wakeups, threads=len(a[1]), born=len(set(a[1]) - set(b[1])),
                                     ended=len(set(b[1]) - set(a[1])))
    c = figures["C ncurses floor"]
    res.add(section, "C floor idle CPU (schedstat)", c["pct"], "%")
    res.add(section, "Swift floor idle CPU (schedstat)", figures["Swift Foundation floor"]["pct"], "%")
    if available:
        a = figures["palette-tui"]
        res.add(section, "palette-tui idle CPU (schedstat)", a["pct"], "%", "C floor", c["pct"],
                target="< 0.1 % of one core", met=a["pct"] < 0.1)
        res.add(section, "palette-tui idle CPU (/proc/PID/stat ticks)", a["tick_pct"], "%", "C floor",
                c["tick_pct"])
        res.add(section, "palette-tui wake-ups while idle", a["wakeups"], "", "C floor", c["wakeups"])
        res.note(section, f"The app had {a['threads']} threads at the end ({a['born']} started and "
                          f"{a['ended']} ended during the window); the C floor {c['threads']}")
    else:
        res.add(section, "palette-tui idle CPU (schedstat)", None, "%", target="< 0.1 % of one core", met=None)
    bench_waiting(res, section, app, home, 1 if seconds < 10 else 3, available,
                  figures["palette-tui"]["pct"] if available else None)
    res.note(section, f"All programs open at once for {seconds:g} s after their first frame and 0.5 s of settling; "
                      "CPU from the per-thread run time in /proc/PID/task/*/schedstat (ns), cross-checked with "
                      "the 10 ms ticks of /proc/PID/stat (which also count threads that ended); wake-ups are "
                      "context switches of the threads over the window")


def bench_waiting(res, section, app, home, runs, available, idle_pct):
    """The app's CPU while a request waits: a server slow to answer, then one slow in its body."""
    if not available:
        res.add(section, "palette-tui CPU while waiting for an answer", None, "%", target="< 10 % of one core",
                met=None)
        return
    from gemini_stub import palette_for
    for label, option in (("4 s before the headers", "delay=4"), ("headers, then a body trickled over 4 s",
                                                                  "trickle=4")):
        server = subprocess.Popen([sys.executable, os.path.join(ROOT, "bench", "gemini_stub.py"), "0", option],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        figures, ticks, failures = [], [], []
        try:
            port = int(server.stdout.readline().split()[1])
            history = os.path.join(home, "waiting.jsonl")
            env = {"GEMINI_API_KEY": "bench-not-a-secret", "GEMINI_BASE_URL": f"http://127.0.0.1:{port}"}
            program = app_program(app, home, history, env)
            for run in range(runs):
                open(history, "w").close()
                proc, _ = program.first_frame()
                try:
                    proc.send(b"calm forest morning")
                    proc.settle(0.3, 0.05)
                    accent = palette_for(run)[2][1:].encode()
                    mark = len(proc.output)
                    cpu0, tick0 = proc.run_ns(), proc.cpu_seconds()
                    began = time.perf_counter()
                    proc.send(b"\r")
                    seen = proc.wait_for(accent, 20, start=mark)
                    wall = seen - began
                    figures.append((proc.run_ns() - cpu0) / 1e9 / wall * 100)
                    ticks.append((proc.cpu_seconds() - tick0) / wall * 100)
                    server.stdout.readline()
                except Timeout as error:
                    failures.append(str(error))
                finally:
                    proc.quit(QUIT)
        finally:
            server.stdin.close()
            try:
                server.wait(5)
            except subprocess.TimeoutExpired:
                server.kill()
        if not figures:
            res.note(section, f"waiting ({label}): no palette drawn: {failures[:1]}")
            res.add(section, f"palette-tui CPU while waiting, {label}", None, "%", target="< 10 % of one core",
                    met=None)
            continue
        value = median(figures)
        res.add(section, f"palette-tui CPU while waiting, {label}", value, "%", "palette-tui idle", idle_pct,
                target="< 10 % of one core", met=value < 10)
        res.add(section, f"palette-tui CPU while waiting, {label} (ticks)", median(ticks), "%")
    res.note(section, f"Waiting: a fresh app (so a new connection) types a description and presses Enter against "
                      f"`bench/gemini_stub.py` made slow (`delay=4`: the headers after 4 s; `trickle=4`: the headers "
                      f"at once, the body in 16-byte pieces over 4 s); CPU of all its threads (schedstat, and the "
                      f"/proc/PID/stat ticks) from Enter to the palette drawn, over that wall time; median of {runs}")


# MARK: - 4. history scale


NEWEST = "bench-newest-entry"


def generate_history(path, count):
    """Writes `count` history lines, oldest first; the newest description is the NEWEST token.

    Uses the project's generator (tools/gen-history.py) for all but the newest line when the tree
    has it, else writes the same line format itself.
    """
    if count == 0:
        open(path, "w").close()
        return
    tool = os.path.join(ROOT, "tools", "gen-history.py")
    if os.path.exists(tool):
        subprocess.run([sys.executable, tool, "--count", str(count - 1), "--out", path], check=True, timeout=120,
                       stdout=subprocess.DEVNULL)
    else:
        words = ["calm", "forest", "morning", "mist", "sunset", "ocean", "storm", "autumn", "neon", "city", "night",
                 "desert", "spring", "寧靜", "森林", "早晨", "夕陽", "海洋", "霧", "秋天"]
        start = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
        with open(path, "w", encoding="utf-8") as f:
            for i in range(count - 1):
                description = " ".join(words[(i * 7 + j * 3) % len(words)] for j in range(3 + i % 6))
                f.write(history_line(i, start + datetime.timedelta(minutes=i), description) + "\n")
    with open(path, "a", encoding="utf-8") as f:
        f.write(history_line(count, datetime.datetime.now(datetime.timezone.utc), NEWEST) + "\n")


def history_line(i, created, description):
    """One entry in the format HistoryStore writes (Sources/PaletteHistory/HistoryLine.swift)."""
    colours = [f"#{(i * 2654435761 + j * 40503) & 0xFFFFFF:06X}" for j in range(3)]
    return json.dumps({"id": str(uuid.UUID(int=i + 1)), "created": created.strftime("%Y-%m-%dT%H:%M:%SZ"),
                       "description": description, "primary": colours[0], "secondary": colours[1],
                       "accent": colours[2], "provider": "offline", "model": "offline-engine-1",
                       "favorite": i % 50 == 0}, ensure_ascii=False, separators=(",", ":"))


def make_histories(home, sizes):
    paths = {}
    for size in sizes:
        path = os.path.join(home, f"history-{size}.jsonl")
        generate_history(path, size)
        paths[size] = path
    return paths


def bench_history(res, app, home, runs, available, histories):
    section = "4. History scale: first frame and peak memory"
    print(f"\n{section}", flush=True)
    if not available:
        res.add(section, "100k-entry history first frame", None, "ms", target="<= 2x empty", met=None)
        res.add(section, "100k-entry history peak RSS (VmHWM)", None, "MiB", target="< 80 MiB", met=None)
        return
    sizes = sorted(histories)
    frames = {s: [] for s in sizes}
    drawn = {s: [] for s in sizes}
    peaks = {s: [] for s in sizes}
    missing = {s: 0 for s in sizes}
    for run in range(runs):
        order = sizes[run % len(sizes):] + sizes[:run % len(sizes)]
        for size in order:
            proc, seconds = app_program(app, home, histories[size]).first_frame()
            frames[size].append(seconds)
            if size:
                try:
                    drawn[size].append(proc.wait_for(NEWEST.encode(), 20) - proc.started)
                except Timeout:
                    missing[size] += 1
            proc.drain(0.3)
            peaks[size].append(proc.status_kib("VmHWM") / 1024)
            proc.quit(QUIT)
    empty_time, empty_peak = median(frames[0]), median(peaks[0])
    res.add(section, "empty history: first frame", empty_time, "ms")
    res.add(section, "empty history: peak RSS (VmHWM)", empty_peak, "MiB")
    for size in sizes[1:]:
        megabytes = os.path.getsize(histories[size]) / 1e6
        label = f"{size // 1000}k entries ({megabytes:.1f} MB)"
        value = median(drawn[size]) if drawn[size] else None
        peak = median(peaks[size])
        last = size == sizes[-1]
        res.add(section, f"{label}: first frame with the history drawn", value, "ms", "empty", empty_time,
                target="<= 2x empty" if last else None, met=(value is not None and value <= 2 * empty_time)
                if last else None)
        res.add(section, f"{label}: first frame (status line only)", median(frames[size]), "ms", "empty",
                empty_time)
        res.add(section, f"{label}: peak RSS (VmHWM)", peak, "MiB", "empty", empty_peak,
                target="< 80 MiB" if last else None, met=peak < 80 if last else None)
    res.note(section, f"Median of {runs} runs per size, interleaved. A frame with the history drawn is the moment "
                      f"the newest entry's description (`{NEWEST}`) has appeared in the pty output after the status "
                      f"line: the app may draw its first frame before the history file is read, and a user "
                      f"waits for the list. VmHWM read from /proc/PID/status 0.3 s later, just before quitting"
                      + "".join(f"; newest entry never drawn in {missing[s]}/{runs} runs at {s}" for s in sizes
                                if missing[s]))


# MARK: - 5. in-process: engine and parser


def bench_inproc(res, bench, home, quick):
    section = "5. Offline engine and parser (in process, release build)"
    print(f"\n{section}", flush=True)
    listed = subprocess.run([bench, "list"], capture_output=True, text=True, timeout=60)
    if listed.returncode != 0:
        res.note(section, f"`palette-bench list` failed: {listed.stderr.strip()[:300]}")
        res.add(section, "offline engine time per palette", None, "ms", target="< 1 ms", met=None)
        return
    for case in listed.stdout.split():
        if case in ("render", "session", "config-growth"):  # section 2's, and section 7's
            continue
        args = [bench, case, "--format", "json"] + (["--quick"] if quick else [])
        try:
            done = subprocess.run(args, capture_output=True, text=True, timeout=120, env=base_env(home))
        except subprocess.TimeoutExpired:
            res.note(section, f"`palette-bench {case}` ran over 120 s and was stopped")
            res.add(section, case, None, "", target="finishes", met=False)
            continue
        if done.returncode != 0:
            why = f"signal {-done.returncode}" if done.returncode < 0 else f"status {done.returncode}"
            res.note(section, f"`palette-bench {case}` failed ({why}): {done.stderr.strip()[-300:]}")
            res.add(section, case, None, "", target="finishes", met=False)
            continue
        for result in json.loads(done.stdout)["results"]:
            add_inproc(res, section, result)
    res.note(section, "Each case in its own process (a crash costs one row); times are medians of batches. "
                      "Engine: English and Chinese descriptions, four variations each; baseline: lower-casing "
                      "and splitting the same description into words. Parser: the ratio column says how many "
                      "times faster the baseline reads the same input (a plain byte scan counting `#`, or "
                      "JSONSerialization where the input is JSON). Growth: one parse at 1 kB .. 10 MB; the slope "
                      "of log(time) on log(size) over 10 kB and up is 1 for linear, 2 for quadratic")


def add_inproc(res, section, result):
    kind = result["kind"]
    if kind == "engine":
        seconds = result["seconds"]
        res.add(section, "offline engine: time per palette", seconds, "us", result["baselineName"],
                result["baselineSeconds"], target="< 1 ms", met=seconds < 1e-3)
        res.add(section, "offline engine: palettes per second", 1 / seconds, "/s")
    elif kind == "throughput":
        rate, base = result["megabytesPerSecond"], result["baselineMegabytesPerSecond"]
        res.add(section, f"parser, {result['name']} ({result['bytes']:,} B)", rate, "MB/s", result["baselineName"],
                base, ratio=base / rate if rate else None)
        outcome = result["outcome"]
        res.detail(section, f"{result['name']}: {outcome[:90] + '…' if len(outcome) > 90 else outcome}")
    else:
        slope = result.get("logLogSlope")
        res.add(section, f"parser growth, {result['name']}: log-log slope", slope, "",
                target="linear (slope < 1.15)", met=None if slope is None else slope < 1.15)
        points = ", ".join(f"{p['bytes']:,} B {p['nanosecondsPerByte']:.1f} ns/B" for p in result["points"])
        res.detail(section, f"growth of {result['name']}: {points}"
                 + (f" (stopped: {result['stopped']})" if result.get("stopped") else ""))


# MARK: - 7. config.toml


PEAK_RSS = os.path.join(ROOT, "Tests", "TestSupport", "Tools", "peak_rss.py")


def peak_mib(argv, env):
    """The child's own peak resident set in MiB, through peak_rss.py (a small parent: see its notes)."""
    with tempfile.NamedTemporaryFile(prefix="peak-", delete=False) as report:
        path = report.name
    try:
        done = subprocess.run([sys.executable, PEAK_RSS, path, "--"] + argv, env=env, capture_output=True,
                              timeout=120)
        if done.returncode != 0:
            return None
        with open(path) as f:
            return int(f.read().strip()) / 1024
    finally:
        os.unlink(path)


def bench_config(res, app, bench, home, quick):
    """Reading config.toml, which every command does first: time in process at 10 kB, 100 kB and
    1 MB beside reading the same bytes (palette-bench config-growth), and the release app's peak
    memory for `palette-tui --version` with each file beside no file."""
    section = "7. config.toml: reading time and peak memory"
    print(f"\n{section}", flush=True)
    args = [bench, "config-growth", "--format", "json"] + (["--quick"] if quick else [])
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=300, env=base_env(home))
    except subprocess.TimeoutExpired:
        done = None
    if done is None or done.returncode != 0:
        res.note(section, "`palette-bench config-growth` failed or ran over 300 s")
        res.add(section, "config.toml reading: log-log slope", None, "", target="< 1.15", met=False)
        return
    result = json.loads(done.stdout)["results"][0]
    for point in result["points"]:
        res.add(section, f"reading a {point['bytes']:,} B config.toml", point["seconds"], "ms",
                result["baselineName"], point.get("baselineSeconds"))
    slope = result.get("logLogSlope")
    res.add(section, "config.toml reading: log-log slope (10 kB .. 1 MB)", slope, "",
            target="< 1.15", met=None if slope is None else slope < 1.15)
    # The same files as the app reads them, for the peak memory of a whole run.
    config_home = os.path.join(home, "config-bench")
    os.makedirs(os.path.join(config_home, "palette-tui"), exist_ok=True)
    path = os.path.join(config_home, "palette-tui", "config.toml")
    env = dict(base_env(home), XDG_CONFIG_HOME=config_home)
    runs = 3 if quick else 7
    if os.path.exists(path):
        os.unlink(path)
    empty = median([peak_mib([app, "--version"], env) or 0 for _ in range(runs)])
    res.add(section, "`palette-tui --version`, no config.toml: peak RSS", empty, "MiB")
    sizes = [p["bytes"] for p in result["points"]]
    for size in sizes:
        text = subprocess.run([bench, "config-text", str(size)], capture_output=True, timeout=60).stdout
        with open(path, "wb") as f:
            f.write(text)
        peak = median([peak_mib([app, "--version"], env) or 0 for _ in range(runs)])
        last = size == sizes[-1]
        res.add(section, f"`palette-tui --version`, {len(text):,} B config.toml: peak RSS", peak, "MiB",
                "no config.toml", empty, target="< 50 MiB" if last else None, met=peak < 50 if last else None)
    res.note(section, "Time: `palette-bench config-growth`, the median process CPU time of batches of `ConfigFile.reading` (the TOML "
                      "reader and the settings check, as every command runs them) on a settings file of saved "
                      "looks (comments, tables, text, arrays, numbers, dotted keys); baseline: reading the same "
                      "bytes from the file. Slope: least squares of log(time) on log(size), 1 for linear. Peak: "
                      "ru_maxrss of the release app under `Tests/TestSupport/Tools/peak_rss.py`, median of runs")


# MARK: - 8. a palette from a picture


def bench_image(res, app, home, quick):
    """`generate --image` on an 8000 x 6000 JPEG and a 50-megapixel PNG (8660 x 5774), both written
    by Tests/TestSupport/Tools/make_image.py with regions and noise: wall time and peak memory of
    the whole command beside the decoding-only floor (bench/image_floor.c: the same library on
    the same file at the same scale, nothing else), runs alternated."""
    section = "8. A palette from a picture (generate --image)"
    print(f"\n{section}", flush=True)
    floor = os.path.join(BUILD, "image-floor")
    tool = os.path.join(ROOT, "Tests", "TestSupport", "Tools", "make_image.py")
    pictures = [
        ("8000 x 6000 JPEG", "large.jpg", {"width": 8000, "height": 6000, "format": "JPEG", "quality": 90}),
        ("50-megapixel PNG (8660 x 5774)", "large.png",
         {"width": 8660, "height": 5774, "format": "PNG", "compress_level": 6}),
    ]
    runs = 3 if quick else 7
    env = base_env(home)
    for label, name, extra in pictures:
        spec = dict({"background": [118, 128, 122], "noise": 4, "seed": 7,
                     "regions": [{"box": [0, 0, 8999, 1799], "colour": [30, 60, 110]},
                                 {"box": [6000, 4000, 6399, 4399], "colour": [230, 40, 30], "shape": "ellipse"}]},
                    **extra)
        path = os.path.join(home, name)
        with open(path + ".json", "w") as f:
            json.dump(spec, f)
        subprocess.run([sys.executable, tool, path + ".json", path], check=True, timeout=300)
        argv = [app, "generate", "--provider", "offline", "--no-history", "--format", "hex", "--image", path]
        times, floor_times, peaks, floor_peaks = [], [], [], []
        for _ in range(runs):
            started = time.monotonic()
            done = subprocess.run(argv, env=env, capture_output=True, timeout=60)
            if done.returncode == 0:
                times.append(time.monotonic() - started)
            out = subprocess.run([floor, path], capture_output=True, text=True, timeout=60)
            if out.returncode == 0:
                floor_times.append(float(out.stdout.split()[0]))
            # Both peaks through peak_rss.py: a child of Python would report Python's own peak.
            for figure, command in ((peaks, argv), (floor_peaks, [floor, path])):
                peak = peak_mib(command, env)
                if peak is not None:
                    figure.append(peak)
        size = os.path.getsize(path) / 1e6
        t, ft = median(times), median(floor_times)
        res.add(section, f"{label}, {size:.0f} MB: wall time", t, "ms", "decoding alone", ft,
                target="< 1 s", met=None if t is None else t < 1.0)
        p, fp = median(peaks), median(floor_peaks)
        res.add(section, f"{label}: peak RSS", p, "MiB", "decoding alone", fp,
                target="< 100 MB", met=None if p is None else p * 1.048576 < 100)
    res.note(section, "Wall time: the release `palette-tui generate --provider offline --no-history --format hex --image FILE` "
                      "from exec to exit (decoding downscaled to at most 1024 px, the SHA-256 of the file on a "
                      "second thread, the OKLab palette), median of alternated runs; baseline: `.build/bench/"
                      "image-floor` (bench/image_floor.c) timing only the decoding with the same library at the same "
                      "scale (libspng row by row in the same pixel format; TurboJPEG at the same DCT scale), so the "
                      "ratio also carries process start-up. Peak: ru_maxrss of each under "
                      "`Tests/TestSupport/Tools/peak_rss.py`, median of runs")


# MARK: - 6. Gemini round trip


def bench_gemini(res, app, home, runs, available):
    section = "6. Gemini round trip over loopback"
    print(f"\n{section}", flush=True)
    from gemini_stub import palette_for
    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "bench", "gemini_stub.py"), "0"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    served_count = 0

    def served():
        nonlocal served_count
        served_count += 1
        return int(server.stdout.readline().split()[1]) / 1e9

    try:
        port = int(server.stdout.readline().split()[1])
        body = json.dumps({"contents": [{"role": "user", "parts": [{"text": "calm forest morning"}]}]})
        bare, bare_served = [], []

        def bare_request():
            began = time.perf_counter()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("POST", "/v1beta/models/gemini-3.5-flash-lite:generateContent", body,
                               {"Content-Type": "application/json", "x-goog-api-key": "bench"})
            connection.getresponse().read()
            connection.close()
            bare.append(time.perf_counter() - began)
            bare_served.append(served())

        bare_request()
        bare.clear()
        bare_served.clear()
        for _ in range(10):
            bare_request()
        bare_median = median(bare)
        if not available:
            res.add(section, "bare HTTP POST to the loopback server (http.client)", bare_median, "ms")
            res.add(section, "client overhead (Enter to palette drawn, minus bare request)", None, "ms",
                    target="< 10 ms", met=None)
            return
        history = os.path.join(home, "gemini.jsonl")
        env = {"GEMINI_API_KEY": "bench-not-a-secret", "GEMINI_BASE_URL": f"http://127.0.0.1:{port}"}
        program = app_program(app, home, history, env)
        cold, warm, app_served, failures = [], [], [], []
        cpu = {True: [], False: []}
        for run in range(runs):
            open(history, "w").close()
            proc, _ = program.first_frame()
            try:
                proc.send("calm forest morning 寧靜".encode())
                proc.settle(0.2, 0.02)
                for attempt in range(3):
                    accent = palette_for(served_count)[2][1:].encode()
                    proc.settle(0.05, 0.02)
                    mark = len(proc.output)
                    cpu0 = proc.run_ns()
                    began = time.perf_counter()
                    proc.send(b"\r")
                    seen = proc.wait_for(accent, 10, start=mark)
                    cpu[attempt == 0].append((proc.run_ns() - cpu0) / 1e9)
                    (warm if attempt else cold).append(seen - began)
                    app_served.append(served())
            except Timeout as error:
                failures.append(str(error))
            finally:
                proc.quit(QUIT)
            time.sleep(0.1)
            for _ in range(4):
                bare_request()
            if len(failures) >= 3:
                break
        bare_median = median(bare)
        if not cold:
            res.note(section, f"palette-tui never drew the server's palette: {failures[0]}")
            res.add(section, "client overhead (Enter to palette drawn, minus bare request)", None, "ms",
                    target="< 10 ms", met=None)
            return
        res.add(section, "bare HTTP POST to the loopback server (http.client)", bare_median, "ms")
        res.add(section, "server's own time per request", median(bare_served), "ms")
        trip, warm_trip = median(cold), median(warm)
        res.add(section, "palette-tui: Enter to palette drawn, first request", trip, "ms", "bare request",
                bare_median)
        res.add(section, "client overhead, first request (minus bare request)", trip - bare_median, "ms",
                target="< 10 ms", met=trip - bare_median < 10e-3)
        if warm_trip is not None:
            res.add(section, "palette-tui: Enter to palette drawn, later requests", warm_trip, "ms", "bare request",
                    bare_median)
            res.add(section, "client overhead, later requests (minus bare request)", warm_trip - bare_median, "ms",
                    target="< 10 ms", met=warm_trip - bare_median < 10e-3)
        res.add(section, "Enter to palette drawn minus the server's own time (all requests)",
                median(cold + warm) - median(app_served), "ms")
        res.add(section, "app CPU from Enter to palette drawn, first request", median(cpu[True]), "ms")
        res.add(section, "app CPU from Enter to palette drawn, later requests", median(cpu[False]), "ms")
        res.note(section, f"{len(cold)} fresh apps, each generating three times in a row (the first request, then "
                          f"two more), against the stub answering at once; drawn = the six digits of the request's "
                          f"accent hex in the pty output. Baseline: a fresh-connection POST of a similar body with Python's "
                          f"http.client (after one to warm the server up), ten before the apps and four 0.1 s after each app. App CPU: schedstat run time of all its threads over the round trip"
                          + (f"; {len(failures)} failed: {failures[0]}" if failures else ""))
    finally:
        server.stdin.close()
        try:
            server.wait(5)
        except subprocess.TimeoutExpired:
            server.kill()


# MARK: - report


def machine():
    model = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo") as f:
            memory = int(f.readline().split()[1]) / 1024 / 1024
    except OSError:
        memory = 0
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    return {"cpus": os.cpu_count(), "model": model, "memory": f"{memory:.1f} GiB",
            "kernel": platform.release(), "swift": swift[0] if swift else "unknown",
            "load": " ".join(f"{x:.2f}" for x in os.getloadavg())}


def git_head():
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    # The report itself is rewritten by every run, so it does not make the tree "dirty".
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".",
                            ":(exclude)docs/benchmarks.md"], cwd=ROOT, capture_output=True, text=True)
    return head.stdout.strip() + (" (with uncommitted changes)" if dirty.stdout.strip() else "")


def table(res):
    lines = ["| figure | value | baseline | ratio | target | |", "|---|---|---|---|---|---|"]
    section = None
    for row in res.rows:
        if row["section"] != section:
            section = row["section"]
            lines.append(f"| **{section}** | | | | | |")
        baseline = f"{row['baseline_name']}: {fmt(row['baseline'], row['unit'])}" if row["baseline_name"] else ""
        ratio = fmt(row["ratio"], "x") if row["ratio"] is not None else ""
        target = row["target"] or ""
        met = verdict(row["met"]) if row["target"] else ""
        lines.append(f"| {row['name']} | {fmt(row['value'], row['unit'])} | {baseline} | {ratio} | {target} | {met} |")
    return "\n".join(lines)


def write_report(res, path, info, started, args):
    targets = [r for r in res.rows if r["target"]]
    with open(path, "w") as f:
        f.write("# Benchmarks\n\n")
        f.write("Written by `make bench` (bench/bench.py); do not edit by hand. Every figure stands beside a "
                "baseline measured in the same run, because the machine is shared and noisy; values are "
                "medians.\n\n")
        f.write(f"- Date: {started.strftime('%Y-%m-%d %H:%M UTC')}, took {time.time() - started.timestamp():.0f} s\n")
        f.write(f"- Commit: {git_head()}\n")
        f.write(f"- Machine: {info['cpus']} CPUs, {info['model']}, {info['memory']} memory, Linux {info['kernel']}, "
                f"load average at start {info['load']}\n")
        f.write(f"- Toolchain: {info['swift']}; floors built with `cc -O2 bench/floor.c -lncursesw`, "
                f"`swiftc -O -static-stdlib bench/floor.swift` (with `-D LEAN` and palette-tui's `-L tools/link` for "
                f"the floor linked as the app is) and the same with `-I Sources/CNcurses` "
                f"for `bench/floor_ncurses.swift`\n")
        f.write(f"- Terminal: pseudo-terminal {COLS}x{ROWS}, TERM={TERM}, LANG=C.UTF-8, no GEMINI_API_KEY "
                f"except in section 6\n\n")
        f.write("## Results\n\n")
        f.write("Ratio = the figure's cost over its baseline's (time, CPU or memory; for MB/s the baseline's "
                "rate over the figure's), so 1.00x is as cheap as the floor and higher is dearer.\n\n")
        f.write(table(res) + "\n\n")
        f.write("### Targets\n\n" + "\n".join(f"- {verdict(r['met'])}: {r['name']} = {fmt(r['value'], r['unit'])} "
                                                f"(target {r['target']})" for r in targets) + "\n\n")
        f.write("## How each figure is measured\n\n")
        for section, notes in res.notes.items():
            sentences = [n.rstrip(".") + "." for n in notes]
            f.write(f"**{section}.** " + " ".join(sentences) + "\n\n")
            for line in res.details.get(section, []):
                f.write(f"- {line}\n")
            if section in res.details:
                f.write("\n")
        f.write("## Reproduce\n\n```sh\n")
        f.write("make bench                                   # everything: tools, release build, floors, report\n")
        f.write("python3 bench/bench.py --only startup,idle   # some sections (after one make bench)\n")
        f.write(".build/release/palette-bench all            # engine and parser, in process (text table)\n")
        f.write("```\n\n")
        # The report is the table and the method, replaced whole by each run: no session logs.
        # What profiles found that a run does not show is kept, short, in bench/findings.md.
        f.write("What profiles found that a run does not measure (where a key's time goes, why figures "
                "move between machines, how to profile here): bench/findings.md.\n")
        soak = os.path.join(ROOT, "bench", "soak.md")
        if os.path.exists(soak):  # written by make soak (bench/soak.py)
            with open(soak) as g:
                f.write("\n" + g.read())
    print(f"\nwrote {os.path.relpath(path, ROOT)}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", default=os.path.join(ROOT, ".build", "release", "palette-tui"))
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build", "release", "palette-bench"),
                        help="the in-process bench executable (not part of the product)")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "benchmarks.md"))
    parser.add_argument("--only", default="startup,keys,idle,history,inproc,gemini,config,image")
    parser.add_argument("--quick", action="store_true", help="fewer runs and keys, for trying the harness")
    args = parser.parse_args()
    sections = set(args.only.split(","))
    started = datetime.datetime.now(datetime.timezone.utc)
    info = machine()
    print(f"palette-tui benchmarks: {info['cpus']} CPUs, {info['model']}, {info['memory']}, load {info['load']}")
    res = Results()
    with tempfile.TemporaryDirectory(prefix="palette-bench-") as home:
        os.makedirs(os.path.join(home, "state"))
        available, why = app_available(args.app, home)
        if not available:
            print(f"palette-tui draws no first frame ({why}); its interactive figures are n/a", flush=True)
            if not os.environ.get("BENCH_ALLOW_NA"):
                print("stopping: a report without the interactive figures would replace docs/benchmarks.md "
                      f"(check the first-frame marker `{APP_MARKER}`, or set BENCH_ALLOW_NA=1)", file=sys.stderr)
                sys.exit(1)
        runs = 5 if args.quick else 15
        sizes = [0, 1000, 10000, 100000]
        histories = make_histories(home, sizes) if {"keys", "history"} & sections else {}
        if "startup" in sections:
            bench_startup(res, args.app, home, runs, available)
        if "keys" in sections:
            bench_keys(res, args.app, args.bench, home, 1000 if args.quick else 4000,
                       3 if args.quick else 5, available, histories)
        if "idle" in sections:
            bench_idle(res, args.app, home, 3.0 if args.quick else 10.0, available)
        if "history" in sections:
            bench_history(res, args.app, home, 3 if args.quick else 7, available, histories)
        if "inproc" in sections:
            bench_inproc(res, args.bench, home, args.quick)
        if "gemini" in sections:
            bench_gemini(res, args.app, home, 5 if args.quick else 12, available)
        if "config" in sections:
            bench_config(res, args.app, args.bench, home, args.quick)
        if "image" in sections:
            bench_image(res, args.app, home, args.quick)
    print("\n" + table(res))
    write_report(res, args.out, info, started, args)


if __name__ == "__main__":
    main()
