#!/usr/bin/env bash
# Scratch disk, peak memory and time of a material solved in slice groups, by two dtb-gen
# builds (say main's, cells uncompressed, and this tree's, cells in a compressed store):
# each rebuilds MATERIAL from a copy of the set in SET_DIR (which holds what it converts
# into) with --slices always (SLICES=never: whole in memory, to time the path that has no
# scratch) and the same --memory and --threads; the scratch files'
# bytes on disk are sampled every 0.2 s for their peak, the peak resident memory read from
# /usr/bin/time -v, the solving and writing seconds from dtb-gen's log.  Checks that both
# wrote the same table byte for byte.
# Usage: [THREADS=T] [MEMORY=M] [SLICES=always|never] bench/scratch.sh OLD_GEN NEW_GEN SET_DIR VARIANT MATERIAL
#   e.g. bench/scratch.sh /tmp/main/build/dtb-gen build/dtb-gen /tmp/frisian4 frisian KKKvKM
set -euo pipefail
old=$1 new=$2 set_dir=$3 variant=$4 material=$5
threads=${THREADS:-1}
memory=${MEMORY:-400M}
slices=${SLICES:-always}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Rebuilds the material with dtb-gen $2 in $work/$1; prints "LABEL scratch_peak_bytes
# peak_rss_kib solving_s writing_s".
run() {
  local label=$1 gen=$2 dir=$work/$1
  cp -r "$set_dir" "$dir"
  rm -f "$dir/$material.dtb"
  /usr/bin/time -v "$gen" --variant "$variant" --dir "$dir" --threads "$threads" \
    --memory "$memory" --slices "$slices" "$material" >"$work/$label.out" 2>"$work/$label.log" &
  local pid=$! peak=0
  while kill -0 "$pid" 2>/dev/null; do
    local held
    held=$(find "$dir" -maxdepth 1 -name "$material.dtb.*.tmp" -printf '%b\n' |
      awk '{ s += $1 * 512 } END { printf "%.0f\n", s }')
    [ "$held" -gt "$peak" ] && peak=$held
    sleep 0.2
  done
  wait "$pid"
  awk -v label="$label" -v peak="$peak" -v name="$material" '
    $0 ~ name ": [0-9]+ positions, solved in " {
      for (i = 1; i <= NF; i++) {
        if ($i == "in" && $(i - 1) == "solved") s = $(i + 1)
        if ($i == "written") w = $(i + 2)
      }
    }
    /Maximum resident set size/ { rss = $NF }
    END { printf "%-4s %14.0f %12d %10.1f %10.1f\n", label, peak, rss, s, w }' "$work/$label.log"
}

echo "$variant $material, --slices $slices --memory $memory --threads $threads"
printf "%-4s %14s %12s %10s %10s\n" run "scratch_bytes" "peak_rss_KiB" "solving_s" "writing_s"
run old "$old"
run new "$new"
cmp -s "$work/old/$material.dtb" "$work/new/$material.dtb" &&
  echo "tables: byte-identical" || { echo "FAIL tables differ"; exit 1; }
