#!/usr/bin/env bash
# How small the compressed scratch of slice groups is, material by material: builds every
# material of VARIANT up to PIECES pieces with --slices always into a fresh folder (or, with
# MATERIALS, those named, into a copy of SET_DIR holding what they convert into) and prints,
# from dtb-gen's log, the bytes its scratch files held once solved, those the plan counted
# on (gen/slice_store.c's bound), those uncompressed scratch took (2 bytes a position and a
# bit, per value set), and the store's share: its bytes, the cells with their unstored bits,
# over 2 bytes a position (a dtb-gen older than the bits in the store counts its bitmap
# file there too).
# SETS=2 for a variant with two value sets (Frisian, draw_rules.h).
# Usage: [THREADS=T] [SETS=S] bench/scratch_ratios.sh DTB_GEN VARIANT PIECES
#        [THREADS=T] [SETS=S] MATERIALS="KKKvKM ..." SET_DIR=DIR bench/scratch_ratios.sh DTB_GEN VARIANT
set -euo pipefail
gen=$1 variant=$2 pieces=${3:-}
threads=${THREADS:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${MATERIALS:-}" ]; then
  cp -r "$SET_DIR" "$work/set"
  for m in $MATERIALS; do rm -f "$work/set/$m.dtb"; done
  # shellcheck disable=SC2086
  "$gen" --variant "$variant" --dir "$work/set" --threads "$threads" --slices always \
    $MATERIALS 2>"$work/log" >/dev/null
else
  "$gen" --variant "$variant" --pieces "$pieces" --dir "$work/set" --threads "$threads" \
    --slices always 2>"$work/log" >/dev/null
fi
sets=${SETS:-1}
awk -v sets="$sets" '
  / positions, solved in / { sub(/^\r/, ""); name = $1; sub(/:$/, "", name); positions[name] = $2 }
  / its scratch files held / {
    name = $1; sub(/:$/, "", name); held = $6; planned = $(NF - 2) " " $(NF - 1)
    n = positions[name]; bits = (int(n / 64) + 1) * 8 * sets; plain = n * 2 * sets + bits
    printf "%-10s %14.0f %14.0f %12s %14.0f %7.1f%%\n", name, n, held, planned, plain,
           100 * held / (n * 2 * sets)
  }' "$work/log" | sort -k7 -g -r |
  { printf "%-10s %14s %14s %12s %14s %8s\n" material positions held planned uncompressed share; cat; }
