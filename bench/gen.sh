#!/usr/bin/env bash
# Generation speed and table size: builds VARIANT up to PIECES pieces from scratch with 1
# and with 2 threads, and prints positions per second (solving, compressing and writing
# included) and the bits each position takes on disk (all value sets and DTW together).
# Usage: bench/gen.sh VARIANT PIECES
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:-international}
pieces=${2:-4}
build=${DTB_BUILD_DIR:-build-bench}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)" --target dtb-gen bench_probe >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for threads in 1 2; do
  start=$(date +%s.%N)
  "$build/dtb-gen" --variant "$variant" --pieces "$pieces" --threads "$threads" \
    --dir "$work/t$threads" 2>"$work/log$threads"
  end=$(date +%s.%N)
  positions=$(awk '/ positions, / {n += $2} END {print n}' "$work/log$threads")
  bytes=$(cat "$work/t$threads"/*.dtb | wc -c)
  awk -v p="$positions" -v s="$start" -v e="$end" -v b="$bytes" -v t="$threads" -v v="$variant" \
    -v k="$pieces" 'BEGIN { printf "%s up to %d pieces, %d thread(s): %d positions in %.1f s = %.2f M positions/s; %d bytes = %.3f bits/position\n", v, k, t, p, e - s, p / (e - s) / 1e6, b, b * 8 / p }'
done
cmp -s "$work/t1/MANIFEST" "$work/t2/MANIFEST" && echo "1 and 2 threads wrote identical tables" ||
  echo "1 and 2 threads wrote DIFFERENT tables"
"$build/bench_probe" "$variant" "$work/t1" 1000000 2
