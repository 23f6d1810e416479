#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal that plays a terminal answering OSC 11 and DA1.

    osc11_pty.py MODE DELAY_MS BACKGROUND [--marker TEXT] [--type TEXT] [--expect TEXT]
                 [--cols N --rows N] -- COMMAND...

MODE: `answer` (OSC 11 with BACKGROUND as rgb:RRRR/GGGG/BBBB, then DA1), `da1` (only DA1, as a
terminal without OSC 11), `split` (as `answer`, the OSC 11 answer in two writes DELAY_MS/2
apart), `da1first` (DA1, then OSC 11 after it), `never` (no answer at all). The answer is
written DELAY_MS after the query arrives.

For a full-screen program (the app): --marker is a text of its first frame, whose time from
start is reported; --type is written once the first frame is there and the answer is out (at
once after the first frame when no answer will come; 2 s after it when no query came);
--expect is waited for after that (or after the first frame, without --type), then Ctrl-C is
sent to end the program. Every wait is bounded (20 s in all, then the program is killed).

Prints one JSON line: the seconds from start to exit, to the first frame (`first_frame`,
null without --marker), to the query (`queried_at`) and to the answer (`answered_at`), the
exit status, whether the query was seen and whether it came wrapped for tmux, everything the
command wrote to the terminal, and `after_answer`: what it wrote after the answer went out.
"""

import fcntl
import json
import os
import select
import struct
import sys
import termios
import time


def option(args, name, default=None):
    return args[args.index(name) + 1] if name in args else default


def main():
    mode, delay, background = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    split_at = sys.argv.index("--")
    options, command = sys.argv[4:split_at], sys.argv[split_at + 1:]
    marker = option(options, "--marker")
    typed = option(options, "--type")
    expect = option(options, "--expect")
    cols, rows = int(option(options, "--cols", "80")), int(option(options, "--rows", "24"))
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.setsid()
        os.close(master)
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        os.execvp(command[0], command)
    os.close(slave)
    out = b""
    seen_at = None
    answered_at = None
    answer_mark = None
    first_frame = None
    typed_at = None
    typed_mark = None
    quit_sent = False
    pending_reply = []
    status = None
    elapsed = None
    r, g, b = background[0:2], background[2:4], background[4:6]
    osc = ("\x1b]11;rgb:%s%s/%s%s/%s%s\x1b\\" % (r, r, g, g, b, b)).encode()
    while True:
        now = time.monotonic()
        if seen_at is not None and answered_at is None and mode != "never" and now >= seen_at + delay / 1000:
            if mode == "da1first":
                pending_reply = [(now, b"\x1b[?62;22c" + osc)]
            elif mode == "split":
                pending_reply = [(now, osc[:12]), (now + delay / 2000, osc[12:] + b"\x1b[?62;22c")]
            else:
                pending_reply = [(now, (osc if mode == "answer" else b"") + b"\x1b[?62;22c")]
            answered_at = now
        while pending_reply and now >= pending_reply[0][0]:
            try:
                os.write(master, pending_reply.pop(0)[1])
            except OSError:
                pass
            if not pending_reply:
                answer_mark = len(out)
        # No query 2 s after the first frame: none will come, nothing will be answered.
        gave_up = seen_at is None and first_frame is not None and now - start > first_frame + 2
        replied = answer_mark is not None or mode == "never" or gave_up
        if marker and first_frame is not None and replied and not quit_sent:
            if typed is not None and typed_at is None:
                os.write(master, typed.encode())
                typed_at, typed_mark = now, len(out)
            waited = out[typed_mark:] if typed_mark is not None else out
            if expect is None or expect.encode() in waited:
                os.write(master, b"\x03")
                quit_sent = True
        ready, _, _ = select.select([master], [], [], 0.005)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                chunk = b""
            out += chunk
            if seen_at is None and b"\x1b]11;?" in out:
                seen_at = time.monotonic()
            if marker and first_frame is None and marker.encode() in out:
                first_frame = time.monotonic() - start
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
    print(json.dumps({
        "elapsed": elapsed, "status": status, "queried": seen_at is not None,
        "tmux_wrapped": b"\x1bPtmux;\x1b\x1b]11;?" in out,
        "first_frame": first_frame,
        "queried_at": None if seen_at is None else seen_at - start,
        "answered_at": None if answered_at is None else answered_at - start,
        "output": out.decode("utf-8", "replace"),
        "after_answer": out[answer_mark:].decode("utf-8", "replace") if answer_mark is not None else "",
    }))


main()
