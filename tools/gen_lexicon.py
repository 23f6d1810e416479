#!/usr/bin/env python3
"""Builds Sources/PaletteEngine/LexiconData.swift and Sources/PaletteCore/Text/ChineseFoldingData.swift
from tools/lexicon/.

The offline engine's lexicon is data:

- tools/lexicon/concepts.tsv: the hand-written concepts (kind, English terms, Chinese terms,
  colours, style); a concept's id is its `id=` style value or its first English term.
- tools/lexicon/lang/<code>.tsv: one file a language: its terms for each concept (by id) and
  its reading rules (function words, elision, suffixes, prepositions ...).
- tools/lexicon/brands.tsv: brands, flags, sports teams and cultural icons with their
  documented colours and the source of each; names in every script they are written in.
- colour names (Chinese traditional colours, XKCD, CSS) and, for broad English coverage,
  words that occur in colour names weighted by how concentrated their hue is.

Terms are written as a user types them; the engine folds them at load time with the same
code that folds the description (one implementation), so this script only checks them.
The first source to claim a key in a language keeps it.

The output is raw string literals, parsed once at run time: a long literal compiles far
faster than an array literal of thousands of elements. The Traditional -> Simplified table
goes to PaletteCore (`ChineseFolding`), which the engine and history search share.

The engine does not fold and stem those terms at every start: after writing LexiconData.swift
this script runs `swift run lexicon-index`, which builds the lexicon from the terms (the same
Swift code) and writes its indexes to Sources/PaletteEngine/LexiconIndexData.swift. The engine
reads that index when it was built from the same texts, else builds from the terms (slower, the
same answers); a test (LexiconIndexTests) fails while the index is stale.

Usage: python3 tools/gen_lexicon.py [--check] [--no-index]
  --check     exit 1 if a committed Swift file differs from what would be generated
              (LexiconIndexData.swift is checked by the Swift tests instead)
  --no-index  write LexiconData.swift only; run `swift run lexicon-index` yourself afterwards
"""

import csv
import math
import os
import subprocess
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEX = os.path.join(ROOT, "tools", "lexicon")
SRC = os.path.join(LEX, "sources")
LANG_DIR = os.path.join(LEX, "lang")
OUT = os.path.join(ROOT, "Sources", "PaletteEngine", "LexiconData.swift")
FOLD_OUT = os.path.join(ROOT, "Sources", "PaletteCore", "Text", "ChineseFoldingData.swift")

# The languages the engine reads, in the order ties are broken. `any` is for names that are
# the same in every language (brands, emoji).
LANGUAGES = ["en", "zh", "ja", "ko", "fr", "es", "pt", "de", "it", "ru", "ar", "hi", "vi", "tr"]
# The languages written in Latin script, which share its spellings.
LATIN_SCRIPT = {"en", "fr", "es", "pt", "de", "it", "vi", "tr"}

KINDS = {"colour", "scene", "thing", "material", "place", "time", "season", "weather",
         "mood", "modifier", "negation", "ignore", "brand", "flag", "team", "icon"}
STYLE_KEYS = {"act", "wt", "heat", "lt", "ls", "cm", "ct", "cs", "cmin", "cmax", "ht", "hs", "hmin", "hmax",
              "scope", "id", "strong", "neg", "own", "sky", "shade"}
# Rules a language file may set (`@rule<TAB>values`); see tools/lexicon/lang/README.md.
RULES = {"name", "function", "letters", "elision", "suffix", "prefix", "final", "minstem", "passes",
         "compound", "joint", "negative", "locative", "between", "of", "after", "with", "at", "linker", "genitive", "derive", "inside", "and"}
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


def rough_key(term):
    """An approximation of the engine's folding, only to catch a term claimed twice here.

    The engine's own folding (Swift, at load time) is what counts; a test checks that every
    term reads as the concept that names it.
    """
    text = unicodedata.normalize("NFC", term).lower().replace("\u2019", "'")
    out = []
    for ch in text:
        o = ord(ch)
        if o in (0xFE0E, 0xFE0F, 0x200D, 0x30FB):
            continue
        if 0x30A1 <= o <= 0x30F6:
            ch = chr(o - 0x60)
        out.append(FOLD.get(ch, ch))
    words, cur = [], ""
    for ch in "".join(out) + " ":
        cat = unicodedata.category(ch)
        if ch.isalnum() or cat[0] in "MS" or cat == "Cn" or ch == "'":
            cur += ch
        elif cur:
            words.append(cur)
            cur = ""
    return " ".join(words)


