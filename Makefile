# PickerReel: `make demo` renders the seed demo into Output/, `make test` runs the tests.
# Both install the Debian packages they need first, when any are missing.

SWIFT ?= swift
CONFIG ?= debug
# Release builds of the tool link the Swift runtime and Foundation statically: start-up falls from about 10 ms to
# 6 ms, a fifth of a small render (docs/performance.md). The binary is larger (about 74 MB).
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib

.PHONY: all deps build demo test goldens lint format clean fuzz fuzz-build fuzz-spec sanitize bench

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

# Fuzzing with libFuzzer and AddressSanitizer (LeakSanitizer included); docs/reliability.md has the figures.
# - render-fuzzer (`make fuzz`): spec -> validation -> Pango layout -> timeline -> every format's bytes in memory
#   through Renderer.encoded (PNG and SVG of the first, middle and last frames, animated SVG, sheet, GIF), each
#   decoded again (RenderRoundTrip). One input stays fast because RenderBudget clamps the decoded spec (scale <= 1,
#   fps <= 30, every after/duration/tail <= 1 s, spring response <= 1 s, 16 changes, font <= 48 pt, spacing and
#   paddings <= 64 pt), then lowers fps and scale for a render over 400 frames or 250,000 px a frame; both live in
#   Tests/PickerPropertyTests/Checks/, where the corpus replay test runs the same code in `make test`.
# - spec-fuzzer (`make fuzz-spec`): the decoder, layout (fixed-width text) and timeline alone, without C
#   libraries, thousands of times as many inputs a second.
# The C libraries rule out plain swiftc over the sources, so `swift build` compiles the package's library targets
# with -sanitize=fuzzer,address in a scratch path of their own (.build/fuzz-spm; libraries only, so no main and no
# link), and swiftc links the fuzzer against their objects (the ones in each output-file-map, never stale ones),
# with the package's module maps and pkg-config's flags; -package-name is read from that build's manifest, so the
# fuzzer sees `package` API such as Renderer.encoded.
# FUZZ_SECONDS sets how long; findings (traps, sanitizer reports, leaks, timeouts over 10 s, memory over 2 GB)
# land in fuzz-artifacts/. fontconfig's process-long allocations are suppressed by library name
# (Fuzz/lsan-suppressions.txt). The corpus grows in .build/fuzz/*-corpus from Fixtures/specs,
# Fixtures/fuzz-corpus and Fixtures/bad-specs; Fuzz/spec.dict knows every key and keyword of a spec.
FUZZ_SECONDS ?= 60
FUZZ_SCRATCH = .build/fuzz-spm
FUZZ_OBJECTS = $$(for module in PickerKit PickerRender PickerGIF PickerCompare PickerReel; do \
	grep -o '"object": "[^"]*\.swift\.o"' $(FUZZ_SCRATCH)/release/$$module.build/output-file-map.json | cut -d'"' -f4; done)
FUZZ_C_FLAGS = $$(for map in Sources/CPicker*/module.modulemap; do printf -- '-Xcc -fmodule-map-file=%s ' $$map; done) \
	$$(for flag in $$(pkg-config --cflags cairo pangocairo); do printf -- '-Xcc %s ' $$flag; done)
FUZZ_LIBS = $$(pkg-config --libs cairo pangocairo libdeflate imagequant libgif)
RENDER_FUZZER = .build/fuzz/render-fuzzer
SPEC_FUZZER = .build/fuzz/spec-fuzzer
FUZZ_SEEDS = Fixtures/specs Fixtures/fuzz-corpus Fixtures/bad-specs
# The Swift runtime's own backtracer would print over AddressSanitizer's report of the same crash.
FUZZ_RUN = SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan-suppressions.txt:print_suppressions=0
FUZZ_FLAGS = -dict=Fuzz/spec.dict -max_len=8192 -timeout=10 -rss_limit_mb=2048 -max_total_time=$(FUZZ_SECONDS) \
	-print_final_stats=1 -artifact_prefix=fuzz-artifacts/

fuzz-build: deps
	@mkdir -p .build/fuzz
	@rm -f $(RENDER_FUZZER) $(SPEC_FUZZER)
	$(SWIFT) build -c release --scratch-path $(FUZZ_SCRATCH) --target PickerReel -Xswiftc -sanitize=fuzzer,address -Xswiftc -g
	swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
		-package-name $$(grep -o '"-package-name","[^"]*"' $(FUZZ_SCRATCH)/release.yaml | head -1 | cut -d'"' -f4) \
		-I $(FUZZ_SCRATCH)/release/Modules $(FUZZ_C_FLAGS) \
		Fuzz/RenderFuzzer.swift Tests/PickerPropertyTests/Checks/*.swift \
		$(FUZZ_OBJECTS) $(FUZZ_LIBS) -o $(RENDER_FUZZER) 2>&1 | grep -v 'Cannot export local symbol' || true
	@test -x $(RENDER_FUZZER)
	swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name spec_fuzzer \
		$$(find Sources/PickerKit -name '*.swift' | sort) Fuzz/SpecFuzzer.swift -o $(SPEC_FUZZER) 2>&1 | grep -v 'Cannot export local symbol' || true
	@test -x $(SPEC_FUZZER)

fuzz: fuzz-build
	@mkdir -p .build/fuzz/render-corpus fuzz-artifacts
	$(FUZZ_RUN) $(RENDER_FUZZER) $(FUZZ_FLAGS) .build/fuzz/render-corpus $(FUZZ_SEEDS)

fuzz-spec: fuzz-build
	@mkdir -p .build/fuzz/spec-corpus fuzz-artifacts
	$(FUZZ_RUN) $(SPEC_FUZZER) $(FUZZ_FLAGS) .build/fuzz/spec-corpus $(FUZZ_SEEDS)

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
bench: deps
	@./scripts/install-dependencies.sh --bench
	$(RELEASE_BUILD) --product pickerreel
	$(RELEASE_BUILD) --product gif-bench
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
	done
