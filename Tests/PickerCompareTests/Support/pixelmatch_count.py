#!/usr/bin/env python3
"""Counts differing pixels between pairs of PNG files with the PyPI `pixelmatch` package.

An independent implementation for PickerCompareTests to check its own counts against; never used at run time.

Usage: pixelmatch_count.py THRESHOLD INCLUDE_AA EXPECTED.png ACTUAL.png [EXPECTED.png ACTUAL.png ...]
INCLUDE_AA is 0 (anti-aliased pixels are not counted, pixelmatch's default) or 1 (they are).
Prints one line per pair: the number of differing pixels.
Needs: python3 -m pip install pixelmatch pillow
"""

import sys

try:
    from PIL import Image
    from pixelmatch import pixelmatch
except ImportError as error:
    sys.stderr.write(
        f"pixelmatch_count.py: {error}; install the modules with: python3 -m pip install pixelmatch pillow\n"
    )
    sys.exit(3)


def rgba_bytes(path):
    with Image.open(path) as image:
        rgba = image.convert("RGBA")
        return rgba.width, rgba.height, list(rgba.tobytes())


def main(arguments):
    if len(arguments) < 4 or len(arguments) % 2 != 0 or arguments[1] not in ("0", "1"):
        sys.stderr.write("usage: pixelmatch_count.py THRESHOLD INCLUDE_AA EXPECTED.png ACTUAL.png [...]\n")
        return 2
    threshold = float(arguments[0])
    include_aa = arguments[1] == "1"
    paths = arguments[2:]
    for index in range(0, len(paths), 2):
        width, height, expected = rgba_bytes(paths[index])
        actual_width, actual_height, actual = rgba_bytes(paths[index + 1])
        if (width, height) != (actual_width, actual_height):
            sys.stderr.write(f"{paths[index]} and {paths[index + 1]} differ in size\n")
            return 2
        print(pixelmatch(expected, actual, width, height, threshold=threshold, includeAA=include_aa))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
