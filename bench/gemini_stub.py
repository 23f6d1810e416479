"""A loopback stand-in for Gemini's generateContent that answers at once, for `make bench`.

Listens on 127.0.0.1 only, on the port given (0: any free port), and prints `port N` once ready.
Every POST gets a successful generateContent body whose text is a palette as JSON: request K
(counting from 0) gets `palette_for(K)`, so the driver knows what the app must draw next and a
repeated request still changes the screen. After each response it prints `served NS`: the
nanoseconds from the request line having been read to the response being flushed, the server's
own time that the driver subtracts.
It exits when its standard input closes, so it never outlives the driver.

Optional arguments after the port make it slow, for the waiting-CPU figure: `delay=S` waits S
seconds before the headers; `trickle=S` sends the headers at once and then the body in 16-byte
pieces spread over S seconds.
"""

import http.server
import json
import sys
import threading
import time


def palette_for(k):
    """The palette of request K: every hex digit of the accent differs from request K-1's.

    ncurses sends only the cells that changed, so a digit shared with the previous accent
    might never be written again; with all six changed, they reach the pty side by side.
    """
    digits = "".join("0123456789ABCDEF"[(k + offset) % 16] for offset in (15, 3, 7, 11, 1, 9))
    return "#1B4D3E", "#C8A2C8", "#" + digits


def body_for(k):
    primary, secondary, accent = palette_for(k)
    text = json.dumps({"primary": primary, "secondary": secondary, "accent": accent})
    return json.dumps({
        "candidates": [{
            "content": {"parts": [{"text": text}], "role": "model"},
            "finishReason": "STOP",
            "index": 0,
        }],
        "usageMetadata": {"promptTokenCount": 120, "candidatesTokenCount": 30, "totalTokenCount": 150},
        "modelVersion": "gemini-3.5-flash-lite",
    }).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body are separate writes: with Nagle's algorithm on, the body of a request on
    # a kept-alive connection would wait ~40 ms for the client's delayed ACK, which no real
    # server (TCP_NODELAY) makes a client pay.
    disable_nagle_algorithm = True
    lock = threading.Lock()
    count = 0
    delay = 0.0
    trickle = 0.0

    def parse_request(self):
        self.began = time.perf_counter_ns()
        return super().parse_request()

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        with Handler.lock:
            body = body_for(Handler.count)
            Handler.count += 1
        if Handler.delay:
            time.sleep(Handler.delay)
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if Handler.trickle:
            pieces = [body[i:i + 16] for i in range(0, len(body), 16)]
            for piece in pieces:
                self.wfile.write(piece)
                self.wfile.flush()
                time.sleep(Handler.trickle / len(pieces))
        else:
            self.wfile.write(body)
        self.wfile.flush()
        print(f"served {time.perf_counter_ns() - self.began}", flush=True)

    def log_message(self, *args):
        pass


def main():
    port = int(sys.argv[1])
    for option in sys.argv[2:]:
        name, _, value = option.partition("=")
        setattr(Handler, {"delay": "delay", "trickle": "trickle"}[name], float(value))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"port {server.server_address[1]}", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
