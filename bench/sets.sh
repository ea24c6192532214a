#!/usr/bin/env bash
# The complete sets of issue 6: every seed variant up to 5 pieces on 10x10 and 6 on 8x8.
# For each variant named (default: all seed variants) it builds the set from scratch with
# dtb-gen into ROOT/ID, times it, and records one row in bench/results/sets.tsv; then it
# regenerates bench/RESULTS.md from all rows recorded so far.  Checking the tables is a
# separate command, bench/verify_sets.sh, which adds its own rows.
# Usage: bench/sets.sh [VARIANT...]   (env: DTB_SETS_ROOT, default build-sets; THREADS, 2)
set -euo pipefail
root_src=$(cd "$(dirname "$0")/.." && pwd)
cd "$root_src"
build=${DTB_BUILD_DIR:-build-bench}
sets=${DTB_SETS_ROOT:-build-sets}
threads=${THREADS:-2}
tsv=bench/results/sets.tsv
rates=bench/results/rates.tsv
seed_variants="scandinavian scandinavian-free scandinavian-medium scandinavian-medium-free
  scandinavian-weak scandinavian-weak-free frisian frisian2 scandinavian-8 scandinavian-8-free
  scandinavian-medium-8 scandinavian-medium-8-free scandinavian-weak-8 scandinavian-weak-8-free
  stockholm stockholm-free stockholm-halt frisian2-8"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)" --target dtb-gen bench_table >/dev/null
mkdir -p bench/results "$sets"
[ -f "$rates" ] || printf 'variant\tpieces\tpositions\tsolving_s\twriting_s\n' >"$rates"
[ -f "$tsv" ] || printf 'variant\tpieces\tthreads\tpositions\tseconds\twdl_bytes\tdtw_bytes\tpeak_memory\tdate\n' >"$tsv"

size_of() { "$build/dtb-gen" --list-variants | awk -v id="$1" '$1 == id {print $2}'; }

build_set() {
  local id=$1 size pieces dir log start end
  size=$(size_of "$id")
  [ -n "$size" ] || { echo "sets.sh: unknown variant '$id'" >&2; exit 2; }
  pieces=$([ "$size" = 10 ] && echo 5 || echo 6)
  dir=$sets/$id
  log=$sets/$id.log
  rm -rf "$dir"
  echo "== $id up to $pieces pieces into $dir (log $log)" >&2
  start=$(date +%s.%N)
  "$build/dtb-gen" --variant "$id" --pieces "$pieces" --threads "$threads" --dir "$dir" 2>"$log"
  end=$(date +%s.%N)
  # bench_table's "all" line: positions, then bytes and bits of WDL and DTW per value set.
  "$build/bench_table" "$dir" | awk -v id="$id" -v k="$pieces" -v t="$threads" \
    -v s="$start" -v e="$end" -v peak="$(awk '/^peak memory/ {print $3 " " $4}' "$log")" \
    -v day="$(date +%F)" '$1 == "all" {
      printf "%s\t%d\t%d\t%s\t%.1f\t%.0f\t%.0f\t%s\t%s\n", id, k, t, $2, e - s, $3 + $7, $5 + $9, peak, day
    }' >>"$tsv"
  awk -v id="$id" -F'\t' '$1 != id' "$rates" >"$rates.new" && mv "$rates.new" "$rates"
  bash bench/log_rates.sh "$id" "$log" >>"$rates"
  tail -1 "$tsv" >&2
}

for id in ${@:-$seed_variants}; do build_set "$id"; done
bash bench/results_md.sh
