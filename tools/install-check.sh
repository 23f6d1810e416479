#!/usr/bin/env bash
# tools/install-check.sh: `make install` into a temporary DESTDIR, proven self-contained, then
# `make uninstall` back to an empty tree. Run by `make install-check` (part of `make test`),
# after `make docs` has built the static binary and the generated files.
#
#   1. install with DESTDIR and PREFIX=/usr/local, through the Makefile a user runs;
#   2. ldd: every library resolves, none from the toolchain (/opt or wherever swift lives),
#      and no run path;
#   3. the installed binary runs with no environment (env -i: no LD_LIBRARY_PATH, no PATH to
#      the toolchain) inside a mount namespace where the toolchain's directory is an empty
#      tmpfs, so it could not load a library from there even by an absolute path: --version
#      names the commit, generate prints a palette, a usage error exits 2;
#      a SIGSEGV while it runs is reported on standard error (the static runtime has no
#      backtracer);
#   4. the installed man pages render with man -l without warnings, and the installed bash
#      completion, found by bash-completion itself, completes a --format value;
#   5. uninstall, and nothing is left under DESTDIR.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "install-check: FAIL: $*" >&2; exit 1; }
say() { echo "install-check: $*"; }

toolchain=$(cd "$(dirname "$(command -v swift)")/../.." && pwd)   # /opt/swift for /opt/swift/usr/bin/swift
dest=$(mktemp -d /tmp/palette-install-check.XXXXXX)
scratch=$(mktemp -d /tmp/palette-install-scratch.XXXXXX)
trap 'rm -rf "$dest" "$scratch"' EXIT
prefix=/usr/local
bin=$dest$prefix/bin/palette-tui

say "make install DESTDIR=$dest PREFIX=$prefix"
make --no-print-directory -s install DESTDIR="$dest" PREFIX="$prefix" >"$scratch/install.log"
cat "$scratch/install.log"
[ -x "$bin" ] || fail "no $bin"

