#!/usr/bin/env python3
"""WCAG 2.2 contrast computed from PNG pixels with Pillow, independently of pickerreel's own code.

Reads a JSON list of queries on standard input and prints a JSON list of ratios:
  {"kind": "text", "png": PATH, "box": [x, y, w, h]}  the box's most common colour is the background; the
      text is its darkest pixel (a glyph's fully covered pixel: the tests' labels are darker than their background)
  {"kind": "pair", "png": PATH, "a": [x, y], "b": [x, y]}  two pixels' ratio
Pixels are composited over white. Definitions: https://www.w3.org/TR/WCAG22/#dfn-relative-luminance and
https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio.
"""
import json
import sys
from collections import Counter

try:
    from PIL import Image
except ImportError:
    sys.stderr.write("Pillow is missing: python3 -m pip install pillow\n")
    sys.exit(3)


def channel(value):
    c = value / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb):
    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def ratio(l1, l2):
    hi, lo = max(l1, l2), min(l1, l2)
    return (hi + 0.05) / (lo + 0.05)


def over_white(pixel):
    r, g, b, a = pixel
    return tuple(round(c * a / 255 + 255 * (1 - a / 255)) for c in (r, g, b))


images = {}


def image(path):
    if path not in images:
        images[path] = Image.open(path).convert("RGBA")
    return images[path]


def answer(query):
    im = image(query["png"])
    if query["kind"] == "pair":
        a = over_white(im.getpixel(tuple(query["a"])))
        b = over_white(im.getpixel(tuple(query["b"])))
        return ratio(luminance(a), luminance(b))
    x, y, w, h = query["box"]
    pixels = [over_white(im.getpixel((i, j))) for j in range(y, y + h) for i in range(x, x + w)]
    background = Counter(pixels).most_common(1)[0][0]
    text = min(pixels, key=luminance)
    return ratio(luminance(text), luminance(background))


print(json.dumps([answer(q) for q in json.load(sys.stdin)]))
