#!/usr/bin/env python3
"""Reads palette-tui exports back with real consumers and prints what each one holds.

Usage: read_export.py MANIFEST.json   (a list of {"format": F, "path": P})
Prints one JSON object: path -> {"colors": [...], "names": [...], ...} for palette formats, or
{"background", "foreground", "cursor", "selection_background", "selection_foreground",
"ansi": [16]} (whichever the format holds) for theme formats; "error" when a reader refused.

Readers (installed by `make test-deps`): tinycss2 (CSS, Tailwind v4), libsass (SCSS compiled),
lesscpy (Less compiled), Node's require (Tailwind v3), json (tokens, terminal-json; VS Code, and
Windows Terminal with a schema through jsonschema, as the JSON with comments both read), Pillow's
GimpPaletteFile (GIMP), swatch (ASE), zipfile (Procreate), svgelements (SVG), Pillow (PNG),
PyYAML (base16/base24), kitty's own config loader, tomllib (Alacritty, WezTerm), foot --check-config, plistlib (iTerm2),
Neovim headless (Lua colorscheme), a tmux server (tmux), and the documented line syntax for
Ghostty and X resources, which have no reader on Debian or PyPI.
"""
import colorsys, io, json, os, plistlib, re, subprocess, sys, tempfile, tomllib, zipfile

ANSI8 = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]


def hx(r, g, b):
    return "#%02X%02X%02X" % (r, g, b)


def norm(text):
    text = text.strip().strip('"').strip("'")
    if not text.startswith("#"):
        text = "#" + text
    if not re.fullmatch(r"#[0-9A-Fa-f]{6}", text):
        raise ValueError("not a colour: %r" % text)
    return text.upper()


def unit(v):
    """A 0...1 component back to 8 bits."""
    x = round(float(v) * 255)
    if abs(float(v) * 255 - x) > 0.01:
        raise ValueError("component %r is not an exact 8-bit value" % v)
    return x


# ---- palette formats -------------------------------------------------------------------

def css_like(path, at_rule=None):
    import tinycss2
    rules = tinycss2.parse_stylesheet(open(path, encoding="utf-8").read(), skip_comments=False, skip_whitespace=True)
    errors = [r for r in rules if r.type == "error"]
    if errors:
        raise ValueError("CSS parse error: %s" % errors[0].message)
    blocks = [r for r in rules if (r.type == "qualified-rule" and at_rule is None) or (r.type == "at-rule" and r.lower_at_keyword == at_rule)]
    if len(blocks) != 1:
        raise ValueError("expected one %s block, found %d" % (at_rule or ":root", len(blocks)))
    decls = tinycss2.parse_blocks_contents(blocks[0].content, skip_comments=True, skip_whitespace=True)
    found = {}
    for d in decls:
        if d.type == "error":
            raise ValueError("declaration error: %s" % d.message)
        if d.type == "declaration" and d.name.startswith("--color-"):
            found[d.name[len("--color-"):]] = norm(tinycss2.serialize(d.value))
    comments = re.findall(r"/\*\s*(.*?)\s*\*/", open(path, encoding="utf-8").read())
    return {"colors": [found.get(k) for k in ("primary", "secondary", "accent")], "names": comments[1:4], "title": comments[0] if comments else None}


def scss(path):
    import sass
    src = open(path, encoding="utf-8").read()
    css = sass.compile(string=src + "\n.p{color:$color-primary}.s{color:$color-secondary}.a{color:$color-accent}\n", output_style="compressed")
    colors = re.findall(r"\.(?:p|s|a)\{color:([^}]+)\}", css)
    return {"colors": [norm_any(c) for c in colors], "names": re.findall(r"// (.*)", src)[1:4]}


def less(path):
    import lesscpy
    src = open(path, encoding="utf-8").read()
    css = lesscpy.compile(io.StringIO(src + "\n.p{color:@color-primary}\n.s{color:@color-secondary}\n.a{color:@color-accent}\n"), minify=True)
    colors = re.findall(r"\.(?:p|s|a)\{color:([^;}]+);?\}", css)
    return {"colors": [norm_any(c) for c in colors], "names": re.findall(r"// (.*)", src)[1:4]}


def norm_any(c):
    """A CSS colour a compiler printed (#abc, #aabbcc or a keyword it shortened to) as #RRGGBB."""
    c = c.strip()
    if re.fullmatch(r"#[0-9a-fA-F]{3}", c):
        c = "#" + "".join(ch * 2 for ch in c[1:])
    if not c.startswith("#"):
        from PIL import ImageColor
        return hx(*ImageColor.getrgb(c)[:3])
    return norm(c)


