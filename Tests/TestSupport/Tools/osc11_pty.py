#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal that plays a terminal answering OSC 11 and DA1.

    osc11_pty.py MODE DELAY_MS BACKGROUND -- COMMAND...

MODE: `answer` (OSC 11 with BACKGROUND as rgb:RRRR/GGGG/BBBB, then DA1), `da1` (only DA1, as a
terminal without OSC 11), `never` (no answer at all). The answer is written DELAY_MS after the
query arrives. Prints one JSON line: the seconds from start to exit, the exit status, whether
the query was seen, and everything the command wrote to the terminal.
"""

import json
import os
import select
import sys
import time


def main():
    mode, delay, background = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    command = sys.argv[sys.argv.index("--") + 1:]
    master, slave = os.openpty()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.setsid()
        os.close(master)
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        os.execvp(command[0], command)
    os.close(slave)
    out = b""
    seen_at = None
    answered = False
    status = None
    while True:
        now = time.monotonic()
        if seen_at is not None and not answered and mode != "never" and now >= seen_at + delay / 1000:
            r, g, b = background[0:2], background[2:4], background[4:6]
            reply = b""
            if mode == "answer":
                reply += ("\x1b]11;rgb:%s%s/%s%s/%s%s\x1b\\" % (r, r, g, g, b, b)).encode()
            reply += b"\x1b[?62;22c"
            try:
                os.write(master, reply)
            except OSError:
                pass
            answered = True
        ready, _, _ = select.select([master], [], [], 0.005)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                chunk = b""
            out += chunk
            if seen_at is None and b"\x1b]11;?" in out:
                seen_at = time.monotonic()
        done, raw = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(raw)
            elapsed = time.monotonic() - start
            break
        if time.monotonic() - start > 20:
            os.kill(pid, 9)
    try:
        while select.select([master], [], [], 0.05)[0]:
            chunk = os.read(master, 65536)
            if not chunk:
                break
            out += chunk
    except OSError:
        pass
    print(json.dumps({"elapsed": elapsed, "status": status, "queried": seen_at is not None,
                      "output": out.decode("utf-8", "replace")}))


main()
