#!/usr/bin/env python3
"""Specificity of the offline engine against human palettes (PAT, Bahng et al. 2018).

Usage: python3 bench/pat_specificity.py CSV [--app .build/release/palette-tui] [--limit 400]
                                            [--start 0]
                                            [--jobs 8] [--json]
       python3 bench/pat_specificity.py --self-test

CSV is a copy of PAT's test split with the columns `text_input` (a Python list of words, as
in the CyberAgentAILab/text2palette copy) and `palette` (a Python list of five (r, g, b)).
PAT's licence is unclear: it is used here to evaluate only. Keep the CSV outside the
repository, never train or tune on it, and never commit it or anything derived from it.

For each text, the distance of our palette to a human palette is the mean, over our three
colours, of the CIEDE2000 difference to the nearest of the human five. Specificity is the
mean distance to the text's own human palette over the mean distance to the other texts'
human palettes (every other text of the set): 1.0 means the palette ignores the text; lower
is better. Two variants are printed beside it: against the next text's palette only
(text i against text i+1), and the mean of per-text ratios.

Not part of `make`: it needs the CSV, which the repository does not hold. Python standard
library only. `--self-test` checks CIEDE2000 against Sharma, Wu and Dalal's published pairs
and the whole pipeline on a made-up three-row stand-in (not PAT).
"""

import argparse
import ast
import concurrent.futures
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# MARK: Colour


def srgb_to_lab(rgb):
    """sRGB (0-255) to CIE L*a*b* (D65)."""

    def linear(c):
        c /= 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(float(c)) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1, lab2):
    """CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1 = math.hypot(a1, b1)
    c2 = math.hypot(a2, b2)
    cbar = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cbar**7 / (cbar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lbar = (l1 + l2) / 2
    cbarp = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hbar = (h1p + h2p + 360) / 2
    else:
        hbar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hbar - 30))
        + 0.24 * math.cos(math.radians(2 * hbar))
        + 0.32 * math.cos(math.radians(3 * hbar + 6))
        - 0.20 * math.cos(math.radians(4 * hbar - 63))
    )
    dtheta = 30 * math.exp(-(((hbar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cbarp**7 / (cbarp**7 + 25**7))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc = 1 + 0.045 * cbarp
    sh = 1 + 0.015 * cbarp * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def distance(ours, human):
    """Mean over our colours of the nearest human colour's CIEDE2000 difference (Lab in, Lab in)."""
    return sum(min(ciede2000(o, h) for h in human) for o in ours) / len(ours)


# MARK: Data and engine


def read_pat(path, limit, start=0):
    """(text, five Lab colours) of `limit` rows from row `start` (0: the first)."""
    rows = []
    with open(path, newline="", encoding="utf-8") as f:
        for n, row in enumerate(csv.DictReader(f)):
            if n < start:
                continue
            words = ast.literal_eval(row["text_input"])
            text = " ".join(words) if isinstance(words, (list, tuple)) else str(words)
            palette = [srgb_to_lab(c) for c in ast.literal_eval(row["palette"])]
            rows.append((text, palette))
            if limit and len(rows) == limit:
                break
    return rows


def hex_to_rgb(h):
    h = h.lstrip("#")
    return tuple(int(h[i : i + 2], 16) for i in (0, 2, 4))


def engine_palette(app, text):
    """The offline engine's three colours for `text`, as Lab."""
    out = subprocess.run(
        [app, "generate", "--provider", "offline", "--no-history", "--format", "hex", "--", text],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "GEMINI_API_KEY": "", "GOOGLE_API_KEY": ""},
    )
    if out.returncode != 0:
        raise RuntimeError(f"{app} failed on {text!r}: {out.stderr.strip()}")
    colours = [w for w in out.stdout.split() if w.startswith("#")]
    if len(colours) != 3:
        raise RuntimeError(f"{app} printed {out.stdout!r} for {text!r}")
    return [srgb_to_lab(hex_to_rgb(c)) for c in colours]


