#!/usr/bin/env python3
"""A scripted stand-in for the Gemini API on loopback, for tests (Python standard library only).

It answers each POST with the next step of a script, repeating the last step once the script
runs out, and records every request it receives (method, path, headers, body) as one JSON line
(and, for a hanging step, a line {"event": "client-disconnected"} when the client hangs up).
Each request line also has "peer", the client's port, so a test can tell a reused connection.

    python3 Tests/TestSupport/Servers/gemini_server.py --scenario palette --record /tmp/requests.jsonl
    python3 Tests/TestSupport/Servers/gemini_server.py --steps '[{"fixture": "googleai/unary-failure-api-key.json"}]'

The first line on standard output is the port it listens on (a free one unless --port is
given); point the client at http://127.0.0.1:PORT. It stops on SIGTERM/SIGINT, when standard
input reaches end of file (with --watch-stdin, so it dies with the test that started it), or
after --max-seconds.

A step is a JSON object; every key is optional (all but `answer` are played by loopback.py's
StepHandler, which every server in this folder shares):

    fixture       file to send, relative to --fixtures (default: Tests/GeminiTests/Fixtures)
    body / json   a literal body (string), or an object to send as JSON
    status        HTTP status (default: error.code of a JSON error body, else 200)
    content_type  default "application/json; charset=UTF-8" ("text/html" for .html fixtures)
    headers       extra response headers, e.g. {"Location": "http://127.0.0.1:9/"}
    replace       {"old": "new", ...} applied to the body text (e.g. shorten a retryDelay)
    delay         seconds to wait before answering (a slow server)
    trickle       seconds to wait between 16-byte pieces of the body (a slow body)
    trickle_bytes the size of each trickled piece (default 16)
    body_delay    seconds to wait between the headers and the body (a slow body)
    chunked       true: send the body with Transfer-Encoding: chunked (each trickled piece a chunk)
    encode        "gzip" or "deflate": compress the body and say so in Content-Encoding
    hang          true: read the request, never answer; logs {"event": "client-disconnected"}
                  when the client gives up (as does any step whose answer the client hangs up on)
    close         true: close the connection without answering
    reset_after   send the headers and this many body bytes, then reset the connection (RST)
    reset_delay   seconds to wait before that reset (default 0.05)
    close_after   send the headers and this many body bytes, then close the connection (FIN)
    truncate      send only this many bytes of the body, as a complete response
    answer        {} or {"traps": {...}}: the model's own answer built from the request (one
                  palette, or the "palettes" array its responseSchema asks for, with the traps
                  of candidates.py), logged as the event "answered ..."
    huge_mb       send a body of this many MiB (Content-Length given unless "chunked": true)
    gzip_mb       send this many MiB of gzip on the wire, Content-Encoding: gzip (a JSON answer
                  whose text is zeros: about 1,000 times larger once decompressed); "chunked"
                  as for huge_mb; "trickle" seconds between pieces of "piece_kib" KiB (default 64)
    header_flood  {"count": N, "size": S}: N extra header lines of S bytes each

Every picture a request carries in a part's `inlineData` (Gemini's documented image input) is
read back (png_check.py) and logged as the event "image WxH MIME CHUNKS", e.g.
"image 48x32 image/png IHDR,IDAT,IEND", or "image unreadable: why".

Scenarios (--scenario NAME) are ready-made scripts, listed by --list-scenarios.

Models: GET /v1beta/models (paginated: pageSize, pageToken; --page-size caps a page) lists
--models (default MODELS), each with its supportedGenerationMethods; GET /v1beta/models/ID
returns one. A POST to a model in --retired is answered as Google answers a retired ID
(404 NOT_FOUND naming the model, or --retired-status 429/503 as some proxies do) without
using a step of the script.
"""

import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loopback import Script, Server, StepHandler, checked_steps, serve  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FIXTURES = os.path.normpath(os.path.join(HERE, "..", "..", "GeminiTests", "Fixtures"))
PALETTE = "palette-tui/palette-forest-morning.json"

SCENARIOS = {
    "palette": [{"fixture": PALETTE}],
    "rate-limit-then-ok": [
        {"fixture": "from-issues/error-429-resource-exhausted-quota-retryinfo.json",
         "replace": {"\"26s\"": "\"0.3s\""}},
        {"fixture": PALETTE},
    ],
    "overloaded-twice-then-ok": [
        {"fixture": "from-issues/error-503-unavailable-overloaded.json"},
        {"fixture": "from-issues/error-503-unavailable-overloaded.json"},
        {"fixture": PALETTE},
    ],
    "overloaded": [{"fixture": "from-issues/error-503-unavailable-overloaded.json"}],
    "invalid-key": [{"fixture": "googleai/unary-failure-api-key.json"}],
    "unknown-model": [{"fixture": "googleai/unary-failure-unknown-model.json"}],
    "slow": [{"fixture": PALETTE, "delay": 3}],
    "hang": [{"hang": True}],
    "reset": [{"fixture": PALETTE, "reset_after": 40}],
    "html": [{"fixture": "palette-tui/html-error-page.html", "status": 404}],
    "truncated": [{"fixture": PALETTE, "truncate": 90}],
    "huge": [{"huge_mb": 50}],
}


