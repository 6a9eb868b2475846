#!/usr/bin/env bash
# The Swift API's reference pages (`make docs`): each public module's symbol graph, extracted from the debug build,
# converted by the toolchain's DocC (with Sources/<module>/<module>.docc where there is one) and merged into one
# archive that a static web server can host:
#
#   make docs
#   python3 -m http.server -d .build/docs/site 8000   # then open http://127.0.0.1:8000/documentation/
#
# Needs only the toolchain (swift-symbolgraph-extract, docc) and the build's modules; writes only under .build/docs.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(PickerReel PickerKit PickerRender PickerCompare PickerSnapshot)
build=.build/debug/Modules
out=.build/docs
graphs=$out/symbol-graphs
rm -rf "$out"
mkdir -p "$graphs"

clang_flags=()
for map in Sources/CPicker*/module.modulemap; do clang_flags+=(-Xcc "-fmodule-map-file=$map"); done
for flag in $(pkg-config --cflags cairo pangocairo libdeflate zlib); do clang_flags+=(-Xcc "$flag"); done

archives=()
for module in "${modules[@]}"; do
    mkdir -p "$graphs/$module"
    swift-symbolgraph-extract -module-name "$module" -I "$build" -target "$(uname -m)-unknown-linux-gnu" \
        -minimum-access-level public -skip-synthesized-members -output-dir "$graphs/$module" "${clang_flags[@]}"
    catalog=()
    [ -d "Sources/$module/$module.docc" ] && catalog=("Sources/$module/$module.docc")
    docc convert "${catalog[@]}" --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.pickerreel.$module" \
        --output-path "$out/$module.doccarchive" >"$out/$module.log" 2>&1 || { cat "$out/$module.log" >&2; exit 1; }
    archives+=("$out/$module.doccarchive")
done
docc merge "${archives[@]}" --synthesized-landing-page-name PickerReel --output-path "$out/all.doccarchive" >/dev/null
docc process-archive transform-for-static-hosting "$out/all.doccarchive" --output-path "$out/site" >/dev/null
echo "API reference: $out/site (serve it: python3 -m http.server -d $out/site 8000, then open http://127.0.0.1:8000/documentation/)"
