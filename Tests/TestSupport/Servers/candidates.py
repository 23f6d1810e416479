"""What a model does when one request asks it for several candidate palettes, traps included
(standard library only; shared by gemini_server.py, openai_server.py and ollama_server.py).

A request asks for candidates when its answer schema is an object whose "palettes" property is
an array (Gemini's responseSchema, OpenAI's response_format json_schema, Ollama's format), or,
with no schema (a server that refused it), when its system turn says "an array of exactly N
palette objects". The count is the array's maxItems, else the number in its description or the
system turn, as a model would read it. Locked roles are the item properties with an enum of one
colour; an obedient model copies them.

The model's answer is {"palettes": [...]} with that many palettes, each derived from the
description, seed and its position (the same request, the same answer), locked roles copied.
Traps a step can ask for (its "traps" object; positions count from 1):

    fewer         send only this many palettes
    more          send this many extra palettes
    duplicate     the palette at this position is an exact copy of the first
    near_copy     the palette at this position is the first with one channel nudged (ΔE00 < 1)
    bad_hex       the palette at this position has an accent that is not a colour ("#12G45Z")
    change_lock   the palette at this position changes every locked role
    same          the palette at this position has three equal colours
    prose         the JSON is wrapped in chatty prose (and a bracketed aside before it)
    bare          a bare JSON array instead of the object
    single        the model ignores the request for several and answers one palette object
    garbage       every palette is unusable (each accent "#12G45Z")
"""

import hashlib
import json
import re

ROLES = ("primary", "secondary", "accent")
KEY = "palettes"


def _list_schema(schema):
    if not isinstance(schema, dict):
        return None
    props = schema.get("properties")
    if isinstance(props, dict) and isinstance(props.get(KEY), dict):
        return props[KEY]
    return None


def asked(schema, system_text):
    """(count, locks) when the request asks for several candidates, else None."""
    listing = _list_schema(schema)
    count = None
    locks = {}
    if listing is not None:
        count = listing.get("maxItems")
        if count is not None:
            count = int(count)
        if count is None:
            match = re.search(r"(\d+) palettes", listing.get("description") or "")
            count = int(match.group(1)) if match else None
        item = listing.get("items") or {}
        for role, prop in (item.get("properties") or {}).items():
            values = prop.get("enum") if isinstance(prop, dict) else None
            if isinstance(values, list) and len(values) == 1:
                locks[role] = values[0]
    if count is None:
        match = re.search(r"array of exactly (\d+) palette objects", system_text or "")
        if not match:
            return None
        count = int(match.group(1))
    if not locks:
        for role, colour in re.findall(r'"(primary|secondary|accent)" must be exactly (#[0-9A-Fa-f]{6})',
                                       system_text or ""):
            locks[role] = colour
    return count, locks


def palette(description, seed, position):
    digest = hashlib.sha256(("%s:%s:%d" % (seed, description, position)).encode("utf-8")).digest()
    return dict(zip(ROLES, ("#%02X%02X%02X" % tuple(digest[i:i + 3]) for i in (0, 3, 6))))


def _nudged(colour):
    value = int(colour[1:], 16)
    blue = value & 0xFF
    blue = blue + 1 if blue < 0xFF else blue - 1
    return "#%06X" % ((value & 0xFFFF00) | blue)


def _other(colour):
    return "#%06X" % (int(colour[1:], 16) ^ 0x5A5A5A)


def answer(description, seed, count, locks, traps=None):
    """The answer text, and the palettes in it (what the server logs as answered)."""
    traps = traps or {}
    n = count + int(traps.get("more", 0))
    if "fewer" in traps:
        n = int(traps["fewer"])
    palettes = []
    for position in range(1, n + 1):
        p = palette(description, seed, position)
        p.update(locks)
        palettes.append(p)
    if "duplicate" in traps and len(palettes) >= int(traps["duplicate"]):
        palettes[int(traps["duplicate"]) - 1] = dict(palettes[0])
    if "near_copy" in traps and len(palettes) >= int(traps["near_copy"]):
        copy = dict(palettes[0])
        free = [r for r in ROLES if r not in locks] or list(ROLES)
        copy[free[0]] = _nudged(copy[free[0]])
        palettes[int(traps["near_copy"]) - 1] = copy
    if "bad_hex" in traps and len(palettes) >= int(traps["bad_hex"]):
        palettes[int(traps["bad_hex"]) - 1]["accent"] = "#12G45Z"
    if "change_lock" in traps and len(palettes) >= int(traps["change_lock"]):
        target = palettes[int(traps["change_lock"]) - 1]
        for role in locks:
            target[role] = _other(locks[role])
    if "same" in traps and len(palettes) >= int(traps["same"]):
        target = palettes[int(traps["same"]) - 1]
        target["secondary"] = target["accent"] = target["primary"]
    if traps.get("garbage"):
        for p in palettes:
            p["accent"] = "#12G45Z"
    if traps.get("single"):
        text = json.dumps(palettes[0])
        palettes = palettes[:1]
    elif traps.get("bare"):
        text = json.dumps(palettes)
    else:
        text = json.dumps({KEY: palettes})
    if traps.get("prose"):
        text = ("Here are your palettes [as asked]:\n\n" + text
                + "\n\nEach one leans on a different mood. Enjoy!")
    return text, palettes


def event(palettes):
    """The log line a server writes for a candidates answer."""
    return "answered candidates " + " | ".join(" ".join(p[r] for r in ROLES) for p in palettes)
