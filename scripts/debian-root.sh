#!/usr/bin/env bash
# A clean Debian 12 root (debootstrap --variant=minbase), made once and kept: the packaging tests install the .deb
# into a copy of it, so a machine with nothing of PickerReel's is what they check, not this one.
#
#   scripts/debian-root.sh ROOT
#
# ROOT is made only when ROOT/.pickerreel-root is missing (the mark written last, so a root cut short by an
# interrupted debootstrap is made again, never used). The mirror is the one apt uses on this machine (its bookworm
# index target), or DEBIAN_MIRROR. Needs root (debootstrap mounts /proc and makes device files) and the network.
set -euo pipefail

root=${1:?usage: $0 ROOT}
mark="$root/.pickerreel-root"
if [ -f "$mark" ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "$0: debootstrap needs root: run it as root (sudo make dist-test)." >&2
    exit 2
fi
if ! command -v debootstrap >/dev/null 2>&1; then
    echo "$0: debootstrap is missing: apt-get install debootstrap (scripts/install-dependencies.sh --dist does)." >&2
    exit 2
fi
mirror=${DEBIAN_MIRROR:-$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2>/dev/null | awk '$2 == "bookworm" { print $1; exit }')}
mirror=${mirror:-http://deb.debian.org/debian/}
# About 250 MB are written; say so before a full disk makes debootstrap fail half way.
parent=$(dirname "$root")
mkdir -p "$parent"
free_kb=$(df -Pk "$parent" | awk 'NR == 2 { print $4 }')
if [ "$free_kb" -lt 1048576 ]; then
    echo "$0: less than 1 GB free on $(df -P "$parent" | awk 'NR == 2 { print $6 }') for a Debian root: free some space." >&2
    exit 2
fi
started=$(date +%s)
echo "Making a clean Debian 12 root in $root from $mirror (once; kept for later runs) …" >&2
# Safe: the folder is this script's own, under .build, and it is made again from nothing.
rm -rf "$root" "$root.partial"
debootstrap --variant=minbase bookworm "$root.partial" "$mirror" >"$parent/debootstrap.log" 2>&1 || {
    echo "$0: debootstrap failed (last lines of $parent/debootstrap.log):" >&2
    tail -n 5 "$parent/debootstrap.log" >&2
    exit 1
}
# The host's bookworm suites (updates and security too), so apt installs the library versions this machine has and
# a render there can be byte-identical to one here.
apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2>/dev/null | awk '$2 ~ /^bookworm(-updates|-security)?$/' \
    | sort -u | while read -r uri suite; do echo "deb $uri $suite main"; done >"$root.partial/etc/apt/sources.list"
chroot "$root.partial" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin apt-get update -q >>"$parent/debootstrap.log" 2>&1 || {
    echo "$0: apt-get update in the new root failed (see $parent/debootstrap.log)." >&2
    exit 1
}
rm -rf "$root.partial/var/cache/apt/archives/"*.deb
mv "$root.partial" "$root"
date -u +%Y-%m-%dT%H:%M:%SZ >"$mark"
echo "Debian root made in $(($(date +%s) - started)) s: $(du -sh "$root" | cut -f1)." >&2
