#!/usr/bin/env python3
"""Runs a command as this process's child and writes down the child's own peak resident set.

On Linux a process started with posix_spawn or fork is charged, at its exec, the peak of the
process it was started from: a child of the test runner reports in ru_maxrss at least the
runner's own peak (a whole test suite's, over 100 MiB), whatever the child itself used. A
child of this small process is charged this process's peak instead (about 10 MiB), so the
figure written is the child's own whenever the child used more than that.

Usage: peak_rss.py REPORT -- ARGV...

REPORT receives one line, the child's ru_maxrss in KiB. Standard input, output and error pass
through; the exit status is the child's, and a child ended by a signal ends this process with
the same signal. SIGTERM, SIGINT and SIGHUP are passed on to the child. Standard library only.
"""
import os
import signal
import sys


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit("usage: peak_rss.py REPORT -- ARGV...")
    report, argv = sys.argv[1], sys.argv[3:]
    pid = os.posix_spawnp(argv[0], argv, os.environ)

    def forward(signum, _frame):
        os.kill(pid, signum)

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, forward)
    _, status, usage = os.wait4(pid, 0)
    with open(report, "w", encoding="ascii") as out:
        out.write(f"{usage.ru_maxrss}\n")
    if os.WIFSIGNALED(status):
        signum = os.WTERMSIG(status)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
