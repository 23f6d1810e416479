#!/bin/sh
# tools/install.sh install|uninstall: what `make install` and `make uninstall` do.
#
# install copies the self-contained binary, the man pages (English, Traditional and Simplified
# Chinese), the bash, zsh and fish completions and the licence and data notices under
# $DESTDIR, and writes $DOCDIR/MANIFEST: every file it wrote and every directory it had to
# create. uninstall removes exactly those, deepest directory first and only when empty, so a
# directory that was there before (/usr/local/share/man) stays. Without a manifest (it was
# deleted, or install was never run) uninstall removes the same list of files.
#
# The Makefile passes every path (BINDIR, MANDIR, ...; see its "Installation" section).
set -eu

: "${DESTDIR:=}" "${BINDIR:?}" "${MANDIR:?}" "${BASH_COMPLETION_DIR:?}" "${ZSH_COMPLETION_DIR:?}"
: "${FISH_COMPLETION_DIR:?}" "${DOCDIR:?}" "${BINARY:?}" "${GENERATED:?}" "${STRIP:=strip}"

manifest=$DOCDIR/MANIFEST

# source, target (without DESTDIR), mode: one line a file.
files() {
    cat <<EOF
$BINARY $BINDIR/palette-tui 755
$GENERATED/man/en/palette-tui.1.gz $MANDIR/man1/palette-tui.1.gz 644
$GENERATED/man/zh_TW/palette-tui.1.gz $MANDIR/zh_TW/man1/palette-tui.1.gz 644
$GENERATED/man/zh_CN/palette-tui.1.gz $MANDIR/zh_CN/man1/palette-tui.1.gz 644
$GENERATED/completions/palette-tui.bash $BASH_COMPLETION_DIR/palette-tui 644
$GENERATED/completions/_palette-tui $ZSH_COMPLETION_DIR/_palette-tui 644
$GENERATED/completions/palette-tui.fish $FISH_COMPLETION_DIR/palette-tui.fish 644
packaging/copyright $DOCDIR/copyright 644
EOF
}

case ${1:-} in
install)
    record=$(mktemp)
    trap 'rm -f "$record"' EXIT
    files | while read -r source target mode; do
        [ -f "$source" ] || { echo "install: $source is missing (run make install, not this script)" >&2; exit 1; }
        dir=$(dirname "$target")
        # The directories this install creates, outermost first.
        missing=""
        d=$dir
        while [ ! -d "$DESTDIR$d" ]; do
            missing="$d $missing"
            d=$(dirname "$d")
        done
        for d in $missing; do
            mkdir -m 755 "$DESTDIR$d"
            echo "d $d" >>"$record"
        done
        if [ "$mode" = 755 ] && [ "$STRIP" != ":" ]; then
            # Stripped as Debian strips executables: no symbol table, .comment or .note.
            tmp=$(mktemp)
            "$STRIP" --remove-section=.comment --remove-section=.note -o "$tmp" "$source"
            install -m "$mode" "$tmp" "$DESTDIR$target"
            rm -f "$tmp"
        else
            install -m "$mode" "$source" "$DESTDIR$target"
        fi
        echo "f $target" >>"$record"
        echo "installed $DESTDIR$target"
    done
    echo "f $manifest" >>"$record"
    install -m 644 "$record" "$DESTDIR$manifest"
    ;;
uninstall)
    if [ -f "$DESTDIR$manifest" ]; then
        list=$(cat "$DESTDIR$manifest")
    else
        echo "uninstall: no $DESTDIR$manifest; removing the files install writes" >&2
        list=$(files | while read -r _ target _; do echo "f $target"; done)
    fi
    echo "$list" | while read -r kind path; do
        if [ "$kind" = f ] && { [ -f "$DESTDIR$path" ] || [ -L "$DESTDIR$path" ]; }; then
            rm -f "$DESTDIR$path"
            echo "removed $DESTDIR$path"
        fi
    done
    # Directories last and deepest first; one that is not empty stays.
    echo "$list" | awk '$1 == "d" { print $2 }' | sort -r | while read -r d; do
        rmdir "$DESTDIR$d" 2>/dev/null && echo "removed $DESTDIR$d/" || true
    done
    ;;
*)
    echo "usage: tools/install.sh install|uninstall (run through make install / make uninstall)" >&2
    exit 2
    ;;
esac
