# usage: test_one_side.sh DTB_GEN DTB_CHECK CHECK_SIDES VARIANT PIECES WORK_DIR
# Builds VARIANT's tables up to PIECES pieces twice, with both sides to move stored and
# with dtb-gen --one-side: the second set must be smaller, pass dtb-check, and probe
# exactly as the first at every position (check/sides.c).
set -u
GEN=$1
CHECK=$2
SIDES=$3
VARIANT=$4
PIECES=$5
WORK=$6
. "$(dirname "$0")/../expect.sh"

rm -rf "$WORK"
mkdir -p "$WORK"
for kind in both one; do
    flag=$([ $kind = one ] && echo --one-side)
    "$GEN" --variant "$VARIANT" --pieces "$PIECES" --dir "$WORK/$kind" --threads 2 $flag \
        >"$WORK/gen.log" 2>&1 || { cat "$WORK/gen.log"; echo "FAIL dtb-gen $flag"; exit 1; }
done
size() { cat "$1"/*.dtb | wc -c; }
both=$(size "$WORK/both") one=$(size "$WORK/one")
[ "$one" -lt "$both" ] && echo "ok   one side takes $one bytes, both $both" ||
    { echo "FAIL one side takes $one bytes, both $both"; FAILED=1; }
"$CHECK" --variant "$VARIANT" --dir "$WORK/one" --threads 2 >"$WORK/out"
expect_status "dtb-check passes the tables of one side" 0 $?
"$SIDES" "$VARIANT" "$WORK/both" "$WORK/one"
expect_status "every position probes alike" 0 $?
"$GEN" --variant "$VARIANT" --pieces "$PIECES" --dir "$WORK/one" >"$WORK/gen.log" 2>&1
if grep -q "up to date" "$WORK/gen.log"; then
    echo "FAIL dtb-gen without --one-side kept tables of one side"
    FAILED=1
else
    echo "ok   dtb-gen without --one-side builds tables of one side again"
fi
"$SIDES" "$VARIANT" "$WORK/both" "$WORK/one" >"$WORK/out"
expect_status "which then store both sides" 1 $?

[ "$FAILED" = 0 ] && rm -rf "$WORK"
exit "$FAILED"