say "ldd $bin"
ldd "$bin" | tee "$scratch/ldd"
grep -q "not found" "$scratch/ldd" && fail "a library is missing"
grep -q "$toolchain" "$scratch/ldd" && fail "a library comes from the toolchain ($toolchain)"
# Every library is one of the system's: under /lib or /usr/lib (or the vdso / the loader).
awk '/=>/ { print $3 }' "$scratch/ldd" | while read -r lib; do
    case $lib in /lib/* | /usr/lib/*) ;; *) fail "library outside /lib and /usr/lib: $lib" ;; esac
done
say "$(wc -l <"$scratch/ldd") libraries, all Debian's; size $(stat -c %s "$bin") bytes"
# No run path: a library file of the same name beside the binary (or in a directory it names)
# must never be loaded before the system's.
if readelf -d "$bin" | grep -E "\((RPATH|RUNPATH)\)"; then fail "the binary has a run path"; fi

# The commit the build recorded (the same rule as the Makefile).
commit=""
if [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$PWD" ]; then
    commit=$(git rev-parse --short=12 HEAD)
    git diff --quiet HEAD -- || commit=$commit-dirty
fi
home=$scratch/home
mkdir -p "$home"
run_hidden() {
    # An empty tmpfs over the toolchain, in a private mount namespace: the binary cannot reach it.
    unshare --mount --propagation private -- sh -c '
        mount -t tmpfs -o ro,size=1m none "$1" || exit 90
        [ -z "$(ls -A "$1")" ] || exit 91
        shift
        exec env -i HOME="$HOME_DIR" LANG=C.UTF-8 PATH=/usr/bin:/bin "$@"
    ' sh "$toolchain" "$@"
}
export HOME_DIR=$home
if run_hidden true 2>/dev/null; then
    how="with $toolchain hidden under an empty tmpfs (unshare --mount)"
else
    # Without the privilege to make a mount namespace, the loader's own log proves what it opened.
    how="with env -i; the loader's log (LD_DEBUG=libs) shows no file from $toolchain"
    run_hidden() { env -i HOME="$HOME_DIR" LANG=C.UTF-8 PATH=/usr/bin:/bin LD_DEBUG=libs "$@" 2>"$scratch/ld.log"; }
fi
say "running the installed binary $how"

version=$(run_hidden "$bin" --version)
echo "  $ palette-tui --version"
echo "  $version"
case $version in "palette-tui "*) ;; *) fail "--version printed: $version" ;; esac
if [ -n "$commit" ]; then
    case $version in *"$commit"*) ;; *) fail "--version does not name the commit $commit" ;; esac
fi

palette=$(run_hidden "$bin" generate --no-history --format hex "calm forest morning")
echo "  $ palette-tui generate --no-history --format hex \"calm forest morning\""
echo "$palette" | sed 's/^/  /'
[ "$(echo "$palette" | grep -cE '^#[0-9A-F]{6}$')" = 3 ] || fail "generate did not print three colours"

set +e
run_hidden "$bin" generate --format yaml x >/dev/null 2>"$scratch/usage"
status=$?
set -e
[ "$status" = 2 ] || fail "a usage error exited $status, not 2"
if [ -f "$scratch/ld.log" ] && grep -q "$toolchain" "$scratch/ld.log"; then
    fail "the loader opened a file from the toolchain: $(grep "$toolchain" "$scratch/ld.log" | head -1)"
fi

# A crash of the installed (static) binary, whose runtime has no backtracer: the report still
# goes to standard error, and the process ends by the signal. It is sent once the handler is
# in place (SIGSEGV's bit in /proc/PID/status's SigCgt), while `parse` waits on a pipe.
say "a crash of the installed binary reports on standard error"
mkfifo "$scratch/stdin"
env -i HOME="$home" LANG=C.UTF-8 PATH=/usr/bin:/bin "$bin" parse <"$scratch/stdin" >/dev/null 2>"$scratch/crash" &
pid=$!
exec 3>"$scratch/stdin"
for _ in $(seq 200); do
    caught=$(awk '/^SigCgt:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$caught" ] && [ $((0x$caught & 0x400)) != 0 ] && break
    sleep 0.05
done
kill -SEGV "$pid"
set +e
wait "$pid" 2>/dev/null   # the shell's own "Segmentation fault" line is not the report
status=$?
set -e
exec 3>&-
[ "$status" = 139 ] || fail "the crashed binary exited $status, not 139 (128 + SIGSEGV)"
expected="palette-tui: stopped by signal 11; the terminal was restored. This build prints no backtrace: please report the signal and what you were doing."
[ "$(cat "$scratch/crash")" = "$expected" ] || fail "the crash report read: $(cat "$scratch/crash")"
echo "  $(cat "$scratch/crash")"

say "man pages and completions"
for page in man1 zh_TW/man1 zh_CN/man1; do
    file=$dest$prefix/share/man/$page/palette-tui.1.gz
    warnings=$(MANWIDTH=80 MANPAGER=cat man --warnings=all -E UTF-8 -l "$file" 2>&1 >/dev/null)
    [ -z "$warnings" ] || fail "man -l $page: $warnings"
    MANWIDTH=80 MANPAGER=cat man -E UTF-8 -l "$file" | grep -q "palette-tui" || fail "man -l $page shows nothing"
done
[ -f "$dest$prefix/share/zsh/site-functions/_palette-tui" ] || fail "no zsh completion"
[ -f "$dest$prefix/share/fish/vendor_completions.d/palette-tui.fish" ] || fail "no fish completion"
formats=$(XDG_DATA_DIRS=$dest$prefix/share bash --norc --noprofile -c '
    source /usr/share/bash-completion/bash_completion
    __load_completion palette-tui || exit 1
    COMP_WORDS=(palette-tui generate --format ""); COMP_CWORD=3; COMP_LINE="palette-tui generate --format "
    COMP_POINT=${#COMP_LINE}
    _palette_tui palette-tui "" --format
    echo "${COMPREPLY[*]}"')
[ "$formats" = "text json hex css" ] || fail "the installed bash completion offers '$formats' for --format"
echo "  bash: palette-tui generate --format <Tab> -> $formats"

say "make uninstall DESTDIR=$dest PREFIX=$prefix"
make --no-print-directory -s uninstall DESTDIR="$dest" PREFIX="$prefix"
left=$(find "$dest" -mindepth 1)
[ -z "$left" ] || fail "uninstall left: $left"
say "uninstall left nothing under $dest"
say "PASS"