def english_key(text):
    """The old English key shape: lower case, words, possessive 's and apostrophes dropped."""
    text = text.replace("\u2019", "'").lower()
    words, cur = [], ""
    for ch in text + " ":
        if ch.isalnum() or ch == "'" or unicodedata.category(ch).startswith("M"):
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


def check_term(term, where):
    for bad in ("\t", "|", "\n", "="):
        if bad in term:
            sys.exit(f"gen_lexicon: {where}: bad character {bad!r} in term {term!r}")


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


# MARK: the lexicon being built

ERRORS = []  # every term claimed twice, reported together


class Entry:
    def __init__(self, kind, ident, colours, style, source):
        self.kind = kind
        self.id = ident
        self.colours = colours
        self.style = style
        self.source = source
        self.keys = {}  # language -> [terms]
        # `own=1`: every one-word term of a Latin-script language is bound to its language
        # (written with a trailing ?), read only where the description reads as that language:
        # a gender word of one is an ordinary word of another (English "male" is Italian "bad").
        # A phrase (cô gái) is no other language's word; the other scripts are one language each
        # here, and the Han gender words name a sex or gender in Chinese and Japanese alike
        # (少女, 女性), so those terms stay as they are.
        self.own = False

    def line(self):
        cols = [self.kind, self.id, self.colours, self.style]
        for lang in LANGUAGES + ["any"]:
            terms = self.keys.get(lang)
            if terms:
                if self.own and lang in LATIN_SCRIPT:
                    terms = [t if t.endswith("?") or " " in t else t + "?" for t in terms]
                cols.append(lang + "=" + "|".join(terms))
        return "\t".join(cols)


class Lexicon:
    def __init__(self):
        self.entries = []
        self.by_id = {}
        self.claimed = {}  # (language, rough key) -> source
        self.counts = {}
        self.terms = 0

    def add_entry(self, kind, ident, colours, style, source):
        if ident in self.by_id:
            sys.exit(f"gen_lexicon: {source}: concept id {ident!r} used twice")
        e = Entry(kind, ident, colours, style, source)
        self.entries.append(e)
        self.by_id[ident] = e
        self.counts[source] = self.counts.get(source, 0) + 1
        return e

    def add_terms(self, entry, lang, terms, where, strict):
        """Adds terms; returns how many were new. A term may end in ? (bound to its language)."""
        added = 0
        for t in terms:
            t = t.strip()
            if not t:
                continue
            check_term(t.rstrip("?"), where)
            k = (lang, rough_key(t.rstrip("?")))
            if not k[1]:
                continue
            if k in self.claimed:
                if self.claimed[k] == f"{entry.source}:{entry.id}":
                    continue  # the same word in the other script (紅色 and 红色)
                if strict:
                    ERRORS.append(f"gen_lexicon: {where}: {lang} term {t!r} already claimed by {self.claimed[k]}")
                continue
            self.claimed[k] = f"{entry.source}:{entry.id}"
            entry.keys.setdefault(lang, []).append(t)
            added += 1
        self.terms += added
        return added


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
    ident = None
    own = False
    kept = []
    for p in parts:
        k, _, v = p.partition("=")
        if k not in STYLE_KEYS:
            sys.exit(f"gen_lexicon: {where}: unknown style key {k!r}")
        if k == "id":
            ident = v
            continue
        if k == "own":
            if v != "1":
                sys.exit(f"gen_lexicon: {where}: own must be 1")
            own = True
            continue
        if k == "scope":
            if v not in ("local", "global"):
                sys.exit(f"gen_lexicon: {where}: scope must be local or global")
        elif k == "neg":
            if v not in ("before", "after", "either"):
                sys.exit(f"gen_lexicon: {where}: neg must be before, after or either")
        elif k == "sky":
            if v not in ("field", "colour"):
                sys.exit(f"gen_lexicon: {where}: sky must be field or colour")
        else:
            float(v)
        kept.append(p)
    return ident, " ".join(kept), own


