#!/usr/bin/env python3
"""`make bench-snapshot`: how long an animated snapshot test takes in a user's debug `swift test` (issue 37's target:
under 2 s per test for 2 variants x 98 frames).

Builds Benchmarks/snapshot-bench (a package depending on this checkout by path) in debug, records its goldens once,
then runs its one test REPS times with PICKERREEL_RECORD=never and prints the time Swift Testing reports for the test
(wall) and the CPU of the whole `swift test` process (user + system, which includes starting the runner). The
machine's load average is printed beside, since other work on the cores stretches the wall time.
"""
import os
import re
import resource
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "Benchmarks", "snapshot-bench")
SCRATCH = os.path.join(ROOT, ".build", "snapshot-bench")
GOLDENS = os.path.join(SCRATCH, "goldens")
REPS = int(os.environ.get("BENCH_REPS", "5"))


def swift_test(record):
    env = dict(os.environ, PICKERREEL_RECORD=record, SNAPSHOT_BENCH_GOLDENS=GOLDENS,
               SNAPSHOT_BENCH_SPEC=os.path.join(ROOT, "Fixtures", "gallery", "segmented.json"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run(["swift", "test", "--skip-build", "--package-path", PACKAGE, "--scratch-path", SCRATCH],
                         env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    found = re.search(r"Test segmentedAnimation\(\) (passed|failed) after ([0-9.]+) seconds", run.stdout + run.stderr)
    return run, found, cpu


def main():
    build = subprocess.run(["swift", "build", "--build-tests", "--package-path", PACKAGE, "--scratch-path", SCRATCH])
    if build.returncode != 0:
        sys.exit("bench-snapshot: the debug build of Benchmarks/snapshot-bench failed")
    subprocess.run(["rm", "-rf", GOLDENS])
    swift_test("all")  # records the goldens (a recording run fails by design)
    walls, cpus = [], []
    for _ in range(REPS):
        run, found, cpu = swift_test("never")
        if not found or found.group(1) != "passed":
            sys.exit("bench-snapshot: the snapshot check did not pass:\n" + run.stdout[-2000:] + run.stderr[-2000:])
        walls.append(float(found.group(2)))
        cpus.append(cpu)
    load = os.getloadavg()[0]
    print(f"animated snapshot, segmented spec (2 variants x 98 frames), debug swift test, {REPS} runs, load {load:.1f}:")
    print(f"  the test: median {statistics.median(walls):.2f} s wall (min {min(walls):.2f} s); target under 2 s")
    print(f"  the whole swift test process: median {statistics.median(cpus):.2f} s CPU (user + system)")


if __name__ == "__main__":
    main()
