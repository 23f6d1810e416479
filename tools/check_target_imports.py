#!/usr/bin/env python3
"""Checks that Package.swift says what the code imports (run by `make check`).

Every `import M` of a module of this package must name a dependency that the importing target
declares (SwiftPM on Linux builds an undeclared one through transitive visibility and says
nothing), and every declared dependency on a library must be imported by some file of the
target. A dependency on an executable target counts without an import: it is how a test target
gets the binary it runs built.

The program links FoundationEssentials alone (docs/decisions.md): no file of palette-tui or of a
target it depends on may import Foundation, FoundationInternationalization or
FoundationNetworking, which would link CoreFoundation and ICU back in.

    python3 tools/check_target_imports.py        # exit 1 and one line per problem, else silent
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)"
)


def module_name(target):
    """The module a target's name builds (`palette-tui` -> `palette_tui`)."""
    return re.sub(r"[^A-Za-z0-9_]", "_", target)


def default_path(target):
    return os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])


def imports(directory, excluded):
    """(module, file:line) for every import in the Swift files under `directory`."""
    found = []
    for dirpath, dirnames, filenames in os.walk(directory):
        relative = os.path.relpath(dirpath, directory)
        dirnames[:] = [d for d in dirnames if os.path.normpath(os.path.join(relative, d)) not in excluded]
        for name in sorted(filenames):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    match = IMPORT.match(line)
                    if match:
                        found.append((match.group(1), f"{os.path.relpath(path, ROOT)}:{number}"))
    return found


def main():
    dumped = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True)
    if dumped.returncode != 0:
        print(f"check_target_imports: swift package dump-package failed: {dumped.stderr.strip()}", file=sys.stderr)
        return 1
    targets = json.loads(dumped.stdout)["targets"]
    by_module = {module_name(t["name"]): t for t in targets}
    problems = []
    for target in targets:
        if target["type"] not in ("regular", "executable", "test"):
            continue
        declared = {next(iter(d.values()))[0] for d in target.get("dependencies", [])}
        directory = os.path.join(ROOT, target.get("path") or default_path(target))
        excluded = {os.path.normpath(e) for e in target.get("exclude", [])}
        used = set()
        for module, where in imports(directory, excluded):
            dependency = by_module.get(module)
            if dependency is None or dependency["name"] == target["name"]:
                continue
            if dependency["name"] not in declared and dependency["name"] not in used:
                problems.append(f"{where}: {target['name']} imports {module}, which it does not declare")
            used.add(dependency["name"])
        for name in sorted(declared - used):
            dependency = next((t for t in targets if t["name"] == name), None)
            if dependency is not None and dependency["type"] != "executable":
                problems.append(f"Package.swift: {target['name']} declares {name} and imports it nowhere")
    program = set()
    pending = ["palette-tui"]
    while pending:
        name = pending.pop()
        if name in program or name not in {t["name"] for t in targets}:
            continue
        program.add(name)
        target = next(t for t in targets if t["name"] == name)
        pending += [next(iter(d.values()))[0] for d in target.get("dependencies", [])]
    for target in targets:
        if target["name"] not in program or target["type"] not in ("regular", "executable"):
            continue
        directory = os.path.join(ROOT, target.get("path") or default_path(target))
        excluded = {os.path.normpath(e) for e in target.get("exclude", [])}
        for module, where in imports(directory, excluded):
            if module in ("Foundation", "FoundationInternationalization", "FoundationNetworking"):
                problems.append(f"{where}: {target['name']} is linked into palette-tui and imports {module}; "
                                f"use FoundationEssentials")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
