# The two set-up commands of the README:
#   make demo   builds the suite and runs it on the bundled example
#   make test   runs the whole test suite
# Both install what they need first (Debian packages, and for tests the peer tools).
SWIFT ?= swift
DEMO_OUT ?= $(or $(TMPDIR),/tmp)/captions-demo

.PHONY: demo test deps test-deps build bench clean fuzz fuzz-smoke test-sanitize test-unit test-examples docs

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

# Release binaries link the Swift runtime statically: 3.5 MB less memory and ~1.5 ms less
# start-up for every command (measured with `captions formats`).
RELEASE = -c release --static-swift-stdlib

build: deps
	$(SWIFT) build $(RELEASE) --product captions
	$(SWIFT) build $(RELEASE) --product captions-media

demo: build
	@scripts/demo.sh "$$($(SWIFT) build $(RELEASE) --show-bin-path)/captions" "$(DEMO_OUT)"

# CI (.ci/run) runs `make test`: the whole suite, then the DocC catalog built with warnings as
# errors (docs), then the Examples package built and run (test-examples), then each fuzz target
# briefly on its corpus (fuzz-smoke), then the suites that touch C under AddressSanitizer and
# UBSan (test-sanitize).
test: test-unit docs test-examples fuzz-smoke test-sanitize

# The tests' caches (fontconfig's scans of the test font folders, clang's modules) go to a
# folder of the build, not to the user's home, which may not be writable (CI): fontconfig says
# "No writable cache directories" when it cannot keep a scan.
TEST_CACHE = XDG_CACHE_HOME=$(CURDIR)/.build/test-cache

# A module that imports another without declaring it fails the build (Package.swift's header).
test-unit: test-deps
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	$(TEST_CACHE) $(SWIFT) test --skip-build

# The library as an app takes it (Examples/README.md): a package of its own that depends on this
# one by path and uses only its products, built under .build/examples and each example run on
# inputs made in a temporary folder; every example checks its own output.
test-examples: test-deps
	SWIFT=$(SWIFT) scripts/run-examples.sh

# The DocC catalog (Sources/CaptionKit/CaptionKit.docc: a landing page and one article per task)
# built by swift-docc-plugin into .build/docs, a static site. A link to a symbol DocC cannot
# resolve fails it (--warnings-as-errors). ~10 s after test-unit's build (it reuses it).
DOCS_OUT ?= .build/docs
docs:
	$(SWIFT) package --allow-writing-to-directory $(DOCS_OUT) generate-documentation --target CaptionKit \
		--disable-indexing --output-path $(DOCS_OUT) --warnings-as-errors

# Fuzzing (Fuzz/README.md): every target for FUZZ_SECONDS, keeping new corpus inputs.
FUZZ_SECONDS ?= 60
fuzz: deps
	python3 Fuzz/run --seconds $(FUZZ_SECONDS)

# What CI runs: every target replays its corpus and seeds, then makes a fixed number of
# mutations from a fixed seed (Fuzz/run, SMOKE_MUTATIONS): the same inputs on any machine,
# so a failure in CI fails here with the same command. Nothing is kept.
fuzz-smoke: deps
	python3 Fuzz/run --smoke

# The suites that reach C (libxml2 through ITT; FreeType, HarfBuzz, FriBidi through Render;
# FFmpeg through Media; the dashboard's and the plane overlay's unsafe-pointer blending) built
# with AddressSanitizer, and UndefinedBehaviorSanitizer on the C
# code Swift compiles (the bridges' inline shims; Swift has no -sanitize=undefined on Linux and
# traps on overflow itself), and LeakSanitizer (scripts/lsan.supp lists the test frameworks'
# own objects, and says why fontconfig is not listed there). Swift's backtracer is off (it
# deadlocks against ASan's report). Its own scratch path, ignored by git.
SANITIZE_BUILD = .build-sanitize
SANITIZE_SUITES ?= XMLTests|ITTTests|RenderTests|MediaTests|PreviewCommandTests|DashboardTests|PlaneOverlayTests|LayerCompositorTests
# A peak-memory measurement means nothing under ASan (its quarantine keeps freed blocks, its
# shadow grows with every allocation): that test runs in test-unit only.
SANITIZE_SKIP = memoryGrowsWithTheSheetNotWithEveryPicture
test-sanitize: test-deps
	$(SWIFT) build --build-tests --build-path $(SANITIZE_BUILD) --sanitize address \
		-Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
	$(TEST_CACHE) SWIFT_BACKTRACE=enable=no \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0 \
		$(SWIFT) test --skip-build --build-path $(SANITIZE_BUILD) --filter '$(SANITIZE_SUITES)' \
		--skip '$(SANITIZE_SKIP)'

bench: build
	@scripts/install-deps.sh --bench
	python3 Benchmarks/run all

clean:
	rm -rf .build .build-fuzz .build-sanitize
