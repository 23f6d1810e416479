#!/usr/bin/env python3
"""Ollama's native API on loopback, for tests (standard library only).

    POST /api/chat      {"model", "messages", "stream", "format", "options", "think", ...}
    GET  /api/tags      {"models": [{"name", "model", ...}]}
    GET  /api/version   {"version": "0.12.6"}

It behaves as Ollama does, traps included (see ../../../../shared/guides/field-research.md, (e)):
"stream" defaults to true, so a request without "stream": false gets newline-delimited JSON
chunks, not one object; "format" is "json" or a JSON Schema, and without it the model answers
in prose; options the request leaves out take the model's defaults (temperature 0.8, so the
answer changes from request to request); "num_predict" below 40 cuts the answer, with
done_reason "length"; a model that is not pulled is a 404 {"error": "model 'x' not found"};
errors are always {"error": "text"}. A message's "images" is a list of base64 pictures (no data:
prefix: Ollama answers 400 "illegal base64 data at input byte N"), each read back and logged as
"image WxH untyped CHUNKS" (png_check.py); a model in --text-only has no vision and answers 400
"this model does not support image input" (with --text-only-legacy, as older servers, 500 "this
model is missing data required for image input"). --thinking makes the model a thinking one: its reasoning
(a decoy palette) goes in message.thinking when "think" is true, else in a <think> block at the
start of the content, as models whose template does not split it do.

Answers follow a script of steps, loopback.py's as for every server (status, body/json, headers, delay,
trickle, hang, close, reset_after, truncate, huge_mb). A step {"palette": true} is the model's
own answer once the request passed: colours derived from the description and the options,
logged as the event "answered #RRGGBB #RRGGBB #RRGGBB". Its options: "finish": "length",
"same": true (three equal colours), "fenced": true, and for a request asking for several
candidates (its format an object with a "palettes" array) "traps" (candidates.py); such a request
is answered with the model's {"palettes": [...]} and logged as "answered candidates ...".
"""

import argparse
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loopback import StepHandler, run, script_arguments  # noqa: E402
import candidates  # noqa: E402

ROLES = ("primary", "secondary", "accent")
MODEL_DEFAULTS = {"temperature": 0.8, "top_p": 0.9, "seed": None, "num_predict": -1}


def palette_for(description, options):
    noise = os.urandom(8).hex() if options.get("seed") is None else ""
    key = "%s:%s:%s:%s:%s" % (options.get("seed"), options.get("temperature"), options.get("top_p"), description, noise)
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return ["#%02X%02X%02X" % tuple(digest[i:i + 3]) for i in (0, 3, 6)]