MODIFIER_WORDS = set()
ZH_MODIFIER_CHARS = set()


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
            ident, style, own = parse_style(style, where)
            if kind in ("negation", "ignore"):
                if colours:
                    sys.exit(f"gen_lexicon: {where}: a {kind} has no colours")
            elif kind != "modifier" and not colours:
                sys.exit(f"gen_lexicon: {where}: a {kind} needs colours")
            en_terms = [t.strip() for t in en.split(",") if t.strip()]
            cjk_terms = [t.strip() for t in cjk.split(",") if t.strip()]
            if ident is None:
                if not en_terms:
                    sys.exit(f"gen_lexicon: {where}: a concept without English terms needs an id=")
                ident = en_terms[0]
            if kind == "modifier":
                MODIFIER_WORDS.update(english_key(t) for t in en_terms if " " not in t)
                ZH_MODIFIER_CHARS.update(rough_key(t) for t in cjk_terms if len(rough_key(t)) == 1)
            e = lex.add_entry(kind, ident, colours, style, "concepts")
            e.own = own
            lex.add_terms(e, "en", en_terms, where, strict=True)
            lex.add_terms(e, "zh", cjk_terms, where, strict=True)


LANGUAGE_RULES = []  # (language, rule, values)


def load_languages(lex):
    """tools/lexicon/lang/<code>.tsv: rules (@rule) and terms (concept id -> terms)."""
    for lang in LANGUAGES:
        path = os.path.join(LANG_DIR, f"{lang}.tsv")
        if not os.path.exists(path):
            continue
        seen_ids = set()
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line.strip() or line.startswith("#"):
                    continue
                where = f"lang/{lang}.tsv:{n}"
                cols = line.split("\t")
                if len(cols) != 2:
                    sys.exit(f"gen_lexicon: {where}: expected two tab-separated columns, got {len(cols)}")
                head, values = cols[0].strip(), cols[1]
                if head.startswith("@"):
                    rule = head[1:]
                    if rule not in RULES:
                        sys.exit(f"gen_lexicon: {where}: unknown rule {head!r}")
                    vals = [v.strip() for v in values.split(",") if v.strip()]
                    for v in vals:
                        check_term(v.replace(">", ""), where)
                    LANGUAGE_RULES.append((lang, rule, vals))
                    continue
                entry = lex.by_id.get(head)
                if entry is None:
                    sys.exit(f"gen_lexicon: {where}: no concept with id {head!r}")
                if head in seen_ids:
                    sys.exit(f"gen_lexicon: {where}: concept {head!r} listed twice")
                seen_ids.add(head)
                lex.add_terms(entry, lang, values.split(","), where, strict=True)


def load_brands(lex):
    """tools/lexicon/brands.tsv: kind, id, names (any script), colours, source."""
    path = os.path.join(LEX, "brands.tsv")
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            where = f"brands.tsv:{n}"
            cols = line.split("\t")
            if len(cols) != 5:
                sys.exit(f"gen_lexicon: {where}: expected 5 tab-separated columns, got {len(cols)}")
            kind, ident, names, colours, source = (c.strip() for c in cols)
            if kind not in ("brand", "flag", "team", "icon"):
                sys.exit(f"gen_lexicon: {where}: kind must be brand, flag, team or icon")
            if not source:
                sys.exit(f"gen_lexicon: {where}: every row cites its source")
            colours = parse_colours(colours, where)
            if not colours:
                sys.exit(f"gen_lexicon: {where}: a {kind} needs colours")
            e = lex.add_entry(kind, ident, colours, "", "brands")
            if lex.add_terms(e, "any", names.split(","), where, strict=True) == 0:
                sys.exit(f"gen_lexicon: {where}: no names")


COLLISIONS = {}  # source -> terms already claimed by an earlier source (kept out, counted)