# What GET /v1beta/models lists by default: id -> supportedGenerationMethods.
GENERATE = ["generateContent", "countTokens", "createCachedContent", "batchGenerateContent"]
MODELS = {
    "gemini-2.5-flash-lite": GENERATE,
    "gemini-3.1-flash-lite": GENERATE,
    "gemini-3.5-flash": GENERATE,
    "gemini-3.5-flash-lite": GENERATE,
    "gemini-3.6-flash": GENERATE,
    "gemini-3.8-flash": GENERATE,
    "gemini-3.1-pro-preview": GENERATE,
    "gemini-flash-latest": GENERATE,
    "gemini-flash-lite-latest": GENERATE,
    "gemini-3.6-flash-preview-tts": ["generateContent", "countTokens"],
    "gemini-embedding-001": ["embedContent", "countTextTokens", "countTokens", "asyncBatchEmbedContent"],
    "imagen-4.0-generate-001": ["predict"],
}


def model_resource(model_id, methods):
    """A v1beta Model, as models.list and models.get return it."""
    return {
        "name": "models/" + model_id,
        "version": "001",
        "displayName": model_id.replace("-", " ").title(),
        "description": "Loopback stand-in for " + model_id,
        "inputTokenLimit": 1048576,
        "outputTokenLimit": 65536,
        "supportedGenerationMethods": methods,
    }


def not_found_body(model_id):
    message = ("models/%s is not found for API version v1beta, or is not supported for generateContent. "
               "Call ListModels to see the list of available models and their supported methods." % model_id)
    return {"error": {"code": 404, "message": message, "status": "NOT_FOUND"}}


class GeminiScript(Script):
    """The script, and the models the stand-in lists and those it answers as retired."""

    def __init__(self, steps, fixtures, record, models=None, retired=(), retired_status=404, page_size=1000):
        super().__init__(steps, fixtures, record)
        self.models = MODELS if models is None else models
        self.retired = set(retired)
        self.retired_status = retired_status
        self.page_size = page_size


