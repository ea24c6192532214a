# usage: gen_and_check.sh DTB_GEN DTB_CHECK VARIANT TABLES WORK_DIR WHAT...
# Builds the tables of VARIANT that dtb-gen's arguments WHAT name (--pieces N, or
# materials) afresh in WORK_DIR, then has dtb-check confirm all of them: there must be
# TABLES of them (counted by hand in tests/check.cmake).  With DTB_EXPECTED_MANIFEST set,
# the rebuilt set must also be byte-identical to it (the committed tables/V/MANIFEST).
set -u
GEN=$1
CHECK=$2
VARIANT=$3
TABLES=$4
WORK=$5
shift 5

rm -rf "$WORK"
mkdir -p "$WORK"
"$GEN" --variant "$VARIANT" --dir "$WORK" --threads 2 "$@" 2>"$WORK/gen.log" || {
    cat "$WORK/gen.log"
    echo "FAIL dtb-gen --variant $VARIANT $*"
    exit 1
}
"$CHECK" --variant "$VARIANT" --dir "$WORK" --threads 2 >"$WORK/check.out"
status=$?
cat "$WORK/check.out"
if [ "$status" != 0 ]; then
    echo "FAIL dtb-check exited $status; the tables are kept in $WORK"
    exit 1
fi
if ! grep -qx "$TABLES passed, 0 failed" "$WORK/check.out"; then
    echo "FAIL expected $TABLES tables to pass"
    exit 1
fi
if [ -n "${DTB_EXPECTED_MANIFEST:-}" ]; then
    if ! cmp -s "$DTB_EXPECTED_MANIFEST" "$WORK/MANIFEST"; then
        echo "FAIL the rebuilt tables differ from $DTB_EXPECTED_MANIFEST:"
        diff "$DTB_EXPECTED_MANIFEST" "$WORK/MANIFEST"
        echo "the tables are kept in $WORK"
        exit 1
    fi
    echo "ok   byte-identical to $DTB_EXPECTED_MANIFEST"
fi
rm -rf "$WORK"
