#!/usr/bin/env bash
# ./wallgen runs Scripts/build-release only when the build may have something to do.
# Checked on a copy of the script in a folder of its own, whose build-release makes a
# stand-in binary and leaves the stamp as the real one does (the binary's size and time,
# dated at the build's start; Scripts/test checks the real one's stamp), and counts
# its runs.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Scripts" "$work/Sources/Module"
cp "$root/wallgen" "$work/wallgen"
printf '#!/bin/sh\nexit 0\n' >"$work/Scripts/bootstrap"
cat >"$work/Scripts/build-release" <<'BUILD'
#!/usr/bin/env bash
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
started_at="$(date +%s.%N)"
echo built >>"$root/builds"
mkdir -p "$root/.build/release"
printf '#!/bin/sh\necho "ran $*"\n' >"$root/.build/release/wallgen"
chmod +x "$root/.build/release/wallgen"
stat -c '%s %.9Y' "$root/.build/release/wallgen" >"$root/.build/release-build.stamp"
touch -m -d "@$started_at" "$root/.build/release-build.stamp"
BUILD
touch "$work/Scripts/startup-order" "$work/Package.swift" "$work/Sources/Module/a.swift"
chmod +x "$work/Scripts/bootstrap" "$work/Scripts/build-release"

failures=0
# expect BUILDS WHAT: runs ./wallgen --version, which must reach the binary, and checks
# how many builds there have been since the start.
expect() {
    local output builds
    output="$("$work/wallgen" --version)"
    builds="$(cat "$work/builds" 2>/dev/null | wc -l)"
    if [ "$output" != "ran --version" ] || [ "$builds" != "$1" ]; then
        echo "wallgen-script-test: FAILED: $2 (builds: $builds, expected $1; output: $output)" >&2
        failures=$((failures + 1))
    else
        echo "wallgen-script-test: ok: $2"
    fi
}
expect 1 "the first run builds"
expect 1 "an unchanged checkout is not built again"
touch "$work/Sources/Module/a.swift"
expect 2 "an edited source is built"
expect 2 "and only once"
touch "$work/Sources/Module/b.swift"
expect 3 "an added source is built"
rm "$work/Sources/Module/b.swift"
expect 4 "a removed source is built"
mv "$work/Sources/Module/a.swift" "$work/Sources/Module/c.swift"
expect 5 "a renamed source is built"
touch "$work/Package.swift"
expect 6 "a changed Package.swift is built"
touch "$work/Scripts/build-release"
expect 7 "a changed build script is built"
printf '#!/bin/sh\necho "ran $*"\n# another build\n' >"$work/.build/release/wallgen"
expect 8 "a binary some other build made is built again"
rm "$work/.build/release-build.stamp"
expect 9 "a binary without a stamp is built again"
expect 9 "and then left alone"
[ "$failures" -eq 0 ] || exit 1
echo "wallgen-script-test: passed"
