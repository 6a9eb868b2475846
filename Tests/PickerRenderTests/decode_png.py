"""Decodes PNG files with Pillow, an independent PNG reader (its own chunk parser and CRC checks, zlib for
inflate), for PNGEncoderTests. For each PATH it writes PATH.rgba (straight-alpha RGBA bytes, row by row) and
prints the PNG's colour mode. Exit status 3 when Pillow is missing."""

import sys

try:
    from PIL import Image
except ImportError as error:
    sys.stderr.write("%s (install it with: python3 -m pip install pillow, or apt-get install python3-pil)\n" % error)
    sys.exit(3)

for path in sys.argv[1:]:
    with Image.open(path) as image:
        image.load()
        mode = image.mode
        with open(path + ".rgba", "wb") as output:
            output.write(image.convert("RGBA").tobytes())
    print(mode)
