"""Writes a test picture from a JSON spec (Pillow, and numpy for noise): known regions, sizes,
colours and noise, in the format and pixel mode asked for.

    python3 make_image.py SPEC.json OUT

SPEC: {"width", "height", "background": [r, g, b], "regions": [{"box": [x0, y0, x1, y1],
"colour": [r, g, b], "shape": "rect"|"ellipse", "alpha": 0-255}], "noise": amplitude (uniform
±, seeded), "seed": n, "format": "PNG"|"JPEG"|"WEBP", "mode": "RGB"|"RGBA"|"P"|"L"|"I;16",
"quality": n, "compress_level": n, "interlace": true (PNG, written by hand with Adam7)}.
Regions are drawn in order over the background; "box" is inclusive.
"""

import json
import struct
import sys
import zlib

import numpy
from PIL import Image, ImageDraw


def build(spec):
    width, height = spec["width"], spec["height"]
    mode = spec.get("mode", "RGB")
    rgba = mode == "RGBA"
    background = tuple(spec.get("background", [255, 255, 255])) + ((spec.get("background_alpha", 255),) if rgba else ())
    image = Image.new("RGBA" if rgba else "RGB", (width, height), background)
    draw = ImageDraw.Draw(image)
    for region in spec.get("regions", []):
        colour = tuple(region["colour"]) + ((region.get("alpha", 255),) if rgba else ())
        box = region["box"]
        if region.get("shape", "rect") == "ellipse":
            draw.ellipse(box, fill=colour)
        else:
            draw.rectangle(box, fill=colour)
    noise = spec.get("noise", 0)
    if noise:
        rng = numpy.random.default_rng(spec.get("seed", 1))
        pixels = numpy.asarray(image).astype(numpy.int16)
        channels = 3
        delta = rng.integers(-noise, noise + 1, size=(height, width, 1), dtype=numpy.int16)
        pixels[:, :, :channels] = numpy.clip(pixels[:, :, :channels] + delta, 0, 255)
        image = Image.fromarray(pixels.astype(numpy.uint8), "RGBA" if rgba else "RGB")
    if mode == "P":
        image = image.convert("P", palette=Image.ADAPTIVE, colors=spec.get("colours", 256))
    elif mode == "L":
        image = image.convert("L")
    elif mode == "I;16":
        grey = numpy.asarray(image.convert("L")).astype(numpy.uint16) * 257
        image = Image.frombytes("I;16", (width, height), grey.astype("<u2").tobytes())
    return image


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def interlaced_png(image, path):
    """An RGB (or RGBA) PNG with Adam7 interlacing, filter 0 on every row (Pillow writes none)."""
    image = image.convert("RGBA" if image.mode == "RGBA" else "RGB")
    pixels = numpy.asarray(image)
    height, width, channels = pixels.shape
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    raw = bytearray()
    for x0, y0, dx, dy in passes:
        sub = pixels[y0::dy, x0::dx]
        if sub.shape[0] == 0 or sub.shape[1] == 0:
            continue
        for row in sub:
            raw.append(0)
            raw += row.tobytes()
    colour_type = 6 if channels == 4 else 2
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 1)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 6))
                  + chunk(b"IEND", b""))


def main():
    with open(sys.argv[1]) as f:
        spec = json.load(f)
    out = sys.argv[2]
    image = build(spec)
    kind = spec.get("format", "PNG")
    if kind == "PNG" and spec.get("interlace"):
        interlaced_png(image, out)
    elif kind == "PNG":
        image.save(out, "PNG", compress_level=spec.get("compress_level", 6))
    elif kind == "JPEG":
        image.convert("RGB").save(out, "JPEG", quality=spec.get("quality", 90), progressive=spec.get("progressive", False))
    elif kind == "WEBP":
        image.save(out, "WEBP", quality=spec.get("quality", 90), lossless=spec.get("lossless", False))
    else:
        raise SystemExit("unknown format " + kind)


if __name__ == "__main__":
    main()
