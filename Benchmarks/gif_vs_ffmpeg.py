#!/usr/bin/env python3
"""Compares PickerReel's GIF encoder with ffmpeg's two-pass palettegen + paletteuse on the same PNG frames.

    python3 Benchmarks/gif_vs_ffmpeg.py FRAMES_DIR FPS [--work DIR] [--encode-bench PATH] [--json FILE] [--repeat N]
    python3 Benchmarks/gif_vs_ffmpeg.py --make-sample DIR [--clear]     # picker-like frames to try it on

For each GIF it reports the size and the mean SSIM and PSNR against the source PNGs: source frame k (at k / FPS)
is compared with the GIF frame on screen at that time rounded to the centisecond, after compositing both over
white (a transparent pixel counts as white). Frames are timed as browsers play them: a delay under 2 cs lasts
10 cs (--nominal-delays times them as written). Needs ffmpeg (apt-get install ffmpeg) and numpy, pillow and
scikit-image (pip install numpy pillow scikit-image). The GIF encoder is the `encode-bench` executable of this
package (`--format gif`); it is built in release mode unless --encode-bench names it. Each encoder is timed as a whole command (PNG
decoding included; ffmpeg's two passes added up), and with --repeat N the median of N runs is reported, since
other work on the machine makes single timings noisy. Exits 1 when ours is larger or less faithful.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont
from skimage.metrics import peak_signal_noise_ratio, structural_similarity

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def over_white(image):
    """RGBA (or anything) to an RGB float array composited over white."""
    rgba = np.asarray(image.convert("RGBA"), dtype=np.float64)
    alpha = rgba[..., 3:4] / 255.0
    return rgba[..., :3] * alpha + 255.0 * (1.0 - alpha)


def gif_frames(path, browser_delays=True):
    """The GIF's frames as displayed (RGB over white) with their start times in centiseconds.

    With `browser_delays`, a delay under 2 cs plays as 10 cs, as Chrome, Firefox and Safari do.
    """
    frames, starts, time = [], [], 0
    with Image.open(path) as gif:
        for index in range(getattr(gif, "n_frames", 1)):
            gif.seek(index)
            frames.append(over_white(gif))
            starts.append(time)
            delay = int(round(gif.info.get("duration", 0) / 10))
            time += 10 if browser_delays and delay < 2 else delay
    return frames, starts


def fidelity(source_paths, fps, gif_path, browser_delays=True):
    """Mean SSIM and PSNR of the GIF against every source frame at its time."""
    frames, starts = gif_frames(gif_path, browser_delays)
    ssims, psnrs = [], []
    shown = 0
    for k, path in enumerate(source_paths):
        at = int(round(k * 100 / fps))
        while shown + 1 < len(starts) and starts[shown + 1] <= at:
            shown += 1
        with Image.open(path) as png:
            source = over_white(png)
        gif = frames[shown]
        ssims.append(structural_similarity(source, gif, channel_axis=2, data_range=255))
        psnrs.append(min(peak_signal_noise_ratio(source, gif, data_range=255), 100.0))
    return float(np.mean(ssims)), float(np.mean(psnrs)), len(frames), starts[-1] if starts else 0


def run(command):
    """Runs command and returns its wall-clock seconds."""
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - started


def encode_ffmpeg(frames_dir, fps, output, work):
    palette = os.path.join(work, "palette.png")
    pattern = os.path.join(frames_dir, "*.png")
    source = ["-framerate", str(fps), "-pattern_type", "glob", "-i", pattern]
    seconds = run(["ffmpeg", "-y", "-v", "error", *source, "-vf", "palettegen=reserve_transparent=1", palette])
    return seconds + run(["ffmpeg", "-y", "-v", "error", *source, "-i", palette, "-lavfi", "paletteuse", output])


def median_seconds(encode, repeat):
    return float(np.median([encode() for _ in range(max(repeat, 1))]))


def encode_bench_path(given):
    if given:
        return given
    subprocess.run(["swift", "build", "-c", "release", "--product", "encode-bench"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    return os.path.join(binary, "encode-bench")


def make_sample(folder, clear, rich=False, fps=30):
    """A three-item picker whose highlight slides twice with an ease-in-out, with holds: about 2.5 s.

    `rich` adds what makes palettes hard: a diagonal gradient behind the picker, a soft shadow under the
    highlight, and labels in several colours.
    """
    os.makedirs(folder, exist_ok=True)
    scale, width, height = 2, 300, 44
    try:
        font = ImageFont.truetype("DejaVuSans.ttf", 15 * scale)
    except OSError:
        font = ImageFont.load_default()
    labels = ["Daily", "Weekly", "Monthly"]
    segment = (width - 8) / len(labels)
    moves = [(0.4, 0, 1, 0.35), (1.3, 1, 2, 0.35)]  # (start, from, to, duration) in seconds and items
    duration = 2.5
    count = int(duration * fps + 0.5) + 1
    for k in range(count):
        t = k / fps
        position = 0.0
        for start, origin, target, length in moves:
            if t >= start:
                p = min((t - start) / length, 1.0)
                eased = p * p * (3 - 2 * p)
                position = origin + (target - origin) * eased
        if clear:
            # GIF transparency is one bit, so the clear variant draws opaque colours to stay visible.
            image = Image.new("RGBA", (width * scale, height * scale), (0, 0, 0, 0))
            draw = ImageDraw.Draw(image)
            track, outline = (235, 235, 240, 255), (222, 222, 228, 255)
        elif rich:
            yy, xx = np.mgrid[0:height * scale, 0:width * scale]
            ramp = (xx / (width * scale) * 0.7 + yy / (height * scale) * 0.3)[..., None]
            colours = np.array([250, 232, 215]) * (1 - ramp) + np.array([205, 225, 250]) * ramp
            image = Image.fromarray(colours.astype(np.uint8), "RGB")
            draw = ImageDraw.Draw(image, "RGBA")
            track, outline = (118, 118, 128, 40), (0, 0, 0, 20)
        else:
            # An RGB image, so that Pillow blends the translucent track and outline into the white.
            image = Image.new("RGB", (width * scale, height * scale), (255, 255, 255))
            draw = ImageDraw.Draw(image, "RGBA")
            track, outline = (118, 118, 128, 40), (0, 0, 0, 20)
        draw.rounded_rectangle([0, 0, width * scale - 1, height * scale - 1], radius=10 * scale, fill=track)
        x = (4 + position * segment) * scale
        if rich:
            shadow = Image.new("L", image.size, 0)
            ImageDraw.Draw(shadow).rounded_rectangle([x, 6 * scale, x + segment * scale, (height - 2) * scale],
                                                     radius=8 * scale, fill=90)
            shadow = shadow.filter(ImageFilter.GaussianBlur(4 * scale))
            image.paste((40, 40, 70), mask=shadow)
            draw = ImageDraw.Draw(image, "RGBA")
        draw.rounded_rectangle([x, 4 * scale, x + segment * scale, (height - 4) * scale], radius=8 * scale,
                               fill=(255, 255, 255, 255), outline=outline, width=scale)
        for index, label in enumerate(labels):
            centre = (4 + (index + 0.5) * segment) * scale
            ink = [(200, 40, 60, 255), (30, 120, 60, 255), (40, 60, 190, 255)][index] if rich else (20, 20, 24, 255)
            draw.text((centre, height * scale / 2), label, font=font, fill=ink, anchor="mm")
        image.save(os.path.join(folder, f"frame_{k:05d}.png"))
    print(f"{folder}: {count} frames at {fps} fps")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("frames_dir", nargs="?")
    parser.add_argument("fps", nargs="?", type=float)
    parser.add_argument("--work", help="folder for the GIFs (default: a temporary one)")
    parser.add_argument("--encode-bench", "--gif-bench", dest="encode_bench", help="path of a built encode-bench executable")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--nominal-delays", action="store_true",
                        help="time frames by the delays as written, not as browsers play delays under 2 cs")
    parser.add_argument("--repeat", type=int, default=1, help="time each encoder N times and report the median")
    parser.add_argument("--make-sample", metavar="DIR", help="write picker-like sample frames to DIR and stop")
    parser.add_argument("--clear", action="store_true", help="with --make-sample: a transparent background")
    parser.add_argument("--rich", action="store_true", help="with --make-sample: gradient, shadow, coloured labels")
    arguments = parser.parse_args()
    if arguments.make_sample:
        make_sample(arguments.make_sample, arguments.clear, arguments.rich)
        return 0
    if not arguments.frames_dir or not arguments.fps:
        parser.error("give FRAMES_DIR and FPS, or --make-sample DIR")
    sources = sorted(glob.glob(os.path.join(arguments.frames_dir, "*.png")))
    if not sources:
        sys.exit(f"{arguments.frames_dir}: no .png files")
    work = arguments.work or tempfile.mkdtemp(prefix="gif-bench-")
    os.makedirs(work, exist_ok=True)
    ours, theirs = os.path.join(work, "pickerreel.gif"), os.path.join(work, "ffmpeg.gif")
    bench = encode_bench_path(arguments.encode_bench)
    seconds = {
        "pickerreel": median_seconds(lambda: run([bench, arguments.frames_dir, str(arguments.fps), ours, "--format", "gif"]),
                                     arguments.repeat),
        "ffmpeg": median_seconds(lambda: encode_ffmpeg(arguments.frames_dir, arguments.fps, theirs, work), arguments.repeat),
    }

    results = {}
    print(f"{len(sources)} source frames at {arguments.fps:g} fps")
    print(f"{'encoder':<12}{'bytes':>10}{'frames':>8}{'mean SSIM':>11}{'mean PSNR':>11}{'seconds':>9}")
    for name, path in (("pickerreel", ours), ("ffmpeg", theirs)):
        ssim, psnr, frames, _ = fidelity(sources, arguments.fps, path, not arguments.nominal_delays)
        size = os.path.getsize(path)
        results[name] = {"bytes": size, "frames": frames, "ssim": ssim, "psnr": psnr, "seconds": seconds[name], "path": path}
        print(f"{name:<12}{size:>10}{frames:>8}{ssim:>11.6f}{psnr:>11.3f}{seconds[name]:>9.3f}")
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump(results, file, indent=2)
    ours_result, theirs_result = results["pickerreel"], results["ffmpeg"]
    better = ours_result["bytes"] < theirs_result["bytes"] and ours_result["ssim"] >= theirs_result["ssim"] - 1e-4
    print("pickerreel is smaller at equal or better SSIM" if better else "pickerreel is NOT smaller at equal or better SSIM")
    return 0 if better else 1


if __name__ == "__main__":
    sys.exit(main())
