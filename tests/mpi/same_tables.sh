#!/bin/sh
# usage: same_tables.sh WORK GEN REFERENCE MPIRUN... -- DTB-GEN-ARGUMENTS...
# Builds a set in WORK/one with one dtb-gen process and in WORK/mpi with `MPIRUN GEN --mpi`
# (mpirun -np 3: rank 0 and two workers), then checks that both runs wrote the same files
# byte for byte, that the manifest is REFERENCE (a manifest committed to the repository, or
# "none"), and that both workers built tables, so that the set really was spread; with
# --slices always, that both solved ranges of slice groups, so that materials were too.
set -eu
work=$1 gen=$2 reference=$3
shift 3
mpirun=""
while [ "$1" != "--" ]; do mpirun="$mpirun $1"; shift; done
shift
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work"
"$gen" "$@" --dir "$work/one" 2>"$work/one.log" || fail "the one-process run failed: $(cat "$work/one.log")"
$mpirun "$gen" --mpi "$@" --dir "$work/mpi" >"$work/mpi.log" 2>&1 || fail "the MPI run failed: $(cat "$work/mpi.log")"
for rank in 1 2; do
  grep -q "^rank $rank: " "$work/mpi.log" || fail "rank $rank built nothing: $(cat "$work/mpi.log")"
done
case " $* " in
*" --slices always "*)
  for rank in 1 2; do
    grep -q "^rank $rank: [KMv]* slices [0-9]* to [0-9]* of the order" "$work/mpi.log" ||
      fail "rank $rank solved no range of slices: $(cat "$work/mpi.log")"
  done
  ;;
esac
grep -q "^mpi: 2 workers" "$work/mpi.log" || fail "no MPI summary line: $(cat "$work/mpi.log")"
(cd "$work/one" && ls) >"$work/one.files"
(cd "$work/mpi" && ls) >"$work/mpi.files"
diff "$work/one.files" "$work/mpi.files" || fail "the runs wrote different files"
[ "$(grep -c '\.dtb$' "$work/one.files")" -gt 2 ] || fail "too few tables to compare"
while read -r name; do
  cmp "$work/one/$name" "$work/mpi/$name" || fail "$name differs"
done <"$work/one.files"
if [ "$reference" != none ]; then
  cmp "$reference" "$work/mpi/MANIFEST" || fail "the manifest is not the committed $reference"
fi
echo "same: $(grep -c '\.dtb$' "$work/one.files") tables and the manifest"
