#!/usr/bin/env python3
"""Writes a large palette-tui history file (JSON Lines) for benchmarks and scale tests.

Each line has the shape palette-tui writes: id, created (RFC 3339 UTC, oldest first),
description (English, Traditional and Simplified Chinese, mixed lengths), primary,
secondary, accent, provider, model, favorite. Optional change records (favourite,
delete) and corrupt lines exercise the loader's slower paths. Deterministic for a seed.

    tools/gen-history.py --count 100000 --out /tmp/history-100k.jsonl
    tools/gen-history.py --count 1000 --changes 0.02 --garbage 3 --out h.jsonl
"""
import argparse
import json
import os
import random
import sys
import uuid
from datetime import datetime, timedelta, timezone

ENGLISH = (
    "misty harbour at dawn quiet forest after rain warm desert sunset neon city night "
    "calm ocean breeze autumn leaves on a cold street lavender field in summer "
    "a cosy library with old books stormy sky over the sea cherry blossom morning "
    "deep space nebula retro diner espresso and cream snowy mountain cabin "
    "tropical fruit market minimal nordic kitchen vintage film photograph "
    "candlelight dinner for two electric synthwave festival moss and stone garden"
).split()
TRADITIONAL = ["霧氣瀰漫的港口", "雨後的森林", "溫暖的沙漠夕陽", "霓虹城市夜景", "平靜的海風",
               "秋天的落葉", "薰衣草田", "櫻花盛開的早晨", "古老的圖書館", "雪山小屋",
               "復古咖啡館", "深海的藍", "竹林與清茶", "夜市的燈籠"]
SIMPLIFIED = ["雾气弥漫的港口", "雨后的森林", "温暖的沙漠夕阳", "霓虹城市夜景", "平静的海风",
              "秋天的落叶", "薰衣草田", "樱花盛开的早晨", "古老的图书馆", "雪山小屋",
              "复古咖啡馆", "深海的蓝", "竹林与清茶", "夜市的灯笼"]
MODELS = [("offline", "offline-1"), ("gemini", "gemini-2.5-flash"), ("gemini", "gemini-2.5-pro")]


def description(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.6:
        return " ".join(rng.choice(ENGLISH) for _ in range(rng.randint(3, 12))).capitalize()
    if roll < 0.8:
        return "，".join(rng.choice(TRADITIONAL) for _ in range(rng.randint(1, 3)))
    if roll < 0.95:
        return "，".join(rng.choice(SIMPLIFIED) for _ in range(rng.randint(1, 3)))
    return rng.choice(TRADITIONAL) + " " + " ".join(rng.choice(ENGLISH) for _ in range(rng.randint(2, 6)))


def colour(rng: random.Random) -> str:
    return "#%06X" % rng.randrange(0x1000000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, required=True, help="number of palettes")
    parser.add_argument("--out", required=True, help="file to write (replaced)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--favorites", type=float, default=0.05, help="fraction marked favourite (default 0.05)")
    parser.add_argument("--changes", type=float, default=0.0,
                        help="fraction of palettes followed later by a favourite or delete record")
    parser.add_argument("--garbage", type=int, default=0, help="corrupt lines scattered through the file")
    args = parser.parse_args()
    if args.count < 0:
        parser.error("--count must not be negative")

    rng = random.Random(args.seed)
    start = datetime(2024, 1, 1, tzinfo=timezone.utc)
    step = timedelta(days=700) / max(args.count, 1)
    ids = []
    lines = []
    for k in range(args.count):
        provider, model = rng.choice(MODELS)
        entry_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        ids.append(entry_id)
        created = start + step * k
        lines.append(json.dumps({
            "id": entry_id,
            "created": created.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (created.microsecond // 1000),
            "description": description(rng),
            "primary": colour(rng), "secondary": colour(rng), "accent": colour(rng),
            "provider": provider, "model": model,
            "favorite": rng.random() < args.favorites,
        }, ensure_ascii=False, separators=(",", ":")))
        if args.changes and rng.random() < args.changes and ids:
            target = rng.choice(ids)
            if rng.random() < 0.5:
                lines.append(json.dumps({"op": "favorite", "id": target, "favorite": True}, separators=(",", ":")))
            else:
                lines.append(json.dumps({"op": "delete", "id": target}, separators=(",", ":")))
    for _ in range(args.garbage):
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(
            ['{"id": "torn', "not json at all", '{"id":"x","created":"yesterday"}', "\u0000\u0000\u0000"]))

    tmp = args.out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        for line in lines:
            f.write(line)
            f.write("\n")
    os.chmod(tmp, 0o600)
    os.replace(tmp, args.out)
    size = os.path.getsize(args.out)
    print(f"{args.out}: {args.count} palettes, {len(lines)} lines, {size / 1e6:.1f} MB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
