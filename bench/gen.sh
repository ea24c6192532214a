#!/usr/bin/env bash
# Generation speed and table size: builds VARIANT up to PIECES pieces from scratch with 1
# and with 2 threads and prints, for each, positions per second for the solving alone and
# for everything (solving, compressing, writing), per piece count, so that time per
# position can be compared from PIECES-1 to PIECES; then the 2-thread speed-up, whether
# both wrote the same bytes, the size (bench_table) and the probe speed (bench_probe).
# With ROUNDS=R it builds R times, 1 and 2 threads in turn, and prints every round's
# speed-up and their median: on a shared machine one round can be off by 30%.
# Usage: [ROUNDS=R] bench/gen.sh VARIANT PIECES
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:-international}
pieces=${2:-4}
rounds=${ROUNDS:-1}
build=${DTB_BUILD_DIR:-build-bench}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)" --target dtb-gen bench_probe bench_table >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The rates of a log by piece count, from log_rates.sh's rows (VARIANT, pieces, positions,
# seconds solving, seconds writing).
rates() {
  bash bench/log_rates.sh "$variant" "$2" | awk -F'\t' -v threads="$1" '
    { printf "  %d threads, %d pieces: %13.0f positions  solving %6.2f M/s  all %6.2f M/s\n", threads, $2, $3, $3 / $4 / 1e6, $3 / ($4 + $5) / 1e6
      N += $3; S += $4; A += $4 + $5 }
    END { printf "  %d threads, all:      %13.0f positions  solving %6.2f M/s  all %6.2f M/s\n", threads, N, N / S / 1e6, N / A / 1e6 }'
}

echo "$variant up to $pieces pieces"
# Builds with $1 threads into $work/t$1 and prints the wall seconds it took.
build_with() {
  rm -rf "$work/t$1"
  local start end
  start=$(date +%s.%N)
  "$build/dtb-gen" --variant "$variant" --pieces "$pieces" --threads "$1" \
    --dir "$work/t$1" 2>"$work/log$1"
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
for round in $(seq "$rounds"); do
  one=$(build_with 1)
  two=$(build_with 2)
  echo "$one $two" >>"$work/walls"
done
for threads in 1 2; do
  rates "$threads" "$work/log$threads"
  grep '^peak memory' "$work/log$threads" | sed 's/^/  /'
done
sort -k1,1 -g "$work/walls" | awk '{ printf "wall: %.1f s on 1 thread, %.1f s on 2: speed-up %.2fx\n", $1, $2, $1 / $2 }'
awk '{ print $1 / $2 }' "$work/walls" | sort -g |
  awk '{ r[NR] = $1 } END { printf "median speed-up over %d rounds: %.2fx\n", NR, r[int((NR + 1) / 2)] }'
cmp -s "$work/t1/MANIFEST" "$work/t2/MANIFEST" && echo "1 and 2 threads wrote identical tables" ||
  echo "1 and 2 threads wrote DIFFERENT tables"
"$build/bench_table" "$work/t1"
"$build/bench_probe" "$variant" "$work/t1" 1000000 2