class OllamaHandler(StepHandler):
    server_version = "ollama-loopback/1"

    def send_json(self, status, data):
        self.send_body(status, json.dumps(data, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8")

    def fail(self, status, message):
        self.send_json(status, {"error": message})

    def do_GET(self):
        self.received()
        if self.path == "/api/tags":
            return self.send_json(200, {"models": [
                {"name": m, "model": m, "modified_at": "2026-11-02T10:00:00Z", "size": 2019393189,
                 "details": {"format": "gguf", "family": "llama", "parameter_size": "3.2B"}}
                for m in self.server.models]})
        if self.path == "/api/version":
            return self.send_json(200, {"version": "0.12.6"})
        if self.path == "/":
            return self.send_body(200, b"Ollama is running", "text/plain; charset=utf-8")
        self.send_body(404, b"404 page not found", "text/plain")

    def do_POST(self):
        script = self.server.script
        raw = self.received()
        if self.path != "/api/chat":
            return self.fail(404, "404 page not found")
        if self.server.key is not None and self.headers.get("Authorization") != "Bearer " + self.server.key:
            return self.fail(401, "unauthorized")
        try:
            body = json.loads(raw)
            assert isinstance(body, dict)
        except (ValueError, AssertionError):
            return self.fail(400, "invalid character in request body")
        model = body.get("model")
        if not isinstance(model, str) or not model:
            return self.fail(400, "model is required")
        if model not in self.server.models:
            return self.fail(404, "model '%s' not found" % model)
        messages = body.get("messages")
        if not isinstance(messages, list):
            return self.fail(400, "messages is required")
        refused = self.check_images(model, messages)
        if refused is None:
            return
        fmt = body.get("format")
        if fmt is not None and fmt != "json" and not isinstance(fmt, dict):
            return self.fail(400, "invalid JSON schema in format")
        options = dict(MODEL_DEFAULTS)
        given = body.get("options") or {}
        if not isinstance(given, dict):
            return self.fail(400, "options must be an object")
        options.update(given)
        script.log({"event": "effective temperature %s seed %s" % (options["temperature"], options["seed"]),
                    "path": self.path})
        step = script.next_step()
        stream = body.get("stream", True)
        if step.get("palette"):
            step = self.palette_step(step, body, options, fmt, messages, stream)
        try:
            self.answer(script, step)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def check_images(self, model, messages):
        """Each message's `images`: a list of base64 strings (no data: prefix, which Ollama
        refuses as illegal base64), each read back and logged as "image WxH CHUNKS"
        (png_check.py). A model in --text-only refuses them: 400 "this model does not support
        image input", or with --text-only-legacy 500 "this model is missing data required for
        image input" (older servers). None once an error is sent."""
        import base64
        import binascii
        import png_check
        for message in messages:
            images = message.get("images") if isinstance(message, dict) else None
            if images is None:
                continue
            if not isinstance(images, list) or not all(isinstance(i, str) for i in images):
                return self.fail(400, "json: cannot unmarshal images into Go struct field Message.messages.images")
            for image in images:
                try:
                    data = base64.b64decode(image, validate=True)
                except (binascii.Error, ValueError):
                    bad = next((k for k, c in enumerate(image) if not (c.isalnum() or c in "+/=")), 0)
                    return self.fail(400, "illegal base64 data at input byte %d" % bad)
                if model in self.server.text_only:
                    if self.server.text_only_legacy:
                        return self.fail(500, "this model is missing data required for image input")
                    return self.fail(400, "this model does not support image input")
                self.server.script.log({"event": png_check.event(data, "untyped"), "path": self.path})
        return True

    def palette_step(self, step, body, options, fmt, messages, stream):
        users = [m.get("content", "") for m in messages if isinstance(m, dict) and m.get("role") == "user"]
        system = "\n".join(m.get("content", "") for m in messages
                           if isinstance(m, dict) and m.get("role") == "system" and isinstance(m.get("content"), str))
        wanted = candidates.asked(fmt if isinstance(fmt, dict) else None, system) if fmt is not None else None
        if wanted:
            # Several candidates asked for in one request: the model's array, traps included.
            content, palettes = candidates.answer(users[0] if users else "", options.get("seed"), wanted[0],
                                                  wanted[1], step.get("traps"))
            self.server.script.log({"event": candidates.event(palettes), "path": self.path})
        else:
            colours = palette_for(users[0] if users else "", options)
            if step.get("same"):
                colours = [colours[0]] * 3
            self.server.script.log({"event": "answered " + " ".join(colours), "path": self.path})
            content = json.dumps(dict(zip(ROLES, colours))) if fmt is not None else (
                "A gentle green for the trees, a pale sky and a touch of gold for the sun.")
        done_reason = step.get("finish", "stop")
        limit = options.get("num_predict")
        if isinstance(limit, int) and 0 < limit < 40:
            done_reason = "length"
        if done_reason == "length":
            content = content[: len(content) // 2]
        if step.get("fenced"):
            content = "```json\n" + content + "\n```"
        message = {"role": "assistant", "content": content}
        if self.server.thinking:
            decoy = json.dumps({"primary": "#000000", "secondary": "#111111", "accent": "#222222"})
            if body.get("think") is True:
                message["thinking"] = "Maybe " + decoy + "? No."
            else:
                message["content"] = "<think>Maybe " + decoy + "? No.</think>\n" + content
        final = {"model": body["model"], "created_at": "2026-12-01T10:00:00.000000Z", "message": message,
                 "done_reason": done_reason, "done": True, "total_duration": 1200000000,
                 "load_duration": 50000000, "prompt_eval_count": 80, "eval_count": 24}
        rest = {k: v for k, v in step.items() if k not in ("palette", "finish", "same", "fenced", "traps")}
        if stream is not False:
            # What a client that forgot "stream": false gets: one JSON object per line.
            chunks = [{"model": body["model"], "created_at": final["created_at"],
                       "message": {"role": "assistant", "content": message["content"][i:i + 8]}, "done": False}
                      for i in range(0, len(message["content"]), 8)]
            final_chunk = dict(final, message={"role": "assistant", "content": ""})
            text = "".join(json.dumps(c) + "\n" for c in chunks + [final_chunk])
            return dict(rest, body=text, content_type="application/x-ndjson")
        return dict(rest, json=final, content_type="application/json; charset=utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Ollama's native API on loopback (tests only).")
    parser.add_argument("--models", default="llama3.2,llama3.2:latest,qwen3:8b", help="comma-separated pulled models")
    parser.add_argument("--key", help="require Authorization: Bearer KEY (Ollama's cloud)")
    parser.add_argument("--thinking", action="store_true", help="the model thinks (message.thinking or <think>)")
    parser.add_argument("--text-only", default="", help="comma-separated models without vision (refuse images)")
    parser.add_argument("--text-only-legacy", action="store_true",
                        help="refuse images as older servers do (500 'missing data required for image input')")
    script_arguments(parser)
    args = parser.parse_args(argv)
    return run(parser, args, OllamaHandler, models=[m for m in args.models.split(",") if m], key=args.key,
               thinking=args.thinking, text_only=[m for m in args.text_only.split(",") if m],
               text_only_legacy=args.text_only_legacy)


if __name__ == "__main__":
    sys.exit(main())
