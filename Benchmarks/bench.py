#!/usr/bin/python3
"""`make bench`: times the release build of pickerreel on the benchmark suite against the naive baseline.

Cases (each rendered to PNG frames in a fresh folder):
  seed   Fixtures/bench/seed-demo.json (4 items, 2x, 30 fps)
  large  Fixtures/bench/large.json (16 items, 3x, 60 fps, 20 changes with springs and interruptions)
  batch  100 generated variants (generate_specs.py batch), all in one invocation
  long   large.json with its changes repeated ten times (peak memory must not grow with the frame count;
         no baseline unless BENCH_LONG_BASELINE=1, it would take minutes)

For each case it prints frames written, frames drawn, wall seconds (median of BENCH_REPS runs, default 3),
ms per written frame, MB written, the child's peak RSS (getrusage via wait4), the baseline's time
(naive_baseline.py: python3-cairo, every frame drawn from scratch and written with write_to_png, one
thread) and our speed-up over it in wall time, in CPU time (user + system) and in user time alone (steady
from run to run here, while system time, mostly creating files, swung 0.7-3.9 s for the same batch), and the size of our files against the baseline's and against cairo's
write_to_png of exactly our pixels. Each run appends its rows to Output/bench/results.csv (untracked), and the table
shows the change from the previous row of the same case.

Environment: PICKERREEL (the binary, default .build/release/pickerreel), BENCH_REPS, BENCH_CASES (e.g.
"seed,large"), PNG_LEVEL (passed as --png-level), BENCH_LABEL (a note stored in the CSV), BENCH_COMMIT (the
commit recorded, when PICKERREEL was built from another one), BENCH_NO_BASELINE=1 (skip the baseline, for
comparing settings of our own).
"""

import csv
import datetime
import glob
import hashlib
import io
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build", "bench")
RESULTS = os.path.join(ROOT, "Output", "bench", "results.csv")
TOOL = os.environ.get("PICKERREEL", os.path.join(ROOT, ".build", "release", "pickerreel"))
PYTHON = "/usr/bin/python3"  # Debian's, where apt's python3-cairo lives.
FIELDS = [
    "date", "commit", "label", "case", "png_level", "reps", "load_before", "frames", "drawn", "wall_s", "wall_min_s",
    "ms_per_frame", "mb_written", "peak_rss_mb", "baseline_s", "baseline_mb", "baseline_rss_mb", "speedup",
    "size_vs_baseline", "size_vs_cairo", "cpu_s", "baseline_cpu_s", "cpu_ratio", "user_s", "sys_s", "baseline_user_s",
    "baseline_sys_s", "user_ratio",
]


def load_average():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def ensure_python_cairo():
    check = subprocess.run([PYTHON, "-c", "import cairo"], capture_output=True)
    if check.returncode == 0:
        return
    print("bench: installing python3-cairo for the baseline …", file=sys.stderr)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "python3-cairo"], check=True)


def run(command, cwd=ROOT):
    """Runs `command`; returns (wall seconds, peak RSS in MB, stderr text, (user, system) CPU seconds)."""
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    errors = process.stderr.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit("bench: %s failed (%d):\n%s" % (" ".join(command), process.returncode, errors))
    return wall, usage.ru_maxrss / 1024, errors, (usage.ru_utime, usage.ru_stime)


def png_files(folder):
    return sorted(glob.glob(os.path.join(folder, "**", "*.png"), recursive=True))


def megabytes(files):
    return sum(os.path.getsize(f) for f in files) / 1e6


def cairo_size_of(files):
    """MB that cairo's write_to_png makes of exactly these pixels (files with the same bytes encoded once)."""
    script = (
        "import cairo, io, sys, hashlib\n"
        "seen = {}\n"
        "total = 0\n"
        "for path in sys.argv[1:]:\n"
        "    data = open(path, 'rb').read()\n"
        "    key = hashlib.sha1(data).hexdigest()\n"
        "    if key not in seen:\n"
        "        out = io.BytesIO()\n"
        "        cairo.ImageSurface.create_from_png(io.BytesIO(data)).write_to_png(out)\n"
        "        seen[key] = len(out.getvalue())\n"
        "    total += seen[key]\n"
        "print(total)\n")
    total = 0
    for start in range(0, len(files), 2000):
        result = subprocess.run([PYTHON, "-c", script] + files[start:start + 2000], capture_output=True, text=True, check=True)
        total += int(result.stdout)
    return total / 1e6


