#!/usr/bin/env bash
# How dtb-gen scales with threads: builds VARIANT up to PIECES pieces from scratch with
# each thread count of the list, ROUNDS times (default 3), the counts in turn within each
# round so that all see the same load, and prints the scaling table: the shortest wall
# time of each count (on a shared machine, the run others disturbed least), its ratio to
# the first count's, and the writing share of that run (the seconds the
# log gives writing over those it gives solving and writing, summed over the materials:
# materials built at once count each).  With BASELINE=DTB_GEN, another dtb-gen (an older
# commit's) is run beside it at the same counts, in the same rounds.
#
# Where only 1 and 2 threads can be measured, rows for 4, 8 and 16 are derived from the
# serial fraction s that 1 and 2 give (Amdahl: T(n) = T(1) (s + (1 - s) / n), s = 2 T(2) /
# T(1) - 1), for the wall time and for the solving and writing sums apart, and marked
# "derived".  Every run of a dtb-gen must write the same MANIFEST, and every dtb-gen the
# same W/D/L counts: the script fails otherwise.
# Usage: [ROUNDS=R] [BASELINE=DTB_GEN] [DTB_BUILD_DIR=DIR] bench/scaling.sh VARIANT PIECES THREADS...
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 3 ] || { sed -n '2,15p' "$0"; exit 2; }
variant=$1 pieces=$2
shift 2
counts=("$@")
rounds=${ROUNDS:-3}
build=${DTB_BUILD_DIR:-build-bench}
if [ -z "${DTB_BUILD_DIR:-}" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$build" -j "$(nproc)" --target dtb-gen >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gens=("$build/dtb-gen")
[ -n "${BASELINE:-}" ] && gens+=("$BASELINE")

# Builds with dtb-gen $1 (its number in gens $2) and $3 threads; appends "gen threads wall
# solving writing" to $work/rows.
build_with() {
  local dir=$work/g$2t$3 start end
  rm -rf "$dir"
  start=$(date +%s.%N)
  "$1" --variant "$variant" --pieces "$pieces" --threads "$3" --dir "$dir" 2>"$work/log"
  end=$(date +%s.%N)
  awk -v g="$2" -v t="$3" -v wall="$(echo "$end - $start" | bc)" '
    / positions, solved in / { s += $6; for (i = 8; i < NF; i++) if ($i == "written") w += $(i + 2) }
    END { printf "%d %d %.3f %.3f %.3f\n", g, t, wall, s, w }' "$work/log" >>"$work/rows"
  # The same bytes from each dtb-gen, and the same values from all (the baseline's format
  # may differ: the W/D/L counts are compared, not the sizes and checksums).
  if [ -f "$work/MANIFEST$2" ]; then
    cmp -s "$work/MANIFEST$2" "$dir/MANIFEST" || { echo "FAIL $1 --threads $3 wrote other tables"; exit 1; }
  else
    cp "$dir/MANIFEST" "$work/MANIFEST$2"
  fi
  sed 's/ size=[0-9]* xxh3=[0-9a-f]*//' "$dir/MANIFEST" >"$work/counts"
  [ -f "$work/counts0" ] || cp "$work/counts" "$work/counts0"
  cmp -s "$work/counts0" "$work/counts" || { echo "FAIL $1 --threads $3 wrote other values"; exit 1; }
  rm -rf "$dir"
}

echo "$variant up to $pieces pieces, threads ${counts[*]}, $rounds rounds; $(nproc) cores," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg) before"
for ((r = 0; r < rounds; r++)); do
  for t in "${counts[@]}"; do
    for g in "${!gens[@]}"; do build_with "${gens[$g]}" "$g" "$t"; done
  done
done
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) after; the runs of each dtb-gen wrote the same" \
  "tables, and all the same values"

for g in "${!gens[@]}"; do
  echo
  echo "dtb-gen: ${gens[$g]}"
  echo "| threads | wall | over ${counts[0]} thread(s) | writing share | |"
  echo "| ---: | ---: | ---: | ---: | --- |"
  # The shortest round of each count, then the derived rows.
  for t in "${counts[@]}"; do
    awk -v g="$g" -v t="$t" '$1 == g && $2 == t' "$work/rows" | sort -k3,3n | head -n 1
  done | awk -v derive="${counts[*]}" '
    { t[NR] = $2; wall[NR] = $3; s[NR] = $4; w[NR] = $5; rows = NR }
    function serial(one, two) { f = 2 * two / one - 1; return f < 0 ? 0 : f > 1 ? 1 : f }
    function at(one, frac, n) { return one * (frac + (1 - frac) / n) }
    END {
      for (i = 1; i <= rows; i++)
        printf "| %d | %.2f s | %.2fx | %.0f%% | measured |\n", t[i], wall[i], wall[1] / wall[i], 100 * w[i] / (s[i] + w[i])
      if (rows < 2 || t[1] != 1 || t[2] != 2) exit
      fw = serial(wall[1], wall[2]); fs = serial(s[1], s[2]); fwr = serial(w[1], w[2])
      for (n = 4; n <= 16; n *= 2) {
        tw = at(wall[1], fw, n); ts = at(s[1], fs, n); twr = at(w[1], fwr, n)
        printf "| %d | %.2f s | %.2fx | %.0f%% | derived |\n", n, tw, wall[1] / tw, 100 * twr / (ts + twr)
      }
      printf "\nserial fractions from 1 and 2 threads: wall %.3f, solving %.3f, writing %.3f\n", fw, fs, fwr
    }'
done