def load_generated(lex, filename, source):
    """tools/lexicon/references.tsv (hand-written designer references) and emoji.tsv (generated by
    tools/gen_emoji_concepts.py): kind, id, colours, then lang=term|term columns. An earlier
    source's term wins; the rest of the concept still reads."""
    path = os.path.join(LEX, filename)
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            where = f"{filename}:{n}"
            cols = line.split("\t")
            if len(cols) < 4:
                sys.exit(f"gen_lexicon: {where}: expected kind, id, colours and terms")
            kind, ident, colours = cols[0], cols[1], parse_colours(cols[2], where)
            if kind not in ("thing", "place", "scene", "material"):
                sys.exit(f"gen_lexicon: {where}: kind must be thing, place, scene or material")
            if not colours:
                sys.exit(f"gen_lexicon: {where}: a {kind} needs colours")
            if ident in lex.by_id:
                continue
            e = lex.add_entry(kind, ident, colours, "", source)
            added = 0
            for col in cols[3:]:
                lang, _, terms = col.partition("=")
                if lang not in LANGUAGES and lang != "any":
                    sys.exit(f"gen_lexicon: {where}: unknown language {lang!r}")
                terms = [t for t in terms.split("|") if t.strip()]
                got = lex.add_terms(e, lang, terms, where, strict=False)
                COLLISIONS[source] = COLLISIONS.get(source, 0) + len(terms) - got
                added += got
            if added == 0:
                lex.entries.remove(e)
                del lex.by_id[ident]
                lex.counts[source] -= 1


def load_zerosoul(lex):
    with open(os.path.join(SRC, "chinese_traditional_zerosoul161.csv"), encoding="utf-8") as f:
        for row in csv.DictReader(f):
            name = row["name"].strip()
            # Single characters (丹, 炎, 素 ...) occur inside ordinary words; only names of two or more.
            # 深红, 淡粉: the engine composes a shade word and a colour itself, as for "dark red".
            if len(name) < 2 or ("zh", rough_key(name)) in lex.claimed or rough_key(name[0]) in ZH_MODIFIER_CHARS:
                continue
            e = lex.add_entry("colour", "zh:" + name, f"{row['hex'][1:].upper()}:1", "", "zerosoul161")
            lex.add_terms(e, "zh", [name], "zerosoul161", strict=False)


def load_named(lex, filename, source):
    with open(os.path.join(SRC, filename), encoding="utf-8") as f:
        for row in csv.DictReader(f):
            name = english_key(row["name"].replace("/", " "))
            # "pale blue", "dark red": the engine composes modifier + colour word itself, so
            # every "dark X" behaves alike instead of following one survey point each.
            if not name or (name.split(" ")[0] in MODIFIER_WORDS and " " in name):
                continue
            # A named thing with documented colours (Tiffany blue) wins over a survey's guess.
            if ("en", rough_key(name)) in lex.claimed or ("any", rough_key(name)) in lex.claimed \
                    or f"{source}:{name}" in lex.by_id:
                continue
            e = lex.add_entry("colour", f"{source}:{name}", f"{row['hex'][1:].upper()}:1", "", source)
            lex.add_terms(e, "en", [name], source, strict=False)


def load_words(lex):
    """English words from colour names, for words the hand-written concepts do not cover.

    English function words are not among them, whatever the paint names say ("Only Natural"
    made "only" a beige word, so "shades of purple only" had a wheat secondary)."""
    function = {v for lang, rule, vals in LANGUAGE_RULES if lang == "en" and rule == "function" for v in vals}
    with open(os.path.join(SRC, "word_colour_from_colour_names.csv"), encoding="utf-8") as f:
        for row in csv.DictReader(f):
            token = row["token"]
            n = int(row["n"])
            r = float(row["hue_concentration_R"])
            if n < 4 or r < 0.6 or len(token) < 3 or not token.isalpha() or token in STOPWORDS or token in function:
                continue
            if ("en", rough_key(token)) in lex.claimed:
                continue
            weight = min(1.0, (r - 0.5) / 0.5) * min(1.0, math.log(n) / math.log(40))
            if weight < 0.15:
                continue
            if float(row["chromatic_fraction"]) >= 0.5:
                hexcode = oklch_hex(float(row["mean_L"]), float(row["chroma_mean"]), float(row["hue_circ_mean"]))
            else:
                hexcode = row["mean_hex"][1:].upper()
            e = lex.add_entry("word", "word:" + token, f"{hexcode}:{weight:.2f}", "", "colour-name words")
            lex.add_terms(e, "en", [token], "colour-name words", strict=False)


