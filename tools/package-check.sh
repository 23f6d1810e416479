#!/usr/bin/env bash
# tools/package-check.sh: the .deb `make deb` built, installed on a fresh Debian with apt-get,
# run, and purged. Run by `make package-check` (slow, needs root and Debian's mirror; not part
# of `make test`).
#
#   1. a minimal Debian of this machine's release (debootstrap --variant=minbase), made once and
#      kept in .build/chroot/base; each check works on a fresh copy of it;
#   2. `apt-get install ./palette-tui_*.deb` inside it: apt resolves Depends from the mirror,
#      so a Depends that is missing or wrong fails here;
#   3. `palette-tui --version` names the commit, `generate` prints three colours, `man` finds
#      the page, bash-completion's directory holds the completion;
#   4. `apt-get purge palette-tui`, then no file of the package is left.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "package-check: FAIL: $*" >&2; exit 1; }
say() { echo "package-check: $*"; }

[ "$(id -u)" = 0 ] || fail "needs root (debootstrap and chroot)"
deb=$(ls -t palette-tui_*_"$(dpkg --print-architecture)".deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "no palette-tui_*.deb: run make deb"
. /etc/os-release
suite=${VERSION_CODENAME:?}
mirror=${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *\([^ ]*\/debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}
mirror=${mirror:-http://deb.debian.org/debian}

base=.build/chroot/base
if [ ! -x "$base/usr/bin/apt-get" ]; then
    say "debootstrap --variant=minbase $suite $base $mirror (once)"
    rm -rf "$base"
    mkdir -p "$(dirname "$base")"
    debootstrap --variant=minbase "$suite" "$base" "$mirror" >.build/chroot/debootstrap.log 2>&1 \
        || { tail -20 .build/chroot/debootstrap.log; fail "debootstrap"; }
fi
root=$(mktemp -d "$PWD/.build/chroot/check.XXXXXX")
cleanup() {
    for m in dev/pts dev proc; do umount "$root/$m" 2>/dev/null || true; done
    rm -rf "$root"
}
trap cleanup EXIT
cp -a "$base/." "$root/"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
cp "$deb" "$root/tmp/"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive "$@"; }

say "a fresh $PRETTY_NAME (minbase); installing $deb with apt-get"
in_root apt-get update -qq
in_root dpkg-query -W -f='${Package}\n' >"$root/tmp/before"
echo "  # apt-get install ./$(basename "$deb")"
in_root apt-get install -y -q --no-install-recommends "/tmp/$(basename "$deb")" 2>&1 | sed 's/^/  /' | tail -15
in_root dpkg-query -W -f='${Status}' palette-tui | grep -q "install ok installed" || fail "not installed"

version=$(in_root palette-tui --version)
echo "  # palette-tui --version"
echo "  $version"
case $version in "palette-tui "*) ;; *) fail "--version printed: $version" ;; esac
if [ -n "${COMMIT:-}" ]; then
    case $version in *"$COMMIT"*) ;; *) fail "--version does not name $COMMIT" ;; esac
fi
palette=$(in_root palette-tui generate --no-history "a calm forest morning")
echo "  # palette-tui generate --no-history \"a calm forest morning\""
echo "$palette" | sed 's/^/  /'
[ "$(echo "$palette" | grep -cE '#[0-9A-F]{6}')" -ge 3 ] || fail "generate printed no palette"
zh=$(in_root env LANG=zh_TW.UTF-8 palette-tui generate --no-history --lang zh-Hant "寧靜的森林早晨")
echo "$zh" | sed 's/^/  /'
[ "$(echo "$zh" | grep -cE '#[0-9A-F]{6}')" -ge 3 ] || fail "generate in Chinese printed no palette"

files=$(in_root dpkg -L palette-tui)
for f in /usr/bin/palette-tui /usr/share/man/man1/palette-tui.1.gz /usr/share/man/zh_TW/man1/palette-tui.1.gz \
    /usr/share/man/zh_CN/man1/palette-tui.1.gz /usr/share/bash-completion/completions/palette-tui \
    /usr/share/zsh/vendor-completions/_palette-tui /usr/share/fish/vendor_completions.d/palette-tui.fish \
    /usr/share/doc/palette-tui/copyright; do
    echo "$files" | grep -qx "$f" || fail "the package lacks $f"
done
say "$(echo "$files" | wc -l) paths installed; the Depends pulled in: $(
    in_root dpkg-query -W -f='${Package}\n' | sort | comm -13 <(sort "$root/tmp/before") - | tr '\n' ' ')"

say "apt-get purge palette-tui"
in_root apt-get purge -y -q palette-tui 2>&1 | sed 's/^/  /' | tail -3
left=""
while read -r f; do
    [ -n "$f" ] || continue
    # Directories the package shares with others (/usr/share/man) stay; its own files must not.
    if [ -e "$root$f" ] && [ ! -d "$root$f" ]; then left="$left $f"; fi
done <<<"$files"
[ -d "$root/usr/share/doc/palette-tui" ] && left="$left /usr/share/doc/palette-tui/"
[ -z "$left" ] || fail "purge left:$left"
in_root dpkg-query -W palette-tui >/dev/null 2>&1 && fail "dpkg still knows palette-tui after purge"
say "purged: no file of the package left, dpkg has forgotten it"
say "PASS"
