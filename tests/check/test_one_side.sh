# usage: test_one_side.sh DTB_GEN DTB_CHECK CHECK_SIDES VARIANT PIECES WORK_DIR
# Builds VARIANT's tables up to PIECES pieces twice, with both sides to move stored and
# with dtb-gen --one-side: the second set must be smaller, pass dtb-check, and probe
# exactly as the first at every position (check/sides.c).  --one-side over the first set
# must then turn it into the second.
set -u
GEN=$1
CHECK=$2
SIDES=$3
VARIANT=$4
PIECES=$5
WORK=$6
. "$(dirname "$0")/../expect.sh"

fresh_work
for kind in both one; do
    flag=$([ $kind = one ] && echo --one-side)
    gen_tables --variant "$VARIANT" --pieces "$PIECES" --dir "$WORK/$kind" --threads 2 $flag
done
size() { cat "$1"/*.dtb | wc -c; }
both=$(size "$WORK/both") one=$(size "$WORK/one")
[ "$one" -lt "$both" ] && echo "ok   one side takes $one bytes, both $both" ||
    { echo "FAIL one side takes $one bytes, both $both"; FAILED=1; }
"$CHECK" --variant "$VARIANT" --dir "$WORK/one" --threads 2 >"$WORK/out"
expect_status "dtb-check passes the tables of one side" 0 $?
"$SIDES" "$VARIANT" "$WORK/both" "$WORK/one"
expect_status "every position probes alike" 0 $?
# A set built with both sides is compacted in place, to the same bytes, without solving.
cp -r "$WORK/both" "$WORK/compacted"
"$GEN" --variant "$VARIANT" --pieces "$PIECES" --dir "$WORK/compacted" --one-side \
    >"$WORK/gen.log" 2>&1
expect_status "dtb-gen --one-side over a set of both sides" 0 $?
expect_match "solves nothing again" "^KvK: up to date" "$WORK/gen.log"
expect_same "and gives the files of a set built with --one-side" "$WORK/one/MANIFEST" \
    "$WORK/compacted/MANIFEST"
"$GEN" --variant "$VARIANT" --pieces "$PIECES" --dir "$WORK/one" >"$WORK/gen.log" 2>&1
expect_same "without --one-side, tables of one side are kept" "$WORK/one/MANIFEST" \
    "$WORK/compacted/MANIFEST"

finish
