#!/usr/bin/env bash
# Cost per position of solving in slice groups on disk against solving whole in memory
# (dtb-gen --slices always / never), on materials of a complete set: the set is copied,
# and each material is rebuilt both ways, ROUNDS times in turn (default 1), from the same
# successors.  Prints for each build the solving and the whole time per position and the
# peak memory, then the ratio of the fastest slice build to the fastest whole one; and
# checks that both wrote the set's own table byte for byte.
# Usage: [ROUNDS=R] [THREADS=T] bench/slices.sh SET_DIR VARIANT MATERIAL...
#   e.g. bench/slices.sh /work/tables5/scandinavian scandinavian KKMvKM KMMvKM
set -euo pipefail
cd "$(dirname "$0")/.."
set_dir=$1
variant=$2
shift 2
rounds=${ROUNDS:-1}
threads=${THREADS:-2}
build=${DTB_BUILD_DIR:-build-bench}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j2 --target dtb-gen >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$set_dir" "$work/set"

# Rebuilds $1 with --slices $2; prints "MODE solve_ns all_ns peak" for it.
rebuild() {
  rm -f "$work/set/$1.dtb"
  "$build/dtb-gen" --variant "$variant" --dir "$work/set" --threads "$threads" --slices "$2" \
    "$1" 2>"$work/log"
  cmp -s "$work/set/$1.dtb" "$set_dir/$1.dtb" || { echo "FAIL $1 --slices $2 differs"; exit 1; }
  # "\rNAME: N positions, solved in S s[ in slice groups], written in W s, peak memory P U"
  awk -v mode="$2" -v name="$1" '$0 ~ name ": [0-9]+ positions, solved in " {
      for (i = 1; i <= NF; i++) { if ($i == "positions,") n = $(i - 1); if ($i == "in" && $(i - 1) == "solved") s = $(i + 1); if ($i == "written") w = $(i + 2) }
    }
    /^peak memory/ { peak = $3 " " $4 }
    END { printf "%s %.1f %.1f %s\n", mode, s * 1e9 / n, (s + w) * 1e9 / n, peak }' "$work/log"
}

echo "$variant, $threads threads, $rounds round(s); ns per position, solving and all (solving and writing)"
for m in "$@"; do
  : >"$work/runs"
  for ((r = 1; r <= rounds; r++)); do
    for mode in never always; do rebuild "$m" "$mode" | tee -a "$work/runs" | sed "s/^/  $m /"; done
  done
  awk -v m="$m" '{ if (!($1 in best) || $2 < best[$1]) best[$1] = $2; if (!($1 in all) || $3 < all[$1]) all[$1] = $3 }
    END { printf "  %s: slice groups / whole = %.2f solving, %.2f all (fastest of each); tables byte-identical\n", m, best["always"] / best["never"], all["always"] / all["never"] }' "$work/runs"
done
