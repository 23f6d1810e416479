#!/usr/bin/env python3
"""Reads the pictures a request body carries, from each API's documented image field, with
Pillow, and lists each PNG's chunks.

    python3 Tests/TestSupport/Readers/read_sent_image.py gemini|openai|ollama BODY.json OUT_PREFIX

gemini: every `contents[].parts[].inlineData` {mimeType, data}; openai: every
`messages[].content[]` part {"type": "image_url", "image_url": {"url": "data:MIME;base64,..."}};
ollama: every `messages[].images[]` (base64, no prefix). Prints one JSON list, one object a
picture: {"field", "mime", "width", "height", "mode", "format", "chunks", "info", "exif"}, and
writes the picture's RGB pixels, row by row, to OUT_PREFIX-N.rgb (N from 0). "chunks" is read with
struct (every chunk type in order); "info" is what Pillow found beyond the pixels (text, ICC,
gamma, dpi...), "exif" whether Pillow found EXIF. Pillow comes from `make test-deps`. Exit
status: 0 read, 1 a picture could not be read (the reason on stderr), 3 Pillow is missing.
"""

import base64
import io
import json
import struct
import sys


def chunk_types(data):
    position = 8
    found = []
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        found.append(kind.decode("latin-1"))
        position += 12 + length
    return found


def pictures(kind, body):
    """(field, mime, base64 text) for each picture in the documented field."""
    if kind == "gemini":
        for i, content in enumerate(body.get("contents") or []):
            for j, part in enumerate(content.get("parts") or []):
                if "inlineData" in part:
                    blob = part["inlineData"]
                    yield "contents[%d].parts[%d].inlineData" % (i, j), blob.get("mimeType"), blob.get("data")
    elif kind == "openai":
        for i, message in enumerate(body.get("messages") or []):
            content = message.get("content")
            if not isinstance(content, list):
                continue
            for j, part in enumerate(content):
                if part.get("type") == "image_url":
                    url = part["image_url"]["url"]
                    head, _, data = url.partition(",")
                    if not (head.startswith("data:") and head.endswith(";base64")):
                        raise ValueError("messages[%d].content[%d]: not a base64 data URL" % (i, j))
                    yield "messages[%d].content[%d].image_url.url" % (i, j), head[5:-7], data
    elif kind == "ollama":
        for i, message in enumerate(body.get("messages") or []):
            for j, image in enumerate(message.get("images") or []):
                yield "messages[%d].images[%d]" % (i, j), None, image
    else:
        raise ValueError("unknown API %r" % kind)


def main(argv):
    kind, path, prefix = argv
    try:
        from PIL import Image
    except ImportError as error:
        print("cannot import Pillow: %s" % error, file=sys.stderr)
        return 3
    with open(path, encoding="utf-8") as f:
        body = json.load(f)
    found = []
    try:
        for n, (field, mime, text) in enumerate(pictures(kind, body)):
            data = base64.b64decode(text, validate=True)
            image = Image.open(io.BytesIO(data))
            image.load()
            rgb = image.convert("RGB")
            with open("%s-%d.rgb" % (prefix, n), "wb") as out:
                out.write(rgb.tobytes())
            found.append({
                "field": field, "mime": mime, "width": image.width, "height": image.height, "mode": image.mode,
                "format": image.format, "chunks": chunk_types(data),
                "info": sorted(k for k in image.info if k not in ("transparency",)),
                "exif": bool(image.getexif()),
            })
    except Exception as error:  # Pillow and base64 raise several types; all mean "unreadable"
        print("%s: %s" % (path, error), file=sys.stderr)
        return 1
    print(json.dumps(found))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
