#!/usr/bin/env bash
# Installs what only the tests need, when missing: headless Chromium, which plays the animated SVG so a test can
# compare it with the PNG frames.
set -euo pipefail

if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "The animated-SVG tests need Chromium; install it with your package manager." >&2
    exit 1
fi
echo "Installing chromium for the animated-SVG tests …" >&2
sudo_prefix=()
if [ "$(id -u)" -ne 0 ]; then sudo_prefix=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_prefix[@]}" apt-get update -qq
"${sudo_prefix[@]}" apt-get install -y -qq --no-install-recommends chromium >/dev/null
