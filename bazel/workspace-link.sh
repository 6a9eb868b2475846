#!/bin/sh
# workspace-link.sh FILE PATH: whether the workspace's PATH (a source file Bazel hands an action or a test as FILE)
# is a link committed in the workspace. Used by render.sh and by the scripts of pickerreel_golden_test.
#
# Bazel reads a source file through a committed link (specs/img.png -> /private.png) as if it were the file, so a
# copy of FILE would be a copy of whatever the link leads to. This looks past Bazel's own links only (the sandbox's or
# the runfiles tree's link to the execroot's path of the file, then the execroot's link to the workspace's top-level
# entry) and then at PATH in the workspace, name by name, without following anything there:
#
#   prints the link's target (exit 0) when PATH itself is a committed link, for the caller to copy as a link, so that
#     the tool refuses it with its own message, as `pickerreel` run in the workspace does;
#   prints nothing (exit 0) when PATH is a file there;
#   exits 2 with `pickerreel: error: DIR: …` when a folder on PATH's way is a committed link.
set -eu
file=$1 path=$2
case $path in /* | ../* | external/*) exit 0 ;; esac
# The sandbox's (or runfiles tree's) link to the execroot's path of the file: absolute, ending in PATH.
if [ -L "$file" ]; then
    target=$(readlink "$file")
    case $target in /*/execroot/*/"$path") file=$target ;; esac
fi
rest=$path
name=${rest%%/*}
walked=$name
at=${file%"$path"}$name
# The execroot's link to the workspace's top-level file or folder of that name.
case $at in */execroot/*/"$name" | "$name") if [ -L "$at" ]; then at=$(readlink "$at"); fi ;; esac
while :; do
    if [ -L "$at" ]; then
        if [ "$rest" != "$name" ]; then
            printf 'pickerreel: error: %s: a symbolic link in the workspace; Bazel would read through it, and the rule reads no file through a link (commit the folder itself)\n' "$walked" >&2
            exit 2
        fi
        readlink "$at"
        exit 0
    fi
    [ "$rest" != "$name" ] || exit 0
    rest=${rest#*/}
    name=${rest%%/*}
    walked=$walked/$name
    at=$at/$name
done
