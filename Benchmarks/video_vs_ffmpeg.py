#!/usr/bin/env python3
"""Compares PickerReel's MP4 and WebM encoders with ffmpeg's on the same PNG frames.

    python3 Benchmarks/video_vs_ffmpeg.py FRAMES_DIR FPS [--formats mp4,webm] [--work DIR] [--video-bench PATH]
                                          [--repeat N] [--json FILE]

ffmpeg runs the commands a user would type (issue 12), reading the PNG files at -framerate FPS, and PickerReel's
side is the `video-bench` executable of this package reading the same PNG files (built in release mode unless
--video-bench names it). Three comparisons:

  mp4          PickerReel's default (yuv420p)   against  -c:v libx264 -crf 20 -pix_fmt yuv420p
  webm         PickerReel's --chroma rgb (gbrp) against  -c:v libvpx-vp9 -crf 30 -b:v 0  (ffmpeg picks gbrp,
                                                          VP9 profile 1, for PNG input)
  webm-420     PickerReel's default (yuv420p)   against  the same with -pix_fmt yuv420p

x264 needs even sizes, so for odd frames ffmpeg's MP4 command gets -vf pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white
(without it, it fails), which is what PickerReel does. Each command is timed whole (process start and PNG
decoding included): wall-clock seconds and CPU seconds (user + system, which other work on the machine disturbs
less), the median of --repeat runs, PickerReel's and ffmpeg's runs taking turns.

Each video is decoded by ffmpeg into RGB (each file's own colour tags decide the matrix: PickerReel's are tagged
BT.709, ffmpeg's are untagged and decode with swscale's BT.601 default, the matrix they were made with), cropped
to the frames' size (PickerReel pads odd sizes), and decoded frame k is compared with PNG k composited over white:
the mean SSIM (scikit-image, 7 × 7 window, the three channels averaged) and PSNR over all frames. The duration is
ffprobe's format duration. Needs ffmpeg, and numpy, pillow and scikit-image (pip install numpy pillow
scikit-image). Exits 1 when a target is missed: PickerReel's file larger than ffmpeg's, its SSIM lower (by more
than 1e-4), or its run slower (wall clock).
"""