def tailwind_v3(path):
    script = "const c=require(process.argv[1]);process.stdout.write(JSON.stringify(c.theme.extend.colors))"
    out = subprocess.run(["node", "-e", script, os.path.abspath(path)], capture_output=True, text=True, timeout=30)
    if out.returncode != 0:
        raise ValueError("node: " + out.stderr.strip())
    colors = json.loads(out.stdout)
    src = open(path, encoding="utf-8").read()
    return {"colors": [norm(colors[k]) for k in ("primary", "secondary", "accent")], "names": re.findall(r"\", // (.*)", src)}


def tokens(path):
    doc = json.load(open(path, encoding="utf-8"))
    group = doc["color"]
    if group.get("$type") != "color":
        raise ValueError("the color group has no $type color")
    colors, names = [], []
    for k in ("primary", "secondary", "accent"):
        v = group[k]["$value"]
        if v.get("colorSpace") != "srgb" or len(v["components"]) != 3:
            raise ValueError("not an sRGB colour value: %r" % v)
        from_components = hx(*(unit(x) for x in v["components"]))
        if from_components != norm(v["hex"]):
            raise ValueError("components %r disagree with hex %s" % (v["components"], v["hex"]))
        colors.append(from_components)
        names.append(group[k]["$description"])
    return {"colors": colors, "names": names, "title": doc.get("$description")}


def gpl(path):
    from PIL.GimpPaletteFile import GimpPaletteFile
    with open(path, "rb") as f:
        pal = GimpPaletteFile(f)
    data = pal.palette if isinstance(pal.palette, bytes) else bytes(pal.palette)
    colors = [hx(data[i], data[i + 1], data[i + 2]) for i in range(0, 9, 3)]
    lines = open(path, encoding="utf-8").read().splitlines()
    if lines[0] != "GIMP Palette":
        raise ValueError("no GIMP Palette header")
    names = [l.split("\t", 1)[1] for l in lines if "\t" in l]
    title = next((l[len("Name: "):] for l in lines if l.startswith("Name: ")), None)
    return {"colors": colors, "names": names, "title": title}


def ase(path):
    import swatch
    groups = swatch.parse(path)
    if len(groups) != 1 or groups[0].get("type") != "Color Group":
        raise ValueError("expected one colour group, got %r" % groups)
    colors, names = [], []
    for s in groups[0]["swatches"]:
        if s["data"]["mode"] != "RGB":
            raise ValueError("not RGB: %r" % s)
        colors.append(hx(*(unit(v) for v in s["data"]["values"])))
        names.append(s["name"])
    return {"colors": colors, "names": names, "title": groups[0]["name"]}


def procreate(path):
    with zipfile.ZipFile(path) as z:
        if z.testzip() is not None:
            raise ValueError("bad CRC in the zip")
        doc = json.loads(z.read("Swatches.json").decode("utf-8"))
    palette = doc[0] if isinstance(doc, list) else doc
    colors = []
    for s in palette["swatches"]:
        if s["colorSpace"] != 0 or s["alpha"] != 1:
            raise ValueError("unexpected swatch %r" % s)
        r, g, b = colorsys.hsv_to_rgb(s["hue"], s["saturation"], s["brightness"])
        colors.append(hx(unit(r), unit(g), unit(b)))
    return {"colors": colors, "title": palette["name"]}


def svg(path):
    import svgelements
    import xml.etree.ElementTree as ET
    doc = svgelements.SVG.parse(path)
    rects = [e for e in doc.elements() if isinstance(e, svgelements.Rect)]
    # The card, then one swatch per role.
    colors = [hx(r.fill.red, r.fill.green, r.fill.blue) for r in rects[1:4]]
    root = ET.parse(path).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    title = root.find("s:title", ns)
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    # Each swatch group's own <title>: the whole name.
    groups = {g.get("id"): g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("id")}
    names = [groups[k].find("s:title", ns).text for k in ("primary", "secondary", "accent")]
    lang = root.get("{http://www.w3.org/XML/1998/namespace}lang")
    return {"colors": colors, "texts": texts, "names": names, "title": title.text if title is not None else None,
            "size": [doc.width, doc.height], "lang": lang}


