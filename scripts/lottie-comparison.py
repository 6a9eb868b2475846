#!/usr/bin/env python3
"""Draws docs/images/lottie-vs-png.png: the tool's PNG frame, rlottie's frame of the tool's Lottie, and their
difference (4x), one row per spec, for docs/formats.md.

usage: scripts/lottie-comparison.py OUT.png LOTTIE PNG FRAME [LOTTIE PNG FRAME ...]

Needs rlottie-python and Pillow (scripts/install-dependencies.sh --test installs both).
"""
import sys

from PIL import Image, ImageChops, ImageDraw
from rlottie_python import LottieAnimation


def played(path, frame):
    animation = LottieAnimation.from_file(path)
    width, height = animation.lottie_animation_get_size()
    buffer = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
    return Image.frombuffer("RGBa", (width, height), bytes(buffer), "raw", "BGRa", 0, 1).convert("RGBA")


def on_white(picture):
    white = Image.new("RGBA", picture.size, "white")
    white.alpha_composite(picture)
    return white.convert("RGB")


def main():
    out, rows = sys.argv[1], sys.argv[2:]
    if not rows or len(rows) % 3:
        print(__doc__, file=sys.stderr)
        return 2
    pictures = []
    for index in range(0, len(rows), 3):
        lottie, png, frame = rows[index], rows[index + 1], int(rows[index + 2])
        expected = on_white(Image.open(png).convert("RGBA"))
        actual = on_white(played(lottie, frame))
        difference = ImageChops.difference(expected, actual).point(lambda level: min(255, level * 4))
        pictures.append((expected, actual, ImageChops.invert(difference)))
    width = max(row[0].width for row in pictures)
    caption = 16
    height = sum(row[0].height + caption for row in pictures)
    sheet = Image.new("RGB", (width * 3 + 16, height), "white")
    draw = ImageDraw.Draw(sheet)
    top = 0
    for row in pictures:
        for column, (picture, label) in enumerate(zip(row, ["PNG frame", "rlottie", "difference x4"])):
            left = column * (width + 8)
            draw.text((left + 2, top + 2), label, fill="black")
            sheet.paste(picture, (left, top + caption))
        top += row[0].height + caption
    sheet.save(out, optimize=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
