# PickerReel: `make demo` renders the seed demo into Output/, `make test` runs the tests.
# Both install the Debian packages they need first, when any are missing.

SWIFT ?= swift
CONFIG ?= debug
PREFIX ?= /usr/local
# Copies of glib's and harfbuzz's .pc files without -pthread, first on the search path, so SwiftPM prints no
# "prohibited flag(s)" warning (scripts/pkgconfig-without-pthread.sh says why).
export PKG_CONFIG_PATH := $(CURDIR)/.build/pkgconfig$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
# Release builds of the tool link the Swift runtime, FoundationEssentials and the C++ runtime (libstdc++, which
# the Swift runtime uses) statically: `--version` falls from about 10 ms to 5 ms, a quarter of a small render
# (docs/performance.md). The binary is about 29 MB. The C++ runtime comes from a folder holding only its static
# archive, searched first, so the linker cannot pick the shared one; without the archive the build links it shared.
# The static build has a folder of its own (.build/static, the tool at .build/static/release/pickerreel): builds in
# one folder wait for each other, so `make test`'s tests can run the GitHub Action's build step while `swift test`
# holds .build, and a plain `swift build -c release` does not rebuild everything with other flags.
# It builds products, never every target: PickerSnapshot imports Testing, which the static stdlib lacks.
STATIC_CXX := $(shell clang -print-file-name=libstdc++.a 2>/dev/null)
STATIC_CXX_DIR := $(CURDIR)/.build/static-libstdc++
RELEASE_DIR := .build/static/release
# Linked with the toolchain's lld: gold printed glibc's "the use of `mktemp' is dangerous" for FoundationEssentials'
# static Data+Writing.o on every release link (`make demo`); lld links the same tool, byte-identical renders.
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib --scratch-path .build/static -Xswiftc -use-ld=lld \
	$(if $(filter /%,$(STATIC_CXX)),-Xswiftc -L -Xswiftc $(STATIC_CXX_DIR))

.PHONY: all deps build demo test test-steps goldens lint format clean fuzz fuzz-build fuzz-spec fuzz-graphics fuzz-manifest fuzz-manifest-build fuzz-build-journal fuzz-journal fuzz-records-build fuzz-report fuzz-shard-record fuzz-environment-record sanitize bench bench-scale bench-snapshot install docs bazel-test dist dist-test image

all: build

deps:
	@./scripts/install-dependencies.sh
	@./scripts/pkgconfig-without-pthread.sh .build/pkgconfig
	@$(if $(filter /%,$(STATIC_CXX)),mkdir -p $(STATIC_CXX_DIR) && ln -sf $(STATIC_CXX) $(STATIC_CXX_DIR)/libstdc++.a)

# `make build CONFIG=release` is the GitHub Action's build step: the tool, statically linked, in $(RELEASE_DIR).
build: deps
	$(if $(filter release,$(CONFIG)),$(RELEASE_BUILD) --product pickerreel,$(SWIFT) build -c $(CONFIG))