class Handler(StepHandler):
    server_version = "gemini-loopback/1"

    def do_GET(self):
        script = self.server.script
        self.received()
        path, _, query = self.path.partition("?")
        params = dict(p.partition("=")[::2] for p in query.split("&") if p)
        if path == "/v1beta/models":
            ids = [m for m in script.models if m not in script.retired]
            size = min(int(params.get("pageSize") or 50), script.page_size, 1000)
            start = int(params.get("pageToken") or 0)
            page = {"models": [model_resource(m, script.models[m]) for m in ids[start:start + size]]}
            if start + size < len(ids):
                page["nextPageToken"] = str(start + size)
            self.send_simple(200, json.dumps(page).encode("utf-8"))
            return
        match = re.fullmatch(r"/v1beta/models/([^/:]+)", path)
        if match and match.group(1) in script.models and match.group(1) not in script.retired:
            self.send_simple(200, json.dumps(model_resource(match.group(1), script.models[match.group(1)])).encode())
            return
        model_id = match.group(1) if match else path
        self.send_simple(404, json.dumps(not_found_body(model_id)).encode("utf-8"))

    def do_POST(self):
        script = self.server.script
        raw = self.received()
        match = re.fullmatch(r"/v1beta/models/([^/:]+):generateContent", self.path.partition("?")[0])
        if match and match.group(1) in script.retired:
            self.answer_retired(script, match.group(1))
            return
        self.log_images(script, raw)
        step = script.next_step()
        if "answer" in step:
            step = self.model_answer(script, step, raw)
        try:
            self.answer(script, step)
        except (BrokenPipeError, ConnectionResetError):
            # The client hung up while the answer was being written.
            script.log({"event": "client-disconnected", "path": self.path})
            self.close_connection = True

    def log_images(self, script, raw):
        """Each picture in the request's documented field, a part's `inlineData` {mimeType,
        data (base64)}, logged as the event "image WxH MIME CHUNKS" (png_check.py), in order."""
        import base64
        import binascii
        import png_check
        try:
            contents = json.loads(raw).get("contents") or []
            parts = [p for c in contents if isinstance(c, dict) for p in (c.get("parts") or [])]
        except (ValueError, AttributeError, TypeError):
            return
        for part in parts:
            blob = part.get("inlineData") if isinstance(part, dict) else None
            if not isinstance(blob, dict):
                continue
            try:
                data = base64.b64decode(blob.get("data") or "", validate=True)
            except (binascii.Error, ValueError, TypeError):
                script.log({"event": "image unreadable: data is not base64", "path": self.path})
                continue
            script.log({"event": png_check.event(data, blob.get("mimeType")), "path": self.path})

    def model_answer(self, script, step, raw):
        """A step {"answer": {...}}: the model's own answer to the request's schema. Several
        candidates when the responseSchema asks for a "palettes" array (with the step's
        "traps", see candidates.py), else one palette; logged as "answered ..."."""
        import candidates
        try:
            body = json.loads(raw)
            config = body.get("generationConfig") or {}
            system = "".join(p.get("text", "") for p in (body.get("systemInstruction") or {}).get("parts") or [])
            contents = body.get("contents") or [{}]
            description = "".join(p.get("text", "") for p in contents[0].get("parts") or [])
        except (ValueError, AttributeError, TypeError):
            return {"status": 400, "json": {"error": {"code": 400, "message": "Invalid JSON payload received.",
                                                      "status": "INVALID_ARGUMENT"}}}
        options = step["answer"] if isinstance(step["answer"], dict) else {}
        wanted = candidates.asked(config.get("responseSchema"), system)
        if wanted:
            text, palettes = candidates.answer(description, config.get("seed"), wanted[0], wanted[1],
                                               options.get("traps"))
            script.log({"event": candidates.event(palettes), "path": self.path})
        else:
            one = candidates.palette(description, config.get("seed"), 1)
            text = json.dumps(one)
            script.log({"event": "answered " + " ".join(one[r] for r in candidates.ROLES), "path": self.path})
        reply = {"candidates": [{"content": {"parts": [{"text": text}], "role": "model"}, "finishReason": "STOP",
                                 "index": 0}],
                 "usageMetadata": {"promptTokenCount": 320, "candidatesTokenCount": 120, "totalTokenCount": 440},
                 "modelVersion": "gemini-3.5-flash-lite"}
        rest = {k: v for k, v in step.items() if k != "answer"}
        return dict(rest, json=reply)

    def answer_retired(self, script, model_id):
        """What a retired model ID gets: Google's 404, or what some proxies say instead."""
        status = script.retired_status
        if status == 404:
            body = not_found_body(model_id)
        elif status == 429:
            body = {"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message":
                              "Quota exceeded for models/%s: the model is not available." % model_id}}
        else:
            body = {"error": {"code": status, "status": "UNAVAILABLE", "message":
                              "models/%s is no longer available. Please migrate to a newer model." % model_id}}
        self.send_simple(status, json.dumps(body).encode("utf-8"))

    def send_simple(self, status, data):
        self.send_body(status, data, "application/json; charset=UTF-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Scripted Gemini API stand-in on loopback (tests only).")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (loopback only)")
    parser.add_argument("--port", type=int, default=0, help="port; 0 picks a free one (default)")
    parser.add_argument("--fixtures", default=DEFAULT_FIXTURES, help="directory fixture paths are relative to")
    parser.add_argument("--record", help="append each received request as a JSON line to this file")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--scenario", help="a ready-made script (see --list-scenarios)")
    source.add_argument("--steps", help="the script as a JSON array of steps")
    source.add_argument("--script", help="a file holding the script as a JSON array of steps")
    parser.add_argument("--list-scenarios", action="store_true", help="print the scenario names and exit")
    parser.add_argument("--watch-stdin", action="store_true", help="exit when standard input reaches end of file")
    parser.add_argument("--max-seconds", type=float, default=600, help="exit after this long (default 600)")
    parser.add_argument("--models", help="JSON object of model id -> supportedGenerationMethods (default MODELS)")
    parser.add_argument("--retired", default="", help="comma-separated model ids answered as retired")
    parser.add_argument("--retired-status", type=int, default=404, choices=(404, 429, 503),
                        help="the status a retired model gets (404 as Google; 429 or 503 as some proxies)")
    parser.add_argument("--page-size", type=int, default=1000, help="the most models in one page of the list")
    args = parser.parse_args(argv)

    if args.list_scenarios:
        for name in SCENARIOS:
            print(name)
        return 0
    if not (args.host.startswith("127.") or args.host in ("localhost", "::1")):
        parser.error("--host must be a loopback address")
    if args.steps:
        steps = json.loads(args.steps)
    elif args.script:
        with open(args.script, encoding="utf-8") as f:
            steps = json.load(f)
    else:
        name = args.scenario or "palette"
        if name not in SCENARIOS:
            parser.error("unknown scenario %r; known: %s" % (name, ", ".join(SCENARIOS)))
        steps = SCENARIOS[name]
    checked_steps(parser, steps)

    models = json.loads(args.models) if args.models else None
    retired = [m for m in args.retired.split(",") if m]
    script = GeminiScript(steps, args.fixtures, args.record, models=models, retired=retired,
                    retired_status=args.retired_status, page_size=args.page_size)
    server = Server((args.host, args.port), Handler)
    server.script = script

    serve(server, script, args.max_seconds, args.watch_stdin)
    return 0


if __name__ == "__main__":
    sys.exit(main())
