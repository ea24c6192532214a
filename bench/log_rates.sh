#!/usr/bin/env bash
# Prints, from a dtb-gen log, one row per piece count: VARIANT, pieces, positions, seconds
# solving, seconds writing (tab-separated), for bench/results/rates.tsv.
# Usage: bench/log_rates.sh VARIANT LOG
set -euo pipefail
awk -v id="$1" '/ positions, solved in / {
    name = $1; sub(":", "", name); k = gsub(/[KM]/, "", name)
    n[k] += $2; solve[k] += $6; write[k] += $10
  }
  END { for (k = 2; k <= 8; k++) if (n[k]) printf "%s\t%d\t%.0f\t%.2f\t%.2f\n", id, k, n[k], solve[k], write[k] }' "$2"