def png(path):
    from PIL import Image
    with Image.open(path) as img:
        img.load()  # decodes every chunk, CRCs checked
        if img.format != "PNG":
            raise ValueError("not a PNG")
        rgb = img.convert("RGB")
        # The centre of each swatch (layout of docs/themes.md: x = 20 + k*210, 200 x 170 at y 20).
        colors = [hx(*rgb.getpixel((20 + k * 210 + 100, 20 + 85))) for k in range(3)]
        # Text is drawn below the swatches: count dark pixels there, under each swatch and line.
        ink = sum(1 for x in range(20, 640) for y in range(200, 280) if sum(rgb.getpixel((x, y))) < 300)
        line_ink = [[sum(1 for x in range(20 + k * 210, 220 + k * 210) for y in range(top, top + 22)
                         if sum(rgb.getpixel((x, y))) < 450) for top in (200, 224, 248)] for k in range(3)]
        # The iTXt chunks Pillow decoded (UTF-8, with their language tags).
        text = img.text
        description = text.get("Description", "")
        names = [line.rsplit(": #", 1)[0] for line in description.split("\n")] if description else None
        lang = getattr(description, "lang", None)
        return {"colors": colors, "size": list(img.size), "ink_pixels": ink, "line_ink": line_ink,
                "names": names, "title": text.get("Title"), "lang": lang}


# ---- theme formats ---------------------------------------------------------------------

def theme(bg=None, fg=None, cursor=None, selbg=None, selfg=None, ansi=None, **extra):
    out = {k: v for k, v in dict(background=bg, foreground=fg, cursor=cursor, selection_background=selbg,
                                  selection_foreground=selfg, ansi=ansi).items() if v is not None}
    out.update(extra)
    return out


def base(path, system):
    import yaml
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    for key in ("system", "name", "slug", "author", "variant", "palette"):
        if key not in doc:
            raise ValueError("missing %s" % key)
    if doc["system"] != system or doc["variant"] not in ("dark", "light"):
        raise ValueError("bad system or variant")
    if not re.fullmatch(r"[a-z0-9-]+", doc["slug"]):
        raise ValueError("bad slug %r" % doc["slug"])
    p = {k: norm(v) for k, v in doc["palette"].items()}
    count = 16 if system == "base16" else 24
    want = ["base%02X" % i for i in range(count)]
    if sorted(p) != sorted(want):
        raise ValueError("palette keys %r" % sorted(p))
    if system == "base16":
        # tinted-theming styling: 0 = base00, 1/9 = 08, 2/10 = 0B, 3/11 = 0A, 4/12 = 0D, 5/13 = 0E,
        # 6/14 = 0C, 7 = 05, 8 = 03, 15 = 07. Only the normals, 7, 8 and 15 are the theme's own.
        ansi = [None, p["base08"], p["base0B"], p["base0A"], p["base0D"], p["base0E"], p["base0C"], p["base05"],
                p["base03"], None, None, None, None, None, None, p["base07"]]
        return theme(p["base00"], p["base05"], selbg=p["base02"], ansi=ansi, variant=doc["variant"], name=doc["name"])
    # base24 styling 0.1.0: 0 = 01, 8 = 02, 7 = 06, 15 = 07, normals base12..17, brights 08..0E.
    ansi = [p["base01"], p["base12"], p["base14"], p["base13"], p["base16"], p["base17"], p["base15"], p["base06"],
            p["base02"], p["base08"], p["base0B"], p["base0A"], p["base0D"], p["base0E"], p["base0C"], p["base07"]]
    return theme(p["base00"], p["base05"], ansi=ansi, variant=doc["variant"], name=doc["name"])


def kitty_all(paths):
    """kitty's own config loader, once for every kitty file (kitty +runpy)."""
    script = r'''
def main():
    import json, sys
    from kitty.config import load_config
    def h(c):
        return "#%02X%02X%02X" % (c.red, c.green, c.blue)
    out = {}
    for path in sys.argv[1:]:
        bad = []
        o = load_config(path, accumulate_bad_lines=bad)
        out[path] = {"background": h(o.background), "foreground": h(o.foreground), "cursor": h(o.cursor),
                     "selection_background": h(o.selection_background),
                     "selection_foreground": h(o.selection_foreground),
                     "ansi": [h(getattr(o, "color%d" % i)) for i in range(16)], "bad_lines": [str(b) for b in bad]}
    print(json.dumps(out))
main()
'''
    run = subprocess.run(["kitty", "+runpy", script] + paths, capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, KITTY_CONFIG_DIRECTORY=tempfile.mkdtemp()))
    if run.returncode != 0:
        raise RuntimeError("kitty: " + run.stderr.strip()[-500:])
    result = json.loads(run.stdout)
    if "Ignoring" in run.stderr or "unknown" in run.stderr.lower():
        for r in result.values():
            r["error"] = "kitty warned: " + run.stderr.strip()[:300]
    for r in result.values():
        if r.get("bad_lines"):
            r["error"] = "kitty rejected lines: %r" % r["bad_lines"]
    return result


