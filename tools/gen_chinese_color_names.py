#!/usr/bin/env python3
"""Generates Sources/PaletteCore/ChineseColorNameData.swift: the colour names shown under
zh-Hans and zh-Hant, in both scripts.

Usage: tools/gen_chinese_color_names.py > Sources/PaletteCore/ChineseColorNameData.swift

Two sets, nearest by CIEDE2000 as the English names are (`ColorNames.nearest(to:language:)`):
- the 161 traditional Chinese colours (tools/lexicon/sources/chinese_traditional_zerosoul161.csv,
  zerosoul/chinese-colors, MIT, see zerosoul_LICENSE.txt beside it), in Simplified characters
  as published, first;
- basic names: each XKCD survey name (CC0) whose every word is in tools/colour-names/zh_words.tsv
  (written for this project), translated word by word: modifiers in order, then the head of the
  last word ("dark grey blue" -> 深灰蓝), with 色 after a lone character (红 -> 红色), and none
  that repeats a character ("blue blue", "green teal", "light light green") or takes a
  traditional colour's name ("pinkish red" -> 粉红, which is #FFB3A7). They fill
  the space between the traditional colours with plain words, at the survey's own colours.

Traditional characters come from OpenCC's STCharacters (tools/lexicon/sources/STCharacters.txt,
Apache-2.0, first candidate), with the overrides below where Taiwan's usage differs; every
character with more than one candidate is listed on standard error for review.
"""
import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "lexicon", "sources")

# Where the first OpenCC candidate is not the character Taiwan writes in a colour name.
OVERRIDES = {"姜": "薑", "栗": "栗", "群": "群", "脏": "髒", "艳": "豔", "松": "松", "锈": "鏽", "叶": "葉",
             "沈": "沈", "朱": "朱", "秋": "秋", "荧": "螢"}
# Data fixes: the source joins two names of one colour.
RENAMES = {"绀青绀紫": "绀青"}



def load_st():
    table = {}
    with open(os.path.join(SRC, "STCharacters.txt"), encoding="utf-8") as f:
        for line in f:
            simplified, candidates = line.rstrip("\n").split("\t")
            table[simplified] = candidates.split(" ")
    return table


def traditional(name, st, ambiguous):
    out = []
    for ch in name:
        candidates = st.get(ch, [ch])
        if len(candidates) > 1:
            ambiguous.setdefault(ch, candidates)
        out.append(OVERRIDES.get(ch, candidates[0]))
    return "".join(out)


def words():
    table = {}
    with open(os.path.join(HERE, "colour-names", "zh_words.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            word, modifier, head = line.rstrip("\n").split("\t")
            table[word] = (modifier, None if head == "-" else head)
    return table


# How far (OKLab) a basic name's colour may be from the traditional colour of the same name: the
# three "pink red"s made 粉红 are 0.25-0.27 from it, the cerulean blues made 蔚蓝 0.32-0.37; the
# nearest kept, navy as 藏青, is 0.21 (its usual translation).
CLASH = 0.22


def oklab(code):
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(code[i:i + 2], 16)) for i in (0, 2, 4))
    l = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b) ** (1 / 3)
    m = (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b) ** (1 / 3)
    s = (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b) ** (1 / 3)
    return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)


def oklab_distance(a, b):
    return sum((x - y) ** 2 for x, y in zip(oklab(a), oklab(b))) ** 0.5


def hexcode(text):
    h = text.strip().lstrip("#").upper()
    if len(h) != 6 or any(c not in "0123456789ABCDEF" for c in h):
        raise SystemExit(f"bad hex {text!r}")
    return h


def main():
    st = load_st()
    vocabulary = words()
    ambiguous = {}
    lines = []
    traditional_names = {}
    with open(os.path.join(SRC, "chinese_traditional_zerosoul161.csv"), encoding="utf-8") as f:
        for row in csv.DictReader(f):
            name = RENAMES.get(row["name"].strip(), row["name"].strip())
            traditional_names[name] = hexcode(row["hex"])
            lines.append(f"{hexcode(row['hex'])} c {name} {traditional(name, st, ambiguous)}")
    basic = 0
    with open(os.path.join(SRC, "xkcd_colors.csv"), encoding="utf-8") as f:
        for row in csv.DictReader(f):
            english = row["name"].strip()
            parts = english.replace("/", " ").split()
            if not parts or any(p not in vocabulary for p in parts) or vocabulary[parts[-1]][1] is None:
                continue
            name = "".join(vocabulary[p][0] for p in parts[:-1]) + vocabulary[parts[-1]][1]
            if len(set(name)) < len(name):
                continue  # "blue blue", "green teal", "light light green": no word twice
            if len(name) == 1:
                name += "色"
            if name in traditional_names and oklab_distance(hexcode(row["hex"]), traditional_names[name]) > CLASH:
                # The translation makes a traditional colour's name for clearly another colour:
                # "pinkish red" (#F10C45) is not 粉红, which the table describes as 浅红色 (light
                # red, #FFB3A7), 0.27 away.
                continue
            lines.append(f"{hexcode(row['hex'])} b {name} {traditional(name, st, ambiguous)} |{english}")
            basic += 1
    for ch, candidates in sorted(ambiguous.items()):
        print(f"{ch}: {' '.join(candidates)} -> {OVERRIDES.get(ch, candidates[0])}", file=sys.stderr)
    out = sys.stdout
    out.write("// swift-format-ignore-file\n")
    out.write("// Generated by tools/gen_chinese_color_names.py; do not edit. Sources and licences:\n")
    out.write("// the 161 traditional Chinese colours of zerosoul/chinese-colors (MIT, (c) 2019 Tristan Yang);\n")
    out.write(f"// {basic} basic names translated from the XKCD colour survey (CC0) by tools/colour-names/zh_words.tsv;\n")
    out.write("// Traditional characters from OpenCC's STCharacters (Apache-2.0).\n\n")
    out.write("extension ColorNames {\n")
    out.write("    /// One colour a line: `RRGGBB s 简体 繁體`, s = c (a traditional Chinese colour) or b (a basic\n")
    out.write("    /// name, then `|` and the XKCD name it translates); the traditional colours first.\n")
    out.write('    static let chineseEmbedded = """\n')
    for line in lines:
        out.write(f"        {line}\n")
    out.write('        """\n')
    out.write("}\n")


if __name__ == "__main__":
    main()
