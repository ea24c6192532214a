#!/bin/sh
# usage: killed_rank.sh WORK GEN PROBE REFERENCE MPIRUN... -- DTB-GEN-ARGUMENTS...
# Starts `MPIRUN GEN --mpi` building a set in WORK/set, kills a worker rank with SIGKILL
# while it writes a table (the owner of a TABLE.dtb.tmp, stopped while the file is still
# there), and checks that the job stops without a manifest, that the material killed has no
# table under its name, that every table left passes dtb-probe verify, and that a rerun
# finishes the set with the manifest REFERENCE (a one-process run's, as committed).
set -eu
work=$1 gen=$2 probe=$3 reference=$4
shift 4
mpirun=""
while [ "$1" != "--" ]; do mpirun="$mpirun $1"; shift; done
shift
variant=$2 # the arguments begin with --variant V
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work/set"
$mpirun "$gen" --mpi "$@" --dir "$work/set" >"$work/killed.log" 2>&1 &
job=$!

# The process holding a table's temporary file open: a worker in the middle of a material.
owner_of() {
  fd=$(find /proc/[0-9]*/fd -lname "$1" 2>/dev/null | head -n 1)
  [ -n "$fd" ] && echo "$fd" | cut -d/ -f3
}

victim="" tmp=""
while [ -z "$victim" ] && kill -0 "$job" 2>/dev/null; do
  for tmp in "$work"/set/*.dtb.tmp; do
    [ -e "$tmp" ] || continue
    pid=$(owner_of "$(readlink -f "$tmp")") || continue
    # Stopped first: a small table may be renamed into place between the look and the kill.
    kill -STOP "$pid" 2>/dev/null || continue
    [ -e "$tmp" ] || { kill -CONT "$pid"; continue; }
    kill -KILL "$pid" && victim=$pid && break
  done
done
[ -n "$victim" ] || fail "the run ended before a worker could be killed mid-material"
status=0
wait "$job" || status=$?
[ "$status" -ne 0 ] || fail "the job killed in the middle reported success"
table=${tmp%.tmp}
echo "killed pid $victim writing $(basename "$table"); the job exited with status $status"
[ ! -e "$table" ] || fail "$(basename "$table") has a table under its name after its rank was killed"
[ ! -e "$work/set/MANIFEST" ] || fail "a manifest was left by the killed run"
tables=$(ls "$work/set" | grep -c '\.dtb$' || true)
expected=$(grep -vc '^#' "$reference")
[ "$tables" -lt "$expected" ] || fail "all $expected tables were there after the kill"
if [ "$tables" -gt 0 ]; then
  # verify fails such a set for want of a MANIFEST, and must find nothing else wrong.
  ! "$probe" verify --variant "$variant" --dir "$work/set" >"$work/verify.log" ||
    fail "verify passed a set without its MANIFEST: $(cat "$work/verify.log")"
  grep -qx "$tables tables checked, 0 bad" "$work/verify.log" &&
    grep -q '^MANIFEST: none read .*: the set cannot be shown complete$' "$work/verify.log" ||
    fail "a table left by the killed run is not sound: $(cat "$work/verify.log")"
fi
echo "$tables of $expected tables left, each sound"
$mpirun "$gen" --mpi "$@" --dir "$work/set" >"$work/rerun.log" 2>&1 ||
  fail "the rerun failed: $(cat "$work/rerun.log")"
cmp "$reference" "$work/set/MANIFEST" || fail "the rerun's manifest differs from $reference"
[ ! -e "$tmp" ] || fail "the rerun left $(basename "$tmp"), the killed rank's temporary file"
echo "the rerun finished the set: the manifest is the one-process run's"
