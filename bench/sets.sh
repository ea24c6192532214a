#!/usr/bin/env bash
# The complete sets of issue 6: every seed variant up to 5 pieces on 10x10 and 6 on 8x8.
# For each variant named (default: all seed variants) it builds the set from scratch with
# dtb-gen into ROOT/ID, times it, and records one row in bench/results/sets.tsv; then it
# regenerates bench/RESULTS.md from all rows recorded so far.  Checking the tables is a
# separate command, bench/verify_sets.sh, which adds its own rows.
# A set too long for one sitting (frisian) is built over several with RESUME=1: the tables
# already complete are kept, the log is appended to, and the time recorded is the sum of
# every run's wall time (bench/run_time.sh).
# With ONE_SIDE=1 the tables store one side to move (dtb-gen --one-side), recorded as
# "ID --one-side"; give such a set a root of its own.
# Usage: bench/sets.sh [VARIANT...]   (env: DTB_SETS_ROOT, default build-sets; THREADS, 2;
#        RESUME, 0; ONE_SIDE, 0; PIECES, to try the script on a smaller set)
set -euo pipefail
root_src=$(cd "$(dirname "$0")/.." && pwd)
cd "$root_src"
source bench/run_time.sh
build=${DTB_BUILD_DIR:-build-bench}
sets=${DTB_SETS_ROOT:-build-sets}
threads=${THREADS:-2}
one_side=$([ "${ONE_SIDE:-0}" = 1 ] && echo --one-side || true)
tsv=bench/results/sets.tsv
rates=bench/results/rates.tsv
kings_rates=bench/results/rates_by_kings.tsv
seed_variants="scandinavian scandinavian-free scandinavian-medium scandinavian-medium-free
  scandinavian-weak scandinavian-weak-free frisian frisian2 scandinavian-8 scandinavian-8-free
  scandinavian-medium-8 scandinavian-medium-8-free scandinavian-weak-8 scandinavian-weak-8-free
  stockholm stockholm-free stockholm-halt frisian2-8"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)" --target dtb-gen bench_table >/dev/null
mkdir -p bench/results "$sets"
[ -f "$rates" ] || printf 'variant\tpieces\tpositions\tsolving_s\twriting_s\n' >"$rates"
[ -f "$kings_rates" ] ||
  printf 'variant\tpieces\tkings\tpositions\tsolving_s\twriting_s\n' >"$kings_rates"
[ -f "$tsv" ] || printf 'variant\tpieces\tthreads\tpositions\tseconds\twdl_bytes\tdtw_bytes\tpeak_memory\tdate\n' >"$tsv"

# The largest peak memory a log holds, over all its runs: dtb-gen gives the peak so far on
# each material's line ("..., peak memory 1.30 GiB") and at its end, so a run killed
# midway counts too.
largest_peak() {
  awk 'BEGIN { unit["KiB"] = 2^10; unit["MiB"] = 2^20; unit["GiB"] = 2^30 }
    match($0, /peak memory [0-9.]+ [KMG]iB/) {
      split(substr($0, RSTART, RLENGTH), word, " ")
      if (word[3] * unit[word[4]] >= most) { most = word[3] * unit[word[4]]; text = word[3] " " word[4] }
    }
    END { print text }' "$1"
}

size_of() { "$build/dtb-gen" --list-variants | awk -v id="$1" '$1 == id {print $2}'; }

build_set() {
  local id=$1 label="$1${one_side:+ $one_side}" size pieces dir log seconds
  size=$(size_of "$id")
  [ -n "$size" ] || { echo "sets.sh: unknown variant '$id'" >&2; exit 2; }
  pieces=${PIECES:-$([ "$size" = 10 ] && echo 5 || echo 6)}
  dir=$sets/$id
  log=$sets/$id.log
  if [ "${RESUME:-0}" != 1 ]; then
    rm -rf "$dir" "$dir".elapsed.* "$log" "$dir.checked" "$dir".check-elapsed.*
  fi
  echo "== $id up to $pieces pieces into $dir (log $log)" >&2
  run_time_start "$dir.elapsed.$(date +%s)"
  # shellcheck disable=SC2086 # no argument without --one-side
  "$build/dtb-gen" --variant "$id" --pieces "$pieces" --threads "$threads" --dir "$dir" \
    $one_side 2>>"$log"
  run_time_stop
  seconds=$(run_time_total "$dir.elapsed")
  # bench_table's "all" line: positions, then bytes and bits of WDL and DTW per value set.
  "$build/bench_table" "$dir" | awk -v id="$label" -v k="$pieces" -v t="$threads" \
    -v secs="$seconds" -v peak="$(largest_peak "$log")" \
    -v day="$(date -u +%FT%H:%MZ)" '$1 == "all" {
      printf "%s\t%d\t%d\t%s\t%.1f\t%.0f\t%.0f\t%s\t%s\n", id, k, t, $2, secs, $3 + $7, $5 + $9, peak, day
    }' >>"$tsv"
  for table in "$rates" "$kings_rates"; do
    awk -v id="$label" -F'\t' '$1 != id' "$table" >"$table.new" && mv "$table.new" "$table"
  done
  bash bench/log_rates.sh "$label" "$log" >>"$rates"
  bash bench/log_rates.sh --by-kings "$label" "$log" >>"$kings_rates"
  tail -1 "$tsv" >&2
}

for id in ${@:-$seed_variants}; do build_set "$id"; done
bash bench/results_md.sh
