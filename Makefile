# PickerReel: `make demo` renders the seed demo into Output/, `make test` runs the tests.
# Both install the Debian packages they need first, when any are missing.

SWIFT ?= swift
CONFIG ?= debug
# Release builds of the tool link the Swift runtime and Foundation statically: start-up falls from about 10 ms to
# 6 ms, a fifth of a small render (docs/performance.md). The binary is larger (about 74 MB).
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib

.PHONY: all deps build demo test goldens lint format clean fuzz fuzz-build sanitize bench

all: build

deps:
	@./scripts/install-dependencies.sh

build: deps
	$(if $(filter release,$(CONFIG)),$(RELEASE_BUILD),$(SWIFT) build -c $(CONFIG))

demo: deps
	$(RELEASE_BUILD) --product pickerreel
	.build/release/pickerreel render --format png,gif,svg-animated,sheet
	.build/release/pickerreel render Fixtures/specs/numbers-vertical.json --format png,gif,svg-animated,sheet
	@mkdir -p docs/images
	cp Output/seed-demo/seed-demo.gif Output/seed-demo/seed-demo.svg Output/seed-demo/seed-demo-sheet.png docs/images/
	cp Output/numbers-vertical/numbers-vertical.gif Output/numbers-vertical/numbers-vertical.svg docs/images/
	.build/release/pickerreel frame Fixtures/specs/seed-demo.json --time 0.78 -o docs/images/seed-demo-moving.png
	.build/release/pickerreel frame Fixtures/specs/numbers-vertical.json --time 1.5 -o docs/images/numbers-vertical-spring.png

test: deps
	@./scripts/install-dependencies.sh --test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

# Re-record the project's golden images in Fixtures/golden/ after an intended change; look at them before committing.
goldens: deps
	PICKERREEL_RECORD=1 $(SWIFT) test --filter GoldenImageTests || true
	@echo "Recorded. Look at Fixtures/golden/*.png, then run 'make test'."

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

clean:
	rm -rf .build Output/*/

# Fuzzing: libFuzzer over spec decoding, layout, and timeline (PickerKit has no C imports, so swiftc builds it
# directly with the fuzzer and AddressSanitizer). FUZZ_SECONDS sets how long; crashes land in fuzz-artifacts/.
FUZZ_SECONDS ?= 60
FUZZ_BINARY = .build/fuzz/spec-fuzzer

fuzz-build:
	@mkdir -p .build/fuzz
	swiftc -sanitize=fuzzer,address -parse-as-library -O -g $$(find Sources/PickerKit -name '*.swift' | sort) Fuzz/SpecFuzzer.swift -o $(FUZZ_BINARY) 2>&1 | grep -v 'Cannot export local symbol' || true
	@test -x $(FUZZ_BINARY)

fuzz: fuzz-build
	@mkdir -p .build/fuzz/corpus fuzz-artifacts
	$(FUZZ_BINARY) -dict=Fuzz/spec.dict -max_len=8192 -timeout=10 -rss_limit_mb=2048 -max_total_time=$(FUZZ_SECONDS) \
		-print_final_stats=1 -artifact_prefix=fuzz-artifacts/ .build/fuzz/corpus Fixtures/fuzz-corpus

# The whole test suite under ThreadSanitizer, then AddressSanitizer (with LeakSanitizer; fontconfig's and the
# test runner's process-long allocations are suppressed in Tests/lsan-suppressions.txt), each in its own build folder.
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt:print_suppressions=0 \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan

# Speed: the release build on the benchmark suite (seed demo, large spec, 100 generated specs, a 10x longer spec)
# against the naive python3-cairo baseline; prints a table and appends the figures to Benchmarks/results.csv.
# BENCH_REPS (default 3), BENCH_CASES (e.g. seed,large), PNG_LEVEL and BENCH_LABEL are passed through.
# Then, on the seed demo, numbers-vertical and the large spec, the GIF and the MP4/WebM encoders against ffmpeg on
# the same PNG frames (Benchmarks/gif_vs_ffmpeg.py, Benchmarks/video_vs_ffmpeg.py).
bench: deps
	@./scripts/install-dependencies.sh --bench
	$(RELEASE_BUILD) --product pickerreel
	$(RELEASE_BUILD) --product gif-bench
	$(RELEASE_BUILD) --product video-bench
	/usr/bin/python3 Benchmarks/bench.py
	@for spec in Fixtures/specs/seed-demo.json Fixtures/specs/numbers-vertical.json Fixtures/bench/large.json; do \
		name=$$(basename $$spec .json); \
		fps=$$(python3 -c "import json;print(json.load(open('$$spec')).get('output', {}).get('fps', 30))"); \
		rm -rf Output/bench-gif/$$name && .build/release/pickerreel render $$spec -o Output/bench-gif/$$name --quiet; \
		echo "GIF, $$name: PickerReel (gif-bench) against ffmpeg palettegen + paletteuse on the same PNG frames"; \
		python3 Benchmarks/gif_vs_ffmpeg.py Output/bench-gif/$$name $$fps --gif-bench .build/release/gif-bench \
			--work Output/bench-gif/$$name-gifs --repeat 3 || exit 1; \
		/usr/bin/time -f "pickerreel render --format gif, whole process: %e s wall, %U s user, %M KB peak" \
			.build/release/pickerreel render $$spec -o Output/bench-gif/$$name-render --format gif --quiet; \
		echo "MP4 and WebM, $$name: PickerReel (video-bench) against ffmpeg's libx264 and libvpx-vp9 on the same PNG frames"; \
		python3 Benchmarks/video_vs_ffmpeg.py Output/bench-gif/$$name $$fps --video-bench .build/release/video-bench \
			--work Output/bench-video/$$name --repeat 3 --json Output/bench-video/$$name.json \
			|| echo "(a video target was missed for $$name: see the MISSED line above)"; \
		for format in mp4 webm; do \
			/usr/bin/time -f "video-bench --spec, $$format, frames rendered in memory, whole process: %e s wall, %U s user, %M KB peak" \
				.build/release/video-bench --spec $$spec Output/bench-video/$$name-spec.$$format; \
		done; \
	done
