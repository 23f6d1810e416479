#!/usr/bin/env python3
"""Generates Tests/PaletteCoreTests/Fixtures/color-syntax/in-gamut.tsv: CSS colour strings and
the 8-bit sRGB colour a reference implementation reads them as.

Usage: python3 -m pip install coloraide==8.13.1
       tools/gen_color_syntax_vectors.py > Tests/PaletteCoreTests/Fixtures/color-syntax/in-gamut.tsv

The reference is coloraide (MIT, https://github.com/facelessuser/coloraide), which implements
CSS Color 4's parsing and conversions. Only colours inside sRGB are written (gamut mapping
differs between implementations and is tested by its properties instead), and only those whose
channels are not within 0.02 of a rounding edge, so the expected bytes do not depend on the
last bits of a matrix. Seeded: the same file every run.
"""
import random
import sys

from coloraide import Color

random.seed(11)


def fmt(v, digits):
    s = f"{v:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def cases():
    r = random.random
    for _ in range(120):
        # rgb(): numbers and percentages, legacy and modern syntax
        a, b, c = (round(r() * 255, random.choice([0, 0, 1, 2])) for _ in range(3))
        yield f"rgb({fmt(a, 2)}, {fmt(b, 2)}, {fmt(c, 2)})"
        yield f"rgb({fmt(a, 2)} {fmt(b, 2)} {fmt(c, 2)})"
        yield f"RGBA({fmt(a / 2.55, 2)}% {fmt(b / 2.55, 2)}% {fmt(c / 2.55, 2)}% / 1)"
        yield f"rgba({fmt(a, 0)},{fmt(b, 0)},{fmt(c, 0)},1.0)"
    for _ in range(120):
        h, s, l = r() * 720 - 360, r() * 100, r() * 100
        yield f"hsl({fmt(h, 1)}, {fmt(s, 1)}%, {fmt(l, 1)}%)"
        yield f"hsl({fmt(h, 2)}deg {fmt(s, 2)}% {fmt(l, 2)}%)"
        yield f"hsla({fmt(h / 360, 4)}turn, {fmt(s, 1)}%, {fmt(l, 1)}%, 100%)"
        yield f"hsl({fmt(h * 3.14159265358979 / 180, 4)}rad {fmt(s, 1)} {fmt(l, 1)})"
        w, k = r() * 60, r() * 60
        yield f"hwb({fmt(h, 1)} {fmt(w, 1)}% {fmt(k, 1)}%)"
        yield f"hwb({fmt(h / 0.9, 1)}grad {fmt(w, 1)}% {fmt(k, 1)}%)"
    for _ in range(400):
        l, c, h = r(), r() * 0.2, r() * 360
        yield f"oklch({fmt(l, 4)} {fmt(c, 4)} {fmt(h, 2)})"
        yield f"oklch({fmt(l * 100, 2)}% {fmt(c, 4)} {fmt(h, 2)}deg)"
        yield f"oklab({fmt(l, 4)} {fmt((r() - 0.5) * 0.3, 4)} {fmt((r() - 0.5) * 0.3, 4)})"
        yield f"oklab({fmt(l * 100, 2)}% {fmt((r() - 0.5) * 60, 2)}% {fmt((r() - 0.5) * 60, 2)}%)"
        L, C = r() * 100, r() * 60
        yield f"lch({fmt(L, 2)} {fmt(C, 2)} {fmt(h, 2)})"
        yield f"lch({fmt(L, 2)}% {fmt(C / 1.5, 2)}% {fmt(h, 2)})"
        yield f"lab({fmt(L, 2)} {fmt((r() - 0.5) * 100, 2)} {fmt((r() - 0.5) * 100, 2)})"
        yield f"lab({fmt(L, 2)}% {fmt((r() - 0.5) * 80, 2)}% {fmt((r() - 0.5) * 80, 2)}%)"
    for space in ["srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "xyz", "xyz-d50",
                  "xyz-d65"]:
        for _ in range(60):
            v = [r() * 0.9 + 0.05 for _ in range(3)]
            if space.startswith("xyz"):
                v = [x * 0.8 for x in v]
            yield f"color({space} {fmt(v[0], 4)} {fmt(v[1], 4)} {fmt(v[2], 4)})"
            yield f"color({space} {fmt(v[0] * 100, 2)}% {fmt(v[1] * 100, 2)}% {fmt(v[2] * 100, 2)}%)"
    # none, signs, exponents, alpha forms
    yield "rgb(none 128 255)"
    yield "hsl(none 50% 50%)"
    yield "oklch(0.7 none 30)"
    yield "rgb(+47 93.0 8e1)"
    yield "rgb(4.7e1, 9.3E1, 80)"
    yield "oklch(.628 .1 29.23 / 1)"
    yield "hsl(120 60% 40% / 100%)"
    yield "color(srgb 0.2 0.4 0.6 / 1)"


def edge(v):
    x = min(max(v, 0.0), 1.0) * 255
    return abs((x - int(x)) - 0.5) < 0.02


def main():
    out = sys.stdout
    out.write("# input\texpected (coloraide 8.13.1, in sRGB, 8-bit, rounded half up)\n")
    seen = set()
    for text in cases():
        if text in seen:
            continue
        seen.add(text)
        color = Color(text).convert("srgb")
        if not color.in_gamut("srgb", tolerance=0.0001):
            continue
        coords = [0.0 if v != v else v for v in color.coords()]
        if any(edge(v) for v in coords):
            continue
        rgb = [int(min(max(v, 0.0), 1.0) * 255 + 0.5) for v in coords]
        out.write(f"{text}\t#{rgb[0]:02X}{rgb[1]:02X}{rgb[2]:02X}\n")


if __name__ == "__main__":
    main()
