#!/usr/bin/env python3
"""Python's tomllib over many TOML documents: the reference the settings reader is compared to.

    python3 Tests/TestSupport/Readers/toml_oracle.py DOCS.json > RESULTS.json

DOCS.json is a JSON array of documents (strings). RESULTS.json is an array of the same length:
{"value": TAGGED} when tomllib reads the document, {"error": "message"} when it refuses it.
TAGGED spells every value with its type, so nothing is lost in JSON: {"string": s},
{"integer": "123"} (decimal text, any size), {"float": "hex of the IEEE bits" or "nan"},
{"bool": b}, {"datetime": "iso text"}, {"array": [...]}, {"table": {key: TAGGED}}.
"""

import datetime
import json
import math
import struct
import sys
import tomllib


def tag(value):
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, int):
        return {"integer": str(value)}
    if isinstance(value, float):
        return {"float": "nan" if math.isnan(value) else struct.pack(">d", value).hex()}
    if isinstance(value, str):
        return {"string": value}
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return {"datetime": value.isoformat()}
    if isinstance(value, list):
        return {"array": [tag(v) for v in value]}
    if isinstance(value, dict):
        return {"table": {k: tag(v) for k, v in value.items()}}
    raise TypeError(type(value))


def main(path):
    with open(path, encoding="utf-8") as f:
        docs = json.load(f)
    results = []
    for doc in docs:
        try:
            results.append({"value": tag(tomllib.loads(doc))})
        except tomllib.TOMLDecodeError as error:
            results.append({"error": str(error)})
    json.dump(results, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
