#!/usr/bin/env bash
# The idle time of the DAG of materials measured on this machine, and the cluster estimate
# of docs/cluster.md.  Builds scandinavian-8 to 5 pieces with one dtb-gen process, then with
# mpirun -np 3 and -np 5 (rank 0 and 2 or 4 workers, --threads 1; more ranks than cores are
# oversubscribed), checks that the manifests agree, and prints each run's wall time and rank
# 0's line of the workers' busy and idle time; then bench_cluster's simulation of the same
# set at the one-process run's ns per position, and of the 7-piece 10x10 set (scandinavian)
# at the ns per position of bench/results/rates.tsv's 4- and 5-piece scandinavian rows.
# Usage: bench/cluster.sh BUILD_DIR [WORK_DIR]   (BUILD_DIR built with MPI)
set -euo pipefail
build=$(cd "$1" && pwd)
work=${2:-$(mktemp -d)}
here=$(cd "$(dirname "$0")" && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
set_args=(--variant scandinavian-8 --pieces 5 --threads 1)
rm -rf "$work/one" "$work/np3" "$work/np5"
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
for np in 3 5; do
  timed "np$np" mpirun --oversubscribe -np "$np" "$build/dtb-gen" --mpi "${set_args[@]}" \
    --dir "$work/np$np"
  grep '^mpi: ' "$work/np$np.log"
  cmp "$work/one/MANIFEST" "$work/np$np/MANIFEST"
done
echo "manifests of the three runs identical; load average $(cut -d' ' -f1-3 /proc/loadavg) after"
rates=$(bash "$here/log_rates.sh" scandinavian-8 "$work/one.log" |
  awk -F'\t' '$2 >= 3 { printf "%s%d:%.0f", sep, $2, 1e9 * ($4 + $5) / $3; sep = "," }')
echo "one-process ns per position by pieces: $rates"
"$build/bench_cluster" scandinavian-8 5 "$rates" 1 2 4
rates10=$(awk -F'\t' '$1 == "scandinavian" && ($2 == 4 || $2 == 5) {
  printf "%s%d:%.0f", sep, $2, 1e9 * ($4 + $5) / $3; sep = "," }' "$here/results/rates.tsv")
echo "scandinavian (10x10) ns per position by pieces, rates.tsv (2 threads): $rates10"
"$build/bench_cluster" scandinavian 7 "$rates10" 1 4 16 64