def alacritty(path):
    doc = tomllib.load(open(path, "rb"))["colors"]
    ansi = [norm(doc["normal"][n]) for n in ANSI8] + [norm(doc["bright"][n]) for n in ANSI8]
    return theme(norm(doc["primary"]["background"]), norm(doc["primary"]["foreground"]), norm(doc["cursor"]["cursor"]),
                 norm(doc["selection"]["background"]), norm(doc["selection"]["text"]), ansi)


def wezterm(path):
    doc = tomllib.load(open(path, "rb"))
    c = doc["colors"]
    if len(c["ansi"]) != 8 or len(c["brights"]) != 8 or "name" not in doc["metadata"]:
        raise ValueError("wezterm scheme shape")
    return theme(norm(c["background"]), norm(c["foreground"]), norm(c["cursor_bg"]), norm(c["selection_bg"]),
                 norm(c["selection_fg"]), [norm(x) for x in c["ansi"] + c["brights"]], name=doc["metadata"]["name"])


def ghostty(path):
    """Ghostty's config syntax: `key = value`, `#` comments, `palette = N=#RRGGBB` repeated."""
    kv, ansi = {}, [None] * 16
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = (p.strip() for p in line.partition("="))
        if key == "palette":
            i, _, c = value.partition("=")
            ansi[int(i)] = norm(c)
        else:
            kv[key] = value
    known = {"background", "foreground", "cursor-color", "cursor-text", "selection-background", "selection-foreground"}
    if set(kv) - known:
        raise ValueError("unknown keys %r" % (set(kv) - known))
    return theme(norm(kv["background"]), norm(kv["foreground"]), norm(kv["cursor-color"]),
                 norm(kv["selection-background"]), norm(kv["selection-foreground"]), ansi)


WT_NAMES = ["black", "red", "green", "yellow", "blue", "purple", "cyan", "white"]
WT_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "required": ["name"] + ["background", "foreground"] + WT_NAMES + ["bright" + n.capitalize() for n in WT_NAMES],
    "properties": dict({"name": {"type": "string", "minLength": 1}},
                       **{k: {"type": "string", "pattern": "^#[0-9A-Fa-f]{6}$"} for k in
                          ["background", "foreground", "cursorColor", "selectionBackground"] + WT_NAMES
                          + ["bright" + n.capitalize() for n in WT_NAMES]}),
}


def jsonc(path):
    """JSON with comments, as VS Code (jsonc-parser; its colour theme schema says allowComments) and
    Windows Terminal (JsonCpp, allowComments) read their files: `//` and `/* */` comments outside
    strings are white space; anything else must be strict JSON."""
    text, out, i, n = open(path, encoding="utf-8").read(), [], 0, 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise ValueError("unclosed /* comment")
            out.append(" ")
            i = end + 2
        else:
            out.append(c)
            i += 1
    return json.loads("".join(out))


def windows_terminal(path):
    import jsonschema
    doc = jsonc(path)
    jsonschema.validate(doc, WT_SCHEMA)
    ansi = [norm(doc[n]) for n in WT_NAMES] + [norm(doc["bright" + n.capitalize()]) for n in WT_NAMES]
    return theme(norm(doc["background"]), norm(doc["foreground"]), norm(doc["cursorColor"]),
                 norm(doc["selectionBackground"]), ansi=ansi, name=doc["name"])


def iterm2(path):
    doc = plistlib.load(open(path, "rb"))

    def c(key):
        d = doc[key]
        if d["Color Space"] != "sRGB":
            raise ValueError("colour space %r" % d["Color Space"])
        return hx(unit(d["Red Component"]), unit(d["Green Component"]), unit(d["Blue Component"]))
    return theme(c("Background Color"), c("Foreground Color"), c("Cursor Color"), c("Selection Color"),
                 c("Selected Text Color"), [c("Ansi %d Color" % i) for i in range(16)])


