#!/usr/bin/env python3
"""Builds tools/lexicon/emoji.tsv: concepts named by the emoji of Unicode CLDR, in the engine's
languages, each with the colours of its Noto Color Emoji glyph.

Run by hand when the sources change (never by make, never at run time); the output is committed
and tools/gen_lexicon.py embeds it after the hand-written concepts, so a hand-written term always
wins. Needs Debian's unicode-cldr-core (annotations), unicode-data (emoji-test.txt: group and
subgroup of each emoji) and fonts-noto-color-emoji (the glyphs), plus Pillow and numpy. Either
install them or unpack them without installing:

    apt-get download unicode-cldr-core unicode-data fonts-noto-color-emoji
    for f in *.deb; do dpkg -x "$f" root; done
    python3 tools/gen_emoji_concepts.py --root root

What is taken:
- the emoji of the groups whose names are things with colours (animals, plants, food and drink,
  places, buildings, events, clothing, instruments, household and other objects: SUBGROUPS), one
  fully-qualified emoji each, no skin-tone or gender variants;
- its CLDR short name (`type="tts"`) in every language the engine reads (Chinese in both
  scripts), and, when that name is one word, every CLDR keyword of that language that belongs to
  this emoji alone and is another form of the name (blueberry, blueberries); words of three
  letters or fewer (one of Han or kana) are left out: they are other words in other languages;
- its colours: the glyph rendered at its bitmap size, opaque pixels clustered in OKLab (k-means,
  seeded, deterministic), clusters ordered by area; outlines and highlights (near-black or
  near-white clusters of small area) are dropped; at most three colours, weighted by area.
Licences: CLDR and emoji-test.txt are under the Unicode License v3; the glyph colours are
measurements of Noto Color Emoji (SIL Open Font License 1.1). tools/lexicon/sources/README.md.
"""

import argparse
import math
import os
import re
import sys
import xml.etree.ElementTree as ET

import numpy as np
from PIL import Image, ImageDraw, ImageFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tools", "lexicon", "emoji.tsv")

# The engine's languages and the CLDR annotation files that give their words.
LOCALES = [("en", ["en"]), ("zh", ["zh", "zh_Hant"]), ("ja", ["ja"]), ("ko", ["ko"]), ("fr", ["fr"]),
           ("es", ["es"]), ("pt", ["pt"]), ("de", ["de"]), ("it", ["it"]), ("ru", ["ru"]), ("ar", ["ar"]),
           ("hi", ["hi"]), ("vi", ["vi"]), ("tr", ["tr"])]
LATIN = {"en", "fr", "es", "pt", "de", "it", "vi", "tr"}

# Subgroup -> the kind the engine gives the concept. Anything else is left out: faces, people,
# symbols and flags (brands.tsv has flags) name no colours; an object's glyph (a cup, a candle, a
# car, a book) is one arbitrary instance of it, not the colours the word calls up.
SUBGROUPS = {
    "animal-mammal": "thing", "animal-bird": "thing", "animal-amphibian": "thing", "animal-reptile": "thing",
    "animal-marine": "thing", "animal-bug": "thing", "plant-flower": "thing", "plant-other": "thing",
    "food-fruit": "thing", "food-vegetable": "thing", "food-prepared": "thing", "food-asian": "thing",
    "food-marine": "thing", "food-sweet": "thing", "drink": "thing",
    "place-geographic": "place", "place-building": "place", "place-religious": "place", "place-other": "place",
    "event": "scene", "clothing": "thing", "musical-instrument": "thing",
}
# Emoji whose glyph is a symbol or a scene of the same few colours, not the thing's own colours.
SKIP = set("🗾🗺🧭🏁🎫🎟🎴🃏🀄🔮🎰🎲🧩♟🎯🪄🎮🕹🪅🪆🧿🪬📦📫")


def parse_emoji_test(path):
    """[(emoji, subgroup, English name)] for fully-qualified emoji without skin tones."""
    out, subgroup = [], None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# subgroup:"):
                subgroup = line.split(":", 1)[1].strip()
                continue
            if line.startswith("#") or ";" not in line:
                continue
            codes, rest = line.split(";", 1)
            if "fully-qualified" not in rest.split("#")[0]:
                continue
            cps = [int(c, 16) for c in codes.split()]
            if any(0x1F3FB <= c <= 0x1F3FF for c in cps) or 0x200D in cps:
                continue
            if subgroup not in SUBGROUPS:
                continue
            ch = "".join(chr(c) for c in cps)
            if ch.replace("\ufe0f", "") in SKIP:
                continue
            name = rest.split("#", 1)[1].split(" ", 3)[-1].strip()
            out.append((ch, subgroup, name))
    return out


