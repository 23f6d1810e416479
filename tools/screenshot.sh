#!/usr/bin/env bash
# tools/screenshot.sh: the pictures of the app in README.md and docs/, taken in a real terminal
# emulator (xterm, 24-bit colour, a CJK font) under a virtual X server, so anyone can retake
# them: `make screenshot` (or BIN=... OUT=... tools/screenshot.sh [NAME...]).
#
# Each picture starts palette-tui in a private tmux session (the same one xterm shows), on a
# history made for the picture by `palette-tui generate` itself, types its keys, waits for the
# screen to show what the picture is about (tmux capture-pane), then saves xterm's window with
# ImageMagick's import. Installs xvfb, xterm, imagemagick and the fonts with apt-get (root)
# when they are missing.
#
#   app      the first screen after generating "a calm forest morning" (README)
#   history  the history focused, the second row highlighted with its swatches
#   help     the help overlay (F1)
#   chinese  the app under zh-Hant, a Chinese description generated
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${BIN:-.build/release/palette-tui}
OUT=${OUT:-docs/screenshots}
COLS=${COLS:-100}
ROWS=${ROWS:-28}
[ -x "$BIN" ] || { echo "screenshot: no $BIN (make release first)" >&2; exit 1; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

packages="xvfb xterm x11-utils imagemagick fonts-dejavu-core fonts-noto-cjk tmux"
missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    [ "$(id -u)" = 0 ] || { echo "screenshot: missing$missing; run: sudo apt-get install -y$missing" >&2; exit 1; }
    echo "screenshot: installing$missing"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

work=$(mktemp -d /tmp/palette-shot.XXXXXX)
display=""
xvfb=""
cleanup() {
    tmux -S "$work/tmux" kill-server 2>/dev/null || true
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
for n in $(seq 90 99); do
    if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then display=:$n; break; fi
done
[ -n "$display" ] || { echo "screenshot: no free X display" >&2; exit 1; }
Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
mkdir -p "$OUT"

# shot NAME LANG WAIT_FOR KEYS...: KEYS are tmux send-keys words; "=text" types text literally.
shot() {
    local name=$1 lang=$2 wait_for=$3
    shift 3
    local home=$work/home-$name
    mkdir -p "$home"
    local env=(env -i PATH=/usr/bin:/bin HOME="$home" XDG_STATE_HOME="$home/state" LANG="$lang"
        TERM=xterm-direct COLORTERM=truecolor)
    # A history to show: palettes made by the product itself.
    for d in "neon city rain at night" "寧靜的森林早晨" "a sunny beach in summer"; do
        "${env[@]}" "$BIN" generate "$d" >/dev/null
    done
    tmux -S "$work/tmux" -f /dev/null new-session -d -s "$name" -x "$COLS" -y "$ROWS" \
        "${env[@]}" TERM=tmux-256color "$BIN"
    tmux -S "$work/tmux" set-option -t "$name" status off >/dev/null
    tmux -S "$work/tmux" set-option -s -a terminal-overrides ",xterm*:RGB" >/dev/null
    DISPLAY=$display xterm -class PaletteShot -title "palette-tui" -geometry "${COLS}x${ROWS}+0+0" \
        -fa "DejaVu Sans Mono" -fd "Noto Sans Mono CJK TC" -fs 11 -bg "#000000" -fg "#e0e0e0" \
        +sb -bw 0 -e tmux -S "$work/tmux" attach -t "$name" >/dev/null 2>&1 &
    local xterm=$!
    until_screen() {
        for _ in $(seq 100); do
            tmux -S "$work/tmux" capture-pane -p -t "$name" | grep -qF -- "$1" && return 0
            sleep 0.1
        done
        echo "screenshot $name: the screen never showed '$1'" >&2
        tmux -S "$work/tmux" capture-pane -p -t "$name" >&2
        return 1
    }
    until_screen "palette-tui ·"
    for k in "$@"; do
        case $k in
        =*) tmux -S "$work/tmux" send-keys -t "$name" -l "${k#=}" ;;
        *) tmux -S "$work/tmux" send-keys -t "$name" "$k" ;;
        esac
        sleep 0.2
    done
    until_screen "$wait_for"
    sleep 1  # xterm draws what tmux sent
    local id
    id=$(DISPLAY=$display xwininfo -name "palette-tui" 2>/dev/null | sed -n 's/.*Window id: \(0x[0-9a-f]*\).*/\1/p')
    if [ -n "$id" ]; then
        DISPLAY=$display import -window "$id" "$OUT/$name.png"
    else
        DISPLAY=$display import -window root -crop "$((COLS * 8 + 8))x$((ROWS * 17 + 8))+0+0" "$OUT/$name.png"
    fi
    kill "$xterm" 2>/dev/null || true
    tmux -S "$work/tmux" kill-session -t "$name" 2>/dev/null || true
    echo "screenshot: $OUT/$name.png"
}

names=${*:-app history help chinese}
for name in $names; do
    case $name in
    app) shot app C.UTF-8 "a calm forest morning”" "=a calm forest morning" Enter ;;
    history) shot history C.UTF-8 "↑/↓" BTab j ;;
    help) shot help C.UTF-8 "Keys ·" F1 ;;
    chinese) shot chinese zh_TW.UTF-8 "秋天的楓葉與暖陽”" "=秋天的楓葉與暖陽" Enter ;;
    *) echo "screenshot: no picture '$name' (app, history, help, chinese)" >&2; exit 2 ;;
    esac
done
