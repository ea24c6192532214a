#!/usr/bin/env bash
# The time of counting whole tables (dtb-probe stats) by two dtb-probe programs side by
# side: for each material, ROUNDS runs of each (default 5), taking turns so that whatever
# else loads the machine falls on both alike; prints each program's median wall time and
# the ratio old/new, and fails unless both print the same counts.
# Usage: [ROUNDS=R] bench/stats_time.sh OLD_DTB_PROBE NEW_DTB_PROBE VARIANT DIR MATERIAL...
#   e.g. bench/stats_time.sh /tmp/old/dtb-probe build/dtb-probe brazilian tables/brazilian KKvKK
set -euo pipefail
[ $# -ge 5 ] || { sed -n '2,7p' "$0"; exit 2; }
old=$1 new=$2 variant=$3 dir=$4
shift 4
rounds=${ROUNDS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs program $1 on material $2, its output to $3; prints the wall seconds.
timed() {
  local start end
  start=$(date +%s.%N)
  "$1" stats --variant "$variant" --dir "$dir" "$2" >"$3"
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f\n", e - s }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '| material | old | new | old/new |\n| --- | ---: | ---: | ---: |\n'
for material in "$@"; do
  : >"$work/old.times"
  : >"$work/new.times"
  for _ in $(seq "$rounds"); do
    timed "$old" "$material" "$work/old.out" >>"$work/old.times"
    timed "$new" "$material" "$work/new.out" >>"$work/new.times"
    cmp -s "$work/old.out" "$work/new.out" || { echo "FAIL $material: the counts differ"; exit 1; }
  done
  o=$(median <"$work/old.times") n=$(median <"$work/new.times")
  awk -v m="$material" -v o="$o" -v n="$n" 'BEGIN { printf "| %s | %.3f s | %.3f s | %.2fx |\n", m, o, n, o / n }'
done
