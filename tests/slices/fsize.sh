#!/bin/sh
# usage: fsize.sh DTB-GEN DIR: a scratch file that cannot be given its space fails at once,
# with the file, its bytes and the cause named, exit status 1, and nothing of it left.
# Under ulimit -f of 1000 blocks (512,000 or 1,024,000 bytes, as the shell counts them)
# Frisian's KvK, KvM and KKvK are solved in slice groups (KKvK's largest scratch file:
# 117,600 positions x 2 bytes = 235,200), but KMvK's cells file, 846,720 positions x 2 bytes
# = 1,693,440, cannot be made: the disk has room (the check before building passes) but the
# process may not write so large a file, as a full disk would refuse it.
gen=$1 dir=$2
rm -rf "$dir"
mkdir -p "$dir" || exit 1
failed=0
fail() {
    echo "FAIL: $*"
    failed=1
}
(
    ulimit -f 1000
    exec "$gen" --variant frisian --slices always --dir "$dir" KMvK
) 2>"$dir/err"
status=$?
[ "$status" -eq 1 ] || fail "exit status $status, expected 1"
grep -Eq "^dtb: no room for the scratch file '.*/KMvK\.dtb\.pure\.cells\.tmp': it needs 1693440 bytes \(1\.61 MiB\) more on disk, its filesystem has [0-9]+ \([0-9.]+ [KMG]iB\) free: File too large" "$dir/err" ||
    fail "no error naming the cells file, its 1693440 bytes and the cause: $(cat "$dir/err")"
for material in KvK KvM KKvK; do
    [ -f "$dir/$material.dtb" ] || fail "$material, solved before, was not written"
done
leftovers=$(ls -A "$dir" | grep -E '^KMvK|\.tmp$')
[ -z "$leftovers" ] || fail "left behind: $leftovers"
[ "$failed" -eq 0 ] && echo "PASS"
exit "$failed"