def xresources(path):
    """X resource syntax: `*.name: value` lines, `!` comments."""
    kv = {}
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("!"):
            continue
        key, sep, value = line.partition(":")
        if not sep or not key.startswith("*."):
            raise ValueError("not a resource line: %r" % line)
        kv[key[2:].strip()] = value.strip()
    return theme(norm(kv["background"]), norm(kv["foreground"]), norm(kv["cursorColor"]), norm(kv["highlightColor"]),
                 norm(kv["highlightTextColor"]), [norm(kv["color%d" % i]) for i in range(16)])


def foot(path):
    check = subprocess.run(["foot", "--check-config", "-c", path], capture_output=True, text=True, timeout=30,
                           env=dict(os.environ, XDG_RUNTIME_DIR=tempfile.mkdtemp()))
    if check.returncode != 0 or " err: " in check.stderr or "warn" in check.stderr:
        raise ValueError("foot --check-config: " + check.stderr.strip()[-400:])
    import configparser
    cp = configparser.ConfigParser(interpolation=None, comment_prefixes=("#",))
    cp.read(path, encoding="utf-8")
    c = cp["colors"]
    text, cursor = cp["cursor"]["color"].split()
    ansi = [norm(c["regular%d" % i]) for i in range(8)] + [norm(c["bright%d" % i]) for i in range(8)]
    return theme(norm(c["background"]), norm(c["foreground"]), norm(cursor), norm(c["selection-background"]),
                 norm(c["selection-foreground"]), ansi)


def vscode(path):
    doc = jsonc(path)
    c = doc["colors"]
    if doc["type"] not in ("dark", "light") or not doc["tokenColors"]:
        raise ValueError("vscode theme shape")
    names = [n.capitalize() for n in ANSI8]
    ansi = [norm(c["terminal.ansi" + n]) for n in names] + [norm(c["terminal.ansiBright" + n]) for n in names]
    for k, v in c.items():
        norm(v)
    return theme(norm(c["terminal.background"]), norm(c["terminal.foreground"]), norm(c["terminalCursor.foreground"]),
                 norm(c["terminal.selectionBackground"]), norm(c["terminal.selectionForeground"]), ansi,
                 editor_background=norm(c["editor.background"]), variant=doc["type"])


NVIM_DUMP = r'''
local out = {}
for _, path in ipairs(_G.files) do
  for i = 0, 15 do vim.g["terminal_color_" .. i] = nil end
  local ok, err = pcall(dofile, path)
  local r = { ok = ok, ansi = {} }
  if not ok then r.error = tostring(err) end
  for i = 0, 15 do r.ansi[i + 1] = vim.g["terminal_color_" .. i] or vim.NIL end
  local function hex(v) return v and string.format("#%06X", v) or vim.NIL end
  local n = vim.api.nvim_get_hl_by_name("Normal", true)
  local c = vim.api.nvim_get_hl_by_name("Cursor", true)
  local v = vim.api.nvim_get_hl_by_name("Visual", true)
  r.background = hex(n.background); r.foreground = hex(n.foreground); r.cursor = hex(c.background)
  r.selection_background = hex(v.background); r.selection_foreground = hex(v.foreground)
  r.variant = vim.o.background; r.colors_name = vim.g.colors_name or vim.NIL
  out[path] = r
end
vim.fn.writefile({ vim.fn.json_encode(out) }, _G.result)
'''


def neovim_all(paths):
    d = tempfile.mkdtemp()
    script, result = os.path.join(d, "dump.lua"), os.path.join(d, "out.json")
    open(script, "w").write(NVIM_DUMP)
    setup = "lua _G.files=vim.fn.json_decode(%s); _G.result=%s" % (json.dumps(json.dumps(paths)), json.dumps(result))
    run = subprocess.run(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "--cmd", setup, "-c", "luafile " + script,
                          "-c", "qa!"], capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    if not os.path.exists(result):
        raise RuntimeError("nvim: " + (run.stderr or run.stdout).strip()[-500:])
    out = json.load(open(result))
    for r in out.values():
        r["ansi"] = [norm(x) if x else None for x in r["ansi"]]
    return out


