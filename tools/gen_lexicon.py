#!/usr/bin/env python3
"""Builds Sources/PaletteEngine/LexiconData.swift and Sources/PaletteCore/Text/ChineseFoldingData.swift
from tools/lexicon/.

The offline engine's lexicon is data: hand-written bilingual concepts
(tools/lexicon/concepts.tsv) first, then colour names (Chinese traditional colours,
XKCD, CSS) and, for broad English coverage, words that occur in colour names
weighted by how concentrated their hue is. The first source to claim a key keeps it.

The output is raw string literals, parsed once at run time: a long literal compiles far
faster than an array literal of thousands of elements. The Traditional -> Simplified table
goes to PaletteCore (`ChineseFolding`), which the engine and history search share.

Usage: python3 tools/gen_lexicon.py [--check]
  --check  exit 1 if a committed Swift file differs from what would be generated
"""

import csv
import math
import os
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEX = os.path.join(ROOT, "tools", "lexicon")
SRC = os.path.join(LEX, "sources")
OUT = os.path.join(ROOT, "Sources", "PaletteEngine", "LexiconData.swift")
FOLD_OUT = os.path.join(ROOT, "Sources", "PaletteCore", "Text", "ChineseFoldingData.swift")

KINDS = {"colour", "scene", "thing", "material", "place", "time", "season", "weather",
         "mood", "modifier", "negation", "ignore"}
STYLE_KEYS = {"act", "wt", "heat", "lt", "ls", "cm", "ct", "cs", "cmin", "cmax", "ht", "hs", "hmin", "hmax", "scope"}
DEFAULT_WEIGHTS = [1.0, 0.65, 0.45, 0.35, 0.3]

# Words that occur in colour names without saying anything about colour.
STOPWORDS = set("""
a an the and or of in on at to for from with by as is are be it its this that these those my your our
his her their you me we they he she them i very so too just more most less much many some any all
new old little big small large great good bad best better little mini super ultra extra classic
classical true pure real simple plain basic first second third one two three four five six seven
eight nine ten hundred thousand day days time times year years mr mrs miss sir lady lord king queen
prince princess baby mama papa mother father sister brother boy girl man woman men women people
american english french british italian spanish german dutch chinese japanese indian african
north south east west northern southern eastern western new york london paris rome
colour color shade shades tone tones tint hue hues paint mix blend touch hint
dark light pale deep bright soft muted pastel neon vivid dim dull rich faded dusty warm cool
""".split())


