#!/bin/sh
# usage: unreserved.sh DTB-GEN DIR: runs inside small_fs.sh, DIR a ramfs, which cannot
# fallocate (EOPNOTSUPP) and counts no blocks (statvfs: 0 free of 0).  Neither is a lack of
# space: Frisian's 3-piece set solved in slice groups there is the set solved whole.
gen=$1 dir=$2
failed=0
"$gen" --variant frisian --pieces 3 --slices always --dir "$dir/slices" 2>"$dir/err" || {
    echo "FAIL: slice groups on a ramfs: $(cat "$dir/err")"
    exit 1
}
"$gen" --variant frisian --pieces 3 --slices never --dir "$dir/whole" 2>"$dir/err" || {
    echo "FAIL: solved whole: $(cat "$dir/err")"
    exit 1
}
count=0
for table in "$dir"/whole/*.dtb; do
    count=$((count + 1))
    cmp "$table" "$dir/slices/${table##*/}" || failed=1
done
[ "$count" -eq 9 ] || { echo "FAIL: $count tables solved whole, expected 9"; failed=1; }
left=$(ls "$dir/slices" | grep -c '\.tmp$')
[ "$left" -eq 0 ] || { echo "FAIL: $left scratch files left"; failed=1; }
[ "$failed" -eq 0 ] && echo "PASS"
exit "$failed"
