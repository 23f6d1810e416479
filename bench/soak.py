#!/usr/bin/env python3
"""make soak: the release app for a long session against a loopback Gemini that misbehaves.

Python standard library only; not part of `make test`. The app runs on a pty (`ptyproc.py`,
80x24 to start) with a key for the loopback stand-in (`Tests/TestSupport/Servers/gemini_server.py`)
whose script is every kind of answer once (in the warm-up minute), then a seeded random mix of good answers and the faults the test suite knows one by
one: 503 and 500, 429 with a short retryDelay, a daily-quota 429, resets and closes mid-body,
slow headers, trickling and chunked bodies, small gzip bombs, truncated JSON, HTML, a hang
that the app's --timeout ends, a safety block, an answer with no text. The driver types
descriptions (English, Chinese, emoji, long pastes), generates, cancels with Esc, rolls `r`,
walks and filters the history, opens help, copies, and resizes the window, without pause.

Every ten seconds it samples the resident set (VmRSS), open file descriptors and threads from
/proc. The first minute is warm-up (the history, the transport, caches); after it the figures
must stay flat: resident set within 8 MiB (or 10 %) of the first minute's highest, descriptors
and threads never above the first minute's highest + 2 (a request in flight has a socket and
the transport one thread). It prints a table a minute and the verdict, and writes the result to
bench/soak.md (make bench appends it to docs/benchmarks.md) and into docs/benchmarks.md's
"Soak" section. Exit status 1 if the app died, did not quit cleanly, or a figure grew.

    python3 bench/soak.py --minutes 30 [--seed 1] [--bin .build/release/palette-tui]
"""

import argparse
import json
import os
import random
import re
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import fcntl
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from ptyproc import PtyProc  # noqa: E402

SERVER = os.path.join(ROOT, "Tests", "TestSupport", "Servers", "gemini_server.py")
PALETTE = "palette-tui/palette-forest-morning.json"

FAULTS = [
    # (weight, step)
    (30, {"fixture": PALETTE}),
    (6, {"fixture": "googleai/unary-success-basic-reply-short.json"}),
    (6, {"fixture": "from-issues/error-503-unavailable-overloaded.json"}),
    (3, {"fixture": "from-issues/error-500-internal.json"}),
    (5, {"fixture": "from-issues/error-429-resource-exhausted-quota-retryinfo.json",
         "replace": {"\"26s\"": "\"0.2s\""}}),
    (2, {"fixture": "from-issues/error-429-resource-exhausted-daily-quota.json"}),
    (4, {"fixture": PALETTE, "reset_after": 40}),
    (4, {"fixture": PALETTE, "close_after": 30}),
    (3, {"close": True}),
    (4, {"fixture": PALETTE, "delay": 1.5}),
    (4, {"fixture": PALETTE, "trickle": 0.02}),
    (3, {"fixture": PALETTE, "trickle": 0.01, "chunked": True}),
    (3, {"gzip_mb": 1}),
    (3, {"fixture": PALETTE, "truncate": 60}),
    (2, {"body": "<html><body>502 Bad Gateway</body></html>", "status": 502, "content_type": "text/html"}),
    (2, {"hang": True}),
    (2, {"fixture": "googleai/unary-failure-finish-reason-safety.json"}),
    (2, {"fixture": "from-issues/success-200-max-tokens-no-parts-thinking.json"}),
    (2, {"fixture": PALETTE, "encode": "gzip"}),
]

WORDS = [
    "calm forest morning", "寧靜的森林早晨", "宁静的森林早晨", "forêt calme au matin", "neon night market",
    "desert canyon at noon", "海邊的日出", "rainy Tokyo street 🌧️", "autumn tea house", "frozen lake",
    "lavender field", "deep sea", "candle light dinner", "spring cherry blossom 櫻花", "storm over the sea",
]

SIZES = [(80, 24), (120, 40), (100, 30), (40, 12), (30, 8), (200, 60), (80, 24)]


def server_script(rng, count, exclude=()):
    faults = [(w, step) for w, step in FAULTS if not any(k in step for k in exclude)]
    weights = [w for w, _ in faults]
    # Every kind once first, in a random order, so the warm-up minute meets each of them (the
    # highest a bounded request may take, a 4 MiB gzip body refused, is then part of the
    # baseline); then the seeded random mix.
    first = [dict(step) for _, step in faults]
    rng.shuffle(first)
    return first + [dict(step) for _, step in rng.choices(faults, weights=weights, k=count)]