def summary_counts(errors):
    """Frames written and drawn, summed over the summary lines `name: N frames (png; D drawn, X MB) in S s`."""
    frames = drawn = 0
    for line in errors.splitlines():
        if " frames (" in line and " drawn, " in line:
            frames += int(line.split(" frames (")[0].rsplit(" ", 1)[-1])
            drawn += int(line.split(" drawn, ")[0].rsplit(" ", 1)[-1])
    return frames, drawn


def prepare_cases(selected):
    os.makedirs(WORK, exist_ok=True)
    generator = os.path.join(ROOT, "Benchmarks", "generate_specs.py")
    batch = os.path.join(WORK, "batch-specs")
    shutil.rmtree(batch, ignore_errors=True)
    subprocess.run([PYTHON, generator, "batch", batch, "100"], check=True)
    long_spec = os.path.join(WORK, "long.json")
    subprocess.run([PYTHON, generator, "long", os.path.join(ROOT, "Fixtures", "bench", "large.json"), long_spec], check=True)
    cases = {
        "seed": [os.path.join(ROOT, "Fixtures", "bench", "seed-demo.json")],
        "large": [os.path.join(ROOT, "Fixtures", "bench", "large.json")],
        "batch": sorted(glob.glob(os.path.join(batch, "*.json"))),
        "long": [long_spec],
    }
    return [(name, cases[name]) for name in selected]


def baseline_arguments(name, specs):
    """Layout and timeline JSON for each spec, made with pickerreel before any timing."""
    folder = os.path.join(WORK, "baseline-input", name)
    os.makedirs(folder, exist_ok=True)
    arguments = []
    for index, spec in enumerate(specs):
        layout = os.path.join(folder, "%03d-layout.json" % index)
        timeline = os.path.join(folder, "%03d-timeline.json" % index)
        for command, path in (("layout", layout), ("timeline", timeline)):
            with open(path, "w") as out:
                subprocess.run([TOOL, command, spec], stdout=out, check=True)
        arguments += [spec, layout, timeline, os.path.join(WORK, "baseline-out", name, "%03d" % index)]
    return arguments


def append_row(row):
    """Appends `row`; rewrites the file first when its header lacks columns added since (old rows get blanks)."""
    if os.path.exists(RESULTS):
        with open(RESULTS) as f:
            reader = csv.DictReader(f)
            if reader.fieldnames != FIELDS:
                old = list(reader)
                with open(RESULTS, "w", newline="") as out:
                    writer = csv.DictWriter(out, fieldnames=FIELDS, restval="")
                    writer.writeheader()
                    writer.writerows(old)
    os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
    new_file = not os.path.exists(RESULTS)
    with open(RESULTS, "a", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=FIELDS)
        if new_file:
            writer.writeheader()
        writer.writerow(row)


def previous_rows():
    if not os.path.exists(RESULTS):
        return {}
    with open(RESULTS) as f:
        return {(row["case"], row["png_level"]): row for row in csv.DictReader(f)}


