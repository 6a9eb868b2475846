#!/usr/bin/env python3
"""Compares PickerReel's animated formats with ffmpeg's on the same PNG frames: bytes, mean SSIM against the PNG
frames, total duration, and encode time.

    python3 Benchmarks/formats_vs_ffmpeg.py SPEC [SPEC ...] [--formats apng,webp] [--repeat N] [--work DIR]
                                            [--pickerreel PATH] [--encode-bench PATH] [--json FILE]

For each spec it renders the PNG frames with `pickerreel render SPEC -o DIR` and reads the timeline (fps,
duration T) with `pickerreel timeline SPEC`. Then, for each format, every row of ENCODERS encodes the same
animation:

  PickerReel, from the spec      `encode-bench --spec SPEC OUT`: draws the frames in-process, as `pickerreel render
                                 --format X` does, and encodes them; the whole command is timed
  PickerReel, frames in memory   the same runs, the encoding alone (the frames handed over in memory)
  PickerReel, PNG files          `encode-bench FRAMES FPS OUT --duration T`: reads the PNG files (through cairo, on a
                                 second thread, as ffmpeg decodes on its own threads) and encodes them; whole command
  ffmpeg                         ffmpeg 5.1 reading the same PNG files: `-f apng -plays 0` and
                                 `-c:v libwebp_anim -lossless 1 -loop 0`; whole command

Each output is decoded with Pillow (its own APNG reader; libwebp for WebP). Source frame k is compared with the
frame on screen at k / fps + 0.6 ms (inside the frame whether the format starts it exactly, as APNG does, or at the
millisecond, as WebP does), both composited over white for SSIM (scikit-image), and also exactly (RGBA, the colour
of fully transparent pixels ignored) for "identical". The total duration is the sum of the decoded delays.
Encode times are medians of --repeat runs (the machine is shared; single timings swing).

Targets checked (exit status 1 when one is missed): for each lossless format, PickerReel's file is smaller than
ffmpeg's with every frame identical to the PNG frames, and each PickerReel encode is faster than ffmpeg's.

Adding a format (MP4, WebM): add an entry to ENCODERS with its rows (picker_rows(name) once encode-bench's --format
takes the name, and ffmpeg's command, such as `-c:v libx264 -crf 20 -pix_fmt yuv420p`), add a decoder to DECODERS
(an object with `delays` in seconds, `frame(i)` for non-decreasing i as an RGBA array, and `close()`, as PillowFrames;
for video, ffmpeg decoding to rawvideo rgba with ffprobe's frame durations), and set "lossless": False so the size
target compares at equal or better SSIM instead of identical pixels.

Needs ffmpeg, numpy, pillow and scikit-image (scripts/install-dependencies.sh --bench installs them).
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE_OFFSET = 0.0006  # seconds after a frame's time at which the picture on screen is sampled


def ffmpeg_input(frames, fps):
    return ["ffmpeg", "-y", "-v", "error", "-framerate", repr(fps), "-pattern_type", "glob",
            "-i", os.path.join(frames, "*.png")]


def ours(source, format_name):
    """encode-bench reading the PNG files, or drawing the frames from the spec."""
    def build(c):
        if source == "spec":
            return [c["bench"], "--spec", c["spec"], c["out"], "--format", format_name, "--json"]
        return [c["bench"], c["frames"], repr(c["fps"]), c["out"], "--format", format_name, "--duration", repr(c["duration"]), "--json"]
    return build


# Each format: its file extension, whether it is lossless, and its rows. A row runs one command (built from a
# context: spec, frames folder, fps, duration, out, tools) and reports one or more timings of it: "wall" is the
# whole command as this script times it, any other key is a figure from the JSON line the command prints.
# Rows whose labels start with "PickerReel" are ours; the first other row is the one they are compared with.
def picker_rows(format_name):
    return [
        {"command": ours("spec", format_name), "report": [("PickerReel, from the spec", "wall"),
                                                          ("PickerReel, frames in memory", "encodingSeconds")]},
        {"command": ours("files", format_name), "report": [("PickerReel, PNG files", "wall")]},
    ]


ENCODERS = {
    "apng": {
        "extension": "png",
        "lossless": True,
        "rows": picker_rows("apng") + [
            {"command": lambda c: ffmpeg_input(c["frames"], c["fps"]) + ["-f", "apng", "-plays", "0", c["out"]],
             "report": [("ffmpeg -f apng", "wall")]},
        ],
    },
    "webp": {
        "extension": "webp",
        "lossless": True,
        "rows": picker_rows("webp") + [
            {"command": lambda c: ffmpeg_input(c["frames"], c["fps"]) + ["-c:v", "libwebp_anim", "-lossless", "1", "-loop", "0",
                                                                         c["out"]],
             "report": [("ffmpeg libwebp_anim -lossless 1", "wall")]},
        ],
    },
}


class PillowFrames:
    """An animation read with Pillow one frame at a time, in order: `delays` (seconds) up front, then `frame(i)`
    for non-decreasing i as an RGBA uint8 array, so that only one frame is in memory."""

    def __init__(self, path):
        self.path = path
        self.delays = []
        with Image.open(path) as image:
            for index in range(getattr(image, "n_frames", 1)):
                image.seek(index)
                image.load()  # Pillow's WebP reader sets the duration when it reads the frame.
                self.delays.append(float(image.info.get("duration", 0)) / 1000.0)
        self.image = Image.open(path)
        self.index, self.current = -1, None

    def frame(self, index):
        if index != self.index:
            self.image.seek(index)
            self.image.load()
            self.index, self.current = index, np.asarray(self.image.convert("RGBA"), dtype=np.uint8)
        return self.current

    def close(self):
        self.image.close()


DECODERS = {"apng": PillowFrames, "webp": PillowFrames}


def over_white(rgba):
    alpha = rgba[..., 3:4].astype(np.float64) / 255.0
    return rgba[..., :3].astype(np.float64) * alpha + 255.0 * (1.0 - alpha)


def identical(a, b):
    """Same alpha everywhere and the same colour wherever alpha is not 0."""
    if a.shape != b.shape or not np.array_equal(a[..., 3], b[..., 3]):
        return False
    visible = a[..., 3] != 0
    return bool(np.array_equal(a[..., :3][visible], b[..., :3][visible]))


def read_png(path):
    with Image.open(path) as image:
        return np.asarray(image.convert("RGBA"), dtype=np.uint8)


def fidelity(source_paths, fps, decoded):
    """Mean SSIM over the source frames at their moments, and how many are shown identically."""
    starts = np.cumsum([0.0] + decoded.delays[:-1])
    ssims, same = [], 0
    for k, path in enumerate(source_paths):
        source = read_png(path)
        moment = k / fps + SAMPLE_OFFSET
        shown = decoded.frame(max(int(np.searchsorted(starts, moment, side="right")) - 1, 0))
        if identical(source, shown):
            same += 1
            ssims.append(1.0)
        else:
            ssims.append(structural_similarity(over_white(source), over_white(shown), channel_axis=2, data_range=255))
    return float(np.mean(ssims)), same


def run(command):
    """Runs `command`; returns its wall seconds and the JSON object it printed last, if any."""
    started = time.perf_counter()
    result = subprocess.run(command, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - started
    report = None
    for line in reversed(result.stdout.splitlines()):
        if line.startswith("{"):
            report = json.loads(line)
            break
    return seconds, report


def release_binary(product, given):
    if given:
        return given
    subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    folder = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                            text=True).stdout.strip()
    return os.path.join(folder, product)


def measure_spec(spec, formats, tools, work, repeat):
    name = os.path.splitext(os.path.basename(spec))[0]
    timeline = json.loads(subprocess.run([tools["pickerreel"], "timeline", spec], check=True, capture_output=True, text=True).stdout)
    fps, duration = float(timeline["fps"]), float(timeline["duration"])
    frames_dir = os.path.join(work, name, "frames")
    shutil.rmtree(frames_dir, ignore_errors=True)
    subprocess.run([tools["pickerreel"], "render", spec, "-o", frames_dir, "--quiet"], check=True)
    paths = sorted(os.path.join(frames_dir, f) for f in os.listdir(frames_dir) if f.endswith(".png"))
    height, width = read_png(paths[0]).shape[:2]
    print(f"\n{name}: {len(paths)} PNG frames, {width} x {height} px, {fps:g} fps, T = {duration:.6f} s")
    header = f"{'format':<6}{'encoder':<34}{'bytes':>10}{'frames':>8}{'duration s':>12}{'mean SSIM':>11}{'identical':>11}{'seconds':>9}  timed"
    print(header)
    results = []
    for format_name in formats:
        entry = ENCODERS[format_name]
        for number, row_spec in enumerate(entry["rows"]):
            out = os.path.join(work, name, f"{format_name}-{number}.{entry['extension']}")
            context = {"bench": tools["encode-bench"], "frames": frames_dir, "fps": fps, "duration": duration, "out": out, "spec": spec}
            walls, reports = [], []
            for _ in range(max(repeat, 1)):
                seconds, report = run(row_spec["command"](context))
                walls.append(seconds)
                reports.append(report or {})
            decoded = DECODERS[format_name](out)
            ssim, same = fidelity(paths, fps, decoded)
            delays = decoded.delays
            decoded.close()
            for label, key in row_spec["report"]:
                seconds = statistics.median(walls) if key == "wall" else statistics.median(r[key] for r in reports)
                row = {
                    "spec": name, "format": format_name, "encoder": label, "ours": label.startswith("PickerReel"),
                    "lossless": entry["lossless"], "bytes": os.path.getsize(out), "frames": len(delays), "duration": float(sum(delays)),
                    "timeline_duration": duration, "ssim": ssim, "identical": same, "source_frames": len(paths), "seconds": seconds,
                    "timed": "whole command" if key == "wall" else key, "path": out,
                }
                results.append(row)
                print(f"{format_name:<6}{label:<34}{row['bytes']:>10}{row['frames']:>8}{row['duration']:>12.4f}{ssim:>11.6f}"
                      f"{same:>6}/{len(paths):<4}{seconds:>9.3f}  {row['timed']}")
    return results


def verdicts(results):
    """The targets, as (description, met) pairs."""
    checks = []
    for spec in dict.fromkeys(r["spec"] for r in results):
        for format_name in dict.fromkeys(r["format"] for r in results if r["spec"] == spec):
            rows = [r for r in results if r["spec"] == spec and r["format"] == format_name]
            theirs = [r for r in rows if not r["ours"]]
            if not theirs:
                continue
            ffmpeg = theirs[0]
            for ours in (r for r in rows if r["ours"]):
                what = f"{spec} {format_name}, {ours['encoder']}"
                if ours["lossless"]:
                    exact = ours["identical"] == ours["source_frames"]
                    checks.append((f"{what}: {ours['bytes']} bytes < ffmpeg's {ffmpeg['bytes']}, every frame identical",
                                   exact and ours["bytes"] < ffmpeg["bytes"]))
                else:
                    checks.append((f"{what}: {ours['bytes']} bytes <= ffmpeg's {ffmpeg['bytes']} at SSIM {ours['ssim']:.6f} >= "
                                   f"{ffmpeg['ssim']:.6f}", ours["bytes"] <= ffmpeg["bytes"] and ours["ssim"] >= ffmpeg["ssim"]))
                checks.append((f"{what}: {ours['seconds']:.3f} s faster than ffmpeg's {ffmpeg['seconds']:.3f} s",
                               ours["seconds"] < ffmpeg["seconds"]))
    return checks


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("specs", nargs="+")
    parser.add_argument("--formats", default=",".join(ENCODERS), help="comma-separated, from: " + ", ".join(ENCODERS))
    parser.add_argument("--repeat", type=int, default=3, help="time each encode N times and report the median")
    parser.add_argument("--work", help="folder for frames and outputs (default: a temporary one)")
    parser.add_argument("--pickerreel", help="a built pickerreel (default: build the release one)")
    parser.add_argument("--encode-bench", help="a built encode-bench (default: build the release one)")
    parser.add_argument("--json", help="also write every row to this file")
    arguments = parser.parse_args()
    formats = [f for f in arguments.formats.split(",") if f]
    unknown = [f for f in formats if f not in ENCODERS]
    if unknown:
        parser.error(f"unknown format {', '.join(unknown)}; known: {', '.join(ENCODERS)}")
    if not shutil.which("ffmpeg"):
        sys.exit("ffmpeg is needed (apt-get install ffmpeg)")
    tools = {"pickerreel": release_binary("pickerreel", arguments.pickerreel),
             "encode-bench": release_binary("encode-bench", arguments.encode_bench)}
    work = arguments.work or tempfile.mkdtemp(prefix="formats-bench-")
    os.makedirs(work, exist_ok=True)
    version = subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True).stdout.splitlines()[0]
    print(f"{version}; medians of {arguments.repeat} runs; load average {os.getloadavg()[0]:.2f}")
    results = []
    for spec in arguments.specs:
        results += measure_spec(spec, formats, tools, work, arguments.repeat)
    checks = verdicts(results)
    print()
    for description, met in checks:
        print(("met:     " if met else "MISSED:  ") + description)
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump({"rows": results, "checks": [{"target": d, "met": m} for d, m in checks]}, file, indent=2)
    return 0 if all(met for _, met in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
