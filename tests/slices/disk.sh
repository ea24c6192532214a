#!/bin/sh
# usage: disk.sh DTB-GEN DIR: runs inside small_fs.sh, DIR a tmpfs of 5 MiB.  Frisian's KMvK
# has 846,720 positions: solved in slice groups its scratch files take 2 value sets x
# (2 bytes a position, 1,693,440, + its bitmap, (846720 / 64 + 1) x 8 = 105,848 bytes) =
# 3,598,576 bytes = 3.43 MiB.
#  1. On a filesystem with 1 MiB free it is refused before anything is built (its
#     successors, whose scratch files would fit, included), naming what it needs and
#     what is free.
#  2. With 5 MiB free, but 3.43 MiB of it held by the scratch files a run cut short left
#     (made here at their sizes, without a checkpoint), it is not refused: the space those
#     files hold is counted, and the table written is the one solved whole in memory.
gen=$1 dir=$2
failed=0
fail() {
    echo "FAIL: $*"
    failed=1
}

# 1: fill all but 1 MiB (what a tmpfs of 5 MiB counts free is its size, in whole pages).
fallocate -l 4m "$dir/filler" || fail "cannot make the filler file"
"$gen" --variant frisian --slices always --dir "$dir/refused" KMvK 2>"$dir/err"
status=$?
[ "$status" -eq 1 ] || fail "exit status $status on a full disk, expected 1"
grep -Eq "^dtb: KMvK needs 3\.43 MiB of scratch on disk for its slice groups, the folder's filesystem has 1\.00 MiB free$" "$dir/err" ||
    fail "no refusal naming KMvK's 3.43 MiB and the 1.00 MiB free: $(cat "$dir/err")"
built=$(ls "$dir/refused" | grep -c '\.dtb')
[ "$built" -eq 0 ] || fail "$built files built before the refusal: $(ls "$dir/refused")"
rm -rf "$dir/filler" "$dir/refused"

# 2: the leftovers of a run cut short, at their sizes, held on disk.
mkdir -p "$dir/resumed"
for set in pure rules; do
    fallocate -l 1693440 "$dir/resumed/KMvK.dtb.$set.cells.tmp" &&
        fallocate -l 105848 "$dir/resumed/KMvK.dtb.$set.unstored.tmp" ||
        fail "cannot make the leftover scratch files"
done
"$gen" --variant frisian --slices always --dir "$dir/resumed" KMvK 2>"$dir/err" ||
    fail "refused with its own leftovers counted: $(cat "$dir/err")"
left=$(ls "$dir/resumed" | grep -c '\.tmp$')
[ "$left" -eq 0 ] || fail "$left scratch files left after the table was written"
"$gen" --variant frisian --slices never --dir "$dir/whole" KMvK 2>"$dir/err" ||
    fail "the table solved whole failed: $(cat "$dir/err")"
cmp "$dir/resumed/KMvK.dtb" "$dir/whole/KMvK.dtb" ||
    fail "KMvK solved in slice groups beside its leftovers differs from KMvK solved whole"
[ "$failed" -eq 0 ] && echo "PASS"
exit "$failed"