demo: deps
	$(RELEASE_BUILD) --product pickerreel
	$(RELEASE_DIR)/pickerreel render --format png,gif,apng,webp,mp4,webm,svg-animated,sheet,lottie
	$(RELEASE_DIR)/pickerreel render Fixtures/specs/numbers-vertical.json --format png,gif,svg-animated,sheet
	@mkdir -p docs/images
	cp Output/seed-demo/seed-demo.gif Output/seed-demo/seed-demo.webp Output/seed-demo/seed-demo.mp4 \
		Output/seed-demo/seed-demo.svg Output/seed-demo/seed-demo-sheet.png Output/seed-demo/seed-demo.lottie.json docs/images/
	cp Output/seed-demo/seed-demo.png docs/images/seed-demo-animated.png
	cp Output/numbers-vertical/numbers-vertical.gif Output/numbers-vertical/numbers-vertical.svg docs/images/
	@# The README's first picture: its period.json, rendered as the README's command renders it.
	$(RELEASE_DIR)/pickerreel render Examples/period.json --format gif,png -q
	cp Output/period/period.gif docs/images/
	$(RELEASE_DIR)/pickerreel frame Fixtures/specs/seed-demo.json --time 0.78 -o docs/images/seed-demo-moving.png
	$(RELEASE_DIR)/pickerreel frame Fixtures/specs/numbers-vertical.json --time 1.5 -o docs/images/numbers-vertical-spring.png
	@# The gallery: the segmented preset light and dark, icons with a touch, right to left in Arabic, emoji, accessibility5.
	$(RELEASE_DIR)/pickerreel frame Fixtures/gallery/segmented.json --time 0.62 -o docs/images/gallery-segmented.png
	$(RELEASE_DIR)/pickerreel frame Fixtures/gallery/segmented.json --time 1.5 --variant dark -o docs/images/gallery-segmented-dark.png
	$(RELEASE_DIR)/pickerreel frame Fixtures/gallery/appearance.json --time 0.6 -o docs/images/gallery-icons-touch.png
	$(RELEASE_DIR)/pickerreel frame Fixtures/gallery/arabic.json --time 0.7 -o docs/images/gallery-arabic-rtl.png
	$(RELEASE_DIR)/pickerreel frame Fixtures/gallery/emoji.json --time 0.3 -o docs/images/gallery-emoji.png
	$(RELEASE_DIR)/pickerreel frame Fixtures/gallery/accessibility.json --time 2 -o docs/images/gallery-accessibility5.png
	$(RELEASE_DIR)/pickerreel render Fixtures/gallery/segmented.json Fixtures/gallery/appearance.json --format gif,svg-animated -q
	cp Output/segmented/segmented.gif Output/segmented/segmented.svg Output/appearance/appearance.gif docs/images/
	@# docs/tokens.md: a spec that extends a theme of DTCG tokens, in its light and dark (dark token set) variants.
	$(RELEASE_DIR)/pickerreel frame Examples/tokens/period.json --time 1 -o docs/images/tokens-light.png
	$(RELEASE_DIR)/pickerreel frame Examples/tokens/period.json --time 1 --variant dark -o docs/images/tokens-dark.png
	@# docs/tokens.md: a spec that takes its tokens from a DTCG resolver document, three of its four variants.
	for variant in default globex dark-globex; do \
		$(RELEASE_DIR)/pickerreel frame Examples/tokens/brands.json --time 1 --variant $$variant -o docs/images/tokens-resolver-$$variant.png; \
	done
	@# docs/accessibility.md: each example at its worst moment, as `pickerreel audit` reports it.
	$(RELEASE_DIR)/pickerreel frame Fixtures/specs/seed-demo.json --index 0 -o docs/images/audit-seed-demo.png
	$(RELEASE_DIR)/pickerreel frame Examples/accessibility/selected-white.json --index 40 -o docs/images/audit-selected-white.png
	$(RELEASE_DIR)/pickerreel frame Examples/accessibility/gray-highlight.json --index 0 -o docs/images/audit-gray-highlight.png

# The release binary into $(PREFIX)/bin (default /usr/local/bin); it links the Swift runtime statically, so it
# needs only the C libraries at run time.
install: deps
	$(RELEASE_BUILD) --product pickerreel
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(RELEASE_DIR)/pickerreel $(DESTDIR)$(PREFIX)/bin/pickerreel

# The release (docs/install.md): the static tool as a Debian package declaring the packages it needs at run time, and
# as an archive (the tool, its licence, that list), in $(DIST) (scripts/make-dist.sh).
DIST ?= .build/dist
dist: deps
	@./scripts/install-dependencies.sh --dist
	$(RELEASE_BUILD) --product pickerreel
	./scripts/make-dist.sh $(RELEASE_DIR)/pickerreel $(DIST)

# The .deb on a clean Debian 12 (a debootstrap root made once in .build/debian-root): installed with apt in a chroot,
# where the seed demo renders byte-identical to this machine's render and compare and compare --update work
# (scripts/dist-check.sh). Needs root; `make test` runs it.
dist-test: dist
	./scripts/dist-check.sh test $$(ls $(DIST)/pickerreel_*.deb) $(RELEASE_DIR)/pickerreel

