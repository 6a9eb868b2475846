#!/usr/bin/env python3
"""Goldens at 10,000 frames: a team's golden loop (render, then compare with the goldens) on 100 specs.

    scale_bench.py            (make bench-scale; the last step of make bench)

The set is `generate_specs.py scale`: 100 specs, 10,268 PNG frames (535 megapixels), ten of them also written as an
animated WebP. It is rendered once as the goldens (EXPECTED), then, RUNS times (default 3), in this order:
  - full: `render --force` of the set into ACTUAL, `pickerreel compare EXPECTED ACTUAL` (identical trees), blazediff;
  - nothing changed: `render` again (every spec up to date), compare, blazediff;
  - one spec changed: one spec's highlight made red, `render` (that spec alone is drawn), compare (exit 1: that
    spec's frames differ), blazediff; the spec is then put back.
blazediff (Rust, SIMD, `pip install blazediff`) is called on every pair of PNG files of the two trees from one python3
process, as compare_vs_blazediff.py does. Ours and blazediff's runs alternate; figures are medians. The script
checks that an up-to-date render rewrites no file (inode and modification time of every file) and that a changed
spec rewrites its own folder alone, and prints whether the up-to-date render is within 10 % of the full render.
Everything is written under BENCH_SCRATCH, else /dev/shm when it is a tmpfs, else .build/bench (said so).
Each run appends one row of medians (wall and CPU seconds) to Output/bench/scale.csv (untracked).
Environment: PICKERREEL (the binary), RUNS, BENCH_SCRATCH, BENCH_KEEP=1 (leave the trees).
"""

import csv
import datetime
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.environ.get("PICKERREEL", os.path.join(ROOT, ".build/static/release/pickerreel"))
RUNS = int(os.environ.get("RUNS", "3"))
CHANGED = "scale-000"
# Each group of specs is one render command: the PNG frames alone, and the PNG frames with an animated WebP.
GROUPS = (("png", ["--format", "png"]), ("webp", ["--format", "png,webp"]))

# blazediff on every pair of PNG files of two trees, from one python3 process: the same script as the 60-spec bench.
from compare_vs_blazediff import BLAZEDIFF_TREE  # noqa: E402


def scratch():
    chosen = os.environ.get("BENCH_SCRATCH")
    if not chosen and os.path.isdir("/dev/shm"):
        chosen = "/dev/shm/pickerreel-scale-bench"
    if not chosen:
        chosen = os.path.join(ROOT, ".build/bench/scale")
        print("no tmpfs: writing under .build/bench (file creation on disk is timed too)")
    shutil.rmtree(chosen, ignore_errors=True)
    os.makedirs(chosen)
    return chosen


CPU = []  # CPU seconds (user + system) of each timed command, in order: less moved by other builds than wall time.


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command, expect=(0,)):
    cpu = children_cpu()
    started = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - started
    CPU.append(children_cpu() - cpu)
    if result.returncode not in expect:
        sys.exit(f"{' '.join(command[:3])}…: exit {result.returncode}\n{result.stderr[-2000:]}")
    return elapsed, result


def render_set(specs, out, extra=()):
    """Every group's render command in turn; the seconds of all of them (their CPU seconds as one entry of CPU)."""
    total, cpu = 0.0, 0.0
    for group, formats in GROUPS:
        folder = os.path.join(specs, group)
        paths = sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".json"))
        total += timed([TOOL, "render", *paths, "-o", out, "-q", *formats, *extra])[0]
        cpu += CPU.pop()
    CPU.append(cpu)
    return total


def identities(tree):
    """Inode and modification time (ns) of every file, by relative path."""
    found = {}
    for folder, _, files in os.walk(tree):
        for name in files:
            path = os.path.join(folder, name)
            status = os.stat(path)
            found[os.path.relpath(path, tree)] = (status.st_ino, status.st_mtime_ns)
    return found


def rewritten(before, after):
    return sorted(path for path in set(before) | set(after) if before.get(path) != after.get(path))


def sizes(tree):
    pngs = [os.path.join(folder, name) for folder, _, files in os.walk(tree) for name in files if name.endswith(".png")]
    pixels = 0
    for path in pngs:
        with open(path, "rb") as file:
            header = file.read(24)
        pixels += int.from_bytes(header[16:20], "big") * int.from_bytes(header[20:24], "big")
    return len(pngs), pixels, sum(os.path.getsize(path) for path in pngs)


def median(values):
    return statistics.median(values)


def append_row(wall, cpu, frames, load):
    """One row of medians in Output/bench/scale.csv, with the date, the commit and the load average before."""
    path = os.path.join(ROOT, "Output", "bench", "scale.csv")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    row = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"), "commit": commit,
           "runs": RUNS, "load_before": f"{load:.1f}", "frames": frames}
    row.update({f"{key}_s": f"{value:.3f}" for key, value in wall.items()})
    row.update({f"{key}_cpu_s": f"{value:.3f}" for key, value in cpu.items()})
    new = not os.path.exists(path)
    with open(path, "a", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(row))
        if new:
            writer.writeheader()
        writer.writerow(row)