def bare_letters():
    """Latin letters with diacritics and their base letters, in pairs (the engine's bare fold).

    U+00C0...U+024F and U+1E00...U+1EFF (Vietnamese), lower case only: the engine lowers
    case first. Letters with no decomposition that readers type bare anyway are added.
    """
    out = []
    for o in list(range(0xC0, 0x250)) + list(range(0x1E00, 0x1F00)):
        ch = chr(o)
        if ch != ch.lower():
            continue
        base = unicodedata.normalize("NFD", ch)[0]
        if base != ch and len(base) == 1 and base.isascii():
            out.append(ch + base)
    for ch, base in (("ı", "i"), ("đ", "d"), ("ø", "o"), ("ł", "l"), ("ß", "s"), ("æ", "a"), ("œ", "o"),
                     ("ħ", "h"), ("ŧ", "t")):
        out.append(ch + base)
    return "".join(out)


def render(lex):
    entries = "\n".join(e.line() for e in lex.entries)
    rules = "\n".join(f"{lang}\t{rule}\t{'|'.join(vals)}" for lang, rule, vals in LANGUAGE_RULES)
    for text in (entries, rules):
        if '"""#' in text or "\\#" in text:
            sys.exit("gen_lexicon: data would end the raw string literal early")
    counts = ", ".join(f"{k} {v}" for k, v in lex.counts.items())
    return f'''// swift-format-ignore-file
// Generated by tools/gen_lexicon.py from tools/lexicon/ ({counts}). Do not edit.
// Sources and licences: tools/lexicon/sources/README.md and tools/lexicon/brands.tsv.

/// The engine's embedded lexicon, language rules and bare-letter table, parsed once by `Lexicon`.
enum LexiconData {{
    /// One entry a line: kind, id, colours (RRGGBB:weight[!]), style, then one column a
    /// language: `code=term|term` (terms as written; a trailing ? binds a term to its language).
    static let entries = #"""
{entries}
"""#

    /// Each language's reading rules, one a line: code, rule, values separated by |.
    static let languageRules = #"""
{rules}
"""#

    /// Latin letters with diacritics, each followed by its bare base letter (é e, ạ a, ı i).
    static let bareLetters = "{bare_letters()}"
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
    load_languages(lex)
    load_brands(lex)
    if ERRORS:
        sys.exit("\n".join(ERRORS))
    load_generated(lex, "references.tsv", "references")
    load_zerosoul(lex)
    load_named(lex, "xkcd_colors.csv", "xkcd")
    load_named(lex, "css_named_colors.csv", "css")
    load_generated(lex, "emoji.tsv", "emoji")
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
    per_lang = {}
    for e in lex.entries:
        for lang, terms in e.keys.items():
            per_lang[lang] = per_lang.get(lang, 0) + len(terms)
    print(f"wrote {OUT}: {len(lex.entries)} entries ({', '.join(f'{k} {v}' for k, v in lex.counts.items())}), "
          f"terms by language: {', '.join(f'{k} {v}' for k, v in per_lang.items())}; {len(FOLD)} folding pairs; "
          f"terms left to an earlier source: {COLLISIONS}")
    if "--no-index" not in sys.argv:
        write_index()


def write_index():
    """Runs `swift run lexicon-index`: LexiconIndexData.swift from the LexiconData.swift just written."""
    try:
        status = subprocess.run(["swift", "run", "lexicon-index"], cwd=ROOT).returncode
    except OSError as error:
        status = str(error)
    if status != 0:
        sys.exit(f"gen_lexicon: `swift run lexicon-index` failed ({status}); LexiconIndexData.swift is stale "
                 "until it runs (the engine then builds its indexes at start, slower)")


if __name__ == "__main__":
    main()