# The OCI image a Mac user runs (docs/install.md): that root with the package installed, packed by umoci into
# $(DIST)/pickerreel-image.tar, then unpacked again and checked in a chroot as dist-test checks the root.
image: dist
	./scripts/dist-check.sh image $$(ls $(DIST)/pickerreel_*.deb) $(RELEASE_DIR)/pickerreel $(DIST)/pickerreel-image.tar

# The CLI tests run the release tool that `make install` installs (PICKERREEL_TOOL=/path/to/pickerreel runs them
# against another build); `swift test` by hand runs the debug one. The wall time is printed when a run fails too.
PICKERREEL_TOOL ?= $(CURDIR)/$(RELEASE_DIR)/pickerreel

test: deps
	@mkdir -p .build && date +%s >.build/test-started
	@$(MAKE) --no-print-directory test-steps || { echo "make test: FAILED after $$(( $$(date +%s) - $$(cat .build/test-started) )) s of wall time"; exit 1; }
	@echo "make test: passed in $$(( $$(date +%s) - $$(cat .build/test-started) )) s of wall time"

test-steps:
	@./scripts/install-dependencies.sh --test
	@# The release tool, as `make build CONFIG=release` (the Action's build step) builds it from a fresh clone; the
	@# Action's tests run that step again, which then has nothing to do.
	$(MAKE) build CONFIG=release
	@# The tests are built optimised (-enable-testing keeps @testable imports): their pixel loops ran 17 times
	@# slower in a debug build (LabelsDrawnAsMeasured and DefaultThreshold: 139 s of CPU against 8 s), far more
	@# than the longer build costs.
	$(SWIFT) build -c release --build-tests -Xswiftc -enable-testing
	PICKERREEL_TOOL=$(PICKERREEL_TOOL) $(SWIFT) test -c release --skip-build
	@# The release .deb on a clean Debian 12 root (made once, then kept in .build/debian-root); `make image` adds the
	@# OCI image and its own check, left out here for time (packing the root takes minutes).
	$(MAKE) --no-print-directory dist-test
	@# The library from another package, as a user's package would use it (Examples/PeriodPicker).
	rm -rf .build/example
	$(SWIFT) run --package-path Examples/PeriodPicker period-picker $(CURDIR)/.build/example/period
	test -f .build/example/period/period.gif && test -f .build/example/period/frame-0000.png && test -f .build/example/period.json
	@# The README's first Swift program, as pasted (DocumentationTests keeps it equal to Examples/…/readme/main.swift).
	mkdir -p .build/example/readme && cd .build/example/readme && $(SWIFT) run --package-path $(CURDIR)/Examples/PeriodPicker readme
	test -f .build/example/readme/Output/period/period.gif
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Examples

# The Bazel rules (bazel/pickerreel.bzl) on the example workspace bazel/example, offline, with Debian's Bazel 4 and
# the release tool: builds with a fresh --disk_cache, runs the golden tests (and one that must fail), cleans, builds
# again and checks from Bazel's execution log that every render came from the cache; then a real remote cache
# (Debian's nginx, WebDAV PUT, on 127.0.0.1, stopped on exit) shared by machines of one render environment and not
# by one whose fonts differ (scripts/bazel-test.sh; docs/ci.md#bazel, docs/scale.md). Not part of `make test`.
bazel-test: deps
	@./scripts/install-dependencies.sh --bazel
	$(RELEASE_BUILD) --product pickerreel
	./scripts/bazel-test.sh

# The Swift API's reference pages with the toolchain's DocC, into .build/docs/site (scripts/make-docs.sh says how to
# serve them).
docs: deps
	$(SWIFT) build --target PickerSnapshot --target PickerReel
	./scripts/make-docs.sh

