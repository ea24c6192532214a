#!/usr/bin/env bash
# Checks the complete sets bench/sets.sh built, each table by the independent verifier
# (dtb-check), and records the result and wall time in bench/results/verify.tsv; then
# regenerates bench/RESULTS.md.  Exits non-zero if any table fails.
# A set too long to check in one sitting (frisian) is checked over several with RESUME=1:
# the tables that passed (listed in ROOT/ID.checked as they pass) are not checked again, and
# the time recorded is the sum of every run's wall time (bench/run_time.sh).
# Sets built with ONE_SIDE=1 are recorded as "ID --one-side" when checked with ONE_SIDE=1.
# Usage: bench/verify_sets.sh [VARIANT...]   (default: every set in DTB_SETS_ROOT;
#        env: THREADS, 2; RESUME, 0; ONE_SIDE, 0)
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

# The materials of set ID, smaller files first (a sitting cut short loses the least), and
# those not yet listed as passed.
materials() {
  find "$sets/$1" -maxdepth 1 -name '*.dtb' -printf '%s %f\n' | sort -n | sed 's/^[0-9]* //; s/\.dtb$//'
}
unchecked() { materials "$1" | grep -vxF -f "$sets/$1.checked" || true; }

status=0
ids=${*:-$(cd "$sets" && ls -d */ 2>/dev/null | tr -d /)}
for id in $ids; do
  checked=$sets/$id.checked
  if [ "${RESUME:-0}" != 1 ]; then rm -f "$checked" "$sets/$id".check-elapsed.*; fi
  touch "$checked"
  echo "== checking $sets/$id" >&2
  todo=$(unchecked "$id")
  run_time_start "$sets/$id.check-elapsed.$(date +%s)"
  if [ -n "$todo" ]; then
    # dtb-check's own status is not needed: a table that did not pass stays unlisted.  Its
    # lines are read one at a time (mawk would buffer them), so a killed run keeps what passed.
    # shellcheck disable=SC2086 # one argument per material
    "$build/dtb-check" --variant "$id" --dir "$sets/$id" --threads "$threads" $todo |
      while IFS= read -r line; do
        echo "$line" >&2
        case $line in "ok "*) line=${line#ok } && echo "${line%% *}" >>"$checked" ;; esac
      done || true
  fi
  run_time_stop
  tables=$(materials "$id" | wc -l)
  failed=$(unchecked "$id" | wc -l)
  [ "$tables" -gt 0 ] && [ "$failed" = 0 ] || status=1
  echo "$id: $((tables - failed)) of $tables tables passed" >&2
  label="$id$([ "${ONE_SIDE:-0}" = 1 ] && echo " --one-side" || true)"
  awk -v id="$label" -v n="$tables" -v f="$failed" -v s="$(run_time_total "$sets/$id.check-elapsed")" \
    -v day="$(date -u +%FT%H:%MZ)" 'BEGIN { printf "%s\t%d\t%d\t%.1f\t%s\n", id, n, f, s, day }' >>"$tsv"
done
bash bench/results_md.sh
exit $status
