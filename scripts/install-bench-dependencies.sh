#!/usr/bin/env bash
# Installs what only `make bench` needs, when missing: Debian's python3-cairo (the naive baseline), ffmpeg (the
# GIF comparison), and numpy, pillow and scikit-image from PyPI (SSIM and PSNR of the GIFs).
set -euo pipefail

sudo_prefix=()
if [ "$(id -u)" -ne 0 ]; then sudo_prefix=(sudo); fi
missing=()
/usr/bin/python3 -c 'import cairo' >/dev/null 2>&1 || missing+=(python3-cairo)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
if [ ${#missing[@]} -gt 0 ]; then
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "make bench needs: ${missing[*]}; install them with your package manager." >&2
        exit 1
    fi
    echo "Installing ${missing[*]} …" >&2
    export DEBIAN_FRONTEND=noninteractive
    "${sudo_prefix[@]}" apt-get update -qq
    "${sudo_prefix[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ! python3 -c 'import numpy, PIL, skimage' >/dev/null 2>&1; then
    echo "Installing numpy, pillow and scikit-image from PyPI …" >&2
    python3 -m pip install --quiet numpy pillow scikit-image
fi