def specificity(ours, humans):
    """The three figures for our palettes against the human ones (same order)."""
    n = len(ours)
    own = [distance(ours[i], humans[i]) for i in range(n)]
    others = [sum(distance(ours[i], humans[j]) for j in range(n) if j != i) / (n - 1) for i in range(n)]
    shifted = [distance(ours[i], humans[(i + 1) % n]) for i in range(n)]
    return {
        "texts": n,
        "own": sum(own) / n,
        "others": sum(others) / n,
        "specificity": sum(own) / sum(others),
        "specificity_next_text": sum(own) / sum(shifted),
        "specificity_mean_of_ratios": sum(o / x for o, x in zip(own, others)) / n,
    }


def evaluate(path, app, limit, jobs, start=0):
    rows = read_pat(path, limit, start)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        ours = list(pool.map(lambda r: engine_palette(app, r[0]), rows))
    return specificity(ours, [r[1] for r in rows])


# MARK: Self-test


def self_test(app):
    # Sharma, Wu and Dalal (2005), table 1: a few of the 34 pairs and their CIEDE2000 values.
    pairs = [
        ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
        ((50.0000, -1.0000, 2.0000), (50.0000, 0.0000, 0.0000), 2.3669),
        ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
        ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
        ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
    ]
    for a, b, want in pairs:
        got = ciede2000(a, b)
        assert abs(got - want) < 1e-4, (a, b, got, want)
        assert abs(ciede2000(b, a) - want) < 1e-4
    white = srgb_to_lab((255, 255, 255))
    assert abs(white[0] - 100) < 1e-3 and abs(white[1]) < 1e-2 and abs(white[2]) < 1e-2, white
    # A made-up stand-in, NOT PAT: three texts and palettes written for this test.
    stand_in = (
        "text_input,palette\n"
        "\"['deep', 'ocean']\",\"[(4, 30, 66), (10, 60, 110), (0, 90, 140), (30, 120, 160), (90, 170, 200)]\"\n"
        "\"['forest', 'moss']\",\"[(30, 60, 30), (60, 90, 40), (90, 120, 60), (40, 80, 50), (120, 150, 90)]\"\n"
        "\"['sunset', 'desert']\",\"[(250, 120, 40), (240, 160, 80), (200, 90, 60), (250, 200, 120), (160, 70, 50)]\"\n"
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "stand-in.csv")
        with open(path, "w", encoding="utf-8") as f:
            f.write(stand_in)
        rows = read_pat(path, 0)
        assert [r[0] for r in rows] == ["deep ocean", "forest moss", "sunset desert"], rows
        # Palettes equal to the human ones are as specific as can be; the same palette for
        # every text ignores the text.
        perfect = specificity([r[1][:3] for r in rows], [r[1] for r in rows])
        assert perfect["specificity"] == 0.0, perfect
        same = specificity([rows[0][1][:3]] * 3, [r[1] for r in rows])
        assert 0.5 < same["specificity"] < 1.5, same
        if app and os.path.exists(app):
            result = evaluate(path, app, 0, 3)
            assert result["specificity"] < 0.8, result
            print(f"stand-in (not PAT), {app}: {result['specificity']:.3f}")
    print("self-test passed")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("csv", nargs="?", help="a copy of PAT's test split (kept outside the repository)")
    parser.add_argument("--app", default=os.path.join(ROOT, ".build", "release", "palette-tui"))
    parser.add_argument("--limit", type=int, default=400, help="N texts (0: all)")
    parser.add_argument("--start", type=int, default=0, help="skip the first N texts (400: a second slice)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 4)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        self_test(args.app)
        return 0
    if not args.csv:
        parser.error("the CSV path is required (or --self-test)")
    result = evaluate(args.csv, args.app, args.limit, args.jobs, args.start)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"PAT specificity, texts {args.start} to {args.start + result['texts']}: {result['specificity']:.3f}")
        print(f"  own palette {result['own']:.2f} ΔE00, other texts' palettes {result['others']:.2f} ΔE00")
        print(f"  against the next text only: {result['specificity_next_text']:.3f}")
        print(f"  mean of per-text ratios:    {result['specificity_mean_of_ratios']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