def parse_annotations(path):
    """emoji (no variation selector) -> (tts name, [keywords])."""
    tts, kw = {}, {}
    for a in ET.parse(path).getroot().iter("annotation"):
        cp = a.get("cp", "").replace("\ufe0f", "")
        text = (a.text or "").strip()
        if not text or text == "↑↑↑":
            continue
        if a.get("type") == "tts":
            tts[cp] = text
        else:
            kw[cp] = [k.strip() for k in text.split("|") if k.strip()]
    return tts, kw


# MARK: colour

def srgb_to_oklab(rgb):
    c = rgb / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    m1 = np.array([[0.4122214708, 0.5363325363, 0.0514459929],
                   [0.2119034982, 0.6806995451, 0.1073969566],
                   [0.0883024619, 0.2817188376, 0.6299787005]])
    lms = np.cbrt(lin @ m1.T)
    m2 = np.array([[0.2104542553, 0.7936177850, -0.0040720468],
                   [1.9779984951, -2.4285922050, 0.4505937099],
                   [0.0259040371, 0.7827717662, -0.8086757660]])
    return lms @ m2.T


def oklab_to_hex(lab):
    l, a, b = lab
    l_ = l + 0.3963377774 * a + 0.2158037573 * b
    m_ = l - 0.1055613458 * a - 0.0638541728 * b
    s_ = l - 0.0894841775 * a - 1.2914855480 * b
    l3, m3, s3 = l_ ** 3, m_ ** 3, s_ ** 3
    rgb = (4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
           -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
           -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3)

    def enc(v):
        v = min(max(v, 0.0), 1.0)
        return int(round((v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055) * 255))

    return "#" + "".join("%02X" % enc(v) for v in rgb)


def glyph_colours(font, ch):
    """Up to three (OKLab, area fraction) of the glyph, largest first."""
    im = Image.new("RGBA", (160, 140), (0, 0, 0, 0))
    ImageDraw.Draw(im).text((4, 4), ch, font=font, embedded_color=True)
    px = np.asarray(im, dtype=np.float64).reshape(-1, 4)
    px = px[px[:, 3] > 200][:, :3]
    if len(px) < 200:
        return []
    lab = srgb_to_oklab(px)
    # k-means, k = 6, seeded from lightness quantiles (deterministic).
    k = 6
    order = np.argsort(lab[:, 0] * 3 + np.arctan2(lab[:, 2], lab[:, 1]) * 0.01)
    centres = lab[order[np.linspace(0, len(order) - 1, k).astype(int)]].copy()
    for _ in range(12):
        d = ((lab[:, None, :] - centres[None, :, :]) ** 2).sum(-1)
        near = d.argmin(1)
        for j in range(k):
            members = lab[near == j]
            if len(members):
                centres[j] = members.mean(0)
    areas = np.bincount(near, minlength=k) / len(lab)
    clusters = sorted(((areas[j], centres[j]) for j in range(k) if areas[j] > 0), key=lambda t: -t[0])
    # Merge clusters that read as one colour.
    merged = []
    for area, c in clusters:
        for m in merged:
            if np.linalg.norm(m[1] - c) < 0.07:
                m[1] = (m[1] * m[0] + c * area) / (m[0] + area)
                m[0] += area
                break
        else:
            merged.append([area, c])
    merged.sort(key=lambda t: -t[0])
    kept = []
    for area, c in merged:
        chroma = math.hypot(c[1], c[2])
        outline = c[0] < 0.3 and chroma < 0.04 and area < 0.25
        highlight = c[0] > 0.93 and chroma < 0.03 and area < 0.2
        if outline or highlight or area < 0.08:
            continue
        kept.append((c, area))
        if len(kept) == 3:
            break
    return kept


def colour_field(kept):
    top = kept[0][1]
    parts = []
    for i, (c, area) in enumerate(kept):
        w = 1.0 if i == 0 else max(0.3, min(0.8, area / top))
        parts.append(f"{oklab_to_hex(c)}*{w:.2f}")
    return " ".join(parts)


