#!/usr/bin/env python3
"""Checks request bodies against each server's own published request types, strictly.

    python3 Tests/TestSupport/Readers/validate_chat_request.py openai BODY.json...
    python3 Tests/TestSupport/Readers/validate_chat_request.py ollama BODY.json...

openai: the `openai` package's `CompletionCreateParamsNonStreaming` (the Chat Completions
request as OpenAI's SDK types it), walked recursively: every key must be one the type declares,
every required key present, every value of its declared type (TypedDicts, unions, literals,
lists, dicts, scalars). ollama: the `ollama` package's pydantic `ChatRequest`, validated, with
strictly, with no key beyond its fields; `options` is validated as `Options` and each message as
`Message` (strictly, no key beyond theirs).
Both packages come from PyPI through `make test-deps`. Exit status: 0 all valid, 1 a body is
invalid (the reason on stderr), 3 the package cannot be imported.
"""

import collections.abc
import json
import sys
import typing


class Invalid(Exception):
    pass


def check(value, tp, path, te):
    origin = te.get_origin(tp)
    args = te.get_args(tp)
    if origin in (te.Required, te.NotRequired, getattr(typing, "Required", None), getattr(typing, "NotRequired", None)):
        return check(value, args[0], path, te)
    if origin is te.Annotated or origin is getattr(typing, "Annotated", None):
        return check(value, args[0], path, te)
    if tp is typing.Any or tp is object:
        return
    if origin is typing.Union:
        problems = []
        for option in args:
            try:
                return check(value, option, path, te)
            except Invalid as error:
                problems.append(str(error))
        raise Invalid("%s: matches none of its types (%s)" % (path, "; ".join(problems)))
    if origin in (te.Literal, typing.Literal):
        if value not in args or isinstance(value, bool) != any(isinstance(a, bool) for a in args if a == value):
            raise Invalid("%s: %r is not one of %r" % (path, value, args))
        return
    if te.is_typeddict(tp):
        if not isinstance(value, dict):
            raise Invalid("%s: expected an object" % path)
        hints = te.get_type_hints(tp, include_extras=True)
        for key in value:
            if key not in hints:
                raise Invalid("%s: unknown field %r" % (path, key))
        total = getattr(tp, "__total__", True)
        for key, hint in hints.items():
            marker = te.get_origin(hint)
            required = marker in (te.Required, getattr(typing, "Required", None)) or (
                total and marker not in (te.NotRequired, getattr(typing, "NotRequired", None)))
            if required and key not in value:
                raise Invalid("%s: missing required field %r" % (path, key))
            if key in value:
                check(value[key], hint, "%s.%s" % (path, key), te)
        return
    if origin in (list, collections.abc.Iterable, collections.abc.Sequence, typing.List, typing.Iterable):
        if not isinstance(value, list):
            raise Invalid("%s: expected an array" % path)
        for i, item in enumerate(value):
            check(item, args[0] if args else typing.Any, "%s[%d]" % (path, i), te)
        return
    if origin in (dict, collections.abc.Mapping, typing.Dict):
        if not isinstance(value, dict):
            raise Invalid("%s: expected an object" % path)
        for key, item in value.items():
            check(item, args[1] if len(args) == 2 else typing.Any, "%s.%s" % (path, key), te)
        return
    if tp is type(None):
        if value is not None:
            raise Invalid("%s: expected null" % path)
        return
    if tp is bool:
        if not isinstance(value, bool):
            raise Invalid("%s: expected a boolean" % path)
        return
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Invalid("%s: expected an integer" % path)
        return
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise Invalid("%s: expected a number" % path)
        return
    if tp is str:
        if not isinstance(value, str):
            raise Invalid("%s: expected a string" % path)
        return
    if isinstance(tp, type) and tp.__module__.startswith("openai") is False:
        return
    raise Invalid("%s: cannot check type %r" % (path, tp))


def check_openai(body):
    import typing_extensions as te
    from openai.types.chat import completion_create_params
    check(body, completion_create_params.CompletionCreateParamsNonStreaming, "body", te)


def ollama_images(message, _types):
    """A message as the package's own client builds it before sending (`_copy_messages`): each
    of `images` an `Image`, which must serialize back to the very string on the wire (valid
    base64, not a file name)."""
    images = message.get("images")
    if images is None:
        return message
    if not isinstance(images, list) or not all(isinstance(i, str) for i in images):
        raise Invalid("body.messages.images: expected a list of base64 strings")
    wrapped = [_types.Image(value=i) for i in images]
    for i, image in enumerate(wrapped):
        if image.model_dump() != images[i]:
            raise Invalid("body.messages.images[%d]: not sent as the package sends base64" % i)
    return dict(message, images=wrapped)


def check_ollama(body):
    from ollama import _types
    # Strict: no "0" for 0. `options` is typed Mapping[str, Any] | Options, so the mapping
    # would take anything: it is validated as `Options` itself, and each message as `Message`.
    # Pictures go as the package's client sends them: base64 strings in `images`.
    messages = [ollama_images(m, _types) if isinstance(m, dict) else m for m in body.get("messages") or []]
    request = _types.ChatRequest.model_validate(dict(body, messages=messages), strict=True)
    if body.get("options") is not None:
        _types.Options.model_validate(body["options"], strict=True)
    for message in messages:
        _types.Message.model_validate(message, strict=True)
    unknown = set(body) - set(_types.ChatRequest.model_fields)
    if unknown:
        raise Invalid("body: unknown fields %s" % sorted(unknown))
    unknown = set(body.get("options") or {}) - set(_types.Options.model_fields)
    if unknown:
        raise Invalid("body.options: unknown fields %s" % sorted(unknown))
    for i, message in enumerate(body.get("messages") or []):
        unknown = set(message) - set(_types.Message.model_fields)
        if unknown:
            raise Invalid("body.messages[%d]: unknown fields %s" % (i, sorted(unknown)))
    if request.stream is not False:
        raise Invalid("body.stream: must be false (the reply would be a stream)")


def main(argv):
    kind, paths = argv[0], argv[1:]
    try:
        if kind == "openai":
            import openai.types.chat  # noqa: F401
            checker = check_openai
        else:
            import ollama._types  # noqa: F401
            checker = check_ollama
    except ImportError as error:
        print("cannot import the %s package: %s" % (kind, error), file=sys.stderr)
        return 3
    for path in paths:
        with open(path, encoding="utf-8") as f:
            body = json.load(f)
        try:
            checker(body)
        except Exception as error:  # pydantic raises its own ValidationError
            print("%s: %s" % (path, error), file=sys.stderr)
            return 1
    print("%d request bod%s valid" % (len(paths), "y" if len(paths) == 1 else "ies"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
