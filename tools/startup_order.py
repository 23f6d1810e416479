#!/usr/bin/env python3
"""The start-up code block of palette-tui: records which functions start-up runs, and checks it.

Release builds compile every function into its own section (`-function-sections`, Package.swift)
and gold lays out the sections tools/startup-order.txt lists in one block at the end of .text.
Start-up then touches a few hundred KiB of contiguous code instead of a page here and there in
every 64 KiB fault-around window of 2.8 MB, and the app's peak RSS falls by the difference
(docs/modules/build.md).

    python3 tools/startup_order.py record [--app BIN] [--out tools/startup-order.txt]
        Runs the app under valgrind's callgrind in a pty, as `make bench` runs it (an empty history
        and 1k and 100k entries, up to the history drawn on the first frame, then quit), then once
        more through two cycles of `make bench`'s key script, and writes the sections of every
        function of the binary that ran: the functions the keys run first (most keys first), then
        the rest of start-up's. `make startup-order`.
    python3 tools/startup_order.py check [--app BIN] [--order tools/startup-order.txt]
        Starts the release app as `make bench` does (no valgrind) and reads which pages of its
        code are resident when the first frame is drawn (/proc/PID/pagemap), and again after a
        cycle of the key script. Code resident outside the ordered block means start-up or a key
        now runs functions the file does not list: exit 1 with the figure when that is more than
        --slack-kib (`make bench` runs this first and reports it).

Python standard library, plus valgrind for `record` (a Debian package; `make startup-order`
installs it). Linux only, like the app.
"""

import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import bench  # noqa: E402  (the histories, the environment and the markers `make bench` uses)
from ptyproc import PtyProc, Timeout  # noqa: E402

DEFAULT_APP = os.path.join(ROOT, ".build", "release", "palette-tui")
DEFAULT_ORDER = os.path.join(ROOT, "tools", "startup-order.txt")
PAGE = 4096
# The kernel maps up to 16 pages around a faulting page that are in the page cache
# (fault_around_bytes, 64 KiB): resident code comes in aligned windows of this size.
WINDOW = 64 * 1024
RECORD_SIZES = (0, 1000, 100000)
# The key session recorded and checked: `make bench`'s script (one cycle is 114 keys), 1k entries.
RECORD_KEYS = 228
CHECK_KEYS = 114
# callgrind starts a new dump each time the loop reads the terminal, so each dump after the first
# (start-up) is one key's work: decode, reduce, render, draw, write, poll.
KEY_DUMP_FUNCTION = "$s10TerminalUI6ScreenC10readEvents10inputReadySay0C4Core10InputEventOGSb_tF"
CHECK_SIZES = (0, 1000)
# Listed code gold could not move into the block (C functions have no section of their own: the
# build commit's is 13 bytes) beyond which the build, not the file, is at fault.
STRAY_LIMIT = 16 * 1024
HEADER = """\
# The sections start-up and the keys run, laid out together by gold (--section-ordering-file, Package.swift).
# Written by: python3 tools/startup_order.py record (make startup-order); checked by make bench.
# One input section a line; gold reads every line as a section name, so these lines match none.
"""


def text_symbols(binary):
    """{name: (address, size)} of the binary's function symbols (nm)."""
    out = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    symbols = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            symbols[parts[3]] = (int(parts[0], 16), int(parts[1], 16))
    return symbols


def section_range(binary, name):
    """(address, size) of one section of the binary (readelf)."""
    out = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if m and m.group(1) == name:
            return int(m.group(2), 16), int(m.group(3), 16)
    raise SystemExit(f"startup_order: {binary} has no {name} section")


def start_app(argv, size, home, histories, timeout):
    """Starts argv + --history in a pty as `make bench` does; returns it once the history is drawn."""
    env = bench.base_env(home)
    proc = PtyProc(argv + ["--history", histories[size]], env, bench.COLS, bench.ROWS)
    try:
        proc.wait_for(bench.APP_MARKER.encode(), timeout)
        if size:
            proc.wait_for(bench.NEWEST.encode(), timeout)
    except Timeout:
        proc.kill()
        proc.close()
        raise SystemExit(f"startup_order: {argv[0]} drew no first frame with {size} entries within {timeout} s")
    return proc


# MARK: - record


