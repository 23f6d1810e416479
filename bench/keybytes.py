#!/usr/bin/env python3
"""Key-by-key comparison of what palette-tui builds write to the terminal.

Usage: python3 bench/keybytes.py KEYS BASE_BINARY NEW_BINARY [NEW_BINARY ...]

Every build is opened at once on its own pty, 80x24 with the same 1,000-entry history as in
`make bench`, and each key of the scripted session (`bench.key_script`) is sent to one after
the other, each after the previous one's output went quiet. The bytes each build wrote for a
key (first frame included) must be the same as the first build's; the first key that differs
is printed with both outputs, and the exit status is 1. Python standard library.
"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.strip().splitlines()[2])
    count, binaries = int(sys.argv[1]), sys.argv[2:]
    keys = bench.labelled_script(count)
    with tempfile.TemporaryDirectory(prefix="palette-keybytes-") as home:
        os.makedirs(os.path.join(home, "state"))
        history = bench.make_histories(home, [1000])[1000]
        procs = []
        try:
            for n, binary in enumerate(binaries):
                program = bench.app_program(os.path.abspath(binary), home, history, name=f"build {n}")
                proc, _ = program.first_frame()
                proc.drain(0.5)
                procs.append(proc)
            marks = [len(proc.output) for proc in procs]
            first = [bytes(proc.output) for proc in procs]
            failed = False
            for n in range(1, len(procs)):
                if first[n] != first[0]:
                    print(f"{binaries[n]}: the first frame differs ({len(first[n])} B against {len(first[0])} B)")
                    failed = True
            total = 0
            for index, (key, kind) in enumerate(keys):
                chunks = []
                for i, proc in enumerate(procs):
                    proc.send(key)
                    proc.settle(0.03, 0.002)
                    chunks.append(bytes(proc.output[marks[i]:]))
                    marks[i] = len(proc.output)
                total += len(chunks[0])
                for n in range(1, len(procs)):
                    if chunks[n] != chunks[0]:
                        print(f"{binaries[n]}: key {index} ({kind}, {key!r}) differs:\n"
                              f"  base {chunks[0]!r}\n  new  {chunks[n]!r}")
                        failed = True
                if failed:
                    break
        finally:
            for proc in procs:
                proc.quit(bench.QUIT)
    if failed:
        sys.exit(1)
    print(f"{len(keys)} keys: the output of {len(binaries) - 1} build(s) is byte-identical to "
          f"{binaries[0]}'s after every key ({total} B, {total / len(keys):.1f} B a key)")


if __name__ == "__main__":
    main()
