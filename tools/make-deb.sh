#!/usr/bin/env bash
# tools/make-deb.sh: palette-tui_$VERSION_$ARCH.deb in the repository root, from what
# `make install PREFIX=/usr` writes. Run by `make deb` (which passes VERSION, COMMIT, MAN_DATE
# and has built the static binary and the generated files).
#
# Depends comes from dpkg-shlibdeps on the installed binary: the Debian packages that hold the
# libraries ldd lists (ncurses, zlib, libc...), with the versions their symbols need, and the
# libraries the binary opens with dlopen (libcurl, the picture decoders).
# Files are root:root (dpkg-deb --root-owner-group); lintian must report no error.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${VERSION:?}" "${MAN_DATE:?}"
COMMIT=${COMMIT:-}

arch=$(dpkg --print-architecture)
deb=palette-tui_${VERSION}_${arch}.deb
work=.build/deb
root=$work/root
rm -rf "$work"
mkdir -p "$root/DEBIAN" "$work/src/debian"

make --no-print-directory -s install DESTDIR="$PWD/$root" PREFIX=/usr >/dev/null
# dpkg keeps its own list of the package's files; the manifest is for `make uninstall` only.
rm "$root/usr/share/doc/palette-tui/MANIFEST"

maintainer=$(git log -1 --format='%an <%ae>' 2>/dev/null || true)
[ -n "$maintainer" ] || maintainer="palette-tui maintainers <palette-tui@localhost>"
changes="Built from commit $COMMIT."
[ -n "$COMMIT" ] || changes="Built from a source tree without git: the commit is not recorded."
# A native package's changelog, in Debian's format (lintian reads its version and date).
{
    echo "palette-tui ($VERSION) unstable; urgency=medium"
    echo
    echo "  * $changes"
    echo
    echo " -- $maintainer  $(date -u -d "$MAN_DATE 12:00" -R)"
} | gzip -9n >"$root/usr/share/doc/palette-tui/changelog.gz"
chmod 644 "$root/usr/share/doc/palette-tui/changelog.gz"

# dpkg-shlibdeps wants a source package around the binary: a minimal debian/control.
cat >"$work/src/debian/control" <<EOF
Source: palette-tui

Package: palette-tui
Architecture: any
EOF
depends=$(cd "$work/src" && dpkg-shlibdeps -O -e"../root/usr/bin/palette-tui" 2>"../shlibdeps.log" \
    | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { cat "$work/shlibdeps.log" >&2; echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# libcurl and the picture decoders are opened with dlopen at the first request and when a
# picture is read (Sources/ProviderKit/CurlLibrary.swift, Sources/PaletteImage/
# ImageLibraries.swift), not linked, so dpkg-shlibdeps does not see them: their packages
# (`CurlLibrary.package`, `ImageFormat.libraryPackage`) are added. libcurl's version is the one
# dpkg-shlibdeps asked for when libcurl was linked (curl_multi_wakeup is 7.68's).
depends="$depends, libcurl4 (>= 7.68.0), libspng0, libturbojpeg0, libwebp7"

installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat >"$root/DEBIAN/control" <<EOF
Package: palette-tui
Version: $VERSION
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Section: graphics
Priority: optional
Description: turn a description into a three-colour palette, in the terminal
 palette-tui turns a description of a scene or mood, in any language ("a calm
 forest morning", "寧靜的森林早晨"), into a primary, a secondary and an accent
 colour, with an interactive terminal app and commands to generate, inspect,
 audit for contrast and colour-vision deficiencies, repair and export palettes
 (CSS, design-tool swatches and terminal and editor themes).
 .
 It works offline on an embedded engine; with GEMINI_API_KEY set it asks
 Google's Gemini instead.
EOF
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "make deb: $deb ($(stat -c %s "$deb") bytes)"
echo "Depends: $depends"
echo "lintian $deb:"
lintian --fail-on error,warning --display-info "$deb" && echo "  (no errors or warnings)"
