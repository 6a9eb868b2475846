#!/usr/bin/env bash
# SwiftPM warns "prohibited flag(s): -pthread" on every build for glib's and harfbuzz's .pc files, which list
# -pthread among their flags (swiftlang/swift-package-manager, a known cosmetic issue; the flag is dropped
# anyway). This writes copies of every system .pc file that mentions -pthread, without it, into the folder given
# (default .build/pkgconfig); the Makefile puts that folder first on PKG_CONFIG_PATH, so builds through make print
# no warnings. Nothing else in the copies changes.
set -euo pipefail
out=${1:-.build/pkgconfig}
mkdir -p "$out"
search=$(pkg-config --variable pc_path pkg-config 2>/dev/null || echo /usr/lib/pkgconfig:/usr/share/pkgconfig)
IFS=: read -r -a folders <<<"$search"
for folder in "${folders[@]}"; do
    [ -d "$folder" ] || continue
    for file in "$folder"/*.pc; do
        [ -e "$file" ] || continue
        name=$(basename "$file")
        [ -e "$out/$name" ] && continue
        if grep -q -- '-pthread' "$file"; then
            sed -e 's/[[:space:]]-pthread\b//g' -e 's/\b-pthread[[:space:]]//g' -e 's/-pthread$//' "$file" >"$out/$name.tmp"
            mv "$out/$name.tmp" "$out/$name"
        fi
    done
done
