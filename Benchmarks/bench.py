#!/usr/bin/python3
"""`make bench`: times the release build of pickerreel on the benchmark suite against the naive baseline.

Cases (BENCH_CASES, comma-separated; all by default, in this order):
  startup    processes that render nothing heavy, timed apart: `pickerreel --version`, `pickerreel validate` of the
             seed demo, a render of a one-frame spec (Fixtures/bench/one-frame.json), and the baseline's own start
             (`python3 -c "import cairo"`): the fixed cost F of the cost model (docs/performance.md)
  seed       Fixtures/bench/seed-demo.json (4 items, 2x, 30 fps)
  large      Fixtures/bench/large.json (16 items, 3x, 60 fps, 20 changes with springs and interruptions)
  batch      100 generated variants (generate_specs.py batch), all in one invocation
  long       large.json with its changes repeated ten times (peak memory must not grow with the frame count;
             no baseline unless BENCH_LONG_BASELINE=1, it would take minutes)
  memory     Fixtures/bench/largest.json (the picture SpecLimits allows that needs the most memory a drawer) with
             -j 16: peak RSS must stay under 1.5 GB whatever the number of workers
  inprocess  the inprocess-bench executable: Renderer.png(at:) (target < 1 ms) and assertPickerSnapshot of three
             frames (target < 5 ms)

Every output, ours and the baseline's, is written under a tmpfs (BENCH_SCRATCH, else /dev/shm when it is one), so
that the cost of creating files on this machine's disk does not hide the work; without a tmpfs the bench says so
and writes under .build/bench. Ours and the baseline's runs alternate (ours, baseline, ours, …), so a change in
the machine's load falls on both; speed-ups are the ratio of the medians.

For each case it prints frames written, frames drawn, wall seconds (median of BENCH_REPS runs, default 3),
ms per written frame, MB written, the child's peak RSS (getrusage via wait4), the baseline's time
(naive_baseline.py: python3-cairo, every frame drawn from scratch and written with write_to_png, one
thread) and our speed-up over it in wall time, in CPU time (user + system) and in user time alone, and the size of
our files against the baseline's and against cairo's write_to_png of exactly our pixels. The cases with a target
end with a line saying whether it is met. Each run appends its rows to Output/bench/results.csv (untracked), and
the table shows the change from the previous row of the same case.

Environment: PICKERREEL (the binary, default .build/static/release/pickerreel), INPROCESS_BENCH (default
.build/release/inprocess-bench), BENCH_REPS, BENCH_CASES, PNG_LEVEL (passed as --png-level), BENCH_LABEL (a note
stored in the CSV), BENCH_COMMIT (the commit recorded, when PICKERREEL was built from another one),
BENCH_NO_BASELINE=1 (skip the baseline, for comparing settings of our own), BENCH_SCRATCH (where outputs go),
BENCH_JOBS (passed as -j to the timed cases).
"""

import csv
import datetime
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build", "bench")
RESULTS = os.path.join(ROOT, "Output", "bench", "results.csv")
TOOL = os.environ.get("PICKERREEL", os.path.join(ROOT, ".build", "static", "release", "pickerreel"))
INPROCESS = os.environ.get("INPROCESS_BENCH", os.path.join(ROOT, ".build", "release", "inprocess-bench"))
PYTHON = "/usr/bin/python3"  # Debian's, where apt's python3-cairo lives.
ALL_CASES = "startup,seed,large,batch,long,memory,inprocess"
# Whole-process speed-up over the naive baseline that issue 14 asks of each case.
SPEEDUP_TARGETS = {"seed": 8.0, "large": 20.0, "batch": 10.0}
MEMORY_TARGET_MB = 1500.0
INPROCESS_TARGETS_MS = {"png_at_ms": 1.0, "assert_snapshot_3_frames_ms": 5.0}
FIELDS = [
    "date", "commit", "label", "case", "png_level", "reps", "load_before", "frames", "drawn", "wall_s", "wall_min_s",
    "ms_per_frame", "mb_written", "peak_rss_mb", "baseline_s", "baseline_mb", "baseline_rss_mb", "speedup",
    "size_vs_baseline", "size_vs_cairo", "cpu_s", "baseline_cpu_s", "cpu_ratio", "user_s", "sys_s", "baseline_user_s",
    "baseline_sys_s", "user_ratio", "output", "jobs",
]


