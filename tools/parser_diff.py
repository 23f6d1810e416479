#!/usr/bin/env python3
"""The parser's differential check: this tree's PaletteCore against a base commit's, same answers.

Usage: python3 tools/parser_diff.py [--base main] [--count 140000] [--seed 1] [--dir DIR]

Builds a scratch package (in DIR, default a temporary directory) with two copies of PaletteCore:
`OldCore`, the base commit's sources (git archive), and `PaletteCore`, this tree's (a link), and
tools/parser-diff/main.swift (with TestSupport's SplitMix64.swift), which parses the same generated replies with both and compares each
palette, each error (message and structure) and ModelAnswer's reading. Prints the first difference
and exits 1, or the count of identical answers. Not part of the product or of `make test`: it is
for a change to the parser that must not change an answer.
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MANIFEST = """// swift-tools-version:6.2
import PackageDescription
let package = Package(
    name: "parser-diff",
    targets: [
        .target(name: "OldCore", path: "Sources/OldCore"),
        .target(name: "PaletteCore", path: "Sources/PaletteCore"),
        .executableTarget(name: "parser-diff", dependencies: ["OldCore", "PaletteCore"], path: "Sources/parser-diff"),
    ]
)
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="main", help="the commit whose parser is the reference")
    ap.add_argument("--count", type=int, default=140_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dir", help="keep the scratch package here (rebuilds are faster)")
    ap.add_argument("--skip-alpha", action="store_true",
                    help="leave out inputs with #RGBA/#RRGGBBAA codes (against a base older than 2026-12-01's alpha rule)")
    args = ap.parse_args()
    work = args.dir or tempfile.mkdtemp(prefix="parser-diff-")
    sources = os.path.join(work, "Sources")
    old = os.path.join(sources, "OldCore")
    os.makedirs(sources, exist_ok=True)
    subprocess.run(["rm", "-rf", old], check=True)
    os.makedirs(old)
    archive = subprocess.run(["git", "-C", ROOT, "archive", args.base, "Sources/PaletteCore"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", old, "--strip-components=2"], input=archive, check=True)
    link = os.path.join(sources, "PaletteCore")
    if os.path.islink(link):
        os.unlink(link)
    os.symlink(os.path.join(ROOT, "Sources", "PaletteCore"), link)
    # The tool's folder holds links to its main.swift and to TestSupport's SplitMix64.swift, the
    # tests' one seeded generator, compiled in rather than copied.
    tool = os.path.join(sources, "parser-diff")
    if os.path.islink(tool):
        os.unlink(tool)
    subprocess.run(["rm", "-rf", tool], check=True)
    os.makedirs(tool)
    for source in (os.path.join(ROOT, "tools", "parser-diff", "main.swift"),
                   os.path.join(ROOT, "Tests", "TestSupport", "SplitMix64.swift")):
        os.symlink(source, os.path.join(tool, os.path.basename(source)))
    with open(os.path.join(work, "Package.swift"), "w") as f:
        f.write(MANIFEST)
    subprocess.run(["swift", "build", "-c", "release", "--package-path", work], check=True)
    done = subprocess.run([os.path.join(work, ".build", "release", "parser-diff"), str(args.count), str(args.seed)]
                          + (["--skip-alpha"] if args.skip_alpha else []))
    sys.exit(done.returncode)


if __name__ == "__main__":
    main()
