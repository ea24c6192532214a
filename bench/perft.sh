#!/bin/sh
# Builds dtb in Release mode and runs the perft benchmark: leaves per second of the move
# generator from the initial positions of International and Frisian.
# Usage: bench/perft.sh [DEPTH_INTERNATIONAL [DEPTH_FRISIAN]]
# The build goes to $DTB_BUILD_DIR (default: build-bench beside the sources).
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
build=${DTB_BUILD_DIR:-$root/build-bench}
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target bench_perft -j "$(nproc)" >/dev/null
"$build/bench_perft" "${1:-9}" "${2:-8}"
