#!/usr/bin/env bash
# The release: the static tool as a Debian package and as an archive, so a machine can run PickerReel without Swift.
#
#   scripts/make-dist.sh TOOL DIST
#
# writes into DIST (made afresh):
#   pickerreel_VERSION_ARCH.deb                 /usr/bin/pickerreel, Depends: every Debian package it needs at run time
#   pickerreel-VERSION-linux-ARCH.tar.gz        pickerreel, LICENSE, debian-packages.txt (apt-get install $(cat …))
#   debian-packages.txt                         the same list, for scripts (one package a line)
#
# The run-time packages are derived, not typed: dpkg-shlibdeps reads the shared libraries TOOL links (with the
# lowest versions their symbols need), dpkg -S names those it opens with dlopen (their sonames are in it); the fonts it draws with are the fonts-* packages of
# scripts/install-dependencies.sh, its one list. LICENSE is PickerReel's LICENSE followed by the licences of what
# the static tool has inside: the Swift runtime (the toolchain's LICENSE.txt) and the C++ runtime (dpkg -S of its
# static archive, then that package's copyright file). Files carry the time of the last commit, so a second run
# from the same commit writes the same bytes.
set -euo pipefail

tool=${1:?usage: $0 TOOL DIST}
dist=${2:?usage: $0 TOOL DIST}
here=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "make dist: $*" >&2; exit 2; }

[ -f "$tool" ] && [ -x "$tool" ] || fail "$tool is not a built tool: run make build CONFIG=release first."
version=$("$tool" --version | awk '{ print $2 }')
[[ "$version" =~ ^[0-9][0-9A-Za-z.+~-]*$ ]] || fail "$tool --version printed no version (got: $version)."
arch=$(dpkg --print-architecture)
[ -f "$here/LICENSE" ] || fail "$here/LICENSE is missing: the release carries PickerReel's licence."
# DIST is emptied of the release's own files only: a DIST that is a link, or holds anything else, is refused
# untouched (make dist DIST=. would otherwise remove the checkout).
if [ -L "$dist" ]; then fail "$dist is a symbolic link; give a new folder or one make dist wrote (nothing was changed)."; fi
if [ -e "$dist" ]; then
    [ -d "$dist" ] || fail "$dist is not a folder; give a new folder or one make dist wrote (nothing was changed)."
    for entry in "$dist"/* "$dist"/.[!.]*; do
        [ -e "$entry" ] || [ -L "$entry" ] || continue
        case "${entry##*/}" in
            pickerreel_*.deb | pickerreel-*.tar.gz | debian-packages.txt | pickerreel-image.tar | pickerreel-image.tar.partial) [ -f "$entry" ] && [ ! -L "$entry" ] && continue ;;
        esac
        fail "$dist holds $entry, which make dist did not write; give a new folder or one make dist wrote (nothing was changed)."
    done
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Shared libraries: dpkg-shlibdeps works in a source tree (it reads debian/control), so it gets a minimal one.
# A library no Debian package holds (a Swift runtime .so of a debug build) is an error naming it.
mkdir -p "$work/src/debian"
printf 'Source: pickerreel\n\nPackage: pickerreel\nArchitecture: any\n' >"$work/src/debian/control"
cp "$tool" "$work/src/pickerreel"
if ! libraries=$(cd "$work/src" && dpkg-shlibdeps -O pickerreel 2>"$work/shlibdeps.log"); then
    cat "$work/shlibdeps.log" >&2
    fail "dpkg-shlibdeps could not name the Debian package of every library $tool links: release it from the static build (make dist builds it)."