def main():
    if not os.access(TOOL, os.X_OK):
        sys.exit("bench: %s is missing; run `swift build -c release --product pickerreel` (make bench does)" % TOOL)
    ensure_python_cairo()
    reps = int(os.environ.get("BENCH_REPS", "3"))
    selected = os.environ.get("BENCH_CASES", "seed,large,batch,long").split(",")
    level = os.environ.get("PNG_LEVEL")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no", "--", "."],
        cwd=ROOT, capture_output=True, text=True).stdout
    commit += "+" if dirty.strip() else ""
    commit = os.environ.get("BENCH_COMMIT", commit)  # for a PICKERREEL built from another commit
    previous = previous_rows()
    for name, specs in prepare_cases(selected):
        output = os.path.join(WORK, "out", name)
        command = [TOOL, "render"] + specs + ["-o", output] + (["--png-level", level] if level else [])
        load = load_average()
        walls, cpus, rss, counts = [], [], 0.0, (0, 0)
        for _ in range(reps):
            shutil.rmtree(output, ignore_errors=True)
            wall, peak, errors, cpu = run(command)
            walls.append(wall)
            cpus.append(cpu)
            rss = max(rss, peak)
            counts = summary_counts(errors)
        files = png_files(output)
        ours_mb = megabytes(files)
        row = {
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "commit": commit,
            "label": os.environ.get("BENCH_LABEL", ""), "case": name, "png_level": level or "default", "reps": reps,
            "load_before": "%.2f" % load, "frames": counts[0], "drawn": counts[1],
            "wall_s": "%.3f" % statistics.median(walls), "wall_min_s": "%.3f" % min(walls),
            "ms_per_frame": "%.3f" % (1000 * statistics.median(walls) / max(1, counts[0])),
            "mb_written": "%.2f" % ours_mb, "peak_rss_mb": "%.1f" % rss,
            "baseline_s": "", "baseline_mb": "", "baseline_rss_mb": "", "speedup": "", "size_vs_baseline": "", "size_vs_cairo": "",
            "cpu_s": "%.3f" % statistics.median([sum(c) for c in cpus]), "baseline_cpu_s": "", "cpu_ratio": "",
            "user_s": "%.3f" % statistics.median([c[0] for c in cpus]), "sys_s": "%.3f" % statistics.median([c[1] for c in cpus]),
            "baseline_user_s": "", "baseline_sys_s": "", "user_ratio": "",
        }
        if name != "long":
            row["size_vs_cairo"] = "%.3f" % (ours_mb / cairo_size_of(files))
        wants_baseline = name != "long" or os.environ.get("BENCH_LONG_BASELINE") == "1"
        if wants_baseline and os.environ.get("BENCH_NO_BASELINE") != "1":
            arguments = baseline_arguments(name, specs)
            base_walls, base_cpus, base_rss = [], [], 0.0
            for _ in range(reps):
                shutil.rmtree(os.path.join(WORK, "baseline-out", name), ignore_errors=True)
                wall, peak, _, cpu = run([PYTHON, os.path.join(ROOT, "Benchmarks", "naive_baseline.py")] + arguments)
                base_walls.append(wall)
                base_cpus.append(cpu)
                base_rss = max(base_rss, peak)
            base_mb = megabytes(png_files(os.path.join(WORK, "baseline-out", name)))
            row.update({
                "baseline_s": "%.3f" % statistics.median(base_walls), "baseline_mb": "%.2f" % base_mb,
                "baseline_rss_mb": "%.1f" % base_rss, "speedup": "%.2f" % (statistics.median(base_walls) / statistics.median(walls)),
                "size_vs_baseline": "%.3f" % (ours_mb / base_mb),
                "baseline_cpu_s": "%.3f" % statistics.median([sum(c) for c in base_cpus]),
                "cpu_ratio": "%.2f" % (statistics.median([sum(c) for c in base_cpus]) / max(1e-9, statistics.median([sum(c) for c in cpus]))),
                "baseline_user_s": "%.3f" % statistics.median([c[0] for c in base_cpus]),
                "baseline_sys_s": "%.3f" % statistics.median([c[1] for c in base_cpus]),
                "user_ratio": "%.2f" % (statistics.median([c[0] for c in base_cpus]) / max(1e-9, statistics.median([c[0] for c in cpus]))),
            })
        print_row(row, previous.get((name, row["png_level"])))
        # Each case as soon as it is measured, so a failure later in the run keeps the figures so far.
        append_row(row)
    print("\nload average now %.2f on %d cores; rows appended to %s" % (load_average(), os.cpu_count(), os.path.relpath(RESULTS, ROOT)))


HEADER_PRINTED = [False]


def print_row(row, before):
    columns = [
        ("case", "%-6s", "case"), ("frames", "%7s", "frames"), ("drawn", "%6s", "drawn"), ("wall s", "%8s", "wall_s"),
        ("ms/frame", "%9s", "ms_per_frame"), ("MB", "%7s", "mb_written"), ("RSS MB", "%7s", "peak_rss_mb"),
        ("base s", "%8s", "baseline_s"), ("speedup", "%8s", "speedup"), ("size/base", "%10s", "size_vs_baseline"),
        ("size/cairo", "%11s", "size_vs_cairo"), ("CPU s", "%7s", "cpu_s"), ("base CPU", "%9s", "baseline_cpu_s"),
        ("CPU ratio", "%10s", "cpu_ratio"), ("user s", "%7s", "user_s"), ("sys s", "%6s", "sys_s"),
        ("user ratio", "%11s", "user_ratio"),
    ]
    if not HEADER_PRINTED[0]:
        print(" ".join(fmt % title for title, fmt, _ in columns) + "   (previous run)")
        HEADER_PRINTED[0] = True
    text = " ".join(fmt % row[key] for _, fmt, key in columns)
    if before:
        text += "   (was %s s, %sx, %s MB RSS at %s)" % (before["wall_s"], before["speedup"] or "-", before["peak_rss_mb"], before["commit"])
    print(text, flush=True)


if __name__ == "__main__":
    main()