def fold_table():
    """Traditional -> Simplified, one scalar to one scalar (first candidate)."""
    table = {}
    with open(os.path.join(SRC, "TSCharacters.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            trad, simps = line.split("\t")
            simp = simps.split(" ")[0]
            if len(trad) == 1 and len(simp) == 1 and trad != simp:
                table[trad] = simp
    return table


FOLD = fold_table()


def fold_cjk(term):
    """Matches the engine's folding: full-width ASCII narrowed, Traditional -> Simplified."""
    out = []
    for ch in unicodedata.normalize("NFC", term):
        o = ord(ch)
        if o in (0xFE0E, 0xFE0F):
            continue
        if 0xFF01 <= o <= 0xFF5E:
            ch = chr(o - 0xFEE0)
        out.append(FOLD.get(ch, ch))
    return "".join(out).lower()


def is_word_char(ch):
    o = ord(ch)
    return ("a" <= ch <= "z") or ("0" <= ch <= "9") or ch == "'" or (0xC0 <= o <= 0x24F and ch.isalpha())


def english_key(text):
    """Matches the engine's tokenizer: lower case, accents dropped, possessive 's dropped."""
    text = unicodedata.normalize("NFD", text.replace("\u2019", "'").lower())
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Mn")
    words, cur = [], ""
    for ch in text + " ":
        if is_word_char(ch):
            cur += ch
        elif cur:
            words.append(cur)
            cur = ""
    cleaned = []
    for w in words:
        if w.endswith("'s"):
            w = w[:-2]
        w = w.replace("'", "")
        if w:
            cleaned.append(w)
    return " ".join(cleaned)


# MARK: colour conversion (OKLCH -> sRGB with chroma reduction, as the engine does)

def oklab_to_linear(l, a, b):
    l_ = l + 0.3963377774 * a + 0.2158037573 * b
    m_ = l - 0.1055613458 * a - 0.0638541728 * b
    s_ = l - 0.0894841775 * a - 1.2914855480 * b
    l3, m3, s3 = l_ ** 3, m_ ** 3, s_ ** 3
    return (4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
            -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
            -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3)


def encode(v):
    v = min(max(v, 0.0), 1.0)
    e = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return int(round(e * 255))


def oklch_hex(l, c, h):
    def lin(cc):
        r = math.radians(h)
        return oklab_to_linear(l, cc * math.cos(r), cc * math.sin(r))

    def ok(rgb):
        return all(-1e-7 <= x <= 1 + 1e-7 for x in rgb)

    if not ok(lin(c)):
        lo, hi = 0.0, c
        for _ in range(24):
            mid = (lo + hi) / 2
            if ok(lin(mid)):
                lo = mid
            else:
                hi = mid
        c = lo
    return "".join("%02X" % encode(x) for x in lin(c))


# MARK: sources

class Lexicon:
    def __init__(self):
        self.lines = []
        self.en = {}
        self.cjk = {}
        self.counts = {}

    def add(self, kind, en_terms, cjk_terms, colours, style, source, strict):
        en_keys, cjk_keys = [], []
        for t in en_terms:
            k = english_key(t)
            if not k:
                continue
            if k in self.en:
                if strict:
                    sys.exit(f"gen_lexicon: English key {k!r} claimed twice ({self.en[k]} and {source})")
                continue
            if k not in en_keys:
                en_keys.append(k)
        for t in cjk_terms:
            k = fold_cjk(t)
            if not k:
                continue
            if k in self.cjk:
                if strict:
                    sys.exit(f"gen_lexicon: CJK key {k!r} claimed twice ({self.cjk[k]} and {source})")
                continue
            if k not in cjk_keys:
                cjk_keys.append(k)
        if not en_keys and not cjk_keys:
            return
        for k in en_keys:
            self.en[k] = source
        for k in cjk_keys:
            self.cjk[k] = source
        for k in en_keys + cjk_keys:
            if "\t" in k or "|" in k or "\n" in k:
                sys.exit(f"gen_lexicon: bad character in key {k!r}")
        self.lines.append("\t".join([kind, "|".join(en_keys), "|".join(cjk_keys), colours, style]))
        self.counts[source] = self.counts.get(source, 0) + 1


def parse_colours(field, where):
    out = []
    for i, tok in enumerate(field.split()):
        accent = tok.endswith("!") or "!*" in tok
        tok = tok.replace("!", "")
        weight = DEFAULT_WEIGHTS[min(i, len(DEFAULT_WEIGHTS) - 1)]
        if "*" in tok:
            tok, w = tok.split("*")
            weight = float(w)
        if not (tok.startswith("#") and len(tok) == 7):
            sys.exit(f"gen_lexicon: {where}: bad colour {tok!r}")
        int(tok[1:], 16)
        out.append(f"{tok[1:].upper()}:{weight:g}{'!' if accent else ''}")
    return " ".join(out)


def parse_style(field, where):
    parts = field.split()
    for p in parts:
        k, _, v = p.partition("=")
        if k not in STYLE_KEYS:
            sys.exit(f"gen_lexicon: {where}: unknown style key {k!r}")
        if k == "scope":
            if v not in ("local", "global"):
                sys.exit(f"gen_lexicon: {where}: scope must be local or global")
        else:
            float(v)
    return " ".join(parts)


def load_concepts(lex):
    path = os.path.join(LEX, "concepts.tsv")
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t")
            while len(cols) < 5:
                cols.append("")
            kind, en, cjk, colours, style = cols[:5]
            where = f"concepts.tsv:{n}"
            if kind not in KINDS:
                sys.exit(f"gen_lexicon: {where}: unknown kind {kind!r}")
            if kind == "modifier" and "=" in colours:
                colours, style = "", colours
            colours = parse_colours(colours, where)
            style = parse_style(style, where)
            if kind in ("negation", "ignore"):
                if colours:
                    sys.exit(f"gen_lexicon: {where}: a {kind} has no colours")
            elif kind != "modifier" and not colours:
                sys.exit(f"gen_lexicon: {where}: a {kind} needs colours")
            en_terms = [t.strip() for t in en.split(",") if t.strip()]
            if kind == "modifier":
                MODIFIER_WORDS.update(t for t in en_terms if " " not in t)
            cjk_terms = [t.strip() for t in cjk.split(",") if t.strip()]
            lex.add(kind, en_terms, cjk_terms, colours, style, "concepts", strict=True)


def load_zerosoul(lex):
    with open(os.path.join(SRC, "chinese_traditional_zerosoul161.csv"), encoding="utf-8") as f:
        for row in csv.DictReader(f):
            name = row["name"].strip()
            # Single characters (丹, 炎, 素 ...) occur inside ordinary words; only names of two or more.
            if len(name) < 2:
                continue
            lex.add("colour", [], [name], f"{row['hex'][1:].upper()}:1", "", "zerosoul161", strict=False)


MODIFIER_WORDS = set()


def load_named(lex, filename, source):
    with open(os.path.join(SRC, filename), encoding="utf-8") as f:
        for row in csv.DictReader(f):
            name = row["name"].replace("/", " ")
            # "pale blue", "dark red": the engine composes modifier + colour word itself, so
            # every "dark X" behaves alike instead of following one survey point each.
            if name.split(" ")[0] in MODIFIER_WORDS and " " in name:
                continue
            lex.add("colour", [name], [], f"{row['hex'][1:].upper()}:1", "", source, strict=False)


def load_words(lex):
    """English words from colour names, for words the hand-written concepts do not cover."""
    with open(os.path.join(SRC, "word_colour_from_colour_names.csv"), encoding="utf-8") as f:
        for row in csv.DictReader(f):
            token = row["token"]
            n = int(row["n"])
            r = float(row["hue_concentration_R"])
            if n < 4 or r < 0.6 or len(token) < 3 or not token.isalpha() or token in STOPWORDS:
                continue
            weight = min(1.0, (r - 0.5) / 0.5) * min(1.0, math.log(n) / math.log(40))
            if weight < 0.15:
                continue
            if float(row["chromatic_fraction"]) >= 0.5:
                hexcode = oklch_hex(float(row["mean_L"]), float(row["chroma_mean"]), float(row["hue_circ_mean"]))
            else:
                hexcode = row["mean_hex"][1:].upper()
            lex.add("word", [token], [], f"{hexcode}:{weight:.2f}", "", "colour-name words", strict=False)


def latin_bases():
    """U+00C0...U+024F lower-cased with accents dropped, one scalar each (the engine's fold)."""
    out = []
    for o in range(0xC0, 0x250):
        ch = chr(o)
        base = unicodedata.normalize("NFD", ch)[0].lower()
        out.append(base if len(base) == 1 else ch)
    return "".join(out)


def render(lex):
    entries = "\n".join(lex.lines)
    if '"""#' in entries or "\\#" in entries:
        sys.exit("gen_lexicon: data would end the raw string literal early")
    counts = ", ".join(f"{k} {v}" for k, v in lex.counts.items())
    return f'''// swift-format-ignore-file
// Generated by tools/gen_lexicon.py from tools/lexicon/ ({counts}). Do not edit.
// Sources and licences: tools/lexicon/sources/README.md.

/// The engine's embedded lexicon, parsed once by `Lexicon`.
enum LexiconData {{
    /// One entry a line: kind, English keys (|), CJK keys (|), colours (RRGGBB:weight[!]), style.
    static let entries = #"""
{entries}
"""#

    /// U+00C0...U+024F folded to lower-case base letters (é -> e), one scalar each.
    static let latinBases = "{latin_bases()}"
}}
'''


def render_folding():
    pairs = "".join(t + s for t, s in sorted(FOLD.items()))
    if '"""#' in pairs or "\\#" in pairs:
        sys.exit("gen_lexicon: data would end the raw string literal early")
    return f'''// swift-format-ignore-file
// Generated by tools/gen_lexicon.py from tools/lexicon/sources/TSCharacters.txt ({len(FOLD)} pairs). Do not edit.
// Sources and licences: tools/lexicon/sources/README.md.

/// The Traditional -> Simplified table, parsed once by `ChineseFolding`.
enum ChineseFoldingData {{
    /// Pairs of characters, Traditional first (OpenCC TSCharacters, first candidate).
    static let pairs = #"""
{pairs}
"""#
}}
'''


def main():
    lex = Lexicon()
    load_concepts(lex)
    load_zerosoul(lex)
    load_named(lex, "xkcd_colors.csv", "xkcd")
    load_named(lex, "css_named_colors.csv", "css")
    load_words(lex)
    outputs = [(OUT, render(lex)), (FOLD_OUT, render_folding())]
    if "--check" in sys.argv:
        for path, text in outputs:
            with open(path, encoding="utf-8") as f:
                if f.read() != text:
                    sys.exit(f"gen_lexicon: {os.path.relpath(path, ROOT)} is out of date; run python3 tools/gen_lexicon.py")
        return
    for path, text in outputs:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    print(f"wrote {OUT}: {len(lex.lines)} entries ({', '.join(f'{k} {v}' for k, v in lex.counts.items())}), "
          f"{len(lex.en)} English keys, {len(lex.cjk)} CJK keys; wrote {FOLD_OUT}: {len(FOLD)} folding pairs")


if __name__ == "__main__":
    main()
