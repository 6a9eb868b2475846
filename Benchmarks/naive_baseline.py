#!/usr/bin/python3
"""The naive baseline: what a user would write instead of PickerReel, with Debian's python3-cairo.

    naive_baseline.py SPEC LAYOUT.json TIMELINE.json OUT_DIR [SPEC LAYOUT.json TIMELINE.json OUT_DIR …]

For each spec it draws every frame from scratch on a new ARGB32 surface (background, labels with cairo's
toy text API, the highlight's rounded rectangle) and writes it with `surface.write_to_png` (libpng, zlib's
default level 6, libpng's adaptive filters): one process, one thread, no reuse of holds. The layout and
timeline come from `pickerreel layout` / `pickerreel timeline`, made before the timing starts, so the
baseline pays only for drawing and encoding, as a user's script would.
"""

import json
import math
import os
import sys

import cairo

NAMES = {
    "accent": "#007AFF", "blue": "#007AFF", "brown": "#A2845E", "cyan": "#32ADE6", "gray": "#8E8E93",
    "green": "#34C759", "indigo": "#5856D6", "mint": "#00C7BE", "orange": "#FF9500", "pink": "#FF2D55",
    "purple": "#AF52DE", "red": "#FF3B30", "teal": "#30B0C7", "yellow": "#FFCC00", "black": "#000000",
    "white": "#FFFFFF", "primary": "#000000", "secondary": "#3C3C4399", "clear": "#00000000",
}


def rgba(text):
    text = NAMES.get(text, text).lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    if len(text) == 6:
        text += "FF"
    return tuple(int(text[i:i + 2], 16) / 255 for i in (0, 2, 4, 6))


def rounded_rect(cr, x, y, w, h, r):
    r = min(r, w / 2, h / 2)
    cr.new_sub_path()
    cr.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    cr.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    cr.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    cr.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
    cr.close_path()


def render(spec_path, layout_path, timeline_path, out_dir):
    with open(spec_path) as f:
        spec = json.load(f)
    with open(layout_path) as f:
        layout = json.load(f)
    with open(timeline_path) as f:
        timeline = json.load(f)
    style = spec.get("style", {})
    font = style.get("font", {})
    highlight_style = style.get("highlight", {})
    background = rgba(style.get("background", "white"))
    label_color = rgba(style.get("labelColor", "accent"))
    highlight_color = rgba(highlight_style.get("color", "gray"))
    under = highlight_style.get("layer", "overlay") == "background"
    canvas = layout["canvas"]
    scale = canvas["scale"]
    width = math.ceil(canvas["width"] * scale)
    height = math.ceil(canvas["height"] * scale)
    os.makedirs(out_dir, exist_ok=True)
    for frame in timeline["frames"]:
        surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
        cr = cairo.Context(surface)
        cr.scale(scale, scale)
        cr.set_operator(cairo.OPERATOR_SOURCE)
        cr.set_source_rgba(*background)
        cr.paint()
        cr.set_operator(cairo.OPERATOR_OVER)
        cr.select_font_face(font.get("family", "Inter"))
        cr.set_font_size(font.get("size", 17))

        def draw_highlight():
            h = frame.get("highlight")
            if h and h["width"] > 0 and h["height"] > 0:
                rounded_rect(cr, h["x"], h["y"], h["width"], h["height"], h["cornerRadius"])
                r, g, b, a = highlight_color
                cr.set_source_rgba(r, g, b, a * h["opacity"])
                cr.fill()

        if under:
            draw_highlight()
        cr.set_source_rgba(*label_color)
        ascent, descent = cr.font_extents()[:2]
        for segment in layout["segments"]:
            label = str(segment["item"])
            extents = cr.text_extents(label)
            cr.move_to(segment["x"] + (segment["width"] - extents.x_advance) / 2,
                       segment["y"] + (segment["height"] + ascent - descent) / 2)
            cr.show_text(label)
        if not under:
            draw_highlight()
        surface.write_to_png(os.path.join(out_dir, "frame-%04d.png" % frame["index"]))


def main(arguments):
    if len(arguments) == 0 or len(arguments) % 4 != 0:
        sys.stderr.write(__doc__)
        return 2
    for i in range(0, len(arguments), 4):
        render(*arguments[i:i + 4])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
