#!/usr/bin/env python3
"""A made-up palette service, "swatch/1", on loopback, for ProviderKit's tests (standard library only).

The protocol is nothing like Gemini's, on purpose: a provider written against ProviderKit's
public API alone must get the deadline, cancellation, retries, the size limit and refused
redirects without any of Gemini's code.

    POST /v1/swatch
    Authorization: Swatch <key>
    Content-Type: application/x-www-form-urlencoded
    description=<text>&variation=<n>[&seed=<n>]

    200 text/plain       one "role #RRGGBB" line per role, then "model <name>"
    4xx/5xx text/plain   "error <words>"; 429 and 503 may carry Retry-After (seconds)

It checks what a real service would: the path (404), the key (401 "error bad-key"), the
content type (415) and the description (400). A request that passes is answered with the
next step of a script, as in gemini_server.py (loopback.py's step machinery: status,
body, headers, delay, trickle, hang, close, reset_after, truncate, huge_mb); a step
{"palette": true} is the service's own answer: colours derived from the description and
variation, logged as the event "answered #RRGGBB #RRGGBB #RRGGBB" so a test can compare.

    python3 Tests/TestSupport/Servers/swatch_server.py --key K --steps '[{"palette": true}]'

The first line on standard output is the port. Every request is recorded as a JSON line
(--record), hanging steps log "client-disconnected" when the client hangs up.
"""

import argparse
import hashlib
import os
import sys
from urllib.parse import parse_qs

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loopback import StepHandler, run, script_arguments  # noqa: E402

ROLES = ("primary", "secondary", "accent")


def palette_for(description, variation):
    """Three colours that depend only on the description and the variation."""
    digest = hashlib.sha256(f"{variation}:{description}".encode("utf-8")).digest()
    return ["#%02X%02X%02X" % tuple(digest[i:i + 3]) for i in (0, 3, 6)]


class SwatchHandler(StepHandler):
    server_version = "swatch-loopback/1"

    def do_GET(self):
        self.reply(405, "error only-post")

    def do_POST(self):
        script = self.server.script
        raw = self.received()
        if self.path != "/v1/swatch":
            return self.reply(404, "error no-such-path")
        if self.headers.get("Authorization") != "Swatch " + self.server.key:
            return self.reply(401, "error bad-key")
        if not (self.headers.get("Content-Type") or "").startswith("application/x-www-form-urlencoded"):
            return self.reply(415, "error form-only")
        try:
            form = parse_qs(raw.decode("utf-8"), keep_blank_values=True, strict_parsing=True)
            description = form["description"][0]
            variation = int(form.get("variation", ["0"])[0])
        except (UnicodeDecodeError, ValueError, KeyError, IndexError):
            return self.reply(400, "error no-description")
        if not description.strip():
            return self.reply(400, "error no-description")
        step = script.next_step()
        if step.get("palette"):
            colours = palette_for(description, variation)
            lines = [f"{role} {hex}" for role, hex in zip(ROLES, colours)] + ["model swatch-1"]
            step = dict(step, body="\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
            script.log({"event": "answered " + " ".join(colours), "path": self.path})
        step.setdefault("content_type", "text/plain; charset=utf-8")
        try:
            self.answer(script, step)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def reply(self, status, text):
        self.send_body(status, (text + "\n").encode("utf-8"), "text/plain; charset=utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description="A made-up palette service on loopback (tests only).")
    parser.add_argument("--key", required=True, help="the only key the service accepts")
    script_arguments(parser)
    args = parser.parse_args(argv)
    return run(parser, args, SwatchHandler, key=args.key)


if __name__ == "__main__":
    sys.exit(main())
