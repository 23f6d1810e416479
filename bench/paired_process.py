#!/usr/bin/env python3
"""Whole-process runs of several programs, interleaved: wall time and CPU time, medians.

Usage: python3 bench/paired_process.py RUNS LABEL=ARGV [LABEL=ARGV ...]
       (ARGV's words separated by |, e.g. app=.build/release/palette-tui|generate|--no-history|calm forest)

Each round starts every program once, one after the other (the order rotates), so a change in
the machine's load hits all of them alike, which hyperfine's one-program-after-another runs do
not; three warm-up rounds are not counted. Wall time from fork to wait4; CPU time is the child's
user + system time from wait4's rusage, which other processes' load inflates far less than wall
time. Ratios are against the first program (the floor). Output to /dev/null, HOME a fresh
directory, a bare environment. Python standard library.
"""

import os
import statistics
import sys
import tempfile
import time


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[2])
    runs = int(sys.argv[1])
    programs = [arg.split("=", 1) for arg in sys.argv[2:]]
    env = {"PATH": "/usr/bin:/bin", "HOME": tempfile.mkdtemp(prefix="palette-paired-"), "LANG": "C.UTF-8"}
    walls = {name: [] for name, _ in programs}
    cpus = {name: [] for name, _ in programs}
    for r in range(runs + 3):
        for name, command in programs[r % len(programs):] + programs[:r % len(programs)]:
            argv = command.split("|")
            started = time.perf_counter()
            pid = os.fork()
            if pid == 0:
                null = os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, 1)
                os.dup2(null, 2)
                os.execve(argv[0], argv, env)
            _, status, usage = os.wait4(pid, 0)
            wall = (time.perf_counter() - started) * 1000
            if status != 0:
                sys.exit(f"{name} exited with status {status}")
            if r >= 3:
                walls[name].append(wall)
                cpus[name].append((usage.ru_utime + usage.ru_stime) * 1000)
    base = programs[0][0]
    wall0, cpu0 = statistics.median(walls[base]), statistics.median(cpus[base])
    print(f"load average {' '.join(open('/proc/loadavg').read().split()[:3])}, {runs} interleaved runs each")
    for name, _ in programs:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        q1, _, q3 = statistics.quantiles(walls[name], n=4)
        print(f"{name:12s} wall {wall:8.2f} ms ({wall / wall0:4.2f}x, quartiles {q1:.1f}-{q3:.1f})"
              f"  cpu {cpu:8.2f} ms ({cpu / cpu0:4.2f}x)")


if __name__ == "__main__":
    main()
