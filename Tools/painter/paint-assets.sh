#!/usr/bin/env bash
# Paints wallgen's season pictures and stores them as JPEGs in Assets/seasons/.
#
# usage: Tools/painter/paint-assets.sh [season ...] [--preview] [--out DIR]
#   season     spring, summer, autumn or winter (default: all four)
#   --preview  quarter size (800x600), written to Tools/painter/.build/preview/
#              instead of Assets/, for quick iteration
#   --out DIR  write the JPEGs to DIR instead
#
# The painter is deterministic: the same sources give byte-identical PPMs,
# and cjpeg turns identical PPMs into identical JPEGs.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$root/Assets/seasons"
preview=0
seasons=()

while [ $# -gt 0 ]; do
    case "$1" in
        --preview) preview=1 ;;
        --out) shift; [ $# -gt 0 ] || { echo "--out needs a directory" >&2; exit 2; }; out="$1" ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "unknown option: $1" >&2; exit 2 ;;
        *) seasons+=("$1") ;;
    esac
    shift
done
if [ "$preview" -eq 1 ] && [ "$out" = "$root/Assets/seasons" ]; then
    out="$here/.build/preview"
fi

# cjpeg comes from Debian's libjpeg-turbo-progs.
if ! command -v cjpeg >/dev/null 2>&1; then
    echo "cjpeg not found; installing libjpeg-turbo-progs" >&2
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq libjpeg-turbo-progs
fi

swift build -c release --package-path "$here"
bin="$(swift build -c release --package-path "$here" --show-bin-path)/painter"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

painter_args=(--out "$tmp")
[ "$preview" -eq 1 ] && painter_args+=(--preview)
"$bin" ${seasons[@]+"${seasons[@]}"} "${painter_args[@]}"

mkdir -p "$out"
for ppm in "$tmp"/*.ppm; do
    name="$(basename "$ppm" .ppm)"
    cjpeg -quality 88 -optimize -progressive "$ppm" > "$out/$name.jpg"
    echo "wrote $out/$name.jpg ($(wc -c < "$out/$name.jpg") bytes)"
done
