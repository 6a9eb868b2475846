#!/usr/bin/env bash
# The release on a clean Debian 12 machine: installs the .deb with apt into a copy of a debootstrap root (nothing of
# this machine's libraries or fonts), renders the seed demo there in a chroot and checks it is byte-identical to
# this machine's render, and that `pickerreel compare` and `compare --update` work there.
#
#   scripts/dist-check.sh test  DEB TOOL             (make dist-test)
#   scripts/dist-check.sh image DEB TOOL IMAGE       (make image: also packs that root as an OCI image, IMAGE.tar,
#                                                     then unpacks the image and runs the same check in its root)
#
# TOOL renders the host's side. The clean root is made once by scripts/debian-root.sh in .build/debian-root; each
# run installs into an overlay over it (so the cached root stays clean), and the .deb files apt downloads are kept
# in .build/debian-apt-archives, so a second run needs no network unless the mirror moved on. Needs root (chroot,
# mount). Prints the time each part took and the sizes.
set -euo pipefail

mode=${1:-}
case "$mode" in test | image) ;; *) echo "usage: $0 test DEB TOOL | image DEB TOOL IMAGE" >&2; exit 2 ;; esac
deb=${2:?usage: $0 $mode DEB TOOL}
tool=${3:?usage: $0 $mode DEB TOOL}
image=${4:-}
[ "$mode" = test ] || [ -n "$image" ] || { echo "usage: $0 image DEB TOOL IMAGE" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
build="$here/.build"
fail() { echo "make dist-$mode: $*" >&2; exit 1; }
[ -f "$deb" ] || fail "$deb is missing: run make dist first."
[ -x "$tool" ] || fail "$tool is not a built tool."
deb=$(realpath -- "$deb") tool=$(realpath -- "$tool")
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then exec sudo "$0" "$mode" "$deb" "$tool" ${image:+"$image"}; fi
[ "$(id -u)" -eq 0 ] || { echo "make dist-$mode: chroot and mount need root: run it as root." >&2; exit 2; }

started=$(date +%s)
"$here/scripts/debian-root.sh" "$build/debian-root"
root_made=$(date +%s)

# Everything this run makes, mounts included, lives under one folder that the exit trap takes down.
work="$build/dist-$mode"
mounts=()
cleanup() {
    local index
    for ((index = ${#mounts[@]} - 1; index >= 0; index--)); do umount -l "${mounts[index]}" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
if [ -d "$work" ]; then
    # A run killed before its trap leaves its mounts: take them down before removing the folder.
    grep -o " $work/[^ ]*" /proc/mounts | sort -r | while read -r point; do umount -l "$point" || true; done
    rm -rf "$work"
fi
mkdir -p "$work/upper" "$work/overlay-work" "$work/root" "$build/debian-apt-archives/partial"
mount -t overlay overlay -o "lowerdir=$build/debian-root,upperdir=$work/upper,workdir=$work/overlay-work" "$work/root"
mounts+=("$work/root")
root="$work/root"
mount --bind "$build/debian-apt-archives" "$root/var/cache/apt/archives"
mounts+=("$root/var/cache/apt/archives")
mount -t proc proc "$root/proc"
mounts+=("$root/proc")

# apt installs the package and what its Depends name, as a user's `apt-get install ./pickerreel_….deb` does.
cp "$deb" "$root/tmp/pickerreel.deb"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
install_package() { in_root apt-get install -y -q --no-install-recommends /tmp/pickerreel.deb >"$work/apt.log" 2>&1; }
if ! install_package; then
    # The root's package lists are as old as the root: the mirror may have moved on.
    in_root apt-get update -q >>"$work/apt.log" 2>&1 || true
    install_package || { tail -n 20 "$work/apt.log" >&2; fail "apt could not install $deb in a clean Debian 12 root (above)."; }
fi
installed=$(date +%s)
in_root dpkg-query -W -f='${Status}' pickerreel | grep -q 'install ok installed' || fail "dpkg does not list pickerreel as installed."
[ "$(in_root sh -c 'command -v pickerreel')" = /usr/bin/pickerreel ] || fail "pickerreel is not on the root's PATH."

# The host's render and the root's, from the same relative paths (a render's manifest records them).
formats=png,gif,apng,webp,mp4,webm,svg,svg-animated,sheet
mkdir -p "$work/host"
cp "$here/Fixtures/specs/seed-demo.json" "$work/host/"
(cd "$work/host" && "$tool" render seed-demo.json -o out --format "$formats" -q) || fail "the host's render failed."

# Renders the seed demo in ROOT's chroot, in /work as the user USERSPEC (the image's working folder, and the user
# mapping docs/install.md's `docker run -u` gives), and checks it against the host's, byte for byte, then as goldens.
check_root() {
    local checked=$1 label=$2 userspec=$3
    local folder="$checked/work"
    rm -rf "$folder"
    mkdir -p "$folder"
    cp "$here/Fixtures/specs/seed-demo.json" "$folder/"
    chown -R "$userspec" "$folder"
    # As `docker run -u UID:GID` runs it: a user with no account, HOME=/.
    run_there() { chroot --userspec="$userspec" "$checked" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/ LANG=C.UTF-8 sh -c "cd /work && $1"; }
    run_there "pickerreel render seed-demo.json -o out --format $formats -q" >"$work/render.log" 2>&1 \
        || { cat "$work/render.log" >&2; fail "pickerreel render failed in $label."; }
    # A quiet render prints nothing: a fontconfig or library warning there would reach every user of the image.
    [ ! -s "$work/render.log" ] || { cat "$work/render.log" >&2; fail "pickerreel render -q printed the above in $label."; }
    if ! diff -r --brief "$work/host/out" "$folder/out" >"$work/differences.txt"; then
        cat "$work/differences.txt" >&2
        fail "$label rendered the seed demo differently from this machine (files above)."
    fi
    echo "$label: the seed demo's $(find "$folder/out" -type f | wc -l) files are byte-identical to this machine's render." >&2
    # The golden loop there: the host's render as goldens matches; a changed golden differs (1) and is accepted.
    cp -a "$work/host/out" "$folder/goldens"
    chown -R "$userspec" "$folder/goldens"
    run_there "pickerreel compare goldens out" >"$work/compare.log" 2>&1 \
        || { cat "$work/compare.log" >&2; fail "pickerreel compare of the host's render with $label's found differences."; }
    cp "$folder/out/seed-demo/frame-0040.png" "$folder/goldens/seed-demo/frame-0001.png"
    local status=0
    run_there "pickerreel compare goldens out" >"$work/compare.log" 2>&1 || status=$?
    [ "$status" -eq 1 ] || { cat "$work/compare.log" >&2; fail "pickerreel compare in $label exited $status on a changed golden, not 1."; }
    run_there "pickerreel compare goldens out --update && pickerreel compare goldens out" >"$work/compare.log" 2>&1 \
        || { cat "$work/compare.log" >&2; fail "pickerreel compare --update in $label did not make the goldens match."; }
    cmp -s "$work/host/out/seed-demo/frame-0001.png" "$folder/goldens/seed-demo/frame-0001.png" \
        || fail "compare --update in $label did not restore the changed golden."
    rm -rf "$folder"
}

check_root "$root" "a clean Debian 12 root with the .deb installed" 0:0
checked=$(date +%s)
umount "$root/var/cache/apt/archives"
echo "dist-$mode: .deb $(du -h "$deb" | cut -f1); clean root $(du -sh "$build/debian-root" | cut -f1), with the package $(du -sxh "$root" | cut -f1); root made in $((root_made - started)) s (0 when cached), package installed in $((installed - root_made)) s, renders checked in $((checked - installed)) s." >&2

if [ "$mode" = image ]; then
    command -v umoci >/dev/null 2>&1 || { echo "make image: umoci is missing: apt-get install umoci (scripts/install-dependencies.sh --dist does)." >&2; exit 2; }
    umount "$root/proc"
    rm -f "$root/tmp/pickerreel.deb"
    version=$(dpkg-deb --field "$deb" Version)
    layout="$work/layout"
    umoci init --layout "$layout"
    umoci new --image "$layout:$version"
    umoci config --image "$layout:$version" --config.entrypoint /usr/bin/pickerreel --config.workingdir /work \
        --config.env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --config.env LANG=C.UTF-8 \
        --config.label "org.opencontainers.image.title=pickerreel" --config.label "org.opencontainers.image.version=$version" \
        --architecture "$(dpkg --print-architecture)" --os linux
    umoci unpack --image "$layout:$version" "$work/bundle" >/dev/null
    # The installed root becomes the image's one layer (its mounts are down; the overlay shows the merged files).
    cp -a "$root/." "$work/bundle/rootfs/"
    # apt's package lists are 50 MB of the root, out of date soon: an image gets them with apt-get update.
    rm -rf "$work/bundle/rootfs/var/lib/apt/lists/"*
    # An image layer keeps whole seconds of a folder's time, and fontconfig takes a font folder whose time changed
    # for a stale cache (then, run as a user with no writable home, prints "No writable cache directories" every
    # time): the font folders get whole-second times, and the system font cache is made again for them.
    find "$work/bundle/rootfs/usr/share/fonts" "$work/bundle/rootfs/usr/local/share/fonts" -type d 2>/dev/null \
        | while read -r folder; do touch -h -d "@$(stat -c %Y "$folder")" "$folder"; done
    chroot "$work/bundle/rootfs" /usr/bin/env -i PATH=/usr/bin:/bin fc-cache -s -f
    mkdir -p "$work/bundle/rootfs/work"
    chmod 1777 "$work/bundle/rootfs/work"
    umoci repack --image "$layout:$version" "$work/bundle"
    umoci gc --layout "$layout"
    # `docker load` (25 or later) names an OCI archive's image by containerd's annotation; podman and skopeo by the tag.
    python3 - "$layout/index.json" "docker.io/library/pickerreel:$version" <<'PYTHON'
import json, sys
index = json.load(open(sys.argv[1]))
for manifest in index["manifests"]:
    manifest.setdefault("annotations", {})["io.containerd.image.name"] = sys.argv[2]
json.dump(index, open(sys.argv[1], "w"))
PYTHON
    mkdir -p "$(dirname "$image")"
    tar --sort=name -C "$layout" -cf "$image.partial" . && mv "$image.partial" "$image"
    packed=$(date +%s)
    # The image as a user gets it: unpacked from the archive into a fresh root, where the seed demo renders the same.
    mkdir -p "$work/unpacked"
    tar -C "$work/unpacked" -xf "$image"
    # What `docker run` reads: one image named pickerreel:VERSION, running pickerreel in /work.
    python3 - "$work/unpacked" "$version" <<'PYTHON' || fail "the image's index or config is not what docs/install.md says (above)."
import json, os, sys
layout, version = sys.argv[1], sys.argv[2]
def blob(digest):
    return json.load(open(os.path.join(layout, "blobs", *digest.split(":"))))
[manifest] = json.load(open(os.path.join(layout, "index.json")))["manifests"]
assert manifest["annotations"]["io.containerd.image.name"] == "docker.io/library/pickerreel:" + version, manifest
assert manifest["annotations"]["org.opencontainers.image.ref.name"] == version, manifest
config = blob(blob(manifest["digest"])["config"]["digest"])["config"]
assert config["Entrypoint"] == ["/usr/bin/pickerreel"], config
assert config["WorkingDir"] == "/work", config
PYTHON
    umoci unpack --image "$work/unpacked:$version" "$work/image-bundle" >/dev/null
    # docker run mounts /proc (the Swift runtime needs it: without it the tool stops with an illegal instruction).
    mount -t proc proc "$work/image-bundle/rootfs/proc"
    mounts+=("$work/image-bundle/rootfs/proc")
    check_root "$work/image-bundle/rootfs" "the image's root ($image)" 1000:1000
    echo "image: $image $(du -h "$image" | cut -f1), packed in $((packed - checked)) s, its root checked in $(($(date +%s) - packed)) s." >&2
fi
