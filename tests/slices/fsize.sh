#!/bin/sh
# usage: fsize.sh DTB-GEN DIR: a store of slice groups that outgrows the file the process
# may write (ulimit -f, as a full disk would refuse it) fails naming the store, the bytes
# it holds and may still need, exit status 1, and keeps its scratch files; the next run,
# with room, resumes from the checkpoint.
# Under 300 blocks (153,600 bytes) Frisian's KvK, KvM and KKvK are solved in slice groups
# (KKvK's largest store, its cells and bits compressed, is about 60,000 bytes), but the
# store of KMvK's pure values (about 188,000 bytes) outgrows it after some checkpoints; the
# rerun writes the table solved whole, leaving nothing behind.
gen=$1 dir=$2
rm -rf "$dir"
mkdir -p "$dir" || exit 1
failed=0
fail() {
    echo "FAIL: $*"
    failed=1
}
(
    ulimit -f 300
    exec "$gen" --variant frisian --slices always --dir "$dir" KMvK
) 2>"$dir/err"
status=$?
[ "$status" -eq 1 ] || fail "store outgrown: exit status $status, expected 1"
grep -Eq "^dtb: no room for the scratch file '.*/KMvK\.dtb\.pure\.cells\.zst\.tmp': it holds [0-9]+ bytes and may need [0-9]+ \([0-9.]+ [KMG]iB\) more, its filesystem has [0-9.]+ [KMG]iB free: File too large; make room and run again to continue from the last checkpoint$" "$dir/err" ||
    fail "no error naming the store, the bytes it holds and may need: $(cat "$dir/err")"
for material in KvK KvM KKvK; do
    [ -f "$dir/$material.dtb" ] || fail "$material, solved before, was not written"
done
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
