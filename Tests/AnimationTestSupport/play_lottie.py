#!/usr/bin/env python3
"""Plays a Lottie file in rlottie (PyPI's rlottie-python), a player independent of PickerReel, for the tests.

usage: play_lottie.py FILE.json OUT.rgba FRAME...
       play_lottie.py FILE.json FOLDER/ FRAME...

Writes each FRAME (a frame number) as straight (not premultiplied) RGBA bytes, one after the other, to OUT.rgba (or,
given a FOLDER ending in a slash, as FOLDER/frame-0000.png … named as the tool names its PNG frames), and
prints {"width", "height", "totalFrames", "frameRate", "duration", "lottie"} as JSON: the size and timing rlottie
read, and what the PyPI `lottie` package (a second, schema-shaped reader) made of the document, or why it failed.
"""
import json
import sys

from rlottie_python import LottieAnimation


def straight(premultiplied, width, height):
    """rlottie renders premultiplied BGRA; the tests compare straight RGBA (Pillow's RGBa mode converts)."""
    from PIL import Image

    picture = Image.frombuffer("RGBa", (width, height), premultiplied, "raw", "BGRa", 0, 1)
    return picture.convert("RGBA")


def schema_reading(path):
    """What the PyPI lottie package reads: its layers and frames, or the error it raised."""
    try:
        from lottie.objects import Animation
    except ImportError as error:
        return {"error": "the lottie package is not installed: %s" % error}
    try:
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
        animation = Animation.load(document)
        return {
            "layers": len(animation.layers),
            "assets": len(animation.assets or []),
            "inPoint": animation.in_point,
            "outPoint": animation.out_point,
            "frameRate": animation.frame_rate,
            "width": animation.width,
            "height": animation.height,
        }
    except Exception as error:  # noqa: BLE001 - any failure to read is the finding
        return {"error": "%s: %s" % (type(error).__name__, error)}


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    path, out = sys.argv[1], sys.argv[2]
    frames = [int(argument) for argument in sys.argv[3:]]
    animation = LottieAnimation.from_file(path)
    if animation is None:
        print("rlottie could not load %s" % path, file=sys.stderr)
        return 1
    width, height = animation.lottie_animation_get_size()
    if out.endswith("/"):
        for frame in frames:
            buffer = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
            straight(bytes(buffer), width, height).save("%sframe-%04d.png" % (out, frame))
    else:
        with open(out, "wb") as file:
            for frame in frames:
                buffer = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
                file.write(straight(bytes(buffer), width, height).tobytes())
    print(json.dumps({
        "width": width,
        "height": height,
        "totalFrames": animation.lottie_animation_get_totalframe(),
        "frameRate": animation.lottie_animation_get_framerate(),
        "duration": animation.lottie_animation_get_duration(),
        "lottie": schema_reading(path),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