# Re-record the project's golden images in Fixtures/golden/ after an intended change; look at them before committing.
goldens: deps
	PICKERREEL_RECORD=1 $(SWIFT) test --filter GoldenImageTests || true
	@echo "Recorded. Look at Fixtures/golden/*.png, then run 'make test'."

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Examples

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Examples

clean:
	@# Bazel leaves its output folders read-only (make bazel-test's, in .build/bazel).
	@if [ -d .build/bazel ]; then chmod -R u+w .build/bazel; fi
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
# - graphics-fuzzer (`make fuzz-graphics`): an icon's or image's bytes (SVG, PNG) through validate and render
#   (Fuzz/GraphicsFuzzer.swift says how), from Fixtures/graphics-corpus, with Fuzz/graphics.dict.
# - manifest-fuzzer (`make fuzz-manifest`, built by `make fuzz-manifest-build` from the PickerRender objects alone):
#   RenderManifest.decode, the parser of a pickerreel-manifest.json a pull request can commit, over raw bytes, with
#   every manifest it accepts encoded and decoded again; from Fixtures/manifest-corpus, with Fuzz/manifest.dict.
# - journal-fuzzer (`make fuzz-journal`): the switch journal a pull request could commit inside its goldens
#   (SwitchJournal.parse, pure, in PickerKit), from Fixtures/journal-corpus, with Fuzz/journal.dict; built from the
#   PickerKit sources alone, as the spec fuzzer is, so it needs no sanitized build of the rest.
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
FUZZ_PACKAGES = cairo pangocairo libdeflate imagequant libgif librsvg-2.0 zlib libwebpmux libavformat libavcodec libavutil
FUZZ_OBJECTS = $$(for module in PickerKit PickerSystem PickerRender PickerGIF PickerWebP PickerVideo PickerCompare PickerReel; do \
	grep -o '"object": "[^"]*\.swift\.o"' $(FUZZ_SCRATCH)/release/$$module.build/output-file-map.json | cut -d'"' -f4; done)
FUZZ_C_FLAGS = $$(for map in Sources/CPicker*/module.modulemap; do printf -- '-Xcc -fmodule-map-file=%s ' $$map; done) \
	$$(for flag in $$(pkg-config --cflags $(FUZZ_PACKAGES)); do printf -- '-Xcc %s ' $$flag; done)
FUZZ_LIBS = $$(pkg-config --libs $(FUZZ_PACKAGES))
RENDER_FUZZER = .build/fuzz/render-fuzzer
SPEC_FUZZER = .build/fuzz/spec-fuzzer
GRAPHICS_FUZZER = .build/fuzz/graphics-fuzzer
MANIFEST_FUZZER = .build/fuzz/manifest-fuzzer
MANIFEST_OBJECTS = $$(for module in PickerKit PickerSystem PickerRender; do \
	grep -o '"object": "[^"]*\.swift\.o"' $(FUZZ_SCRATCH)/release/$$module.build/output-file-map.json | cut -d'"' -f4; done)
JOURNAL_FUZZER = .build/fuzz/journal-fuzzer
# The tool's records found in trees, each a pure parser over bytes: a compare report as merge-reports reads it, a
# shard record, a snapshot's environment record (Fuzz/ReportFuzzer.swift, ShardRecordFuzzer.swift,
# EnvironmentRecordFuzzer.swift); seeds in Fixtures/<name>-corpus, inputs up to 64 KB.
RECORD_FUZZERS = report shard-record environment-record
FUZZ_SEEDS = Fixtures/specs Fixtures/fuzz-corpus Fixtures/bad-specs
# The Swift runtime's own backtracer would print over AddressSanitizer's report of the same crash.
FUZZ_RUN = SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=fast_unwind_on_malloc=0 LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan-suppressions.txt:print_suppressions=0
FUZZ_FLAGS = -dict=Fuzz/spec.dict -max_len=8192 -timeout=60 -rss_limit_mb=3072 -max_total_time=$(FUZZ_SECONDS) \
	-print_final_stats=1 -artifact_prefix=fuzz-artifacts/

