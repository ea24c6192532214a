#!/usr/bin/env bash
# The idle time of the DAG of materials measured on this machine, and the cluster estimate
# of docs/cluster.md.  Builds scandinavian-8 to 5 pieces with one dtb-gen process, then with
# mpirun -np 3 and -np 5 (rank 0 and 2 or 4 workers, --threads 1; more ranks than cores are
# oversubscribed), materials whole and then with --slices always (every material's slice
# groups shared out), checks that the manifests agree, and prints each run's wall time and
# rank 0's line of the workers' busy and idle time; then bench_cluster's simulation of the
# same set at the one-process run's ns per position (and its part writing), and of the
# 7-piece 10x10 set (scandinavian) at the ns per position of bench/results/rates.tsv's
# scandinavian rows from 4 pieces (the largest measured piece count's figure for 7).
# Usage: bench/cluster.sh BUILD_DIR [WORK_DIR]   (BUILD_DIR built with MPI)
set -euo pipefail
build=$(cd "$1" && pwd)
work=${2:-$(mktemp -d)}
mkdir -p "$work"
here=$(cd "$(dirname "$0")" && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
set_args=(--variant scandinavian-8 --pieces 5 --threads 1)
rm -rf "$work"/one "$work"/np*
timed() { # NAME COMMAND...: runs COMMAND, its output to WORK/NAME.log, and prints its wall time
  local name=$1 start end
  shift
  start=$(date +%s.%N)
  "$@" >"$work/$name.log" 2>&1
  end=$(date +%s.%N)
  echo "$name: wall $(echo "$end - $start" | bc) s"
}
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before"
timed one "$build/dtb-gen" "${set_args[@]}" --dir "$work/one"
for slices in never always; do
  for np in 3 5; do
    name=np$np-$slices
    timed "$name" mpirun --oversubscribe -np "$np" "$build/dtb-gen" --mpi "${set_args[@]}" \
      --slices "$slices" --dir "$work/$name"
    grep '^mpi: ' "$work/$name.log"
    cmp "$work/one/MANIFEST" "$work/$name/MANIFEST"
  done
done
echo "manifests of the five runs identical; load average $(cut -d' ' -f1-3 /proc/loadavg) after"
# ns_by_pieces COLUMNS: "3:101,4:251,..." of the seconds in COLUMNS ($4 + $5: solving and
# writing; $5: writing) over the positions, from rates rows on stdin, 3 pieces and up.
ns_by_pieces() {
  awk -F'\t' -v columns="$1" '$2 >= 3 {
    seconds = columns == "all" ? $4 + $5 : $5
    printf "%s%d:%.0f", sep, $2, 1e9 * seconds / $3; sep = "," }'
}
rates=$(bash "$here/log_rates.sh" scandinavian-8 "$work/one.log")
echo "one-process ns per position by pieces: $(ns_by_pieces all <<<"$rates"), writing" \
  "$(ns_by_pieces write <<<"$rates")"
"$build/bench_cluster" scandinavian-8 5 "$(ns_by_pieces all <<<"$rates")" 1 2 4 \
  --write "$(ns_by_pieces write <<<"$rates")"
rates10=$(awk -F'\t' '$1 == "scandinavian" && $2 >= 4' "$here/results/rates.tsv")
echo "scandinavian (10x10) ns per position by pieces, rates.tsv (2 threads):" \
  "$(ns_by_pieces all <<<"$rates10"), writing $(ns_by_pieces write <<<"$rates10")"
"$build/bench_cluster" scandinavian 7 "$(ns_by_pieces all <<<"$rates10")" 1 4 16 64 \
  --write "$(ns_by_pieces write <<<"$rates10")"
