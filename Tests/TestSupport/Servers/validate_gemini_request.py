#!/usr/bin/env python3
"""Checks request bodies against Google's v1beta GenerateContentRequest, strictly.

    python3 Tests/TestSupport/Servers/validate_gemini_request.py BODY.json...

Uses the `google-ai-generativelanguage` package (installed by `make test-deps`, which `make test` runs), whose protobuf
JSON parser rejects unknown fields, wrong types and unknown enum values. Exit status: 0 all
valid, 1 a body is invalid (the reason on stderr), 3 the package cannot be imported.
"""

import sys


def main(paths):
    try:
        from google.ai.generativelanguage_v1beta import types
    except ImportError as error:
        print("cannot import google.ai.generativelanguage_v1beta: %s" % error, file=sys.stderr)
        return 3
    for path in paths:
        with open(path, encoding="utf-8") as f:
            body = f.read()
        try:
            types.GenerateContentRequest.from_json(body, ignore_unknown_fields=False)
        except Exception as error:  # the parser raises several types; all mean "invalid"
            print("%s: %s" % (path, error), file=sys.stderr)
            return 1
    print("%d request bod%s valid" % (len(paths), "y" if len(paths) == 1 else "ies"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
