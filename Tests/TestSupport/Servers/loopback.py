#!/usr/bin/env python3
"""What every scripted stand-in server in this folder shares (Python standard library only):
the script of steps and the request log (`Script`), the handler that reads and logs a request
and plays a step (`StepHandler`), the threading server and the serving loop (`serve`), and the
command line of the servers that take only a script (`script_arguments`, `run`).

A step is a JSON object; gemini_server.py's docstring lists the keys every server plays
(fixture, body/json, status, content_type, headers, replace, delay, trickle, chunked, encode,
hang, close, reset_after, close_after, truncate, huge_mb, gzip_mb, header_flood). Each server adds its own:
what it checks in a request, and the step that is the model's or the service's own answer.

The servers are started as `python3 Tests/TestSupport/Servers/NAME.py` (TestSupport's
`LoopbackServer`), which makes this folder the first entry of their import path; each also
puts it there itself, so `import loopback` holds however the script is started.
"""

import json
import os
import select
import signal
import socket
import struct
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))


class Script:
    """The steps, the position in them, and the request log, shared by all handler threads."""

    def __init__(self, steps, fixtures, record):
        self.steps = steps
        self.fixtures = fixtures
        self.record = record
        self.index = 0
        self.lock = threading.Lock()
        self.stopping = threading.Event()

    def next_step(self):
        with self.lock:
            step = self.steps[min(self.index, len(self.steps) - 1)]
            self.index += 1
            return step

    def log(self, entry):
        if not self.record:
            return
        line = json.dumps(entry, ensure_ascii=False) + "\n"
        with self.lock:
            with open(self.record, "a", encoding="utf-8") as f:
                f.write(line)
                f.flush()

    def body_for(self, step):
        """The body bytes, status and content type a step sends."""
        content_type = step.get("content_type")
        if "fixture" in step:
            path = step["fixture"]
            if not os.path.isabs(path):
                path = os.path.join(self.fixtures, path)
            with open(path, "rb") as f:
                data = f.read()
            if content_type is None and path.endswith(".html"):
                content_type = "text/html; charset=UTF-8"
        elif "json" in step:
            data = json.dumps(step["json"], ensure_ascii=False).encode("utf-8")
        else:
            data = step.get("body", "").encode("utf-8")
        for old, new in step.get("replace", {}).items():
            data = data.replace(old.encode("utf-8"), new.encode("utf-8"))
        status = step.get("status")
        if status is None:
            status = 200
            try:
                parsed = json.loads(data)
                if isinstance(parsed, list) and parsed:
                    parsed = parsed[0]
                if isinstance(parsed, dict) and isinstance(parsed.get("error"), dict):
                    status = int(parsed["error"].get("code", 500))
            except (ValueError, TypeError):
                pass
        return data, status, content_type or "application/json; charset=UTF-8"