fuzz-build: deps fuzz-build-journal
	@mkdir -p .build/fuzz
	@rm -f $(RENDER_FUZZER) $(SPEC_FUZZER) $(GRAPHICS_FUZZER)
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
	swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
		-package-name $$(grep -o '"-package-name","[^"]*"' $(FUZZ_SCRATCH)/release.yaml | head -1 | cut -d'"' -f4) \
		-I $(FUZZ_SCRATCH)/release/Modules $(FUZZ_C_FLAGS) \
		Fuzz/GraphicsFuzzer.swift $(FUZZ_OBJECTS) $(FUZZ_LIBS) -o $(GRAPHICS_FUZZER) 2>&1 | grep -v 'Cannot export local symbol' || true
	@test -x $(GRAPHICS_FUZZER)
	@$(MAKE) --no-print-directory fuzz-records-build

# The record fuzzers alone, against the libraries fuzz-build compiles (built again here when missing or stale).
fuzz-records-build: deps
	@mkdir -p .build/fuzz
	$(SWIFT) build -c release --scratch-path $(FUZZ_SCRATCH) --target PickerReel -Xswiftc -sanitize=fuzzer,address -Xswiftc -g
	@for name in $(RECORD_FUZZERS); do \
		source=$$(echo $$name | sed -e 's/-r/R/' -e 's/^./\U&/'); \
		echo "swiftc ... Fuzz/$${source}Fuzzer.swift -o .build/fuzz/$$name-fuzzer"; rm -f .build/fuzz/$$name-fuzzer; \
		swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
			-package-name $$(grep -o '"-package-name","[^"]*"' $(FUZZ_SCRATCH)/release.yaml | head -1 | cut -d'"' -f4) \
			-I $(FUZZ_SCRATCH)/release/Modules $(FUZZ_C_FLAGS) \
			Fuzz/$${source}Fuzzer.swift $(FUZZ_OBJECTS) $(FUZZ_LIBS) -o .build/fuzz/$$name-fuzzer 2>&1 | grep -v 'Cannot export local symbol'; \
		test -x .build/fuzz/$$name-fuzzer || exit 1; \
	done

fuzz-build-journal:
	@mkdir -p .build/fuzz
	@rm -f $(JOURNAL_FUZZER)
	swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name journal_fuzzer \
		$$(find Sources/PickerKit -name '*.swift' | sort) Fuzz/JournalFuzzer.swift -o $(JOURNAL_FUZZER) 2>&1 | grep -v 'Cannot export local symbol' || true
	@test -x $(JOURNAL_FUZZER)

fuzz: fuzz-build
	@mkdir -p .build/fuzz/render-corpus fuzz-artifacts
	$(FUZZ_RUN) $(RENDER_FUZZER) $(FUZZ_FLAGS) .build/fuzz/render-corpus $(FUZZ_SEEDS)

fuzz-spec: fuzz-build
	@mkdir -p .build/fuzz/spec-corpus fuzz-artifacts
	$(FUZZ_RUN) $(SPEC_FUZZER) $(FUZZ_FLAGS) .build/fuzz/spec-corpus $(FUZZ_SEEDS)

# Inputs up to 64 KB (an SVG of many nested elements, a PNG with a few rows); -rss_limit_mb as for `make fuzz`.
# `make fuzz-report`, `make fuzz-shard-record`, `make fuzz-environment-record`: one record fuzzer, from its seeds.
$(addprefix fuzz-,$(RECORD_FUZZERS)): fuzz-%: fuzz-records-build
	@mkdir -p .build/fuzz/$*-corpus fuzz-artifacts
	$(FUZZ_RUN) .build/fuzz/$*-fuzzer -dict=Fuzz/records.dict -max_len=65536 -timeout=60 -rss_limit_mb=3072 \
		-max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -artifact_prefix=fuzz-artifacts/ .build/fuzz/$*-corpus Fixtures/$*-corpus