def callgrind_functions(path, binary):
    """The functions of `binary` with cost in a callgrind output file (names as the symbol table has them)."""
    names = {"ob": {}, "fn": {}}
    space = {"ob": "ob", "cob": "ob", "fn": "fn", "cfn": "fn"}
    current, found = None, []
    with open(path, errors="replace") as f:
        for line in f:
            m = re.match(r"(ob|cob|fn|cfn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if not m:
                continue
            kind, ident, name = m.groups()
            table = names[space[kind]]
            if name is not None:
                table[ident] = name
            if kind == "ob":
                current = os.path.realpath(table[ident])
            elif kind == "fn" and current == binary:
                found.append(table[ident])
    return found


def named(functions):
    """The names of functions that have a section of their own to list.

    callgrind names an address where no symbol starts: the C start files, or a function of
    private linkage (an unnamed value witness, an `objectdestroy`), whose section is
    `.text..L<name>`; those are all placed by one pattern (7 KiB in all). "(below main)" is
    callgrind's name for what ran before main, not a function.
    """
    return {name for name in functions if not re.fullmatch(r"0x[0-9a-f]+", name) and " " not in name}


def record_keys(valgrind, binary, home, histories):
    """{function: keys it ran in} over RECORD_KEYS keys of the bench's script, one callgrind dump a key."""
    out = os.path.join(home, "callgrind-keys.out")
    argv = [valgrind, "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}",
            f"--dump-before={KEY_DUMP_FUNCTION}", binary]
    proc = start_app(argv, 1000, home, histories, timeout=300)
    proc.drain(1.0)
    for key in bench.key_script(RECORD_KEYS):
        proc.send(key)
        proc.settle(3.0, 0.15)
    proc.quit(bench.QUIT, timeout=300)
    proc.close()
    dumps = sorted((p for p in os.listdir(home) if p.startswith("callgrind-keys.out.")),
                   key=lambda p: int(p.rsplit(".", 1)[1]))
    keys = {}
    for dump in dumps[1:]:
        for name in named(set(callgrind_functions(os.path.join(home, dump), binary))):
            keys[name] = keys.get(name, 0) + 1
    print(f"startup_order: {RECORD_KEYS} keys ({len(dumps) - 1} dumps): {len(keys)} functions of the app ran")
    return keys


def own_sections(build_dir):
    """Names of the functions that have a `.text.NAME` section of their own in the project's
    release objects (BUILD_DIR/*.build/*.o, compiled with -function-sections)."""
    names = set()
    for entry in sorted(os.listdir(build_dir)):
        folder = os.path.join(build_dir, entry)
        if not entry.endswith(".build") or not os.path.isdir(folder):
            continue
        for obj in sorted(os.listdir(folder)):
            if obj.endswith(".o"):
                out = subprocess.run(["readelf", "-SW", os.path.join(folder, obj)],
                                     capture_output=True, text=True).stdout
                names.update(re.findall(r"\] \.text\.(\S+)", out))
    return names


def record(args):
    binary = os.path.realpath(args.app)
    valgrind = subprocess.run(["sh", "-c", "command -v valgrind"], capture_output=True, text=True).stdout.strip()
    if not valgrind:
        raise SystemExit("startup_order: record needs valgrind (make startup-order installs it)")
    functions = set()
    with tempfile.TemporaryDirectory(prefix="startup-order-") as home:
        histories = bench.make_histories(home, RECORD_SIZES)
        for size in RECORD_SIZES:
            out = os.path.join(home, f"callgrind-{size}.out")
            argv = [valgrind, "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}", binary]
            proc = start_app(argv, size, home, histories, timeout=300)
            proc.drain(0.5)
            proc.quit(bench.QUIT, timeout=300)
            proc.close()
            ran = callgrind_functions(out, binary)
            functions.update(named(ran))
            print(f"startup_order: {size} entries: {len(set(ran))} functions of the app ran")
        keys = record_keys(valgrind, binary, home, histories)
    # A key comes after a millisecond of other processes, so its code is cold: the functions keys
    # run go first, those most keys run first, so that a key touches a few pages of contiguous
    # code (about 25 a key instead of 60 spread over start-up's block). Then the rest of
    # start-up's, by name. The key-only functions (a few dozen) join the block.
    # Only functions compiled into a section of their own can be moved: the project's objects.
    # The Swift runtime and Foundation come from the toolchain's static archives, whose functions
    # share sections; listing them would only leave them outside the block.
    own = own_sections(os.path.dirname(binary))
    keys = {name: n for name, n in keys.items() if name in own}
    functions = {name for name in functions if name in own}
    hot = sorted(keys, key=lambda name: (-keys[name], name))
    order = hot + sorted(functions - set(hot))
    # A function's jump tables are in a .rodata section of its own name (with -function-sections):
    # they go together at the end of .rodata the same way.
    lines = [".text..L*"] + [f".text.{name}" for name in order]
    lines += [f".rodata.{name}" for name in order]
    with open(args.out, "w") as f:
        f.write(HEADER)
        f.write("\n".join(lines) + "\n")
    print(f"startup_order: wrote {len(lines)} sections to {os.path.relpath(args.out, ROOT)}")


# MARK: - check


def resident_pages(pid, binary):
    """Link-time page numbers of the binary's pages resident in process `pid` (/proc/PID/pagemap),
    and the load bias (runtime address minus link-time address)."""
    mappings = []
    with open(f"/proc/{pid}/maps") as f:
        for line in f:
            parts = line.split()
            if len(parts) > 5 and os.path.realpath(parts[5]) == binary:
                lo, hi = (int(x, 16) for x in parts[0].split("-"))
                mappings.append((lo, hi, int(parts[2], 16)))
    # A position-independent executable is mapped from file offset 0 at its load bias; the first
    # mapping's start minus its offset is that bias (link-time address = runtime address - bias).
    bias = min(lo - offset for lo, _, offset in mappings)
    present = set()
    with open(f"/proc/{pid}/pagemap", "rb") as f:
        for lo, hi, _ in mappings:
            f.seek(lo // PAGE * 8)
            data = f.read((hi - lo) // PAGE * 8)
            for i in range(len(data) // 8):
                if struct.unpack_from("<Q", data, i * 8)[0] >> 63:
                    present.add((lo - bias) // PAGE + i)
    return present, bias


def check(args):
    binary = os.path.realpath(args.app)
    if not os.path.exists(binary):
        raise SystemExit(f"startup_order: no {args.app}; build it first (swift build -c release)")
    symbols = text_symbols(binary)
    listed = []
    with open(args.order) as f:
        for line in f:
            line = line.strip()
            if line.startswith(".text."):
                listed.append(line[len(".text."):])
    placed = [symbols[name] for name in listed if name in symbols]
    missing = len(listed) - len(placed)
    text_lo, text_size = section_range(binary, ".text")
    text_pages = set(range(text_lo // PAGE, (text_lo + text_size - 1) // PAGE + 1))
    if not placed:
        raise SystemExit(f"startup_order: none of the {len(listed)} sections of {args.order} is in {binary}: "
                         "regenerate it (make startup-order)")
    # gold puts the listed sections after all the others, in one run; a listed function that is
    # not in a section of its own (C code) stays where it was. The block is the run of listed
    # functions with no gap of a fault-around window between neighbours that holds the most.
    placed.sort()
    runs, start = [], 0
    for i in range(1, len(placed) + 1):
        if i == len(placed) or placed[i][0] - (placed[i - 1][0] + placed[i - 1][1]) >= WINDOW:
            runs.append(placed[start:i])
            start = i
    run = max(runs, key=len)
    run_lo, run_hi = run[0][0], run[-1][0] + run[-1][1]
    block_lo = run_lo // WINDOW * WINDOW
    block_hi = -(-run_hi // WINDOW) * WINDOW
    code = sum(size for _, size in run)
    if block_hi - block_lo > 2 * code + 2 * WINDOW:
        # Laid out together, the listed functions fill their span (alignment aside); here other code
        # lies between them: the objects were compiled without -function-sections, or not linked
        # with the file (a release build directory older than Package.swift's flags keeps them).
        print(f"startup_order: {args.app}: the {len(placed)} listed functions "
              f"({code // 1024} KiB) are spread over {(block_hi - block_lo) // 1024} KiB of .text: it was not "
              "built with -function-sections and the ordering file; build it again from a clean "
              "release directory (rm -rf .build/*/release)", file=sys.stderr)
        return 1
    # gold moves every listed function that has a section of its own into the block, so listed
    # functions left outside it (beyond the few C functions, which have none) were compiled into
    # a shared .text: objects from before -function-sections, which SwiftPM can keep in a release
    # build directory older than the flags. That is the build's fault, not a stale file's:
    # re-recording would not move them, and the fix is a clean release directory.
    inside = {address for address, _ in run}
    strays = [(address, size) for address, size in placed if address not in inside]
    stray_code = sum(size for _, size in strays)
    if stray_code > STRAY_LIMIT:
        print(f"startup_order: {args.app}: {len(strays)} of the {len(placed)} listed functions "
              f"({stray_code // 1024} KiB) lie outside the ordered block, so their objects were compiled "
              "without -function-sections (a release build directory older than Package.swift's flags); "
              "the file is not the problem: rm -rf .build/*/release, build again, and check", file=sys.stderr)
        return 1
    # The pages that hold the project's own functions: the toolchain's static runtime and
    # Foundation, linked into the binary, share sections and cannot be ordered, so their resident
    # pages are reported but not held against the file.
    own = own_sections(os.path.dirname(binary))
    own_pages = set()
    other_pages = set()
    for name, (address, size) in symbols.items():
        pages = range(address // PAGE, (address + max(size, 1) - 1) // PAGE + 1)
        (own_pages if name in own else other_pages).update(pages)
    def windows(bias):
        """The block and the first window of .text, in link-time pages, as the kernel maps them
        in this process: a fault maps the aligned window of virtual addresses around it
        (fault-around), and the load bias is random and page-aligned only, so the windows fall
        where the runtime addresses' alignment puts them, not the link-time addresses'."""

        def down(address):
            return (address + bias) // WINDOW * WINDOW - bias

        def up(address):
            return -(-(address + bias) // WINDOW) * WINDOW - bias

        block = set(range(down(run_lo) // PAGE, up(run_hi) // PAGE))
        # The first window of .text holds the C start files' code (_start and the like), the
        # runtime's image constructor and the build commit's C function, which are not in sections
        # of their own and run before anything else.
        first = set(range(down(text_lo) // PAGE, (down(text_lo) + WINDOW) // PAGE))
        # A window that also holds the toolchain's code (where the project's objects end and the
        # static runtime's begin) is mapped whole when that code runs: its project pages say
        # nothing about the file.
        shared = set()
        for page in other_pages:
            lo = down(page * PAGE) // PAGE
            shared.update(range(lo, lo + WINDOW // PAGE))
        return block, first | (shared & own_pages)

    worst = 0
    with tempfile.TemporaryDirectory(prefix="startup-order-") as home:
        histories = bench.make_histories(home, CHECK_SIZES)
        for size in CHECK_SIZES:
            proc = start_app([binary], size, home, histories, timeout=20)
            proc.drain(0.3)
            stages = [(f"{size} entries", *resident_pages(proc.pid, binary))]
            if size == 1000:
                for key in bench.key_script(CHECK_KEYS):
                    proc.send(key)
                    proc.settle(0.5, 0.005)
                stages.append((f"{size} entries and {CHECK_KEYS} keys", *resident_pages(proc.pid, binary)))
            proc.quit(bench.QUIT)
            proc.close()
            for label, present, bias in stages:
                present &= text_pages
                block, first = windows(bias)
                outside = present - block - first
                own_outside = outside & own_pages
                worst = max(worst, len(own_outside))
                print(f"startup_order: {label}: {len(present) * PAGE // 1024} KiB of .text resident, "
                      f"{len(outside) * PAGE // 1024} KiB outside the ordered block "
                      f"({(block_hi - block_lo) // 1024} KiB), of which {len(own_outside) * PAGE // 1024} KiB "
                      "hold the project's own code")
    if missing:
        print(f"startup_order: {missing} of {len(listed)} listed sections are no longer in the binary")
    if worst * PAGE > args.slack_kib * 1024:
        print(f"startup_order: STALE: start-up or the keys run code outside {os.path.relpath(args.order, ROOT)} "
              f"({worst * PAGE // 1024} KiB of the project's code resident outside the block, "
              f"{args.slack_kib} KiB allowed); "
              "regenerate it: make startup-order", file=sys.stderr)
        return 1
    print(f"startup_order: {os.path.relpath(args.order, ROOT)} is current "
          f"(at most {worst * PAGE // 1024} KiB of the project's code outside the block, "
          f"{args.slack_kib} KiB allowed)")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record", help="write the ordering file from a callgrind run of start-up")
    rec.add_argument("--app", default=DEFAULT_APP)
    rec.add_argument("--out", default=DEFAULT_ORDER)
    chk = commands.add_parser("check", help="fail when start-up runs code the ordering file does not list")
    chk.add_argument("--app", default=DEFAULT_APP)
    chk.add_argument("--order", default=DEFAULT_ORDER)
    chk.add_argument("--slack-kib", type=int, default=128)
    args = parser.parse_args()
    if args.command == "record":
        record(args)
        return 0
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