def load_average():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def tmpfs_mounts():
    with open("/proc/mounts") as f:
        return {fields[1] for fields in (line.split() for line in f) if len(fields) > 2 and fields[2] == "tmpfs"}


def scratch_folder():
    """Where outputs go, and a word for the CSV: a tmpfs when there is one, else the disk (said on stderr)."""
    chosen = os.environ.get("BENCH_SCRATCH")
    if chosen:
        return chosen, "tmpfs" if any(os.path.abspath(chosen).startswith(m + "/") for m in tmpfs_mounts()) else "disk"
    if "/dev/shm" in tmpfs_mounts() and os.access("/dev/shm", os.W_OK):
        return "/dev/shm/pickerreel-bench-%d" % os.getuid(), "tmpfs"
    print("bench: no tmpfs at /dev/shm; writing outputs to the disk under .build/bench (file creation is in the figures)",
          file=sys.stderr)
    return os.path.join(WORK, "out"), "disk"


SCRATCH, OUTPUT_KIND = scratch_folder()


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
    """Frames written and drawn, summed over the summary lines `name: N frames (png; D frame files drawn, …)`."""
    frames = drawn = 0
    for line in errors.splitlines():
        if " frames (" in line and " drawn, " in line:
            frames += int(line.split(" frames (")[0].rsplit(" ", 1)[-1])
            drawn += int(line.split(" drawn, ")[0].split(";")[-1].split()[0])
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
        "memory": [os.path.join(ROOT, "Fixtures", "bench", "largest.json")],
    }
    return [(name, cases.get(name, [])) for name in selected]


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
        arguments += [spec, layout, timeline, os.path.join(SCRATCH, "baseline", name, "%03d" % index)]
    return arguments


def append_row(row, path=RESULTS, fields=FIELDS):
    """Appends `row`; rewrites the file first when its header lacks columns added since (old rows get blanks)."""
    if os.path.exists(path):
        with open(path) as f:
            reader = csv.DictReader(f)
            if reader.fieldnames != fields:
                old = list(reader)
                with open(path, "w", newline="") as out:
                    writer = csv.DictWriter(out, fieldnames=fields, restval="", extrasaction="ignore")
                    writer.writeheader()
                    writer.writerows(old)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    new_file = not os.path.exists(path)
    with open(path, "a", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields, restval="")
        if new_file:
            writer.writeheader()
        writer.writerow(row)


def previous_rows():
    if not os.path.exists(RESULTS):
        return {}
    with open(RESULTS) as f:
        return {(row["case"], row["png_level"]): row for row in csv.DictReader(f)}


def base_row(commit, name, level, reps, load):
    row = {key: "" for key in FIELDS}
    row.update({
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "commit": commit,
        "label": os.environ.get("BENCH_LABEL", ""), "case": name, "png_level": level or "default", "reps": reps,
        "load_before": "%.2f" % load, "output": OUTPUT_KIND, "jobs": os.environ.get("BENCH_JOBS", ""),
    })
    return row


def timing_fields(prefix, walls, cpus, rss):
    """The row's fields for runs of one command: `prefix` is "" for ours, "baseline_" for the baseline's."""
    if prefix:
        return {
            "baseline_s": "%.3f" % statistics.median(walls), "baseline_rss_mb": "%.1f" % rss,
            "baseline_cpu_s": "%.3f" % statistics.median([sum(c) for c in cpus]),
            "baseline_user_s": "%.3f" % statistics.median([c[0] for c in cpus]),
            "baseline_sys_s": "%.3f" % statistics.median([c[1] for c in cpus]),
        }
    return {
        "wall_s": "%.3f" % statistics.median(walls), "wall_min_s": "%.3f" % min(walls), "peak_rss_mb": "%.1f" % rss,
        "cpu_s": "%.3f" % statistics.median([sum(c) for c in cpus]),
        "user_s": "%.3f" % statistics.median([c[0] for c in cpus]), "sys_s": "%.3f" % statistics.median([c[1] for c in cpus]),
    }


