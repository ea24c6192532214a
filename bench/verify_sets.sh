#!/usr/bin/env bash
# Checks the complete sets bench/sets.sh built, each table by the independent verifier
# (dtb-check), and records the result and wall time in bench/results/verify.tsv; then
# regenerates bench/RESULTS.md.  Exits non-zero if any table fails.
# Usage: bench/verify_sets.sh [VARIANT...]   (default: every set in DTB_SETS_ROOT)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${DTB_BUILD_DIR:-build-bench}
sets=${DTB_SETS_ROOT:-build-sets}
threads=${THREADS:-2}
tsv=bench/results/verify.tsv
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)" --target dtb-check >/dev/null
mkdir -p bench/results
[ -f "$tsv" ] || printf 'variant\ttables\tfailed\tseconds\tdate\n' >"$tsv"
status=0
ids=${*:-$(cd "$sets" && ls -d */ 2>/dev/null | tr -d /)}
for id in $ids; do
  echo "== checking $sets/$id" >&2
  start=$(date +%s.%N)
  out=$("$build/dtb-check" --variant "$id" --dir "$sets/$id" --threads "$threads" | tail -1) || status=1
  end=$(date +%s.%N)
  echo "$out" >&2
  echo "$out" | awk -v id="$id" -v s="$start" -v e="$end" -v day="$(date +%F)" \
    '{ printf "%s\t%d\t%d\t%.1f\t%s\n", id, $1 + $3, $3, e - s, day }' >>"$tsv"
done
bash bench/results_md.sh
exit $status
