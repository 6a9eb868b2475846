#!/usr/bin/env bash
# Installs the Debian packages PickerReel builds and tests with, and the PyPI packages its pixelmatch cross-check
# tests run, only when something is missing. Safe to run again: it does nothing when everything is present.
set -euo pipefail

packages=(pkg-config libcairo2-dev libpango1.0-dev libdeflate-dev libgif-dev libimagequant-dev fonts-inter fonts-dejavu-core)

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$package")
    fi
done

if [ ${#missing[@]} -gt 0 ]; then
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "PickerReel needs these packages: ${missing[*]}" >&2
        echo "Install them with your package manager (Homebrew: brew install cairo pango libdeflate giflib libimagequant)." >&2
        exit 1
    fi

    echo "Installing ${missing[*]} …" >&2
    sudo_prefix=()
    if [ "$(id -u)" -ne 0 ]; then sudo_prefix=(sudo); fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo_prefix[@]}" apt-get update -qq
    "${sudo_prefix[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Tests/PickerCompareTests cross-checks its pixel counts against PyPI's pixelmatch, run by python3 with Pillow.
if ! python3 -c 'import pixelmatch, PIL' >/dev/null 2>&1; then
    if ! command -v python3 >/dev/null 2>&1 || ! python3 -m pip --version >/dev/null 2>&1; then
        echo "The tests need the PyPI packages pixelmatch and pillow, and python3 with pip is not available." >&2
        echo "Install it (Debian: sudo apt-get install python3 python3-pip; Homebrew: brew install python)," >&2
        echo "then run: python3 -m pip install pixelmatch pillow" >&2
        exit 1
    fi
    echo "Installing pixelmatch and pillow from PyPI …" >&2
    python3 -m pip install --quiet pixelmatch pillow
fi
