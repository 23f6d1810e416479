#!/usr/bin/env python3
"""An OpenAI-compatible Chat Completions server on loopback, for tests (standard library only).

One script, several servers: --persona picks whose behaviour it copies, traps included
(../../../../shared/guides/field-research.md, section (e), and each server's source):

    openai         POST /v1/chat/completions. Checks the request as OpenAI does: a model, messages,
                   response_format json_schema with a name and a schema (strict needs
                   additionalProperties false and every property required), json_object needs the
                   word "json" in the messages. Errors {"error": {message, type, param, code}}.
                   --key K requires "Authorization: Bearer K" (401 invalid_api_key otherwise).
                   --reasoning: a reasoning model, refusing temperature, top_p and max_tokens by
                   name (400 unsupported_parameter), one at a time, as the real one does.
                   --no-structured: refuses response_format json_schema by name.
                   --luna: gpt-6-luna as OpenAI documents it on Chat Completions (checked
                   2026-12-03, docs/decisions.md): max_tokens refused by name (400
                   unsupported_parameter, "Use 'max_completion_tokens' instead"); reasoning_effort
                   one of none, low, medium, high, xhigh, max (anything else a 400 naming it),
                   left out it is medium (the model reasons by default); at any effort but none
                   temperature, top_p, logprobs and top_logprobs are refused by name, one at a
                   time; logs the event "reasoning effort E".
    llamacpp       llama-server: reads the schema only from the nested
                   response_format.json_schema.schema (a flat {"type": "json_schema", "schema":
                   ...} is not read, so decoding runs unconstrained); a schema whose grammar fails
                   to build (here: one with "pattern", or any with --grammar-fails) is answered
                   200 with unconstrained text;
                   json_schema and grammar together are a 400; any model name is accepted.
                   Errors {"error": {code, message, type}}.
    ollama-compat  Ollama's /v1: name and strict ignored; json_object means plain JSON; a missing
                   temperature or top_p is forced to 1.0 (the answer then changes from request to
                   request, as sampling at 1.0 does); unknown models 404.
    lmstudio       LM Studio: response_format json_object is a 400 "'response_format.type' must
                   be 'json_schema' or 'text'" (plain {"error": "..."}); json_schema needs its
                   schema.
    vllm           vLLM: a reasoning parser puts thoughts in message.reasoning_content; errors in
                   the older top-level {"object": "error", ...} form.

Answers follow a script of steps as in gemini_server.py (loopback.py's: status, body/json, headers, delay,
trickle, hang, close, reset_after, truncate, huge_mb). A step {"palette": true} is the model's
own answer once the request passed the persona's checks: colours derived from the description,
seed and sampling (logged as the event "answered #RRGGBB #RRGGBB #RRGGBB"), as JSON when the
request constrained the output or its system turn spells out a JSON Schema, as prose otherwise. Options of a palette step:

    think        wrap the answer in a <think> block holding a decoy palette first
    reasoning    put a decoy palette in message.reasoning_content (and message.reasoning)
    finish       "length": the JSON cut in half, with finish_reason "length"
    fenced       the JSON inside a ```json fence
    same         true: all three colours the same (a palette no one can use)
    traps        for a request asking for several candidates: the traps of candidates.py
                 (fewer, duplicate, bad_hex, change_lock, prose...); such a request is answered
                 with the model's {"palettes": [...]} and logged as "answered candidates ..."

Every request is recorded (--record) with its method, path, headers, body and peer port; the
event "effective temperature T" says what sampling the server used. A user message whose content
is an array of `text` and `image_url` parts (Chat Completions' image input) has each picture read
back from its data: URL and logged as "image WxH MIME CHUNKS" (png_check.py); --text-only makes
the model one without vision, which refuses a picture (openai: 400 "Invalid content type.
image_url is only supported by certain models." naming the part; llamacpp: 500 "image input is
not supported").
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
PERSONAS = ("openai", "llamacpp", "ollama-compat", "lmstudio", "vllm")
REFUSED_BY_REASONING = ("max_tokens", "temperature", "top_p")
LUNA_EFFORTS = ("none", "low", "medium", "high", "xhigh", "max")
LUNA_DEFAULT_EFFORT = "medium"
REFUSED_BY_LUNA_REASONING = ("temperature", "top_p", "logprobs", "top_logprobs")


def palette_for(description, seed, temperature, top_p):
    """Three colours from the request: the same request, the same colours; sampling at 1.0
    (Ollama's forced default) mixes in fresh randomness, so it is not reproducible."""
    noise = os.urandom(8).hex() if temperature >= 1.0 and top_p >= 1.0 else ""
    digest = hashlib.sha256(f"{seed}:{temperature}:{top_p}:{description}:{noise}".encode("utf-8")).digest()
    return ["#%02X%02X%02X" % tuple(digest[i:i + 3]) for i in (0, 3, 6)]


def system_text(messages):
    turns = [m.get("content", "") for m in messages if isinstance(m, dict) and m.get("role") == "system"]
    return "\n".join(t for t in turns if isinstance(t, str))


def user_text(messages):
    users = [m.get("content", "") for m in messages if isinstance(m, dict) and m.get("role") == "user"]
    if users and isinstance(users[0], list):
        # A content array: its text parts (a picture goes beside them as an image_url part).
        return "".join(p.get("text", "") for p in users[0] if isinstance(p, dict) and p.get("type") == "text")
    return users[0] if users and isinstance(users[0], str) else ""


class OpenAIHandler(StepHandler):
    server_version = "openai-loopback/1"

    def do_GET(self):
        if self.path.rstrip("/").endswith("/models"):
            if not self.authorised():
                return
            data = {"object": "list", "data": [{"id": m, "object": "model", "owned_by": "loopback"}
                                               for m in self.server.models]}
            return self.send_json(200, data)
        self.send_json(404, self.error_body(404, "Not found", "not_found_error"))

    # -- errors in each persona's shape

    def error_body(self, status, message, kind="invalid_request_error", param=None, code=None):
        persona = self.server.persona
        if persona == "lmstudio":
            return {"error": message}
        if persona == "vllm":
            return {"object": "error", "message": message, "type": kind, "param": param, "code": status}
        if persona == "llamacpp":
            return {"error": {"code": status, "message": message, "type": kind}}
        return {"error": {"message": message, "type": kind, "param": param, "code": code}}

    def fail(self, status, message, kind="invalid_request_error", param=None, code=None):
        self.send_json(status, self.error_body(status, message, kind, param, code))

    def send_json(self, status, data):
        self.send_body(status, json.dumps(data, ensure_ascii=False).encode("utf-8"), "application/json")

    def authorised(self):
        key = self.server.key
        if key is None:
            return True
        if self.headers.get("Authorization") != "Bearer " + key:
            self.fail(401, "Incorrect API key provided.", code="invalid_api_key")
            return False
        return True

    # -- the request

    def do_POST(self):
        script = self.server.script
        raw = self.received()
        if self.path != self.server.path:
            return self.fail(404, "Unknown request URL: POST %s" % self.path, code="unknown_url")
        if not self.authorised():
            return
        try:
            body = json.loads(raw)
            assert isinstance(body, dict)
        except (ValueError, AssertionError):
            return self.fail(400, "We could not parse the JSON body of your request.")
        checked = self.check(body)
        if checked is None:
            return
        step = script.next_step()
        if step.get("palette"):
            step = self.palette_step(step, body, checked)
        try:
            self.answer(script, step)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def check(self, body):
        """The persona's checks; None once an error is sent, else whether output is constrained."""
        persona = self.server.persona
        model = body.get("model")
        messages = body.get("messages")
        if persona != "llamacpp" and (not isinstance(model, str) or model == ""):
            return self.fail(400, "you must provide a model parameter", param="model")
        if not isinstance(messages, list) or not messages:
            return self.fail(400, "'messages' is required", param="messages")
        if persona not in ("llamacpp",) and model not in self.server.models:
            if persona == "ollama-compat":
                return self.fail(404, "model \"%s\" not found, try pulling it first" % model, "api_error")
            return self.fail(404, "The model `%s` does not exist or you do not have access to it." % model,
                             code="model_not_found")
        if self.check_content(messages) is None:
            return None
        if persona == "openai" and self.server.reasoning:
            for name in REFUSED_BY_REASONING:
                if name in body:
                    hint = " Use 'max_completion_tokens' instead." if name == "max_tokens" else ""
                    return self.fail(400, "Unsupported parameter: '%s' is not supported with this model.%s" % (name, hint),
                                     param=name, code="unsupported_parameter")
        if persona == "openai" and self.server.luna:
            if "max_tokens" in body:
                return self.fail(400, "Unsupported parameter: 'max_tokens' is not supported with this model. "
                                 "Use 'max_completion_tokens' instead.", param="max_tokens", code="unsupported_parameter")
            effort = body.get("reasoning_effort", LUNA_DEFAULT_EFFORT)
            if effort not in LUNA_EFFORTS:
                return self.fail(400, "Unsupported value: 'reasoning_effort' does not support %s with this model. "
                                 "Supported values are: %s." % (json.dumps(effort), ", ".join("'%s'" % e for e in LUNA_EFFORTS)),
                                 param="reasoning_effort", code="unsupported_value")
            if effort != "none":
                for name in REFUSED_BY_LUNA_REASONING:
                    if name in body:
                        return self.fail(400, "Unsupported parameter: '%s' is not supported with reasoning_effort '%s' "
                                         "on this model; set reasoning_effort to 'none' to use it." % (name, effort),
                                         param=name, code="unsupported_parameter")
            self.server.script.log({"event": "reasoning effort %s" % effort, "path": self.path})
        fmt = body.get("response_format")
        constrained = False
        if fmt is not None:
            if not isinstance(fmt, dict):
                return self.fail(400, "Invalid type for 'response_format'", param="response_format")
            kind = fmt.get("type")
            if persona == "openai" and self.server.no_structured and kind == "json_schema":
                return self.fail(400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
                                 param="response_format")
            if kind == "json_object":
                if persona == "lmstudio":
                    return self.fail(400, "'response_format.type' must be 'json_schema' or 'text'")
                if persona == "openai" and "json" not in json.dumps(messages).lower():
                    return self.fail(400, "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
                                     param="messages")
                constrained = True
            elif kind == "json_schema":
                nested = fmt.get("json_schema")
                if persona == "llamacpp":
                    if "grammar" in body:
                        return self.fail(400, "Cannot use both json_schema and grammar")
                    # Only the nested form is read; the flat one leaves the schema empty.
                    schema = nested.get("schema") if isinstance(nested, dict) else None
                    grammar_ok = not self.server.grammar_fails and "pattern" not in json.dumps(schema or {})
                    if isinstance(schema, dict) and schema and grammar_ok:
                        constrained = True
                    elif isinstance(schema, dict) and schema:
                        self.server.script.log({"event": "grammar failed; answering unconstrained", "path": self.path})
                elif persona == "ollama-compat":
                    constrained = isinstance(nested, dict) and isinstance(nested.get("schema"), dict)
                else:
                    if not isinstance(nested, dict) or not isinstance(nested.get("schema"), dict):
                        return self.fail(400, "Missing required parameter: 'response_format.json_schema.schema'.",
                                         param="response_format.json_schema.schema")
                    if persona in ("openai", "vllm", "lmstudio") and not nested.get("name"):
                        return self.fail(400, "Missing required parameter: 'response_format.json_schema.name'.",
                                         param="response_format.json_schema.name")
                    schema = nested["schema"]
                    if persona == "openai" and nested.get("strict"):
                        props = schema.get("properties") or {}
                        if schema.get("additionalProperties") is not False or sorted(schema.get("required") or []) != sorted(props):
                            return self.fail(400, "Invalid schema for response_format 'palette': In context=(), 'additionalProperties' is required to be supplied and to be false.",
                                             param="response_format")
                    constrained = True
            elif kind not in ("text", None):
                return self.fail(400, "Invalid value: '%s'. Supported values are: 'json_object', 'json_schema', and 'text'." % kind,
                                 param="response_format.type")
        temperature = body.get("temperature")
        top_p = body.get("top_p")
        # Left out, both default to 1.0 (Ollama's /v1 forces it; OpenAI's default is 1 too).
        temperature = 1.0 if temperature is None else temperature
        top_p = 1.0 if top_p is None else top_p
        self.server.script.log({"event": "effective temperature %s top_p %s" % (float(temperature), float(top_p)),
                                "path": self.path})
        return {"constrained": constrained, "temperature": float(temperature), "top_p": float(top_p),
                "seed": body.get("seed"), "model": model or "loaded-model", "messages": messages}

    def check_content(self, messages):
        """Content arrays as Chat Completions takes them: `text` parts and `image_url` parts
        whose `image_url.url` is the picture (a data: URL here). Each picture is read back and
        logged ("image WxH MIME CHUNKS", png_check.py). A model without vision (--text-only)
        refuses the first picture as OpenAI does (400 naming the part), or as llama.cpp without
        its projector does (500). None once an error is sent."""
        import base64
        import binascii
        import png_check
        for i, message in enumerate(messages):
            content = message.get("content") if isinstance(message, dict) else None
            if not isinstance(content, list):
                continue
            for j, part in enumerate(content):
                kind = part.get("type") if isinstance(part, dict) else None
                if kind == "text" and isinstance(part.get("text"), str):
                    continue
                if kind != "image_url" or not isinstance(part.get("image_url"), dict):
                    return self.fail(400, "Invalid content part: messages.[%d].content.[%d]" % (i, j),
                                     param="messages.[%d].content.[%d]" % (i, j))
                if self.server.text_only:
                    if self.server.persona == "llamacpp":
                        return self.fail(500, "image input is not supported - hint: if this is unexpected, "
                                         "you may need to provide the mmproj", "server_error")
                    return self.fail(400, "Invalid content type. image_url is only supported by certain models.",
                                     param="messages.[%d].content.[%d].type" % (i, j))
                url = part["image_url"].get("url")
                head, comma, data = (url or "").partition(",")
                if not (head.startswith("data:") and head.endswith(";base64") and comma):
                    self.server.script.log({"event": "image unreadable: not a base64 data URL", "path": self.path})
                    continue
                try:
                    picture = base64.b64decode(data, validate=True)
                except (binascii.Error, ValueError):
                    self.server.script.log({"event": "image unreadable: data is not base64", "path": self.path})
                    continue
                self.server.script.log({"event": png_check.event(picture, head[len("data:"):-len(";base64")]),
                                        "path": self.path})
        return True

    def palette_step(self, step, body, checked):
        description = user_text(checked["messages"])
        fmt = body.get("response_format")
        schema = None
        if checked["constrained"] and isinstance(fmt, dict) and isinstance(fmt.get("json_schema"), dict):
            schema = fmt["json_schema"].get("schema")
        wanted = candidates.asked(schema, system_text(checked["messages"]))
        if wanted:
            # Several candidates asked for in one request: the model's array, traps included.
            answer, palettes = candidates.answer(description, checked["seed"], wanted[0], wanted[1], step.get("traps"))
            self.server.script.log({"event": candidates.event(palettes), "path": self.path})
        else:
            colours = palette_for(description, checked["seed"], checked["temperature"], checked["top_p"])
            if step.get("same"):
                colours = [colours[0]] * 3
            self.server.script.log({"event": "answered " + " ".join(colours), "path": self.path})
            answer = json.dumps(dict(zip(ROLES, colours)))
        # Unconstrained, the model chats, unless the system turn spells the schema out.
        obedient = "JSON Schema:" in json.dumps(checked["messages"])
        if not checked["constrained"] and not obedient:
            answer = ("What a lovely scene! I would go with a deep, calm tone for the main colour, "
                      "a soft supporting shade, and a bright highlight to finish it off.")
        decoy = json.dumps({"primary": "#000000", "secondary": "#111111", "accent": "#222222"})
        finish = step.get("finish", "stop")
        if finish == "length":
            answer = answer[: len(answer) // 2]
        if step.get("fenced"):
            answer = "```json\n" + answer + "\n```"
        if step.get("think"):
            answer = "<think>\nMaybe " + decoy + "? No, too dark.\n</think>\n" + answer
        message = {"role": "assistant", "content": answer}
        if step.get("reasoning"):
            message["reasoning_content"] = "Considering " + decoy
            message["reasoning"] = "Considering " + decoy
        if self.server.persona == "openai":
            message["refusal"] = None
        reply = {
            "id": "chatcmpl-loopback", "object": "chat.completion", "created": 1767225600,
            "model": checked["model"],
            "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
            "usage": {"prompt_tokens": 80, "completion_tokens": 20, "total_tokens": 100},
        }
        rest = {k: v for k, v in step.items()
                if k not in ("palette", "think", "reasoning", "finish", "fenced", "same", "traps")}
        return dict(rest, json=reply, content_type="application/json")


def main(argv=None):
    parser = argparse.ArgumentParser(description="An OpenAI-compatible server on loopback (tests only).")
    parser.add_argument("--persona", choices=PERSONAS, default="openai")
    parser.add_argument("--key", help="the only key accepted (Authorization: Bearer); none needed without it")
    parser.add_argument("--models", default="gpt-6-luna,gpt-4.1-mini,llama3.2,qwen3:8b,loopback-model",
                        help="comma-separated model names the server has")
    parser.add_argument("--path", default="/v1/chat/completions", help="the chat completions path")
    parser.add_argument("--reasoning", action="store_true", help="openai: refuse temperature, top_p, max_tokens")
    parser.add_argument("--no-structured", action="store_true", help="openai: refuse response_format json_schema")
    parser.add_argument("--luna", action="store_true",
                        help="openai: gpt-6-luna's rules (max_tokens refused; sampling only at reasoning_effort none)")
    parser.add_argument("--grammar-fails", action="store_true",
                        help="llamacpp: every schema fails to become a grammar (200, unconstrained)")
    parser.add_argument("--text-only", action="store_true",
                        help="the model has no vision: a picture is refused (openai 400, llamacpp 500)")
    script_arguments(parser)
    args = parser.parse_args(argv)
    return run(parser, args, OpenAIHandler, persona=args.persona, key=args.key,
               models=[m for m in args.models.split(",") if m], path=args.path, reasoning=args.reasoning,
               no_structured=args.no_structured, luna=args.luna, grammar_fails=args.grammar_fails,
               text_only=args.text_only)


if __name__ == "__main__":
    sys.exit(main())
