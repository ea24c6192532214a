#!/usr/bin/env bash
# Builds the default table set of every variant into tables/ID: up to 3 pieces on 10x10 and
# 4 on 8x8, what the test suite checks.  dtb-gen writes tables/ID/MANIFEST, committed so
# that a rebuild can be compared with it byte for byte.
# Usage: scripts/default_tables.sh [BUILD_DIR]   (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
"$build/dtb-gen" --list-variants | while read -r id size; do
  pieces=$([ "$size" = 10 ] && echo 3 || echo 4)
  echo "== $id: up to $pieces pieces" >&2
  "$build/dtb-gen" --variant "$id" --pieces "$pieces" --threads "$(nproc)"
done
