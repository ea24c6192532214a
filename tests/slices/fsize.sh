#!/bin/sh
# usage: fsize.sh DTB-GEN DIR: a scratch file that cannot be given its space fails at once,
# with the file, its bytes and the cause named, exit status 1, and nothing of it left.
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
[ "$failed" -eq 0 ] && echo "PASS"
exit "$failed"
