#!/usr/bin/env bash
# usage: bench/compare.sh OLD_BUILD NEW_BUILD [ROUNDS] [WORK]
# Two builds of dtb side by side in one run, each a build folder with dtb-gen and
# bench_probe: the generator's rate (Brazilian's 4-piece set built afresh on 1 thread, its
# positions over the wall time) and bench_probe's warm WDL and full probe rates over that
# set (1 thread, positions drawn over all positions).  The builds take turns, ROUNDS times
# (default 3), so that whatever else loads the machine falls on both alike; it prints every
# run, then each figure's median for both and the ratio new/old.
set -euo pipefail
old=$1 new=$2 rounds=${3:-3} work=${4:-$(mktemp -d)}
mkdir -p "$work"
now() { date +%s.%N; }

gen_rate() { # BUILD DIR: positions a second of a fresh 4-piece set
  rm -rf "$2"
  local start end positions
  start=$(now)
  "$1/dtb-gen" --variant brazilian --pieces 4 --threads 1 --dir "$2" 2>"$2.log" >/dev/null
  end=$(now)
  positions=$(awk '/ positions, solved/ { s += $2 } END { print s }' "$2.log")
  awk -v p="$positions" -v s="$start" -v e="$end" 'BEGIN { printf "%.0f\n", p / (e - s) }'
}

probe_rates() { # BUILD DIR: warm WDL and full probes a second over all positions, M/s
  "$1/bench_probe" brazilian "$2" 200000 1 2>/dev/null |
    awk '/positions drawn over all positions/ { all = 1 }
         all && /warm WDL probes: / { wdl = $4 }
         all && /warm full probes/ { full = $7 }
         END { print wdl, full }'
}

for round in $(seq "$rounds"); do
  for build in old new; do
    dir=${!build}
    rate=$(gen_rate "$dir" "$work/$build")
    read -r wdl full < <(probe_rates "$dir" "$work/$build")
    echo "round $round $build: dtb-gen $rate positions/s, warm WDL $wdl M/s, warm full $full M/s"
  done
done | tee "$work/runs"

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
for figure in "dtb-gen:5" "warm WDL:9" "warm full:13"; do
  name=${figure%%:*} field=${figure##*:}
  o=$(awk -v f="$field" '$3 == "old:" { print $f }' "$work/runs" | median)
  n=$(awk -v f="$field" '$3 == "new:" { print $f }' "$work/runs" | median)
  awk -v name="$name" -v o="$o" -v n="$n" 'BEGIN { printf "%-10s median old %s, new %s: new/old %.3f\n", name, o, n, n / o }'
done
