#!/usr/bin/env bash
# Paints wallgen's pictures and stores them as JPEGs: the four seasons in
# Assets/seasons/, the 24 solar terms in Assets/terms/.
#
# usage: Tools/painter/paint-assets.sh [name ...] [--preview] [--out DIR]
#   name       spring, summer, autumn or winter; `terms` for all 24 solar
#              terms; a term by slug (dongzhi) or file stem (22-dongzhi);
#              `seasons` or `all` for the four seasons (the default)
#   --preview  quarter size (800x600), written to Tools/painter/.build/preview/
#              instead of Assets/, for quick iteration
#   --out DIR  write the JPEGs to DIR instead
#
# The painter is deterministic: the same sources give byte-identical PPMs,
# and cjpeg turns identical PPMs into identical JPEGs.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out=""
preview=0
names=()

while [ $# -gt 0 ]; do
    case "$1" in
        --preview) preview=1 ;;
        --out) shift; [ $# -gt 0 ] || { echo "--out needs a directory" >&2; exit 2; }; out="$1" ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "unknown option: $1" >&2; exit 2 ;;
        *) names+=("$1") ;;
    esac
    shift
done
if [ "$preview" -eq 1 ] && [ -z "$out" ]; then
    out="$here/.build/preview"
fi

# cjpeg comes from Debian's libjpeg-turbo-progs.
if ! command -v cjpeg >/dev/null 2>&1; then
    echo "cjpeg not found; installing libjpeg-turbo-progs" >&2
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq libjpeg-turbo-progs
fi

# The painter is the Scenery module of wallgen's own package; wallgen-painter is its front.
swift build -c release --package-path "$root" --product wallgen-painter
bin="$(swift build -c release --package-path "$root" --show-bin-path)/wallgen-painter"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

painter_args=(--out "$tmp")
[ "$preview" -eq 1 ] && painter_args+=(--scale 0.25)
"$bin" ${names[@]+"${names[@]}"} "${painter_args[@]}"

for ppm in "$tmp"/*.ppm; do
    name="$(basename "$ppm" .ppm)"
    # Term pictures are numbered (01-lichun). Baseline (not progressive) JPEG:
    # wallgen decodes it about three times faster for a file a few percent larger.
    case "$name" in
        [0-9][0-9]-*) dest="${out:-$root/Assets/terms}"; quality=85 ;;
        *) dest="${out:-$root/Assets/seasons}"; quality=88 ;;
    esac
    mkdir -p "$dest"
    cjpeg -quality "$quality" -optimize "$ppm" > "$dest/$name.jpg"
    echo "wrote $dest/$name.jpg ($(wc -c < "$dest/$name.jpg") bytes)"
done
