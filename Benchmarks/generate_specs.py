#!/usr/bin/env python3
"""Writes the benchmark's generated specs: the batch of varied specs and the ten-times-longer large spec.

    generate_specs.py batch DIR [COUNT]   COUNT (default 100) varied specs, variant-000.json …, into DIR
    generate_specs.py long LARGE.json OUT  LARGE.json with its selection sequence repeated ten times
    generate_specs.py scale DIR            the golden set of scale_bench.py: 100 specs, 10,268 PNG frames at 30
                                           and 60 fps, scales 1 to 3, 1 to 7 changes, tails 0.2 to 1.5 s, into
                                           DIR/png (90 specs) and DIR/webp (10, rendered as PNG frames and a WebP)

The variants are reproducible (a fixed seed): they vary the items (count, words or numbers), colours,
transparency of the background, timing curves and springs, orientation, distribution, highlight layer,
scale and frame rate, so the batch exercises what users' specs do rather than one picture a hundred times.
"""

import json
import os
import random
import sys

WORDS = [
    "Day", "Week", "Month", "Year", "All", "Photos", "Videos", "Albums", "Map", "List", "Grid", "Today",
    "Inbox", "Sent", "Drafts", "Later", "Home", "Away", "Off", "Auto", "Low", "High", "On", "Light", "Dark",
]
COLORS = ["accent", "blue", "green", "indigo", "orange", "pink", "purple", "red", "teal", "gray", "mint"]
BACKGROUNDS = ["white", "#F2F2F7", "#1C1C1E", "clear", "#FFF8E7"]
LABEL_COLORS = ["accent", "primary", "#1C1C1E", "secondary", "#FFFFFF"]
FONTS = ["Inter", "DejaVu Sans"]


def curve(rng):
    kind = rng.choice(["linear", "easeIn", "easeOut", "easeInOut", "spring", "springParams", "bezier"])
    if kind == "springParams":
        return {"spring": {"response": round(rng.uniform(0.25, 0.8), 2), "dampingFraction": round(rng.uniform(0.4, 1.1), 2)}}
    if kind == "bezier":
        return {"bezier": [round(rng.uniform(0, 1), 2), round(rng.uniform(-0.5, 1.5), 2),
                           round(rng.uniform(0, 1), 2), round(rng.uniform(-0.5, 1.5), 2)]}
    return kind


def is_spring(value):
    return value == "spring" or isinstance(value, dict) and "spring" in value


def variant(rng):
    count = rng.randint(2, 8)
    if rng.random() < 0.25:
        items = sorted(rng.sample(range(1, 100), count))
    else:
        items = rng.sample(WORDS, count)
    sequence = []
    current = items[0]
    for _ in range(rng.randint(2, 6)):
        choice = rng.choice([item for item in items if item != current] + ([None] if rng.random() < 0.1 else []))
        change = {"select": choice, "after": round(rng.uniform(0.15, 0.8), 2)}
        if rng.random() < 0.6:
            change["curve"] = curve(rng)
            if not is_spring(change["curve"]):
                change["duration"] = round(rng.uniform(0.2, 0.5), 2)
        sequence.append(change)
        current = choice
    default_curve = curve(rng)
    animation = {"curve": default_curve}
    if not is_spring(default_curve):
        animation["duration"] = round(rng.uniform(0.2, 0.5), 2)
    return {
        "items": items,
        "selection": {"initial": items[0], "sequence": sequence, "tail": round(rng.uniform(0.2, 0.8), 2)},
        "style": {
            "orientation": rng.choice(["horizontal", "horizontal", "vertical"]),
            "distribution": rng.choice(["fit", "equal"]),
            "spacing": rng.choice([0, 4, 8, 12]),
            "font": {"family": rng.choice(FONTS), "size": rng.choice([13, 15, 17, 20]),
                     "weight": rng.choice(["regular", "medium", "semibold", "bold"])},
            "labelColor": rng.choice(LABEL_COLORS),
            "highlight": {"cornerRadius": rng.choice([4, 8, 12, 16]), "color": rng.choice(COLORS),
                          "opacity": round(rng.uniform(0.2, 0.8), 2), "layer": rng.choice(["overlay", "background"])},
            "background": rng.choice(BACKGROUNDS),
            "padding": rng.choice([8, 12, 16]),
        },
        "animation": animation,
        "output": {"fps": rng.choice([30, 30, 60]), "scale": rng.choice([1, 2, 2, 3])},
    }


def scale_variant(rng, index):
    """A spec of the scale set: `variant` with a wider spread of sizes (scale 1-3, up to 10 items), segment counts
    (1 to 7 changes) and durations (tails up to 1.5 s), so that a few specs hold several hundred frames and many a
    few dozen, as a design system's goldens do."""
    spec = variant(rng)
    if rng.random() < 0.2:
        extra = [word for word in WORDS if word not in spec["items"]]
        if all(isinstance(item, str) for item in spec["items"]):
            spec["items"] += rng.sample(extra, 2)
    items = spec["items"]
    sequence, current = [], items[0]
    for _ in range(rng.choice([1, 1, 2, 3, 4, 5, 7])):
        choice = rng.choice([item for item in items if item != current])
        change = {"select": choice, "after": round(rng.uniform(0.1, 0.7), 2)}
        if rng.random() < 0.5:
            change["curve"] = curve(rng)
            if not is_spring(change["curve"]):
                change["duration"] = round(rng.uniform(0.2, 0.5), 2)
        sequence.append(change)
        current = choice
    spec["selection"] = {"initial": items[0], "sequence": sequence, "tail": round(rng.uniform(0.2, 1.5), 2)}
    spec["output"] = {"fps": rng.choice([30, 30, 60]), "scale": rng.choice([1, 2, 2, 3])}
    return spec


def write(path, spec):
    with open(path, "w") as file:
        json.dump(spec, file, indent=1)
        file.write("\n")


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "batch":
        folder = arguments[1]
        count = int(arguments[2]) if len(arguments) > 2 else 100
        os.makedirs(folder, exist_ok=True)
        rng = random.Random(20261129)
        for index in range(count):
            write(os.path.join(folder, "variant-%03d.json" % index), variant(rng))
        return 0
    if len(arguments) == 2 and arguments[0] == "scale":
        rng = random.Random(20261203)
        for kind in ("png", "webp"):
            os.makedirs(os.path.join(arguments[1], kind), exist_ok=True)
        for index in range(100):
            # Every tenth spec is also kept as an animation: its folder holds PNG frames and a WebP (an APNG would be
            # named .png, which compare refuses in a tree).
            kind = "webp" if index % 10 == 9 else "png"
            write(os.path.join(arguments[1], kind, "scale-%03d.json" % index), scale_variant(rng, index))
        return 0
    if len(arguments) == 3 and arguments[0] == "long":
        with open(arguments[1]) as file:
            spec = json.load(file)
        spec["selection"]["sequence"] = spec["selection"]["sequence"] * 10
        write(arguments[2], spec)
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