def tmux_all(paths):
    """One private tmux server: source each file, read the options back."""
    d = tempfile.mkdtemp()
    sock = os.path.join(d, "sock")

    def t(*args):
        return subprocess.run(["tmux", "-S", sock, "-f", "/dev/null"] + list(args), capture_output=True, text=True, timeout=30)
    t("new-session", "-d", "-x", "80", "-y", "24")
    out = {}
    try:
        for path in paths:
            src = t("source-file", path)
            if src.returncode != 0:
                out[path] = {"error": "tmux source-file: " + src.stderr.strip()}
                continue

            def opt(name):
                return t("show-options", "-gv", name).stdout.strip()

            def style(name):
                return dict(p.split("=", 1) for p in opt(name).split(",") if "=" in p)
            colours = {}
            for line in t("show-options", "-g", "pane-colours").stdout.splitlines():
                m = re.match(r"pane-colours\[(\d+)\] (\S+)", line)
                if m:
                    colours[int(m.group(1))] = norm(m.group(2))
            window, mode = style("window-style"), style("mode-style")
            out[path] = theme(norm(window["bg"]), norm(window["fg"]), norm(opt("pane-active-border-style").split("=")[1]),
                              norm(mode["bg"]), norm(mode["fg"]), [colours.get(i) for i in range(16)],
                              status=[norm(style("status-style")[k]) for k in ("fg", "bg")])
    finally:
        t("kill-server")
    return out


def terminal_json(path):
    doc = json.load(open(path, encoding="utf-8"))
    if len(doc["ansi"]) != 16:
        raise ValueError("ansi has %d colours" % len(doc["ansi"]))
    return theme(norm(doc["background"]), norm(doc["foreground"]), norm(doc["cursor"]), norm(doc["selection_background"]),
                 norm(doc["selection_foreground"]), [norm(x) for x in doc["ansi"]])


COMMENT = {"base16": "#", "base24": "#", "kitty": "#", "alacritty": "#", "wezterm": "#", "ghostty": "#",
           "xresources": "!", "foot": "#", "neovim": "--", "tmux": "#", "vscode": "//", "windows-terminal": "//",
           "iterm2": "<!--"}


def header_roles(path, prefix):
    """The three role lines a theme file opens with (`PREFIX label #RRGGBB name`), as UTF-8; the
    plist's comments come after its XML declaration and doctype, each closed by ` -->`."""
    lines = open(path, encoding="utf-8").read().splitlines()
    lines = lines[2:6] if prefix == "<!--" else lines[:4]
    if prefix == "<!--":
        if not all(l.endswith(" -->") for l in lines):
            raise ValueError("unclosed comment header: %r" % lines)
        lines = [l[:-len(" -->")] for l in lines]
    if not all(l.startswith(prefix + " ") for l in lines):
        raise ValueError("no comment header: %r" % lines)
    return [l[len(prefix) + 1:] for l in lines[1:4]]


SINGLE = {
    "css": lambda p: css_like(p), "tailwind": lambda p: css_like(p, "theme"), "tailwind-v3": tailwind_v3,
    "scss": scss, "less": less, "tokens": tokens, "gpl": gpl, "ase": ase, "swatches": procreate, "svg": svg, "png": png,
    "base16": lambda p: base(p, "base16"), "base24": lambda p: base(p, "base24"), "alacritty": alacritty,
    "wezterm": wezterm, "ghostty": ghostty, "windows-terminal": windows_terminal, "iterm2": iterm2,
    "xresources": xresources, "foot": foot, "vscode": vscode, "terminal-json": terminal_json,
}
BATCH = {"kitty": kitty_all, "neovim": neovim_all, "tmux": tmux_all}


def main():
    manifest = json.load(open(sys.argv[1]))
    results = {}
    for fmt, reader in BATCH.items():
        paths = [m["path"] for m in manifest if m["format"] == fmt]
        if paths:
            try:
                results.update(reader(paths))
            except Exception as e:  # the reader itself failed: every file of the format fails
                for p in paths:
                    results[p] = {"error": "%s: %s" % (type(e).__name__, e)}
    for m in manifest:
        if m["format"] in BATCH:
            continue
        try:
            results[m["path"]] = SINGLE[m["format"]](m["path"])
        except Exception as e:
            results[m["path"]] = {"error": "%s: %s" % (type(e).__name__, e)}
    for m in manifest:
        prefix = COMMENT.get(m["format"])
        if prefix and "error" not in results.get(m["path"], {}):
            try:
                results[m["path"]]["roles"] = header_roles(m["path"], prefix)
            except Exception as e:
                results[m["path"]]["error"] = "%s: %s" % (type(e).__name__, e)
    json.dump(results, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
