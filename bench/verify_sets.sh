#!/usr/bin/env bash
# Checks the complete sets bench/sets.sh built, each table by the independent verifier
# (dtb-check), and records the result and wall time in bench/results/verify.tsv; then
# regenerates bench/RESULTS.md.  Exits non-zero if any table fails.
# A set too long to check in one sitting (frisian) is checked over several with RESUME=1:
# the tables that passed (listed in ROOT/ID.checked as they pass) are not checked again, and
# the time recorded is the sum of every run's wall time (bench/run_time.sh).
# Usage: bench/verify_sets.sh [VARIANT...]   (default: every set in DTB_SETS_ROOT;
#        env: THREADS, 2; RESUME, 0)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/run_time.sh
build=${DTB_BUILD_DIR:-build-bench}
sets=${DTB_SETS_ROOT:-build-sets}
threads=${THREADS:-2}
tsv=bench/results/verify.tsv
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)" --target dtb-check >/dev/null
mkdir -p bench/results
[ -f "$tsv" ] || printf 'variant\ttables\tfailed\tseconds\tdate\n' >"$tsv"

# The materials of set ID not yet listed as passed.
unchecked() {
  (cd "$sets/$1" && ls -- *.dtb) | sed 's/\.dtb$//' | grep -vxF -f "$sets/$1.checked" || true
}

status=0
ids=${*:-$(cd "$sets" && ls -d */ 2>/dev/null | tr -d /)}
for id in $ids; do
  checked=$sets/$id.checked
  if [ "${RESUME:-0}" != 1 ]; then rm -f "$checked" "$sets/$id".check-elapsed.*; fi
  touch "$checked"
  echo "== checking $sets/$id" >&2
  materials=$(unchecked "$id")
  run_time_start "$sets/$id.check-elapsed.$(date +%s)"
  if [ -n "$materials" ]; then
    # shellcheck disable=SC2086 # one argument per material
    "$build/dtb-check" --variant "$id" --dir "$sets/$id" --threads "$threads" $materials |
      tee /dev/stderr | awk '$1 == "ok" { print $2; fflush() }' >>"$checked" || true
  fi
  run_time_stop
  tables=$(cd "$sets/$id" && ls -- *.dtb | wc -l)
  failed=$(unchecked "$id" | wc -l)
  [ "$failed" = 0 ] || status=1
  echo "$id: $((tables - failed)) passed, $failed failed" >&2
  printf '%s\t%d\t%d\t%.1f\t%s\n' "$id" "$tables" "$failed" "$(run_time_total "$sets/$id.check-elapsed")" \
    "$(date +%F)" >>"$tsv"
done
bash bench/results_md.sh
exit $status