# MARK: terms

BAD = re.compile(r"[\t|=\n#\"\\]")


def related(keyword, names, lang):
    """A keyword that is another form of the name (blueberry, blueberries; 蓮花, 莲花), not a word
    that merely goes with it (india, flamboyant)."""
    k = keyword.lower().strip()
    for n in names:
        n = n.lower().strip()
        if lang in ("zh", "ja"):
            if len(set(k) & set(n)) >= min(2, len(k)):
                return True
        else:
            for a in k.split():
                for b in n.split():
                    if len(a) >= 4 and len(b) >= 4 and a[:4] == b[:4]:
                        return True
    return False


def clean(term, lang):
    term = term.replace("\u2019", "'").strip()
    if not term or BAD.search(term) or any(ch.isdigit() for ch in term):
        return None
    if lang in LATIN or lang in ("ru", "ar", "hi", "ko"):
        term = term.lower()
    # A single Han or kana character names many things inside longer words; two or more only.
    if lang in ("zh", "ja") and len(term) < 2:
        return None
    # Three letters or fewer name other things in other languages (Turkish nar, French ail).
    if lang not in ("zh", "ja", "ko") and len(term) < 4 or len(term) < 2:
        return None
    return term


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default="/", help="where the Debian packages are installed or unpacked")
    args = ap.parse_args()
    cldr = os.path.join(args.root, "usr/share/unicode/cldr/common/annotations")
    test = os.path.join(args.root, "usr/share/unicode/emoji/emoji-test.txt")
    fontpath = os.path.join(args.root, "usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
    for p in (cldr, test, fontpath):
        if not os.path.exists(p):
            sys.exit(f"gen_emoji_concepts: {p} is missing (see the docstring)")
    font = ImageFont.truetype(fontpath, 109)
    emoji = parse_emoji_test(test)
    names = {}
    for lang, files in LOCALES:
        tts, kw = {}, {}
        for name in files:
            t, k = parse_annotations(os.path.join(cldr, name + ".xml"))
            for cp, v in t.items():
                tts.setdefault(cp, []).append(v)
            for cp, v in k.items():
                kw.setdefault(cp, []).extend(v)
        # A keyword names this emoji alone when no other emoji of the whole file lists it.
        df = {}
        for cp, words in kw.items():
            for w in set(x.lower() for x in words):
                df[w] = df.get(w, 0) + 1
        names[lang] = (tts, kw, df)
    rows, seen_ids = [], set()
    for ch, subgroup, en_name in emoji:
        cp = ch.replace("\ufe0f", "")
        kept = glyph_colours(font, ch)
        if not kept:
            continue
        ident = "emoji:" + en_name.replace(" ", "-").replace(":", "")
        if ident in seen_ids:
            continue
        seen_ids.add(ident)
        cols = [SUBGROUPS[subgroup], ident, colour_field(kept)]
        for lang, _ in LOCALES:
            tts, kw, df = names[lang]
            terms = []
            for t in tts.get(cp, []):
                terms.extend(x for x in t.split(",") if x.strip())
            for w in kw.get(cp, []):
                single = all(" " not in t.strip() for t in tts.get(cp, []))
                if single and df.get(w.lower(), 0) == 1 and related(w, terms, lang):
                    terms.append(w)
            out = []
            for t in terms:
                c = clean(t, lang)
                if c and c not in out:
                    out.append(c)
            if out:
                cols.append(lang + "=" + "|".join(out))
        cols.append("any=" + cp)
        rows.append("\t".join(cols))
    header = (
        "# Emoji concepts: generated by tools/gen_emoji_concepts.py; do not edit (edit the script).\n"
        "# Names and keywords: Unicode CLDR annotations (unicode-cldr-core), groups: Unicode emoji-test.txt\n"
        "# (unicode-data), both Unicode License v3; colours measured on Noto Color Emoji glyphs\n"
        "# (fonts-noto-color-emoji, SIL OFL 1.1). Columns: kind, id, colours (#RRGGBB*weight), lang=terms|...\n"
        "# A trailing ? binds a term to its language. tools/gen_lexicon.py embeds it after the hand-written\n"
        f"# concepts (the first to claim a term keeps it). {len(rows)} concepts.\n")
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(header + "\n".join(rows) + "\n")
    print(f"wrote {OUT}: {len(rows)} concepts")


if __name__ == "__main__":
    main()