def measure_startup(commit, level, reps):
    """Times processes that render nothing heavy, in turns, many times each; one row each."""
    one_frame_out = os.path.join(SCRATCH, "ours", "startup")
    seed = os.path.join(ROOT, "Fixtures", "bench", "seed-demo.json")
    commands = [
        ("startup:version", [TOOL, "--version"]),
        ("startup:validate", [TOOL, "validate", seed]),
        ("startup:one-frame", [TOOL, "render", os.path.join(ROOT, "Fixtures", "bench", "one-frame.json"), "-o", one_frame_out, "-q"]),
        ("startup:python-cairo", [PYTHON, "-c", "import cairo"]),
    ]
    count = max(15, 5 * reps)
    samples = {name: ([], [], [0.0]) for name, _ in commands}
    load = load_average()
    for _ in range(count):
        for name, command in commands:
            shutil.rmtree(one_frame_out, ignore_errors=True)
            wall, peak, _, cpu = run(command)
            walls, cpus, rss = samples[name]
            walls.append(wall)
            cpus.append(cpu)
            rss[0] = max(rss[0], peak)
    print("start-up, %d runs of each in turns (load %.2f): median wall ms, CPU ms (user + system), peak RSS MB" % (count, load))
    for name, _ in commands:
        walls, cpus, rss = samples[name]
        row = base_row(commit, name, level, count, load)
        row.update(timing_fields("", walls, cpus, rss[0]))
        print("  %-22s %7.1f ms wall %7.1f ms CPU %6.1f MB" % (
            name.split(":")[1], 1000 * statistics.median(walls), 1000 * statistics.median([sum(c) for c in cpus]), rss[0]))
        append_row(row)