class StepHandler(BaseHTTPRequestHandler):
    """Reads and logs requests, plays steps; each server's handler adds do_GET and do_POST."""

    protocol_version = "HTTP/1.1"
    server_version = "loopback/1"
    # Headers and body go out in separate writes; with Nagle's algorithm on, the body of a
    # second request on a kept-alive connection would wait ~40 ms for the client's delayed ACK.
    disable_nagle_algorithm = True

    def log_message(self, format, *args):
        pass

    def received(self):
        """Reads the request's body (by its Content-Length) and logs the request as one line:
        method, path, the client's port ("peer"), headers (names in lower case) and body.
        Returns the body's bytes."""
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        self.server.script.log({
            "method": self.command,
            "path": self.path,
            "peer": self.client_address[1],
            "headers": {k.lower(): v for k, v in self.headers.items()},
            "body": raw.decode("utf-8", errors="replace"),
        })
        return raw

    def send_body(self, status, data, content_type):
        """A whole answer at once: the status, the content type and length, the body's bytes."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def answer(self, script, step):
        if step.get("hang"):
            self.wait_for_disconnect(script)
            self.close_connection = True
            return
        if step.get("close"):
            self.close_connection = True
            return
        if step.get("delay"):
            if script.stopping.wait(float(step["delay"])):
                return
        if "huge_mb" in step:
            self.send_huge(int(step["huge_mb"]), bool(step.get("chunked")))
            return
        if "gzip_mb" in step:
            self.send_gzip_bomb(script, float(step["gzip_mb"]), bool(step.get("chunked")), step.get("trickle"),
                                int(step.get("piece_kib", 64)))
            return
        data, status, content_type = script.body_for(step)
        encoding = step.get("encode")
        if encoding == "gzip":
            packer = zlib.compressobj(9, zlib.DEFLATED, 31)
            data = packer.compress(data) + packer.flush()
        elif encoding == "deflate":
            data = zlib.compress(data, 9)
        if "truncate" in step:
            data = data[: int(step["truncate"])]
        chunked = bool(step.get("chunked"))
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(len(data)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        for name, value in step.get("headers", {}).items():
            self.send_header(name, value)
        flood = step.get("header_flood")
        if flood:
            # count header lines of size bytes each: too many headers, or one giant line.
            for i in range(int(flood.get("count", 1))):
                self.send_header("X-Flood-%d" % i, "f" * int(flood.get("size", 1024)))
        self.end_headers()

        def write(piece):
            self.wfile.write(b"%x\r\n" % len(piece) + piece + b"\r\n" if chunked else piece)
            self.wfile.flush()

        if step.get("body_delay"):
            if script.stopping.wait(float(step["body_delay"])):
                return
        cut = step.get("reset_after", step.get("close_after"))
        if cut is not None:
            write(data[: int(cut)])
            time.sleep(float(step.get("reset_delay", 0.05)))
            if "reset_after" in step:
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            else:
                self.connection.shutdown(socket.SHUT_RDWR)
            self.connection.close()
            self.close_connection = True
            return
        if step.get("trickle"):
            pause = float(step["trickle"])
            size = int(step.get("trickle_bytes", 16))
            for i in range(0, len(data), size):
                write(data[i:i + size])
                if script.stopping.wait(pause):
                    return
        else:
            write(data)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")

    def wait_for_disconnect(self, script):
        """Holds the request open until the client goes away (then logs it) or the server stops."""
        while not script.stopping.is_set():
            readable, _, _ = select.select([self.connection], [], [], 0.05)
            if readable:
                try:
                    data = self.connection.recv(4096, socket.MSG_PEEK)
                except OSError:
                    data = b""
                if not data:
                    script.log({"event": "client-disconnected", "path": self.path})
                    return
                time.sleep(0.05)

    def send_huge(self, mib, chunked):
        """A JSON-looking body of `mib` MiB: a long string inside a candidate's text."""
        size = mib * 1024 * 1024
        head = b'{"candidates": [{"content": {"parts": [{"text": "'
        tail = b'"}]}}]}'
        piece = b"#ABCDEF " * 8192
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(size))
        self.end_headers()

        def write(data):
            if chunked:
                self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")
            else:
                self.wfile.write(data)

        write(head)
        sent = len(head)
        while sent < size - len(tail):
            chunk = piece[: size - len(tail) - sent]
            write(chunk)
            sent += len(chunk)
        write(tail)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")

    def send_gzip_bomb(self, script, mib, chunked, trickle, piece_kib):
        """`mib` MiB of gzip on the wire: a JSON answer whose text is zeros, ~1,000 times larger
        decompressed. Built from one full-flushed block of compressed zeros, repeated: each block
        stands alone, so the stream is valid however many are sent (the trailer's CRC is only
        computed if a client reads that far)."""
        packer = zlib.compressobj(9, zlib.DEFLATED, 31)
        head = packer.compress(b'{"candidates": [{"content": {"parts": [{"text": "') + packer.flush(zlib.Z_FULL_FLUSH)
        zeros = b"0" * (1 << 20)
        block = packer.compress(zeros) + packer.flush(zlib.Z_FULL_FLUSH)
        tail_plain = b'"}]}}]}'
        count = max(1, int(mib * (1 << 20)) // len(block))
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        self.send_header("Content-Encoding", "gzip")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        pieces_per_write = max(1, (piece_kib << 10) // len(block))

        def write(data):
            self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n" if chunked else data)

        if not chunked:
            # No Content-Length: closing the connection ends the body.
            self.close_connection = True
        write(head)
        sent = 0
        while sent < count:
            n = min(pieces_per_write, count - sent)
            write(block * n)
            sent += n
            if trickle:
                # Tests wait on this rather than on a clock: "so many pieces are on the wire".
                script.log({"event": "gzip-piece-sent", "path": self.path})
                if script.stopping.wait(float(trickle)):
                    return
        prefix = b'{"candidates": [{"content": {"parts": [{"text": "'
        crc = zlib.crc32(prefix)
        for _ in range(count):
            crc = zlib.crc32(zeros, crc)
        crc = zlib.crc32(tail_plain, crc)
        size = len(prefix) + count * len(zeros) + len(tail_plain)
        # zlib's own trailer counted the block once; the stream carries it `count` times.
        ending = packer.compress(tail_plain) + packer.flush()
        write(ending[:-8] + struct.pack("<II", crc, size & 0xFFFFFFFF))
        if chunked:
            self.wfile.write(b"0\r\n\r\n")


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve(server, script, max_seconds, watch_stdin):
    """Prints the port, then serves until SIGTERM/SIGINT, `max_seconds`, or (with `watch_stdin`)
    the end of standard input. Shared by every scripted server in this folder."""

    def stop(*_):
        script.stopping.set()
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    timer = threading.Timer(max_seconds, stop)
    timer.daemon = True
    timer.start()
    if watch_stdin:
        def watch():
            # The raw descriptor, not sys.stdin: a daemon thread blocked in a buffered read
            # makes interpreter shutdown abort.
            while os.read(0, 4096):
                pass
            stop()
        threading.Thread(target=watch, daemon=True).start()

    print(server.server_address[1], flush=True)
    server.serve_forever(poll_interval=0.1)
    server.server_close()


def script_arguments(parser):
    """The options every server that takes only a script has, after its own: --steps (default
    one step {"palette": true}, the model's or service's own answer), --record, --watch-stdin and
    --max-seconds."""
    parser.add_argument("--steps", default='[{"palette": true}]', help="the script as a JSON array of steps")
    parser.add_argument("--record", help="append each received request as a JSON line to this file")
    parser.add_argument("--watch-stdin", action="store_true", help="exit when standard input reaches end of file")
    parser.add_argument("--max-seconds", type=float, default=600, help="exit after this long (default 600)")


def checked_steps(parser, steps):
    """`steps`, once they are a non-empty list of objects (else the usage error, exit 2)."""
    if not isinstance(steps, list) or not steps or not all(isinstance(s, dict) for s in steps):
        parser.error("a script is a non-empty JSON array of objects")
    return steps


def run(parser, args, handler, **settings):
    """Serves `args.steps` (`script_arguments`) with `handler` on a free loopback port, fixture
    paths relative to this folder, each of `settings` an attribute of the server; returns 0
    once stopped."""
    script = Script(checked_steps(parser, json.loads(args.steps)), HERE, args.record)
    server = Server(("127.0.0.1", 0), handler)
    server.script = script
    for name, value in settings.items():
        setattr(server, name, value)
    serve(server, script, args.max_seconds, args.watch_stdin)
    return 0