def main():
    work = scratch()
    specs, expected, actual = (os.path.join(work, name) for name in ("specs", "expected", "actual"))
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/generate_specs.py"), "scale", specs], check=True)
    render_set(specs, expected)
    render_set(specs, actual)
    frames, pixels, size = sizes(expected)
    load = os.getloadavg()[0]
    changed_spec = os.path.join(specs, "png", CHANGED + ".json")
    with open(changed_spec) as file:
        original = file.read()
    red = json.loads(original)
    red["style"]["highlight"]["color"] = "#FF0000"
    changed_frames = sum(1 for name in os.listdir(os.path.join(expected, CHANGED)) if name.endswith(".png"))
    print(f"100 specs, {frames} PNG frames, {pixels / 1e6:.0f} megapixels, {size / 1e6:.1f} MB a tree, under {work};"
          f" medians of {RUNS} runs, ours and blazediff's alternating; load average before: {load:.1f}")

    cpus = {}
    times = {key: [] for key in ("full", "full-compare", "full-blazediff", "none", "none-compare", "none-blazediff",
                                 "one", "one-compare", "one-blazediff")}
    problems = []

    def record(key, elapsed):
        times[key].append(elapsed)
        cpus.setdefault(key, []).append(CPU[-1])

    compare = [TOOL, "compare", expected, actual]
    blazediff = [sys.executable, "-c", BLAZEDIFF_TREE, expected, actual]
    for _ in range(RUNS):
        record("full", render_set(specs, actual, ["--force"]))
        record("full-compare", timed(compare)[0])
        record("full-blazediff", timed(blazediff)[0])

        before = identities(actual)
        record("none", render_set(specs, actual))
        touched = rewritten(before, identities(actual))
        if touched:
            problems.append(f"an up-to-date render rewrote {len(touched)} files, such as {touched[0]}")
        record("none-compare", timed(compare)[0])
        record("none-blazediff", timed(blazediff)[0])

        with open(changed_spec, "w") as file:
            json.dump(red, file)
        before = identities(actual)
        record("one", render_set(specs, actual))
        touched = rewritten(before, identities(actual))
        if any(not path.startswith(CHANGED + "/") for path in touched) or len(touched) < changed_frames:
            problems.append(f"one changed spec rewrote {len(touched)} files ({touched[:2]}…), not its {changed_frames} frames alone")
        elapsed, result = timed(compare, expect=(1,))
        record("one-compare", elapsed)
        elapsed, result = timed(blazediff)
        record("one-blazediff", elapsed)
        if int(result.stdout.strip() or 0) == 0:
            problems.append("blazediff found no differing file after the change")
        with open(changed_spec, "w") as file:
            file.write(original)

    m = {key: median(values) for key, values in times.items()}
    c = {key: median(values) for key, values in cpus.items()}
    full_loop = m["full"] + m["full-blazediff"]
    print("| case | render | compare | blazediff | render / full render | compare / blazediff | loop / (full render + blazediff) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    cases = (("full (--force), identical trees", "full"), ("one spec changed", "one"), ("nothing changed", "none"))
    for label, key in cases:
        render, ours, theirs = m[key], m[key + "-compare"], m[key + "-blazediff"]
        print(f"| {label} | {render:.3f} s | {ours:.3f} s | {theirs:.3f} s | {render / m['full']:.3f} × |"
              f" {ours / theirs:.3f} × | {(render + ours) / full_loop:.3f} × |")
    print("CPU seconds (user + system), medians: " + "; ".join(
        f"{label}: render {c[key]:.3f}, compare {c[key + '-compare']:.3f}, blazediff {c[key + '-blazediff']:.3f}"
        for label, key in cases))
    print(f"cost, in CPU time: full render {c['full'] / frames * 1e6:.0f} µs a frame, {c['full'] / pixels * 1e9:.2f} ns a pixel;"
          f" up to date {c['none'] / 100 * 1e3:.2f} ms a spec (two processes included); identical compare"
          f" {c['full-compare'] / frames * 1e6:.0f} µs a pair ({size / c['full-compare'] / 1e6:.0f} MB/s of PNG),"
          f" blazediff {c['full-blazediff'] / frames * 1e6:.0f} µs a pair;"
          f" a changed spec's {changed_frames} frames decoded: +{(c['one-compare'] - c['none-compare']) / changed_frames * 1e3:.2f} ms a pair")
    ratio = m["none"] / m["full"]
    print(f"up-to-date render / full render: {ratio:.3f} × wall, {c['none'] / c['full']:.3f} × CPU (target ≤ 0.1 ×):"
          f" {'met' if ratio <= 0.1 else 'MISSED'}; files rewritten by up-to-date renders: {'none' if not problems else 'SEE BELOW'}")
    append_row(m, c, frames, load)
    for problem in problems:
        print("PROBLEM: " + problem)
    if os.environ.get("BENCH_KEEP") != "1":
        shutil.rmtree(work, ignore_errors=True)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
