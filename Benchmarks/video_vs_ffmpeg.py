#!/usr/bin/env python3
"""Compares PickerReel's MP4 and WebM encoders with ffmpeg's on the same PNG frames.

    python3 Benchmarks/video_vs_ffmpeg.py FRAMES_DIR FPS [--formats mp4,webm] [--work DIR] [--video-bench PATH]
                                          [--repeat N] [--json FILE]

ffmpeg runs the commands a user would type (issue 12): `-c:v libx264 -crf 20 -pix_fmt yuv420p` for MP4 and
`-c:v libvpx-vp9 -crf 30 -b:v 0` for WebM, reading the PNG files at -framerate FPS. PickerReel's side is the
`video-bench` executable of this package (VideoEncoder with its defaults), reading the same PNG files; it is built
in release mode unless --video-bench names it. Both are timed as whole commands (PNG decoding included), the
median of --repeat runs.

Each video is decoded by ffmpeg into RGB (each file's own colour tags decide the matrix: PickerReel's are tagged
BT.709, ffmpeg's are untagged and decode with swscale's BT.601 default, the matrix they were made with), cropped
to the frames' size (PickerReel pads odd sizes), and decoded frame k is compared with PNG k composited over white:
the mean SSIM (scikit-image, 7 × 7 window, the three channels averaged) and PSNR over all frames. The duration is
ffprobe's format duration. Needs ffmpeg, and numpy, pillow and scikit-image (pip install numpy pillow
scikit-image). Exits 1 when a target is missed: PickerReel's file larger than ffmpeg's, its SSIM lower (by more
than 1e-4), or its run slower.
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
from PIL import Image
from skimage.metrics import peak_signal_noise_ratio, structural_similarity

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FFMPEG_CODECS = {
    "mp4": ["-c:v", "libx264", "-crf", "20", "-pix_fmt", "yuv420p"],
    "webm": ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0"],
}


def over_white(image):
    """RGBA (or anything) to an RGB float array composited over white."""
    rgba = np.asarray(image.convert("RGBA"), dtype=np.float64)
    alpha = rgba[..., 3:4] / 255.0
    return rgba[..., :3] * alpha + 255.0 * (1.0 - alpha)


def run(command):
    """Runs command and returns its wall-clock seconds."""
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - started


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


def median_seconds(encode, repeat):
    return float(np.median([encode() for _ in range(max(repeat, 1))]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("frames_dir")
    parser.add_argument("fps", type=float)
    parser.add_argument("--formats", default="mp4,webm", help="comma-separated: mp4, webm (default both)")
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

    results, met = {}, True
    print(f"{len(sources)} source frames at {fps} fps; timeline {(len(sources) - 1) / arguments.fps:.3f} s")
    print(f"{'format':<6} {'encoder':<11}{'bytes':>10}{'frames':>8}{'duration':>10}{'mean SSIM':>11}"
          f"{'mean PSNR':>11}{'seconds':>9}")
    for video_format in arguments.formats.split(","):
        ours = os.path.join(work, f"pickerreel.{video_format}")
        theirs = os.path.join(work, f"ffmpeg.{video_format}")
        commands = {
            "pickerreel": [bench, arguments.frames_dir, fps, ours],
            "ffmpeg": ["ffmpeg", "-y", "-v", "error", "-framerate", fps, "-pattern_type", "glob", "-i", pattern,
                       *FFMPEG_CODECS[video_format], theirs],
        }
        figures = {}
        for name, path in (("pickerreel", ours), ("ffmpeg", theirs)):
            seconds = median_seconds(lambda: run(commands[name]), arguments.repeat)
            ssim, psnr, frames = fidelity(sources, path)
            _, container = probe(path)
            figures[name] = {"bytes": os.path.getsize(path), "frames": frames, "ssim": ssim, "psnr": psnr,
                             "duration": float(container["duration"]), "seconds": seconds, "path": path}
            f = figures[name]
            print(f"{video_format:<6} {name:<11}{f['bytes']:>10}{f['frames']:>8}{f['duration']:>10.3f}"
                  f"{f['ssim']:>11.6f}{f['psnr']:>11.3f}{f['seconds']:>9.3f}")
        ours_f, theirs_f = figures["pickerreel"], figures["ffmpeg"]
        checks = {
            "no larger": ours_f["bytes"] <= theirs_f["bytes"],
            "equal or better SSIM": ours_f["ssim"] >= theirs_f["ssim"] - 1e-4,
            "faster": ours_f["seconds"] < theirs_f["seconds"],
        }
        missed = [name for name, ok in checks.items() if not ok]
        print(f"{video_format:<6} " + ("every target met" if not missed else "MISSED: " + ", ".join(missed))
              + f" (bytes {ours_f['bytes'] / theirs_f['bytes']:.3f}x, time {ours_f['seconds'] / theirs_f['seconds']:.3f}x)")
        met = met and not missed
        results[video_format] = figures
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump(results, file, indent=2)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
