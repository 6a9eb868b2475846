# PickerReel: `make demo` renders the seed demo into Output/, `make test` runs the tests.
# Both install the Debian packages they need first, when any are missing.

SWIFT ?= swift
CONFIG ?= debug

.PHONY: all deps build demo test lint format clean bench

all: build

deps:
	@./scripts/install-dependencies.sh

build: deps
	$(SWIFT) build -c $(CONFIG)

demo: deps
	$(SWIFT) build -c release --product pickerreel
	.build/release/pickerreel render
	.build/release/pickerreel render Fixtures/specs/numbers-vertical.json
	.build/release/pickerreel frame Fixtures/specs/seed-demo.json --time 0.78 -o docs/images/seed-demo-moving.png
	.build/release/pickerreel frame Fixtures/specs/seed-demo.json --time 0.78 -o docs/images/seed-demo-moving.svg

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

clean:
	rm -rf .build Output/*/

# Speed: the release build on the benchmark suite (seed demo, large spec, 100 generated specs, a 10x longer spec)
# against the naive python3-cairo baseline; prints a table and appends the figures to Benchmarks/results.csv.
# BENCH_REPS (default 3), BENCH_CASES (e.g. seed,large), PNG_LEVEL and BENCH_LABEL are passed through.
bench: deps
	$(SWIFT) build -c release --product pickerreel
	/usr/bin/python3 Benchmarks/bench.py
