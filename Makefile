# palette-tui: `make run` sets up, builds and starts the app; `make test` runs every test.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
SWIFTC ?= swiftc
# Package.swift already makes every warning an error (`.treatAllWarnings(as: .error)`); the flag
# stays so that these builds and the team's `swift build -Xswiftc -warnings-as-errors` use the
# same compiler flags and share one build (a change of flags recompiles every module).
STRICT := -Xswiftc -warnings-as-errors
# Every Swift file of the repository, for `make lint` and `make format` (.swift-format holds the rules).
FORMAT_PATHS := Sources Tests bench Fuzz Package.swift
DEB_PACKAGES := libncurses-dev ncurses-term tmux zlib1g-dev libcurl4-openssl-dev
# Real consumers the export tests read every format back with (kitty's and foot's own config
# loaders, Neovim running the Lua colorscheme, Node requiring the Tailwind v3 config).
TEST_DEB_PACKAGES := kitty foot neovim nodejs
TEST_PYPI := pillow svgelements swatch pyyaml jsonschema tinycss2 libsass lesscpy
BENCH_PACKAGES := hyperfine gcc libc6-dev
.DEFAULT_GOAL := build

# $(call apt_install,TARGET,PACKAGES[,EXTRA]): the missing Debian PACKAGES, installed with apt-get
# when root, else the command to run is printed; EXTRA is shell that may add to $$missing.
define apt_install
	@missing=""; \
	for p in $(2); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	$(3) \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "make $(1): installing$$missing"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing >/dev/null || exit 1; \
	  else \
	    echo "make $(1): missing$$missing; run: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi
endef

.PHONY: deps test-deps build release run test check lint format install uninstall clean fuzz bench

## Installs what is missing: Debian packages with apt-get when root, else prints the command.
deps:
	$(call apt_install,deps,$(DEB_PACKAGES),command -v python3 >/dev/null 2>&1 || missing="$$missing python3";)

## Test tooling only: Google's strict v1beta request parser for the Gemini request check (PyPI),
## and the export readers (Debian packages and PyPI, see TEST_DEB_PACKAGES and TEST_PYPI).
test-deps:
	$(call apt_install,test-deps,$(TEST_DEB_PACKAGES))
	@python3 -c "import PIL, svgelements, swatch, yaml, jsonschema, tinycss2, sass, lesscpy" 2>/dev/null || { \
	  echo "make test-deps: installing the export readers (PyPI, for tests)"; \
	  python3 -m pip install -q $(TEST_PYPI) 2>/dev/null \
	  || python3 -m pip install -q --break-system-packages $(TEST_PYPI) \
	  || { echo "make test-deps: could not install $(TEST_PYPI)"; exit 1; }; }
	@python3 -c "import google.ai.generativelanguage_v1beta" 2>/dev/null || { \
	  echo "make test-deps: installing google-ai-generativelanguage (PyPI, for tests)"; \
	  python3 -m pip install -q google-ai-generativelanguage 2>/dev/null \
	  || python3 -m pip install -q --break-system-packages google-ai-generativelanguage \
	  || echo "make test-deps: could not install google-ai-generativelanguage; the strict request check will skip"; }

build:
	$(SWIFT) build

## The product only (palette-bench is built by `make bench`).
release:
	$(SWIFT) build -c release --product palette-tui

run: deps release
	.build/release/palette-tui

## Builds everything with warnings as errors, then runs every test (unit, loopback, tmux).
test: deps test-deps
	$(SWIFT) build --build-tests $(STRICT)
	SWIFT_BACKTRACE=interactive=no $(SWIFT) test --skip-build --disable-swift-testing $(STRICT)

## The gate, installing nothing: zero warnings (debug with tests and release, compiler warnings as
## errors, and any SwiftPM warning fails too), every target declaring exactly the modules it
## imports (tools/check_target_imports.py), then zero `swift format lint --strict` findings.
check:
	@mkdir -p .build; set -o pipefail; { $(SWIFT) build --build-tests $(STRICT) && $(SWIFT) build -c release $(STRICT); } 2>&1 \
	  | tee .build/check.log; ! grep -E '^(warning|.*: warning):' .build/check.log
	python3 tools/check_target_imports.py
	$(SWIFT) format lint --strict -r $(FORMAT_PATHS)

## Lint only: every finding of `swift format lint --strict` (rules in .swift-format).
lint:
	$(SWIFT) format lint --strict -r $(FORMAT_PATHS)

## Formats every Swift file in place with the rules in .swift-format.
format:
	$(SWIFT) format -i -r $(FORMAT_PATHS)

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/palette-tui $(DESTDIR)$(PREFIX)/bin/palette-tui

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/palette-tui

## Fuzzes PaletteParser with libFuzzer: FUZZ_RUNS inputs (at least a million), capped at FUZZ_TIME seconds.
FUZZ_RUNS ?= 1000000
FUZZ_TIME ?= 1800
fuzz:
	mkdir -p .build/fuzz Fuzz/corpus Fuzz/artifacts
	$(SWIFTC) -sanitize=fuzzer,address -parse-as-library -O -module-name PaletteFuzz \
	  $$(find Sources/PaletteCore -name '*.swift') Fuzz/ParserFuzzer.swift -use-ld=lld -o .build/fuzz/parser-fuzzer
	.build/fuzz/parser-fuzzer Fuzz/corpus Tests/PaletteCoreTests/Fixtures/model-output \
	  -dict=Fuzz/parser.dict -runs=$(FUZZ_RUNS) -max_total_time=$(FUZZ_TIME) -max_len=4096 \
	  -timeout=10 -rss_limit_mb=2048 -artifact_prefix=Fuzz/artifacts/ -print_final_stats=1

## Measures the performance budget against C and Swift floors; writes docs/benchmarks.md (not part of test).
bench: deps
	$(call apt_install,bench,$(BENCH_PACKAGES))
	$(SWIFT) build -c release --product palette-tui
	$(SWIFT) build -c release --product palette-bench
	mkdir -p .build/bench
	cc -O2 -o .build/bench/floor-c bench/floor.c -lncursesw
	$(SWIFTC) -O bench/floor.swift -o .build/bench/floor-swift
	python3 bench/bench.py

clean:
	rm -rf .build