import argparse
import glob
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image
from skimage.metrics import peak_signal_noise_ratio, structural_similarity

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# name: (file extension, video-bench options, ffmpeg output options)
COMPARISONS = {
    "mp4": ("mp4", [], ["-c:v", "libx264", "-crf", "20", "-pix_fmt", "yuv420p"]),
    "webm": ("webm", ["--chroma", "rgb"], ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0"]),
    "webm-420": ("webm", [], ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-pix_fmt", "yuv420p"]),
}


def over_white(image):
    """RGBA (or anything) to an RGB float array composited over white."""
    rgba = np.asarray(image.convert("RGBA"), dtype=np.float64)
    alpha = rgba[..., 3:4] / 255.0
    return rgba[..., :3] * alpha + 255.0 * (1.0 - alpha)


def run(command):
    """Runs command and returns its wall-clock and CPU (user + system) seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {result.stderr.strip()}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def probe(path):
    """ffprobe's stream and format fields of the video."""
    output = subprocess.run(
        ["ffprobe", "-v", "error", "-count_frames", "-show_streams", "-show_format", "-of", "json", path],
        check=True, capture_output=True, text=True).stdout
    data = json.loads(output)
    return data["streams"][0], data["format"]


def decoded_frames(path, width, height):
    """The video's frames as RGB arrays of its coded size."""
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         check=True, capture_output=True).stdout
    size = width * height * 3
    return [np.frombuffer(raw[i:i + size], dtype=np.uint8).reshape(height, width, 3)
            for i in range(0, len(raw) - size + 1, size)]


def fidelity(sources, path):
    """Mean SSIM and PSNR of every decoded frame against its PNG, and the number of decoded frames."""
    stream, _ = probe(path)
    frames = decoded_frames(path, int(stream["width"]), int(stream["height"]))
    ssims, psnrs = [], []
    for k, source_path in enumerate(sources):
        with Image.open(source_path) as png:
            source = over_white(png)
        if k >= len(frames):
            ssims.append(0.0)
            psnrs.append(0.0)
            continue
        decoded = frames[k][:source.shape[0], :source.shape[1]].astype(np.float64)
        ssims.append(structural_similarity(source, decoded, channel_axis=2, data_range=255))
        psnrs.append(min(peak_signal_noise_ratio(source, decoded, data_range=255), 100.0))
    return float(np.mean(ssims)), float(np.mean(psnrs)), len(frames)


def video_bench_path(given):
    if given:
        return given
    subprocess.run(["swift", "build", "-c", "release", "--product", "video-bench"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    return os.path.join(binary, "video-bench")


def timed_in_turns(commands, repeat):
    """Median wall and CPU seconds of each command, the commands run in turns `repeat` times."""
    runs = {name: [] for name in commands}
    for _ in range(max(repeat, 1)):
        for name, command in commands.items():
            runs[name].append(run(command))
    return {name: (float(np.median([r[0] for r in rs])), float(np.median([r[1] for r in rs]))) for name, rs in runs.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("frames_dir")
    parser.add_argument("fps", type=float)
    parser.add_argument("--comparisons", default="mp4,webm,webm-420", help="comma-separated: mp4, webm, webm-420")
    parser.add_argument("--work", help="folder for the videos (default: a temporary one)")
    parser.add_argument("--video-bench", help="path of a built video-bench executable")
    parser.add_argument("--repeat", type=int, default=1, help="time each encoder N times and report the median")
    parser.add_argument("--json", help="also write the figures to this file")
    arguments = parser.parse_args()
    sources = sorted(glob.glob(os.path.join(arguments.frames_dir, "*.png")))
    if not sources:
        sys.exit(f"{arguments.frames_dir}: no .png files")
    work = arguments.work or tempfile.mkdtemp(prefix="video-bench-")
    os.makedirs(work, exist_ok=True)
    bench = video_bench_path(arguments.video_bench)
    fps = f"{arguments.fps:g}"
    pattern = os.path.join(arguments.frames_dir, "*.png")

    with Image.open(sources[0]) as first:
        width, height = first.size
    pad = ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white"] if width % 2 or height % 2 else []

    results, met = {}, True
    print(f"{len(sources)} source frames of {width} x {height} at {fps} fps; timeline {(len(sources) - 1) / arguments.fps:.3f} s")
    print(f"{'comparison':<11}{'encoder':<12}{'pix_fmt':<9}{'bytes':>10}{'frames':>7}{'duration':>9}{'mean SSIM':>11}"
          f"{'mean PSNR':>10}{'wall s':>8}{'CPU s':>8}")
    for comparison in arguments.comparisons.split(","):
        extension, ours_options, ffmpeg_options = COMPARISONS[comparison]
        ours = os.path.join(work, f"pickerreel-{comparison}.{extension}")
        theirs = os.path.join(work, f"ffmpeg-{comparison}.{extension}")
        commands = {
            "pickerreel": [bench, arguments.frames_dir, fps, ours, *ours_options],
            "ffmpeg": ["ffmpeg", "-y", "-v", "error", "-framerate", fps, "-pattern_type", "glob", "-i", pattern,
                       *(pad if extension == "mp4" else []), *ffmpeg_options, theirs],
        }
        seconds = timed_in_turns(commands, arguments.repeat)
        figures = {}
        for name, path in (("pickerreel", ours), ("ffmpeg", theirs)):
            ssim, psnr, frames = fidelity(sources, path)
            stream, container = probe(path)
            figures[name] = {"bytes": os.path.getsize(path), "frames": frames, "ssim": ssim, "psnr": psnr,
                             "pix_fmt": stream["pix_fmt"], "duration": float(container["duration"]),
                             "seconds": seconds[name][0], "cpu_seconds": seconds[name][1],
                             "command": " ".join(commands[name])}
            f = figures[name]
            print(f"{comparison:<11}{name:<12}{f['pix_fmt']:<9}{f['bytes']:>10}{f['frames']:>7}{f['duration']:>9.3f}"
                  f"{f['ssim']:>11.6f}{f['psnr']:>10.3f}{f['seconds']:>8.3f}{f['cpu_seconds']:>8.3f}")
        ours_f, theirs_f = figures["pickerreel"], figures["ffmpeg"]
        checks = {
            "no larger": ours_f["bytes"] <= theirs_f["bytes"],
            "equal or better SSIM": ours_f["ssim"] >= theirs_f["ssim"] - 1e-4,
            "faster": ours_f["seconds"] < theirs_f["seconds"],
        }
        missed = [name for name, ok in checks.items() if not ok]
        print(f"{comparison:<11}" + ("every target met" if not missed else "MISSED: " + ", ".join(missed))
              + f" (bytes {ours_f['bytes'] / theirs_f['bytes']:.3f}x, SSIM {ours_f['ssim'] - theirs_f['ssim']:+.5f},"
              f" wall {ours_f['seconds'] / theirs_f['seconds']:.2f}x, CPU {ours_f['cpu_seconds'] / theirs_f['cpu_seconds']:.2f}x)")
        met = met and not missed
        results[comparison] = figures
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump(results, file, indent=2)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
