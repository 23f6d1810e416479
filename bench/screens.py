#!/usr/bin/env python3
"""Key-by-key comparison of the screens palette-tui builds show, in a real terminal emulator (tmux).

Usage: python3 bench/screens.py [--size 80x24] KEYS BASE_BINARY NEW_BINARY [NEW_BINARY ...]

Where bench/keybytes.py asks for the same bytes, this asks for the same screen, so a build that
writes fewer bytes (shorter moves, a look kept from the last frame, `rep`) can be checked
against one that does not. Every build is opened at once on its own pty, 80x24 with the same
1,000-entry history as in `make bench`, and sent each key of the scripted session
(`bench.key_script`) after the previous one's output went quiet; the bytes each build wrote
for each key are kept. Then each build's bytes are played, key by key, into a tmux pane of the
same size (a feeder on the pane's terminal writes one key's bytes, then asks for the cursor
position, `ESC [ 6 n`, and waits for tmux's answer, so tmux has parsed every byte before the
pane is read). After every key the pane is read with `capture-pane -e -N` (every cell with its
colours and attributes) and the cursor's place and visibility with `display`; every build must
show what the first one shows. The first key whose screen differs is printed with both screens'
differing rows, and the exit status is 1. Python standard library and the tmux program.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402

# Runs in the pane: raw mode (no echo of tmux's answers, no output processing), then one chunk
# of bytes a "go", each followed by a cursor position request whose answer says it was parsed.
FEEDER = r"""
import json, os, sys, tty
tty.setraw(0)
chunks = [bytes.fromhex(c) for c in json.load(open(sys.argv[1]))]
go = open(sys.argv[2], "rb", buffering=0)
done = open(sys.argv[3], "wb", buffering=0)
for chunk in chunks:
    if not go.read(1):
        break
    os.write(1, chunk + b"\x1b[6n")
    answer = b""
    while not answer.endswith(b"R"):
        answer += os.read(0, 1)
    done.write(b".")
go.read(1)
"""


def record(binaries, keys):
    """Each build's bytes: [first frame, key 1, key 2, ...], all builds open at once."""
    with tempfile.TemporaryDirectory(prefix="palette-screens-") as home:
        os.makedirs(os.path.join(home, "state"))
        history = bench.make_histories(home, [1000])[1000]
        procs, chunks = [], []
        try:
            for n, binary in enumerate(binaries):
                program = bench.app_program(os.path.abspath(binary), home, history, name=f"build {n}")
                proc, _ = program.first_frame()
                proc.drain(0.5)
                procs.append(proc)
                chunks.append([bytes(proc.output)])
            marks = [len(proc.output) for proc in procs]
            for key in keys:
                for i, proc in enumerate(procs):
                    proc.send(key)
                    proc.settle(0.03, 0.002)
                    chunks[i].append(bytes(proc.output[marks[i]:]))
                    marks[i] = len(proc.output)
        finally:
            for proc in procs:
                proc.quit(bench.QUIT)
    return chunks


class Pane:
    """A tmux pane of the given size whose terminal is fed chunk by chunk."""

    def __init__(self, directory, name, chunks, cols, rows):
        self.socket = os.path.join(directory, "tmux.sock")
        self.target = name
        data = os.path.join(directory, f"{name}.json")
        with open(data, "w") as f:
            json.dump([c.hex() for c in chunks], f)
        feeder = os.path.join(directory, "feeder.py")
        with open(feeder, "w") as f:
            f.write(FEEDER)
        go, done = os.path.join(directory, f"{name}.go"), os.path.join(directory, f"{name}.done")
        os.mkfifo(go)
        os.mkfifo(done)
        self.tmux("new-session", "-d", "-s", name, "-x", str(cols), "-y", str(rows),
                  f"{sys.executable} {feeder} {data} {go} {done}")
        self.go = open(go, "wb", buffering=0)
        self.done = open(done, "rb", buffering=0)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-S", self.socket, "-f", "/dev/null", *args], check=True,
                              capture_output=True, text=True).stdout

    def feed(self):
        """Plays the next chunk; returns (the screen, 'x,y,visible') once tmux parsed it."""
        self.go.write(b".")
        if self.done.read(1) != b".":
            raise RuntimeError(f"{self.target}: the feeder stopped")
        screen = self.tmux("capture-pane", "-p", "-e", "-N", "-t", self.target)
        cursor = self.tmux("display-message", "-p", "-t", self.target,
                           "#{cursor_x},#{cursor_y},#{cursor_flag},#{alternate_on}")
        return screen, cursor.strip()

    def close(self):
        try:
            self.go.write(b".")
        except OSError:
            pass
        self.go.close()
        self.done.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default=f"{bench.COLS}x{bench.ROWS}", help="COLSxROWS of the ptys and panes")
    parser.add_argument("count", type=int)
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    if len(args.binaries) < 2:
        sys.exit(__doc__.strip().splitlines()[2])
    if not shutil.which("tmux"):
        sys.exit("screens.py needs tmux")
    bench.COLS, bench.ROWS = (int(n) for n in args.size.split("x"))
    keys = bench.labelled_script(args.count)
    chunks = record(args.binaries, [key for key, _ in keys])
    sizes = [sum(len(c) for c in build[1:]) for build in chunks]
    labels = ["first frame"] + [f"key {i} ({kind}, {key!r})" for i, (key, kind) in enumerate(keys)]
    with tempfile.TemporaryDirectory(prefix="palette-screens-tmux-") as directory:
        panes = [Pane(directory, f"b{n}", build, bench.COLS, bench.ROWS) for n, build in enumerate(chunks)]
        failed = False
        try:
            for step, label in enumerate(labels):
                shown = [pane.feed() for pane in panes]
                for n in range(1, len(panes)):
                    if shown[n] == shown[0]:
                        continue
                    failed = True
                    print(f"{args.binaries[n]}: after {label} the screen differs")
                    if shown[n][1] != shown[0][1]:
                        print(f"  cursor (x,y,visible,alternate): base {shown[0][1]}  new {shown[n][1]}")
                    base_rows, new_rows = shown[0][0].split("\n"), shown[n][0].split("\n")
                    for row, (a, b) in enumerate(zip(base_rows, new_rows)):
                        if a != b:
                            print(f"  row {row}:\n    base {a!r}\n    new  {b!r}")
                    print(f"  base bytes {chunks[0][step]!r}\n  new bytes  {chunks[n][step]!r}")
                if failed:
                    break
        finally:
            for pane in panes:
                pane.close()
            subprocess.run(["tmux", "-S", os.path.join(directory, "tmux.sock"), "kill-server"],
                           capture_output=True)
    if failed:
        sys.exit(1)
    base = sizes[0]
    others = ", ".join(f"{size} B ({size / len(keys):.1f} B a key)" for size in sizes[1:])
    print(f"{len(keys)} keys at {bench.COLS}x{bench.ROWS}: the screens of {len(panes) - 1} build(s) in tmux "
          f"are the same as {args.binaries[0]}'s after the first frame and every key (cells, colours, "
          f"attributes, cursor); bytes for the keys: {base} B ({base / len(keys):.1f} B a key) against {others}")


if __name__ == "__main__":
    main()
