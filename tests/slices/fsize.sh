#!/bin/sh
# usage: fsize.sh DTB-GEN DIR: a scratch file that cannot be given its space fails at once,
# with the file, its bytes and the cause named, exit status 1, and nothing of it left; one
# that outgrows it after a checkpoint fails and is resumed by the next run (below).
# Under ulimit -f of 200 blocks (102,400 bytes) Frisian's KvK, KvM and KKvK are solved in
# slice groups (KKvK's largest scratch file, its cells compressed, is about 60,000 bytes;
# at 100 blocks it fails, naming the store, the bytes it may still need and those free),
# but KMvK's bitmap, (846,720 / 64 + 1) x 8 =
# 105,848 bytes, cannot be made: the disk has room (the check before building passes) but
# the process may not write so large a file, as a full disk would refuse it.
gen=$1 dir=$2
rm -rf "$dir"
mkdir -p "$dir" || exit 1
failed=0
fail() {
    echo "FAIL: $*"
    failed=1
}
(
    ulimit -f 200
    exec "$gen" --variant frisian --slices always --dir "$dir" KMvK
) 2>"$dir/err"
status=$?
[ "$status" -eq 1 ] || fail "exit status $status, expected 1"
grep -Eq "^dtb: no room for the scratch file '.*/KMvK\.dtb\.pure\.unstored\.tmp': it needs 105848 bytes \(103\.37 KiB\) more on disk, its filesystem has [0-9]+ \([0-9.]+ [KMG]iB\) free: File too large" "$dir/err" ||
    fail "no error naming the bitmap file, its 105848 bytes and the cause: $(cat "$dir/err")"
for material in KvK KvM KKvK; do
    [ -f "$dir/$material.dtb" ] || fail "$material, solved before, was not written"
done
leftovers=$(ls -A "$dir" | grep -E '^KMvK|\.tmp$')
[ -z "$leftovers" ] || fail "left behind: $leftovers"

# Under 300 blocks (153,600 bytes) KMvK's bitmap fits but the store of its pure values, its
# cells compressed (about 162,000 bytes), outgrows the file the process may write, as on a
# full disk, after some checkpoints: the run fails naming the store, the bytes it holds and
# those it may still need, and keeps its scratch files; the next run, with room, resumes
# and writes the table solved whole, leaving nothing behind.
(
    ulimit -f 300
    exec "$gen" --variant frisian --slices always --dir "$dir" KMvK
) 2>"$dir/err"
status=$?
[ "$status" -eq 1 ] || fail "store outgrown: exit status $status, expected 1"
grep -Eq "^dtb: no room for the scratch file '.*/KMvK\.dtb\.pure\.cells\.zst\.tmp': it holds [0-9]+ bytes and may need [0-9]+ \([0-9.]+ [KMG]iB\) more, its filesystem has [0-9.]+ [KMG]iB free: File too large; make room and run again to continue from the last checkpoint$" "$dir/err" ||
    fail "no error naming the store, the bytes it holds and may need: $(cat "$dir/err")"
[ -f "$dir/KMvK.dtb.pure.checkpoint" ] || fail "the scratch files were not kept for a rerun"
"$gen" --variant frisian --slices always --dir "$dir" KMvK 2>"$dir/err" ||
    fail "the rerun failed: $(cat "$dir/err")"
grep -Eq "^KMvK \(pure values\): resuming at slice [1-9][0-9]* of 45$" "$dir/err" ||
    fail "the rerun did not resume: $(cat "$dir/err")"
"$gen" --variant frisian --slices never --dir "$dir/whole" KMvK 2>/dev/null &&
    cmp -s "$dir/KMvK.dtb" "$dir/whole/KMvK.dtb" ||
    fail "KMvK resumed differs from KMvK solved whole"
leftovers=$(ls -A "$dir" | grep -E '\.tmp$|checkpoint$')
[ -z "$leftovers" ] || fail "left behind after the rerun: $leftovers"
[ "$failed" -eq 0 ] && echo "PASS"
exit "$failed"