def measure_inprocess(commit, level):
    """Runs inprocess-bench and checks its two targets; returns [(what, met, text)]."""
    if not os.access(INPROCESS, os.X_OK):
        sys.exit("bench: %s is missing; run `swift build -c release --product inprocess-bench` (make bench does)" % INPROCESS)
    load = load_average()
    result = subprocess.run([INPROCESS, "--json", "--repeat", "200"], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("bench: inprocess-bench failed (%d):\n%s" % (result.returncode, result.stderr))
    figures = json.loads(result.stdout)
    print("in process (inprocess-bench, medians of %d calls, load %.2f):" % (figures["repeat"], load))
    verdicts = []
    for key, text in (("png_at_ms", "Renderer.png(at:), one seed frame"),
                      ("renderer_set_up_and_first_png_ms", "Renderer(spec) and its first png(at:)"),
                      ("assert_snapshot_3_frames_ms", "assertPickerSnapshot, 3 matching frames")):
        target = INPROCESS_TARGETS_MS.get(key)
        line = "  %-42s %7.3f ms" % (text, figures[key])
        if target is not None:
            met = figures[key] < target
            line += "   target < %g ms: %s" % (target, "met" if met else "MISSED")
            verdicts.append((text, met, "%.3f ms (target < %g ms)" % (figures[key], target)))
        print(line)
        row = base_row(commit, "inprocess:" + key.replace("_ms", ""), level, figures["repeat"], load)
        row["wall_s"] = "%.6f" % (figures[key] / 1000)
        append_row(row)
    return verdicts


def measure_case(name, specs, commit, level, reps, previous):
    """Times one case, ours and the baseline's runs in turns; prints its row and returns its target verdicts."""
    output = os.path.join(SCRATCH, "ours", name)
    jobs = os.environ.get("BENCH_JOBS")
    if name == "memory":
        jobs = "16"
    command = [TOOL, "render"] + specs + ["-o", output] + (["--png-level", level] if level else []) + (["-j", jobs] if jobs else [])
    wants_baseline = name not in ("long", "memory") or (name == "long" and os.environ.get("BENCH_LONG_BASELINE") == "1")
    wants_baseline = wants_baseline and os.environ.get("BENCH_NO_BASELINE") != "1"
    baseline_command = None
    if wants_baseline:
        baseline_command = [PYTHON, os.path.join(ROOT, "Benchmarks", "naive_baseline.py")] + baseline_arguments(name, specs)
    load = load_average()
    ours, base = ([], [], [0.0]), ([], [], [0.0])
    counts = (0, 0)
    runs = 1 if name == "memory" else reps
    for _ in range(runs):
        for which, samples in ((command, ours), (baseline_command, base)):
            if which is None:
                continue
            shutil.rmtree(output if which is command else os.path.join(SCRATCH, "baseline", name), ignore_errors=True)
            wall, peak, errors, cpu = run(which)
            samples[0].append(wall)
            samples[1].append(cpu)
            samples[2][0] = max(samples[2][0], peak)
            if which is command:
                counts = summary_counts(errors)
    files = png_files(output)
    ours_mb = megabytes(files)
    row = base_row(commit, name, level, runs, load)
    if jobs:
        row["jobs"] = jobs
    row.update(timing_fields("", ours[0], ours[1], ours[2][0]))
    row.update({
        "frames": counts[0], "drawn": counts[1], "mb_written": "%.2f" % ours_mb,
        "ms_per_frame": "%.3f" % (1000 * statistics.median(ours[0]) / max(1, counts[0])),
    })
    if name not in ("long", "memory"):
        row["size_vs_cairo"] = "%.3f" % (ours_mb / cairo_size_of(files))
    if baseline_command:
        base_mb = megabytes(png_files(os.path.join(SCRATCH, "baseline", name)))
        row.update(timing_fields("baseline_", base[0], base[1], base[2][0]))
        ours_cpu = statistics.median([sum(c) for c in ours[1]])
        row.update({
            "baseline_mb": "%.2f" % base_mb, "speedup": "%.2f" % (statistics.median(base[0]) / statistics.median(ours[0])),
            "size_vs_baseline": "%.3f" % (ours_mb / base_mb),
            "cpu_ratio": "%.2f" % (statistics.median([sum(c) for c in base[1]]) / max(1e-9, ours_cpu)),
            "user_ratio": "%.2f" % (statistics.median([c[0] for c in base[1]]) / max(1e-9, statistics.median([c[0] for c in ours[1]]))),
        })
    print_row(row, previous.get((name, row["png_level"])))
    # Each case as soon as it is measured, so a failure later in the run keeps the figures so far.
    append_row(row)
    shutil.rmtree(output, ignore_errors=True)
    shutil.rmtree(os.path.join(SCRATCH, "baseline", name), ignore_errors=True)
    verdicts = []
    if name in SPEEDUP_TARGETS and row["speedup"]:
        target = SPEEDUP_TARGETS[name]
        verdicts.append((name, float(row["speedup"]) >= target, "%s× the baseline (target ≥ %g×), size %s× the baseline's" % (
            row["speedup"], target, row["size_vs_baseline"])))
        verdicts.append((name + " size", float(row["size_vs_baseline"]) <= 1.25, "%s× the baseline's bytes (limit 1.25×)" % row["size_vs_baseline"]))
    if name == "memory":
        verdicts.append(("memory, -j 16 on the largest picture", ours[2][0] < MEMORY_TARGET_MB,
                         "%.0f MB peak RSS (target < %.0f MB)" % (ours[2][0], MEMORY_TARGET_MB)))
    return verdicts


def main():
    if not os.access(TOOL, os.X_OK):
        sys.exit("bench: %s is missing; run `swift build -c release --product pickerreel` (make bench does)" % TOOL)
    ensure_python_cairo()
    reps = int(os.environ.get("BENCH_REPS", "3"))
    selected = os.environ.get("BENCH_CASES", ALL_CASES).split(",")
    level = os.environ.get("PNG_LEVEL")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no", "--", "."],
        cwd=ROOT, capture_output=True, text=True).stdout
    commit += "+" if dirty.strip() else ""
    commit = os.environ.get("BENCH_COMMIT", commit)  # for a PICKERREEL built from another commit
    previous = previous_rows()
    print("outputs under %s (%s); load average %.2f on %d cores" % (SCRATCH, OUTPUT_KIND, load_average(), os.cpu_count()))
    verdicts = []
    try:
        for name, specs in prepare_cases(selected):
            if name == "startup":
                measure_startup(commit, level, reps)
            elif name == "inprocess":
                verdicts += measure_inprocess(commit, level)
            else:
                verdicts += measure_case(name, specs, commit, level, reps, previous)
    finally:
        shutil.rmtree(SCRATCH, ignore_errors=True) if OUTPUT_KIND == "tmpfs" else None
    if verdicts:
        print("\ntargets (issue 14):")
        for what, met, text in verdicts:
            print("  %-40s %s: %s" % (what, "met   " if met else "MISSED", text))
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
