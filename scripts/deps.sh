#!/usr/bin/env bash
# Installs what dtb needs to build and test on Debian, when it is missing.
set -euo pipefail
packages=(build-essential cmake pkg-config libzstd-dev libxxhash-dev clang-format clang libclang-rt-dev
  libmicrohttpd-dev zlib1g-dev chromium chromium-driver python3 python3-pytest python3-setuptools python3-pip
  python3-venv libopenmpi-dev openmpi-bin time)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "installing: ${missing[*]}"
$sudo apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
