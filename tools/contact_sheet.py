#!/usr/bin/env python3
"""A contact sheet of offline palettes: each description's swatch card, as the app exports it.

Usage: python3 tools/contact_sheet.py APP DESCRIPTIONS OUT.png

For each line of DESCRIPTIONS (UTF-8, one description a line, '#' lines skipped) runs
`APP generate --provider offline --format hex` and `APP export png --name DESCRIPTION` on the
three colours (the project's own swatch card), then lays the cards out four across, scaled to
half size, in one PNG. Pillow is used for the layout only (test tooling, PyPI).
"""

import os
import subprocess
import sys
import tempfile

from PIL import Image


def main():
    app, listing, out = sys.argv[1:4]
    lines = [l.strip() for l in open(listing, encoding="utf-8") if l.strip() and not l.startswith("#")]
    env = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "LANG": "C.UTF-8"}
    cards = []
    with tempfile.TemporaryDirectory() as tmp:
        for n, text in enumerate(lines):
            gen = subprocess.run(
                [app, "generate", "--provider", "offline", "--no-history", "--format", "hex", "--", text],
                capture_output=True, text=True, env=env, check=True)
            colours = [w for w in gen.stdout.split() if w.startswith("#")]
            path = os.path.join(tmp, f"{n}.png")
            subprocess.run(
                [app, "export", "png", "--name", f"{n + 1}. {text}", "-o", path, "--lang", "en", *colours],
                capture_output=True, env=env, check=True)
            im = Image.open(path).convert("RGB")
            cards.append(im.resize((im.width // 2, im.height // 2), Image.LANCZOS))
            print(f"{n + 1}\t{' '.join(colours)}\t{text}")
    across = 4
    w, h = cards[0].size
    rows = (len(cards) + across - 1) // across
    sheet = Image.new("RGB", (across * w + (across + 1) * 8, rows * h + (rows + 1) * 8), (255, 255, 255))
    for i, card in enumerate(cards):
        sheet.paste(card, (8 + (i % across) * (w + 8), 8 + (i // across) * (h + 8)))
    sheet.save(out, optimize=True)


if __name__ == "__main__":
    main()