fuzz-graphics: fuzz-build
	@mkdir -p .build/fuzz/graphics-corpus fuzz-artifacts
	$(FUZZ_RUN) $(GRAPHICS_FUZZER) $(subst spec.dict,graphics.dict,$(subst 8192,65536,$(FUZZ_FLAGS))) \
		.build/fuzz/graphics-corpus Fixtures/graphics-corpus

# Only PickerRender and what it needs are built (the manifest is its type); inputs up to 64 KB.
fuzz-manifest-build: deps
	@mkdir -p .build/fuzz
	@rm -f $(MANIFEST_FUZZER)
	$(SWIFT) build -c release --scratch-path $(FUZZ_SCRATCH) --target PickerRender -Xswiftc -sanitize=fuzzer,address -Xswiftc -g
	swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
		-package-name $$(grep -o '"-package-name","[^"]*"' $(FUZZ_SCRATCH)/release.yaml | head -1 | cut -d'"' -f4) \
		-I $(FUZZ_SCRATCH)/release/Modules $(FUZZ_C_FLAGS) \
		Fuzz/ManifestFuzzer.swift $(MANIFEST_OBJECTS) $(FUZZ_LIBS) -o $(MANIFEST_FUZZER) 2>&1 | grep -v 'Cannot export local symbol' || true
	@test -x $(MANIFEST_FUZZER)

fuzz-manifest: fuzz-manifest-build
	@mkdir -p .build/fuzz/manifest-corpus fuzz-artifacts
	$(FUZZ_RUN) $(MANIFEST_FUZZER) $(subst spec.dict,manifest.dict,$(subst 8192,65536,$(FUZZ_FLAGS))) \
		.build/fuzz/manifest-corpus Fixtures/manifest-corpus
fuzz-journal: fuzz-build-journal
	@mkdir -p .build/fuzz/journal-corpus fuzz-artifacts
	$(FUZZ_RUN) $(JOURNAL_FUZZER) $(subst spec.dict,journal.dict,$(FUZZ_FLAGS)) .build/fuzz/journal-corpus Fixtures/journal-corpus

# The whole test suite under ThreadSanitizer, then AddressSanitizer (with LeakSanitizer; fontconfig's and the
# test runner's process-long allocations are suppressed in Tests/lsan-suppressions.txt), each in its own build folder.
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	PICKERREEL_TEST_TIME_SCALE=4 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=fast_unwind_on_malloc=0 LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt:print_suppressions=0 \
		PICKERREEL_TEST_TIME_SCALE=4 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan

# Speed: the release build on the benchmark suite (seed demo, large spec, 100 generated specs, a 10x longer spec)
# against the naive python3-cairo baseline; prints a table and appends the figures to Output/bench/results.csv
# (untracked, so benchmarking never dirties the tree; Benchmarks/recorded-runs.csv keeps the runs quoted in the docs).
# Then GIF, MP4, WebM, APNG and animated WebP against ffmpeg on the same PNG frames (Benchmarks/gif_vs_ffmpeg.py,
# video_vs_ffmpeg.py, formats_vs_ffmpeg.py).
# BENCH_REPS (default 3), BENCH_CASES (e.g. seed,large), PNG_LEVEL and BENCH_LABEL are passed through.
bench: deps
	@./scripts/install-dependencies.sh --bench
	$(RELEASE_BUILD) --product pickerreel
	$(RELEASE_BUILD) --product encode-bench
	$(RELEASE_BUILD) --product video-bench
	# In-process calls link the snapshot library, which needs Swift Testing: built apart, with the shared runtime.
	$(SWIFT) build -c release --product inprocess-bench --scratch-path .build/inprocess
	PICKERREEL=$(RELEASE_DIR)/pickerreel INPROCESS_BENCH=.build/inprocess/release/inprocess-bench /usr/bin/python3 Benchmarks/bench.py
	@for spec in Fixtures/specs/seed-demo.json Fixtures/specs/numbers-vertical.json Fixtures/bench/large.json; do \
		name=$$(basename $$spec .json); \
		fps=$$(python3 -c "import json;print(json.load(open('$$spec')).get('output', {}).get('fps', 30))"); \
		rm -rf Output/bench-gif/$$name && $(RELEASE_DIR)/pickerreel render $$spec -o Output/bench-gif/$$name --quiet; \
		echo "GIF, $$name: PickerReel (encode-bench) against ffmpeg palettegen + paletteuse on the same PNG frames"; \
		python3 Benchmarks/gif_vs_ffmpeg.py Output/bench-gif/$$name $$fps --encode-bench $(RELEASE_DIR)/encode-bench \
			--work Output/bench-gif/$$name-gifs --repeat 3 || exit 1; \
		/usr/bin/time -f "pickerreel render --format gif, whole process: %e s wall, %U s user, %M KB peak" \
			$(RELEASE_DIR)/pickerreel render $$spec -o Output/bench-gif/$$name-render --format gif --quiet; \
		echo "MP4 and WebM, $$name: PickerReel (video-bench) against ffmpeg's libx264 and libvpx-vp9 on the same PNG frames"; \
		python3 Benchmarks/video_vs_ffmpeg.py Output/bench-gif/$$name $$fps --video-bench $(RELEASE_DIR)/video-bench \
			--work Output/bench-video/$$name --repeat 3 --json Output/bench-video/$$name.json \
			|| echo "(a video target was missed for $$name: see the MISSED line above)"; \
		for format in mp4 webm; do \
			/usr/bin/time -f "pickerreel render --format $$format, whole process: %e s wall, %U s user, %M KB peak" \
				$(RELEASE_DIR)/pickerreel render $$spec -o Output/bench-video/$$name-render --format $$format --quiet; \
		done; \
	done
	@echo "APNG and WebP: PickerReel (encode-bench) against ffmpeg -f apng and libwebp_anim -lossless 1 on the same PNG frames"
	python3 Benchmarks/formats_vs_ffmpeg.py Fixtures/specs/seed-demo.json Fixtures/specs/numbers-vertical.json \
		Fixtures/bench/large.json --repeat 3 --work Output/bench-formats --pickerreel $(RELEASE_DIR)/pickerreel \
		--encode-bench $(RELEASE_DIR)/encode-bench --json Output/bench-formats/results.json
	@echo "Keyframing: $(KEYFRAME_SPEC) (64 variants, 1,000 overshooting Beziers), CPU (user + system) per run; target: all formats under 60 s"
	@for formats in svg-animated png,svg,svg-animated,sheet,gif,apng,webp,mp4,webm; do \
		rm -rf Output/bench-keyframes; \
		/usr/bin/time -f "pickerreel render --format $$formats: %U s user + %S s system CPU, %e s wall, %M KB peak" \
			$(RELEASE_DIR)/pickerreel render $(KEYFRAME_SPEC) -o Output/bench-keyframes --format $$formats --quiet || exit 1; \
	done
	@echo "Goldens at scale: an up-to-date render against a full one; compare against blazediff on the same trees"
	PICKERREEL=$(RELEASE_DIR)/pickerreel python3 Benchmarks/compare_vs_blazediff.py 60
	$(SCALE_BENCH)

# A user's animated snapshot test in debug `swift test` (Benchmarks/snapshot-bench, built by path against this
# checkout): the time Swift Testing reports for the test, against issue 37's target of 2 s.
bench-snapshot: deps
	python3 Benchmarks/snapshot_debug_bench.py

# The animated SVG's keyframing at its worst: every variant keyframes 1,000 overlapping overshooting curves.
KEYFRAME_SPEC = Fixtures/bench/many-variants-beziers.json

# The golden loop at 10,000 frames (Benchmarks/scale_bench.py: full render, one spec changed, nothing changed, each
# compared with the goldens and against blazediff), also runnable alone.
SCALE_BENCH = PICKERREEL=$(RELEASE_DIR)/pickerreel python3 Benchmarks/scale_bench.py
bench-scale: deps
	@./scripts/install-dependencies.sh --bench
	$(RELEASE_BUILD) --product pickerreel
	$(SCALE_BENCH)