def start_server(script_path, record_path, seconds):
    proc = subprocess.Popen(
        [sys.executable, SERVER, "--script", script_path, "--record", record_path, "--max-seconds", str(seconds + 120), "--watch-stdin"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = int(proc.stdout.readline().strip())
    return proc, port


def resize(app, cols, rows):
    fcntl.ioctl(app.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    os.kill(app.pid, signal.SIGWINCH)


def fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def sample(app):
    return {
        "rss": app.status_kib("VmRSS"),
        "fds": fds(app.pid),
        "threads": app.threads(),
        "cpu": app.cpu_seconds(),
    }


def act(app, rng, counts):
    """One scripted user action."""
    kind = rng.choices(
        ["generate", "roll", "cancel", "browse", "filter", "help", "copy", "resize", "paste", "tab"],
        weights=[30, 10, 8, 14, 6, 3, 4, 8, 4, 5])[0]
    counts[kind] = counts.get(kind, 0) + 1
    send = app.send
    if kind == "generate":
        # The driver does not read the screen, so it does not know where the focus is: a few
        # Tabs land anywhere in the focus cycle. In the field this generates; elsewhere the
        # same keys browse, favourite, delete, undo or roll (no description holds a "q").
        send(b"\x1b" + b"\t" * rng.randint(0, 3))
        send(b"\x15")  # Ctrl-U: clear the field
        send(rng.choice(WORDS).encode())
        send(b"\r")
        app.drain(rng.uniform(0.3, 3.0))
    elif kind == "roll":
        send(b"\t\t")
        send(b"r")
        app.drain(rng.uniform(0.3, 2.0))
    elif kind == "cancel":
        send(b"\x15" + rng.choice(WORDS).encode() + b"\r")
        app.drain(rng.uniform(0.05, 0.6))
        send(b"\x1b")
        app.drain(0.2)
    elif kind == "browse":
        send(b"\t\t\t")
        for _ in range(rng.randint(1, 12)):
            send(rng.choice([b"\x1b[A", b"\x1b[B", b"\x1b[5~", b"\x1b[6~", b"j", b"k"]))
            app.drain(0.02)
        send(b"\x1b")
    elif kind == "filter":
        send(b"\t\t\t/")
        for ch in rng.choice(["for", "海", "night", "#2f", "zz"]):
            send(ch.encode())
            app.drain(0.03)
        send(b"\x1b\x1b")
    elif kind == "help":
        send(b"\t?")
        app.drain(0.2)
        send(b"\x1b[6~\x1b")
    elif kind == "copy":
        send(b"\t\tc")
        app.drain(0.1)
    elif kind == "resize":
        cols, rows = rng.choice(SIZES)
        resize(app, cols, rows)
        app.drain(0.1)
    elif kind == "paste":
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(50, 800)))
        send(b"\x15\x1b[200~" + text.encode() + b"\x1b[201~")
        app.drain(0.2)
    elif kind == "tab":
        send(b"\t")
    # Keep the driver's own memory flat: the screen bytes are not needed.
    del app.output[:]


def judge(samples, warmup_s):
    first = [s for s in samples if s["t"] <= warmup_s]
    later = [s for s in samples if s["t"] > warmup_s]
    if not first or not later:
        return ["not enough samples"], {}
    base = {k: max(s[k] for s in first) for k in ("rss", "fds", "threads")}
    peak = {k: max(s[k] for s in later) for k in ("rss", "fds", "threads")}
    problems = []
    rss_room = max(8 * 1024, base["rss"] // 10)
    if peak["rss"] > base["rss"] + rss_room:
        problems.append(f"resident set grew from {base['rss']} KiB to {peak['rss']} KiB")
    if peak["fds"] > base["fds"] + 2:
        problems.append(f"descriptors grew from {base['fds']} to {peak['fds']}")
    if peak["threads"] > base["threads"] + 2:
        problems.append(f"threads grew from {base['threads']} to {peak['threads']}")
    last = later[-1]
    return problems, {"base": base, "peak": peak, "last": last}


def table(samples):
    rows = ["| minute | RSS (MiB) | fds | threads | CPU (s, total) |", "|---|---|---|---|---|"]
    by_minute = {}
    for s in samples:
        by_minute.setdefault(int(s["t"] // 60), []).append(s)
    for minute in sorted(by_minute):
        group = by_minute[minute]
        rss = max(s["rss"] for s in group) / 1024
        rows.append(f"| {minute + 1} | {rss:.1f} | {max(s['fds'] for s in group)} | "
                    f"{max(s['threads'] for s in group)} | {group[-1]['cpu']:.1f} |")
    return rows


def write_results(text):
    with open(os.path.join(HERE, "soak.md"), "w") as f:
        f.write(text)
    path = os.path.join(ROOT, "docs", "benchmarks.md")
    try:
        with open(path) as f:
            doc = f.read()
    except OSError:
        return
    section = re.compile(r"\n## Soak \(make soak\).*?(?=\n## |\Z)", re.S)
    if section.search(doc):
        doc = section.sub(lambda _: "\n" + text.rstrip("\n") + "\n", doc)
    else:
        doc = doc.rstrip("\n") + "\n\n" + text
    with open(path, "w") as f:
        f.write(doc)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "palette-tui"))
    parser.add_argument("--exclude", default="", help="leave out faults with these step keys (e.g. gzip_mb,hang)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave the docs alone")
    args = parser.parse_args()
    seconds = args.minutes * 60
    warmup = min(60.0, seconds / 3)
    rng = random.Random(args.seed)

    with tempfile.TemporaryDirectory(prefix="palette-soak-") as tmp:
        script = os.path.join(tmp, "script.json")
        with open(script, "w") as f:
            json.dump(server_script(rng, 20000, [k for k in args.exclude.split(",") if k]), f)
        record = os.path.join(tmp, "requests.jsonl")
        server, port = start_server(script, record, seconds)
        env = {
            "PATH": "/usr/bin:/bin", "HOME": tmp, "TERM": "xterm-256color", "LANG": "C.UTF-8",
            "GEMINI_API_KEY": "soak-not-a-secret", "GEMINI_BASE_URL": f"http://127.0.0.1:{port}",
            "XDG_STATE_HOME": os.path.join(tmp, "state"),
        }
        argv = [args.bin, "--timeout", "4", "--clipboard", "osc52"]
        app = PtyProc(argv, env, cols=80, rows=24)
        app.drain(1.0)
        start = time.monotonic()
        samples, counts, next_sample, next_print = [], {}, 0.0, 60.0
        died = None
        print(f"soak: {args.minutes:g} minutes, seed {args.seed}, server on port {port}", flush=True)
        while True:
            now = time.monotonic() - start
            if app._poll_exit() is not None:
                died = f"the app exited with status {app.exit_status} after {now:.0f} s"
                break
            if now >= next_sample:
                s = sample(app)
                s["t"] = now
                samples.append(s)
                next_sample += 10
            if now >= next_print:
                print(table(samples)[-1], flush=True)
                next_print += 60
            if now >= seconds:
                break
            act(app, rng, counts)
        clean = False if died else app.quit(keys=b"\x1b\x03\x03", timeout=10)
        with open(record) as f:
            requests = sum(1 for line in f if '"method": "POST"' in line)
        server.stdin.close()
        server.terminate()
        server.wait(10)

    problems, figures = judge(samples, warmup)
    if died:
        problems.insert(0, died)
    elif not clean:
        problems.append("the app did not quit cleanly on q")
    actions = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    lines = [
        "## Soak (make soak)",
        "",
        f"{args.minutes:g} minutes of the release app on an 80x24 pty (resized at random) against the "
        "loopback Gemini stand-in answering a seeded random mix of good answers and faults "
        f"(bench/soak.py, seed {args.seed}, `--timeout 4`): {requests} requests. Actions: {actions}. Sampled every 10 s; "
        "the first minute is warm-up, after it the resident set must stay within 8 MiB (or 10 %) of "
        "the warm-up's highest and descriptors and threads within 2 of it.",
        "",
    ] + table(samples) + [""]
    if figures:
        b, p = figures["base"], figures["peak"]
        lines.append(f"After warm-up: RSS {b['rss'] / 1024:.1f} -> highest {p['rss'] / 1024:.1f} MiB, "
                     f"fds {b['fds']} -> {p['fds']}, threads {b['threads']} -> {p['threads']}.")
    lines.append("Verdict: " + ("flat." if not problems else "NOT flat: " + "; ".join(problems) + "."))
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.no_write and args.minutes >= 30:
        write_results(text)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
