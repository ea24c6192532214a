#!/bin/sh
# usage: killed_slices.sh WORK GEN REFERENCE TARGET MPIRUN... -- DTB-GEN-ARGUMENTS...
# Starts `MPIRUN GEN --mpi ... --slices always`, whose materials' slice groups are shared out
# over the workers, and kills a worker rank with SIGKILL once rank 0 has checkpointed a group
# of TARGET's and before TARGET's table is there (tried again from scratch when the run got
# past it first).  The job must stop without a manifest; a rerun must resume TARGET at a
# slice above 0 and finish the set with the manifest REFERENCE (a one-process run's, as
# committed), leaving no scratch file or checkpoint.
set -eu
work=$1 gen=$2 reference=$3 target=$4
shift 4
mpirun=""
while [ "$1" != "--" ]; do mpirun="$mpirun $1"; shift; done
shift
fail() { echo "FAIL: $*"; exit 1; }
set_dir=$work/set
checkpoint=$set_dir/$target.dtb.pure.checkpoint

# The pid of a worker of the job building in set_dir: a dtb-gen process of that command line
# that does not hold the folder's lock, which rank 0 keeps open for the whole run.
a_worker() {
  for pid in $(pgrep -f -- "--dir $set_dir"); do
    case $(readlink "/proc/$pid/exe" 2>/dev/null) in */dtb-gen) ;; *) continue ;; esac
    ls -l "/proc/$pid/fd" 2>/dev/null | grep -q '\.dtb-gen\.lock' && continue
    echo "$pid"
    return 0
  done
  return 1
}

killed=""
for attempt in $(seq 20); do
  rm -rf "$work" && mkdir -p "$set_dir"
  $mpirun "$gen" --mpi "$@" --slices always --threads 1 --dir "$set_dir" >"$work/killed.log" 2>&1 &
  job=$!
  # Found before the checkpoint, so that the kill follows it at once.
  pid=""
  while kill -0 "$job" 2>/dev/null && [ -z "$pid" ]; do pid=$(a_worker) || sleep 0.005; done
  while kill -0 "$job" 2>/dev/null && [ ! -e "$checkpoint" ]; do sleep 0.005; done
  [ -z "$pid" ] || kill -KILL "$pid" 2>/dev/null || true
  status=0
  wait "$job" || status=$?
  if [ -e "$checkpoint" ] && [ ! -e "$set_dir/$target.dtb" ]; then
    [ "$status" -ne 0 ] || fail "the job whose worker was killed reported success"
    killed=$attempt
    break
  fi
done
[ -n "$killed" ] || fail "no worker was killed between $target's checkpoint and its table"
echo "killed a worker at try $killed after $target's $(grep '^solved ' "$checkpoint")"
[ ! -e "$set_dir/MANIFEST" ] || fail "a manifest was left by the killed run"
$mpirun "$gen" --mpi "$@" --slices always --threads 1 --dir "$set_dir" >"$work/rerun.log" 2>&1 ||
  fail "the rerun failed: $(cat "$work/rerun.log")"
grep -Eq "^$target: resuming at slice [1-9][0-9]* of " "$work/rerun.log" ||
  fail "the rerun did not resume $target: $(cat "$work/rerun.log")"
cmp "$reference" "$set_dir/MANIFEST" || fail "the rerun's manifest differs from $reference"
left=$(ls "$set_dir" | grep -E '\.(tmp|checkpoint)$' || true)
[ -z "$left" ] || fail "the rerun left $left"
echo "the rerun resumed $target and finished the set: the manifest is the one-process run's"
