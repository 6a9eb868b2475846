#!/usr/bin/env bash
# Installs what PickerReel needs, only when something is missing; safe to run again.
#
#   scripts/install-dependencies.sh           the Debian packages it builds with (make build, make demo)
#   scripts/install-dependencies.sh --test    also headless Chromium (plays the animated SVG), the ffmpeg and
#                                             ffprobe executables (decode the videos the tests encode), and
#                                             PyPI's pixelmatch and pillow (the comparison's cross-check) and
#                                             PyYAML (the Action's tests read action.yml) and playwright (drives
#                                             that Chromium through the HTML report and the preview) and
#                                             rlottie-python and lottie (play and read the Lottie files),
#                                             jsonschema (checks written records against schema/) and
#                                             librlottie0-1 (plays the Lottie snapshots) and strace (counts the
#                                             files a forged journal makes the tool open) and time (GNU time:
#                                             AuditMemoryTests read a run's peak memory)  (make test)
#   scripts/install-dependencies.sh --bench   also python3-cairo (the naive baseline), ffmpeg, and numpy, pillow,
#                                             scikit-image (the GIF and video comparisons)  (make bench)
#   scripts/install-dependencies.sh --bazel   also Debian's bazel-bootstrap (Bazel 4), python3, and nginx-core and
#                                             curl (the remote cache on 127.0.0.1)  (make bazel-test)
#   scripts/install-dependencies.sh --dist    also dpkg-dev (dpkg-shlibdeps names the run-time packages), debootstrap
#                                             (the clean Debian root), umoci (packs the OCI image) (make dist,
#                                             make dist-test, make image; --test installs them too)
set -euo pipefail

mode=${1:-build}
mode=${mode#--}
case "$mode" in build | test | bench | bazel | dist) ;; *) echo "usage: $0 [--test | --bench | --bazel | --dist]" >&2; exit 2 ;; esac

# Debian packages, and Python modules from PyPI, with a module to import to see whether each is there.
# Fonts: Inter (the default family), DejaVu (sheet captions), Noto Color Emoji (emoji labels in colour) and Noto
# Sans Arabic and Hebrew (right-to-left labels). FFmpeg's libraries encode MP4 and WebM; libmicrohttpd serves the
# preview's page.
debian=(pkg-config libcairo2-dev libpango1.0-dev libdeflate-dev nettle-dev libgif-dev libimagequant-dev librsvg2-dev libwebp-dev
    libavcodec-dev libavformat-dev libavutil-dev libmicrohttpd-dev
    fonts-inter fonts-dejavu-core fonts-noto-color-emoji fonts-noto-core)
python_modules=()
python_packages=()
dist_tools=(dpkg-dev debootstrap umoci python3)
if [ "$mode" = test ]; then
    # librlottie0-1: the Lottie snapshots' player (PickerSnapshot opens it with dlopen; the tool never needs it).
    # strace: DeepJournalTests counts the folders a forged journal makes the tool open.
    # time: GNU time's %M, the peak memory AuditMemoryTests bound.
    debian+=(chromium ffmpeg librlottie0-1 strace time "${dist_tools[@]}")
    python_modules=(pixelmatch PIL yaml playwright rlottie_python lottie jsonschema)
    python_packages=(pixelmatch pillow PyYAML playwright rlottie-python lottie jsonschema)
elif [ "$mode" = bench ]; then
    debian+=(python3-cairo ffmpeg)
    python_modules=(numpy PIL skimage blazediff)
    python_packages=(numpy pillow scikit-image blazediff)
elif [ "$mode" = bazel ]; then
    debian+=(bazel-bootstrap python3 nginx-core curl)
elif [ "$mode" = dist ]; then
    debian+=("${dist_tools[@]}")
fi

missing=()
for package in "${debian[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$package")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "PickerReel needs these packages: ${missing[*]}" >&2
        echo "They are Debian's package names: PickerReel builds on Debian or Ubuntu (glibc, Linux system calls), not on macOS; elsewhere run it in a Debian container." >&2
        exit 1
    fi
    echo "Installing ${missing[*]} …" >&2
    sudo_prefix=()
    if [ "$(id -u)" -ne 0 ]; then sudo_prefix=(sudo); fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo_prefix[@]}" apt-get update -qq
    "${sudo_prefix[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ${#python_modules[@]} -gt 0 ]; then
    imports=$(IFS=,; echo "${python_modules[*]}")
    if ! python3 -c "import $imports" >/dev/null 2>&1; then
        if ! command -v python3 >/dev/null 2>&1 || ! python3 -m pip --version >/dev/null 2>&1; then
            echo "make $mode needs the PyPI packages ${python_packages[*]}, and python3 with pip is not available." >&2
            echo "Install it (Debian: sudo apt-get install python3 python3-pip)," >&2
            echo "then run: python3 -m pip install ${python_packages[*]}" >&2
            exit 1
        fi
        echo "Installing ${python_packages[*]} from PyPI …" >&2
        python3 -m pip install --quiet "${python_packages[@]}"
    fi
fi