fi
libraries=${libraries#shlibs:Depends=}
# Libraries opened with dlopen when first needed (FFmpeg's, librsvg, libmicrohttpd: Sources/CPicker*/shim.h) are not
# linked, so dpkg-shlibdeps cannot see them; the binary holds their sonames as strings, each found with ldconfig and
# named by dpkg -S. Their package names carry the soname (libavcodec59), so no version is needed.
linked=$(readelf -d "$tool" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' || true)
opened=()
for soname in $(grep -aoE 'lib[a-z0-9_+.-]+\.so\.[0-9]+' "$tool" | sort -u); do
    if grep -qxF "$soname" <<<"$linked"; then continue; fi
    path=$(ldconfig -p | awk -v name="$soname" '$1 == name && /x86-64|x32|AArch64|64bit/ { print $NF; exit }')
    path=${path:-$(ldconfig -p | awk -v name="$soname" '$1 == name { print $NF; exit }')}
    [ -n "$path" ] || fail "$tool opens $soname, which no installed library provides: install it (scripts/install-dependencies.sh)."
    package=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -1 | cut -d: -f1)
    [ -n "$package" ] || fail "$tool opens $soname ($path), which no Debian package holds."
    opened+=("$package")
done
if [ ${#opened[@]} -gt 0 ]; then
    libraries="$libraries, $(printf '%s\n' "${opened[@]}" | sort -u | paste -sd, | sed 's/,/, /g')"
fi
# Fonts are not linked, so no tool can find them; install-dependencies.sh names the ones the tool draws with.
fonts=$(sed -n '/^debian=(/,/)/p' "$here/scripts/install-dependencies.sh" | grep -o 'fonts-[a-z0-9-]*' | awk '!seen[$0]++' \
    | paste -sd, | sed 's/,/, /g')
[ -n "$fonts" ] || fail "found no fonts-* package in scripts/install-dependencies.sh."
# fontconfig builds the system font cache when fonts are installed: without it every run scans the fonts again, and
# a user with no writable home (docker run -u) sees "Fontconfig error: No writable cache directories".
depends="$libraries, fontconfig, $fonts"

epoch=$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)
export SOURCE_DATE_EPOCH=$epoch

# The licence of the release: PickerReel's, then the runtimes linked into the binary.
licence="$work/LICENSE"
cxx_archive=$(clang -print-file-name=libstdc++.a 2>/dev/null || true)
{
    cat "$here/LICENSE"
    swift_licence=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/share/swift/LICENSE.txt
    if [ -f "$swift_licence" ]; then
        printf '\n\n======== The Swift runtime and Foundation, linked into pickerreel ========\n\n'
        cat "$swift_licence"
    fi
    if [ -f "$cxx_archive" ] && package=$(dpkg -S "$(readlink -f "$cxx_archive")" 2>/dev/null | cut -d: -f1 | head -1) \
        && [ -f "/usr/share/doc/$package/copyright" ]; then
        printf '\n\n======== The C++ runtime (libstdc++, from the Debian package %s), linked into pickerreel ========\n\n' "$package"
        cat "/usr/share/doc/$package/copyright"
    fi
} >"$licence"

# The Debian package.
package_root="$work/deb"
install -d "$package_root/DEBIAN" "$package_root/usr/bin" "$package_root/usr/share/doc/pickerreel"
install -m 755 "$tool" "$package_root/usr/bin/pickerreel"
install -m 644 "$licence" "$package_root/usr/share/doc/pickerreel/copyright"
cat >"$package_root/DEBIAN/control" <<EOF
Package: pickerreel
Version: $version
Architecture: $arch
Maintainer: PickerReel <pickerreel@users.noreply.github.com>
Installed-Size: $(du -sk --apparent-size "$package_root/usr" | cut -f1)
Depends: $depends
Section: graphics
Priority: optional
Description: renders a segmented picker's animation and compares goldens
 PickerReel turns a small JSON spec of a segmented picker into PNG and SVG
 frames, GIF, APNG, WebP, MP4, WebM and animated SVG, and compares renders
 with golden images for visual regression tests.
EOF
find "$package_root" -exec touch -h -d "@$epoch" {} +
mkdir -p "$dist"
# Safe: only the plain files this script and make image write, checked above.
rm -f "$dist"/pickerreel_*.deb "$dist"/pickerreel-*.tar.gz "$dist/debian-packages.txt" "$dist"/pickerreel-image.tar*
deb="$dist/pickerreel_${version}_${arch}.deb"
# gzip, not dpkg-deb's default xz: 10 MB instead of 7, in 6 s of CPU instead of 24 (make test runs make dist 4 times).
dpkg-deb --root-owner-group -Zgzip -z9 --build "$package_root" "$deb" >/dev/null

# The archive, for a machine that installs the libraries itself.
name="pickerreel-$version-linux-$arch"
install -d "$work/$name"
install -m 755 "$tool" "$work/$name/pickerreel"
install -m 644 "$licence" "$work/$name/LICENSE"
printf '%s\n' "$depends" | tr ',' '\n' | sed -e 's/^ *//' -e 's/ .*//' | sort -u >"$work/$name/debian-packages.txt"
cp "$work/$name/debian-packages.txt" "$dist/debian-packages.txt"
find "$work/$name" -exec touch -h -d "@$epoch" {} +
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$work" -cf - "$name" | gzip -n -9 >"$dist/$name.tar.gz"

echo "make dist: $deb ($(du -h "$deb" | cut -f1)), $dist/$name.tar.gz ($(du -h "$dist/$name.tar.gz" | cut -f1)); it needs: $(paste -sd' ' "$dist/debian-packages.txt")"
