#!/usr/bin/env bash
# Prints, from a dtb-gen log, one row per piece count: VARIANT, pieces, positions, seconds
# solving, seconds writing (tab-separated), for bench/results/rates.tsv.  With --by-kings,
# one row per piece count and number of kings (VARIANT, pieces, kings, positions, seconds
# solving, seconds writing), for bench/results/rates_by_kings.tsv: a king's moves and
# captures cost more than a man's, so the mix of kings tells a set's ns per position apart.
# Usage: bench/log_rates.sh [--by-kings] VARIANT LOG
set -euo pipefail
by_kings=0
[ "$1" = --by-kings ] && { by_kings=1; shift; }
# A material's line: "NAME: N positions, solved in S s[ in slice groups], written in W s, ...".
awk -v id="$1" -v by_kings="$by_kings" '/ positions, solved in / {
    name = $1; kings = gsub(/K/, "", name); k = kings + gsub(/M/, "", name)
    key = by_kings ? k "\t" kings : k
    n[key] += $2; solve[key] += $6
    for (i = 8; i < NF; i++) if ($i == "written") write[key] += $(i + 2)
  }
  END {
    for (k = 2; k <= 8; k++)
      for (kings = 0; kings <= (by_kings ? k : 0); kings++) {
        key = by_kings ? k "\t" kings : k
        if (n[key]) printf "%s\t%s\t%.0f\t%.2f\t%.2f\n", id, key, n[key], solve[key], write[key]
      }
  }' "$2"
