#!/bin/sh
# usage: disk.sh DTB-GEN DIR: runs inside small_fs.sh, DIR a tmpfs of 5 MiB.  Frisian's KMvK
# has 846,720 positions in 45 slices (a white man's squares) of 9,408 a side: solved in
# slice groups its scratch files take at most (gen/slice_store.c) 2 value sets x (30% of 2
# bytes a position, 508,032, the unstored bits included; 2 x (23 chunks of 2 slices, a
# block's worth, + 9 groups, the man's rows) = 64 records of 40 bytes, and 846720 / 16384 +
# 64 = 115 blocks of 32 + 4; and a disk block of 4,096 bytes for each of its two files) =
# 1,045,848 bytes = 1021.34 KiB.
#  1. On a filesystem with 512 KiB free it is refused before anything is built (its
#     successors, whose scratch files would fit, included), naming what it needs and
#     what is free.
#  2. With 5 MiB free, but 4,603,904 bytes of it held by scratch files a run cut short left
#     (made here, without a checkpoint), so that what is free beside them is less than it
#     needs, it is not refused: the space those files hold is counted, and the table
#     written is the one solved whole in memory.
gen=$1 dir=$2
failed=0
fail() {
    echo "FAIL: $*"
    failed=1
}

# 1: fill all but 512 KiB (what a tmpfs of 5 MiB counts free is its size, in whole pages).
fallocate -l 4608k "$dir/filler" || fail "cannot make the filler file"
"$gen" --variant frisian --slices always --dir "$dir/refused" KMvK 2>"$dir/err"
status=$?
[ "$status" -eq 1 ] || fail "exit status $status on a full disk, expected 1"
grep -Eq "^dtb: KMvK needs 1021\.34 KiB of scratch on disk for its slice groups, the folder's filesystem has 512\.00 KiB free$" "$dir/err" ||
    fail "no refusal naming KMvK's 1021.34 KiB and the 512.00 KiB free: $(cat "$dir/err")"
built=$(ls "$dir/refused" | grep -c '\.dtb')
[ "$built" -eq 0 ] || fail "$built files built before the refusal: $(ls "$dir/refused")"
rm -rf "$dir/filler" "$dir/refused"

# 2: the leftovers of a run cut short, at their sizes, held on disk.
mkdir -p "$dir/resumed"
for set in pure rules; do
    fallocate -l 2300000 "$dir/resumed/KMvK.dtb.$set.cells.zst.tmp" ||
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
