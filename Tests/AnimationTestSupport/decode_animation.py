"""Decodes an animated PNG or WebP with Pillow, a decoder independent of PickerReel's encoders (for APNG, its
own chunk parser with dispose and blend handling; for WebP, libwebp's demuxer and decoder as Pillow bundles
them), for the animation tests.

    python3 decode_animation.py FILE

writes FILE.frames (every displayed frame in order, composited as the format says, straight-alpha RGBA bytes
row by row) and prints one JSON object: {"format", "width", "height", "mode", "frames", "loop", "durations"}
with durations in milliseconds as Pillow reports them. Exit status 3 when Pillow is missing."""

import json
import sys

try:
    from PIL import Image
except ImportError as error:
    sys.stderr.write("%s (install it with: python3 -m pip install pillow)\n" % error)
    sys.exit(3)

path = sys.argv[1]
with Image.open(path) as image:
    count = getattr(image, "n_frames", 1)
    durations = []
    mode = image.mode
    with open(path + ".frames", "wb") as output:
        for index in range(count):
            image.seek(index)
            image.load()
            durations.append(image.info.get("duration", 0))
            output.write(image.convert("RGBA").tobytes())
    print(json.dumps({
        "format": image.format,
        "width": image.width,
        "height": image.height,
        "mode": mode,
        "frames": count,
        "loop": image.info.get("loop"),
        "durations": durations,
    }))
