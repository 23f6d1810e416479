"""A loopback stand-in for Gemini's generateContent that answers at once, for `make bench`.

Listens on 127.0.0.1 only, on the port given (0: any free port), and prints `port N` once ready.
Every POST gets the same successful generateContent body whose text is a palette as JSON (the
palette's hex codes are given on the command line, so the driver knows what the app must draw).
After each response it prints `served NS`: the nanoseconds from the request line having been read to
the response being flushed, the server's own time that the driver subtracts.
It exits when its standard input closes, so it never outlives the driver.
"""

import http.server
import json
import sys
import threading
import time


def body_for(primary, secondary, accent):
    text = json.dumps({"primary": primary, "secondary": secondary, "accent": accent})
    return json.dumps({
        "candidates": [{
            "content": {"parts": [{"text": text}], "role": "model"},
            "finishReason": "STOP",
            "index": 0,
        }],
        "usageMetadata": {"promptTokenCount": 120, "candidatesTokenCount": 30, "totalTokenCount": 150},
        "modelVersion": "gemini-2.5-flash-lite",
    }).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    body = b""

    def parse_request(self):
        self.began = time.perf_counter_ns()
        return super().parse_request()

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)
        self.wfile.flush()
        print(f"served {time.perf_counter_ns() - self.began}", flush=True)

    def log_message(self, *args):
        pass


def main():
    port = int(sys.argv[1])
    Handler.body = body_for(*sys.argv[2:5])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"port {server.server_address[1]}", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
