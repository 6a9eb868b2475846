#!/usr/bin/env bash
# The GitHub Action's install step when the workflow gives it a release .deb (input `deb`): checks the file, installs
# it with apt (which installs the libraries and fonts its Depends name) and puts the installed tool in TOOL_FOLDER,
# where the render and compare steps run it. Tested by Tests/PickerReelCLITests/ActionDebInstallTests.swift.
#
#   scripts/install-deb.sh DEB TOOL_FOLDER
#
# DEB must be a plain file (not a link, nor reached through one) named *.deb holding the Debian package pickerreel
# for this machine's architecture; anything else is refused with an annotation naming it, exit status 2, and nothing
# installed. The package is built for Debian 12 (bookworm): run the job in a Debian 12 container (`container:
# debian:12`) or the image (docs/install.md). apt failing is exit status 1.
set -uo pipefail

if [ $# -ne 2 ]; then
    echo "usage: $0 DEB TOOL_FOLDER" >&2
    exit 2
fi
deb=$1 tool_folder=$2

# A workflow command's message with GitHub's escapes (% CR LF), so no file name can start a command of its own.
refuse() {
    local message="the deb input $1"
    message=${message//'%'/'%25'}
    message=${message//$'\r'/'%0D'}
    message=${message//$'\n'/'%0A'}
    echo "::error title=PickerReel::$message"
    exit "${2:-2}"
}

[ -n "$deb" ] || refuse "is empty; give the path of a pickerreel_*.deb, or leave the input out to build from source"
logical=$(realpath -m -s -- "$deb")
real=$(realpath -m -- "$deb")
if [ -L "$deb" ] || [ "$real" != "$logical" ]; then
    refuse "$deb goes through a symbolic link (it leads to $real); give the .deb file itself (nothing was installed)"
fi
[ -e "$deb" ] || refuse "$deb does not exist; download the release's pickerreel_*.deb in an earlier step (nothing was installed)"
[ -f "$deb" ] || refuse "$deb is not a file; give the path of a pickerreel_*.deb (nothing was installed)"
case "$deb" in *.deb) ;; *) refuse "$deb is not a .deb (its name should end in .deb); give the release's pickerreel_*.deb (nothing was installed)" ;; esac
if ! package=$(dpkg-deb --field "$deb" Package 2>/dev/null) || [ -z "$package" ]; then
    refuse "$deb is not a Debian package (dpkg-deb cannot read it); give the release's pickerreel_*.deb (nothing was installed)"
fi
[ "$package" = pickerreel ] || refuse "$deb holds the package $package, not pickerreel (nothing was installed)"
architecture=$(dpkg-deb --field "$deb" Architecture)
machine=$(dpkg --print-architecture)
[ "$architecture" = "$machine" ] || [ "$architecture" = all ] \
    || refuse "$deb is built for $architecture and this runner is $machine (nothing was installed)"
version=$(dpkg-deb --field "$deb" Version)

# apt wants a path with a slash to take a file for a package name.
sudo_prefix=()
if [ "$(id -u)" -ne 0 ]; then sudo_prefix=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
install_package() { "${sudo_prefix[@]}" apt-get install -y -q --no-install-recommends --allow-downgrades "$logical"; }
if ! install_package; then
    # A fresh runner or container may have no package lists yet.
    "${sudo_prefix[@]}" apt-get update -q && install_package \
        || refuse "$deb could not be installed by apt (see the log above); it is built for Debian 12 (bookworm)" 1
fi
installed=$(dpkg-query -W -f='${Version}' pickerreel 2>/dev/null)
[ "$installed" = "$version" ] || refuse "$deb was not installed: dpkg lists pickerreel ${installed:-as missing}, not $version" 1
mkdir -p "$tool_folder"
install -m 755 /usr/bin/pickerreel "$tool_folder/pickerreel"
echo "Installed pickerreel $version from $deb: $("$tool_folder/pickerreel" --version)"
