#!/usr/bin/env bash
# Peak memory of counting a whole table (dtb-probe stats, which the report runs on every
# material of a complete set) against the bytes the table's cells take in memory: the
# count scans the file a block at a time (tb_scan), so its peak is the probe's own and
# the blocks its searches read, whatever the table's size.  Prints for each material its
# positions, the bytes of its cells (2 a position and value set), the peak resident memory
# and the time of one run.
# Usage: bench/stats_memory.sh SET_DIR VARIANT MATERIAL...
#   e.g. bench/stats_memory.sh /work/sets/frisian frisian KKMvKK KMMvKK
set -euo pipefail
cd "$(dirname "$0")/.."
set_dir=$1
variant=$2
shift 2
build=${DTB_BUILD_DIR:-build-bench}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j2 --target dtb-probe dtb-gen >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The positions of a material, from dtb-gen's plan (its second column).
positions() {
  "$build/dtb-gen" --variant "$variant" --plan "$1" 2>&1 | awk -v m="$1" '$1 == m { print $2 }'
}

sets=1
if grep -q 'rules-white-to-move' "$set_dir/MANIFEST"; then sets=2; fi
printf '%-10s %14s %12s %12s %9s\n' material positions "cells MiB" "peak MiB" seconds
for m in "$@"; do
  n=$(positions "$m")
  /usr/bin/time -f '%M %e' -o "$work/time" \
    "$build/dtb-probe" stats --variant "$variant" --dir "$set_dir" "$m" >/dev/null
  read -r peak_kib seconds <"$work/time"
  awk -v m="$m" -v n="$n" -v sets="$sets" -v peak="$peak_kib" -v s="$seconds" \
    'BEGIN { printf "%-10s %14d %12.1f %12.1f %9.1f\n", m, n, 2 * sets * n / 1048576, peak / 1024, s }'
done
