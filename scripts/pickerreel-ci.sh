#!/usr/bin/env bash
# The render-and-compare steps of the PickerReel GitHub Action (action.yml), in one script so that they run, and are
# tested (Tests/PickerReelCLITests/CIActionTests.swift), the same way outside GitHub.
#
#   scripts/pickerreel-ci.sh TOOL SPECS GOLDENS OUTPUT REPORT [FORMATS] [COMPARE-ARGUMENTS...]
#
# TOOL is the pickerreel binary; SPECS a glob of spec files (quoted, expanded here); GOLDENS the committed folder of
# approved pictures, laid out as `pickerreel render` writes them (GOLDENS/<spec name>/frame-0000.png, …); OUTPUT where
# this run renders; REPORT the folder of the HTML report (REPORT/index.html) and the JUnit file (REPORT/junit.xml).
# FORMATS defaults to png. Annotations go to standard output, the summary table to $GITHUB_STEP_SUMMARY when set.
# Exit status: compare's (0 all match, 1 differences, 2 bad input); 2 when the render itself fails.
set -uo pipefail

if [ $# -lt 5 ]; then
    echo "usage: $0 TOOL SPECS GOLDENS OUTPUT REPORT [FORMATS] [COMPARE-ARGUMENTS...]" >&2
    exit 2
fi
tool=$1 specs=$2 goldens=$3 output=$4 report=$5
formats=${6:-png}
shift $(( $# >= 6 ? 6 : 5 ))

# The glob is expanded here, sorted, so the same specs render in every run; no match is an error, not a green.
shopt -s nullglob
# shellcheck disable=SC2206
files=($specs)
shopt -u nullglob
if [ ${#files[@]} -eq 0 ]; then
    echo "::error title=PickerReel::no spec matches $specs"
    exit 2
fi

rm -rf "$output"
if ! "$tool" render "${files[@]}" -o "$output" --format "$formats" --quiet; then
    echo "::error title=PickerReel::pickerreel render failed; see the log above"
    exit 2
fi

mkdir -p "$report"
"$tool" compare "$goldens" "$output" --report github --report html "$report" --report junit "$report/junit.xml" "$@"
status=$?
if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "status=$status" >>"$GITHUB_OUTPUT"; fi
exit $status
