# usage: test_manifest.sh DTB_CHECK DTB_GEN WORK_DIR
# dtb-check names the tables the folder's MANIFEST lists that it did not check: those not
# asked for, and, checking the whole folder, those missing from it, which fail the run.
# Brazilian's KMvK converts into KKvK, KvM and KvK: its MANIFEST lists those 4 tables.
set -u
CHECK=$1
GEN=$2
WORK=$3
. "$(dirname "$0")/../expect.sh"

fresh_work
gen_tables --variant brazilian --dir "$WORK/set" KMvK

"$CHECK" --variant brazilian --dir "$WORK/set" >"$WORK/out"
expect_status "the whole set passes" 0 $?
expect_status "with every listed table checked" 1 "$(grep -q 'not checked' "$WORK/out"; echo $?)"

"$CHECK" --variant brazilian --dir "$WORK/set" KvM KvK >"$WORK/out"
expect_status "two tables asked for pass" 0 $?
expect_line "the others are named" "not checked, listed in the MANIFEST: KKvK KMvK" "$WORK/out"

cp -r "$WORK/set" "$WORK/without"
rm "$WORK/without/KMvK.dtb"
"$CHECK" --variant brazilian --dir "$WORK/without" >"$WORK/out"
expect_status "the whole folder, KMvK.dtb removed, fails" 1 $?
expect_line "naming it" "not checked, listed in the MANIFEST: KMvK" "$WORK/out"
expect_line "after checking the rest" "3 passed, 0 failed" "$WORK/out"

rm "$WORK/without/MANIFEST"
"$CHECK" --variant brazilian --dir "$WORK/without" >"$WORK/out"
expect_status "without a MANIFEST, the tables there pass" 0 $?
expect_match "saying it cannot tell" "^no MANIFEST read \(.*/without/MANIFEST: No such file or directory\): the tables of the set not checked are unknown$" "$WORK/out"
finish
