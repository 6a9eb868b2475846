#!/bin/sh
# The render action of pickerreel_render (pickerreel.bzl), run by Bazel with the declared inputs only:
#
#   render.sh TOOL OUTPUT_DIR SPEC [--input FILE PATH | --font FILE PATH]… [--environment RECORD]
#             [--fontconfig-file FILE] -- RENDER_OPTION…
#
# Copies every declared input FILE to PATH (its path in the workspace) in a fresh folder and renders SPEC (a PATH)
# from there with that folder as --root: the tool refuses links that lead out of its root, and Bazel's inputs are
# links, so copies are what it reads. A file the rule did not declare is not in that folder, so the render fails
# naming it instead of reading it from the source tree behind Bazel's back. With --font, the render sees the
# declared fonts and no installed one (a fontconfig configuration listing their folders alone): the same text on
# every machine, whatever fonts are installed there.
#
# Bazel reads a source file through a link committed in the workspace (specs/img.png -> /private.png) as if it were
# the file, so a plain copy would hand the tool the picture the link leads to. workspace-link.sh looks at each input
# of this workspace past Bazel's own links: a committed link in its place is copied as the link it is, so the tool
# refuses it with its own message naming the spec's field, as `pickerreel render` run in the workspace does; a
# committed link to a folder on its path, or a font file that is a link (fontconfig would read through it), is
# refused, naming it. Nothing is copied from a link, so nothing it leads to reaches bazel-bin.
#
# RECORD is the render environment the action is keyed by (@pickerreel_environment, environment.bzl): the machine the
# action runs on must have that environment (`pickerreel environment --check`; its libraries alone with --font), or
# the render fails naming each difference, so a stale record never stores pictures under another environment's key.
# FILE holds the host's FONTCONFIG_FILE (empty when unset), which a render without --font uses.
set -eu
tool=$1 output=$2 spec=$3
shift 3
export PATH=/usr/bin:/bin
stage=$(mktemp -d "${TMPDIR:-/tmp}/pickerreel-render.XXXXXX")
trap 'rm -rf "$stage"' EXIT
refuse() {
    printf 'pickerreel: error: %s: %s\n' "$1" "$2" >&2
    exit 2
}
links=$(dirname "$0")/workspace-link.sh

font_dirs=
environment=
while [ "$1" != -- ]; do
    if [ "$1" = --environment ]; then
        environment=$stage/environment.json
        cp "$2" "$environment"
        shift 2
        continue
    fi
    if [ "$1" = --fontconfig-file ]; then
        host_fontconfig=$(cat "$2")
        if [ -n "$host_fontconfig" ]; then
            FONTCONFIG_FILE=$host_fontconfig
            export FONTCONFIG_FILE
        fi
        shift 2
        continue
    fi
    kind=$1 file=$2 path=$3
    shift 3
    mkdir -p "$stage/files/$(dirname "$path")"
    link=$("$links" "$file" "$path")
    if [ -n "$link" ]; then
        [ "$kind" != --font ] || refuse "$path" "a symbolic link to $link; a font file must be a file in the workspace (commit the file itself)"
        ln -s "$link" "$stage/files/$path"
        continue
    fi
    cp "$file" "$stage/files/$path"
    if [ "$kind" = --font ]; then
        dir="<dir>$(printf '%s' "$stage/files/$(dirname "$path")" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')</dir>"
        case $font_dirs in *"$dir"*) ;; *) font_dirs=$font_dirs$dir ;; esac
    fi
done
shift
if [ -n "$font_dirs" ]; then
    mkdir "$stage/fontconfig-cache"
    {
        echo '<?xml version="1.0"?>'
        echo '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">'
        printf '<fontconfig>%s<cachedir>%s</cachedir></fontconfig>\n' "$font_dirs" "$stage/fontconfig-cache"
    } >"$stage/fonts.conf"
    FONTCONFIG_FILE=$stage/fonts.conf
    export FONTCONFIG_FILE
fi
case $tool in /*) ;; *) tool=$PWD/$tool ;; esac
case $output in /*) ;; *) output=$PWD/$output ;; esac
if [ -n "$environment" ]; then
    libraries_only=
    if [ -n "$font_dirs" ]; then libraries_only=--libraries-only; fi
    status=0
    differences=$("$tool" environment --check "$environment" $libraries_only 2>&1) || status=$?
    if [ "$status" -ne 0 ]; then
        printf 'pickerreel: error: this machine is not the render environment @pickerreel_environment recorded (run `bazel sync --configure` after installing fonts or libraries):\n%s\n' "$differences" >&2
        exit 2
    fi
fi
# From inside the copy, so that a message names the spec as the workspace does (specs/a.json: items[1].icon: …).
cd "$stage/files"
"$tool" render "$spec" --root . -o "$output" --quiet "$@"
