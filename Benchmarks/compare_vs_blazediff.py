#!/usr/bin/env python3
"""Goldens at scale: an up-to-date render against a full one, and `pickerreel compare` against blazediff.

    compare_vs_blazediff.py [COUNT]   COUNT generated specs (default 60), rendered under a tmpfs

Cases, each run alternating with its baseline (ours, baseline, ours, …), median of RUNS (default 5):
  - render: the whole batch rendered (--force) against the same render when every spec is up to date;
  - audit: `pickerreel audit` of the batch against rendering its PNG frames (--force), which it must not exceed;
  - compare, identical trees: two renders of the batch, `pickerreel compare` against blazediff (Rust, SIMD,
    `pip install blazediff`) called on every pair of files from one python3 process;
  - compare, differing trees: the same batch with every highlight red on the ACTUAL side.
Everything is written under BENCH_SCRATCH, else /dev/shm when it is a tmpfs, else .build/bench (said so).
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.environ.get("PICKERREEL", os.path.join(ROOT, ".build/static/release/pickerreel"))
RUNS = int(os.environ.get("RUNS", "5"))

# blazediff on every pair of PNG files of two trees, in one process, as a script of a user would call it.
BLAZEDIFF_TREE = r"""
import os, sys, blazediff
expected, actual = sys.argv[1], sys.argv[2]
differing = 0
for folder, _, files in os.walk(expected):
    for name in files:
        if not name.endswith(".png"):
            continue
        left = os.path.join(folder, name)
        right = os.path.join(actual, os.path.relpath(left, expected))
        if not blazediff.compare(left, right).match_result:
            differing += 1
print(differing)
"""


def scratch():
    chosen = os.environ.get("BENCH_SCRATCH")
    if not chosen and os.path.isdir("/dev/shm"):
        chosen = "/dev/shm/pickerreel-compare-bench"
    if not chosen:
        chosen = os.path.join(ROOT, ".build/bench/compare")
        print("no tmpfs: writing under .build/bench (file creation on disk is timed too)")
    shutil.rmtree(chosen, ignore_errors=True)
    os.makedirs(chosen)
    return chosen


def timed(command):
    started = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - started
    return elapsed, result


def alternate(ours, theirs):
    """Median seconds of `ours` and `theirs`, run alternately RUNS times each."""
    mine, baseline = [], []
    for _ in range(RUNS):
        mine.append(timed(ours)[0])
        baseline.append(timed(theirs)[0])
    return statistics.median(mine), statistics.median(baseline)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    work = scratch()
    specs = os.path.join(work, "specs")
    red = os.path.join(work, "specs-red")
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/generate_specs.py"), "batch", specs, str(count)], check=True)
    os.makedirs(red)
    names = sorted(name for name in os.listdir(specs) if name.endswith(".json"))
    for name in names:
        with open(os.path.join(specs, name)) as file:
            spec = json.load(file)
        spec.setdefault("style", {}).setdefault("highlight", {})["color"] = "#FF0000"
        with open(os.path.join(red, name), "w") as file:
            json.dump(spec, file)
    expected, same, differing = (os.path.join(work, name) for name in ("expected", "same", "differing"))
    for folder, source in ((expected, specs), (same, specs), (differing, red)):
        paths = [os.path.join(source, name) for name in names]
        subprocess.run([TOOL, "render", *paths, "-o", folder, "-q"], check=True)
    pngs = sum(1 for _, _, files in os.walk(expected) for name in files if name.endswith(".png"))
    print(f"{count} specs, {pngs} PNG frames a tree, under {work}, median of {RUNS} alternating runs")

    paths = [os.path.join(specs, name) for name in names]
    up_to_date, full = alternate([TOOL, "render", *paths, "-o", same, "-q"], [TOOL, "render", *paths, "-o", same, "-q", "--force"])
    print(f"| render, every spec up to date vs --force | {up_to_date:.3f} s | {full:.3f} s | {up_to_date / full:.3f} × |")
    # Issue 35's budget: auditing the batch (WCAG contrast on every frame) costs at most rendering its PNG frames.
    audit, frames = alternate([TOOL, "audit", *paths], [TOOL, "render", *paths, "-o", same, "-q", "--force"])
    print(f"| audit vs render --force (PNG frames) | {audit:.3f} s | {frames:.3f} s | {audit / frames:.3f} × (target ≤ 1) |")
    for label, actual in (("compare, identical trees", same), ("compare, differing trees", differing)):
        ours, theirs = alternate(
            [TOOL, "compare", expected, actual],
            [sys.executable, "-c", BLAZEDIFF_TREE, expected, actual])
        print(f"| {label}: pickerreel vs blazediff | {ours:.3f} s | {theirs:.3f} s | {ours / theirs:.3f} × |")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
