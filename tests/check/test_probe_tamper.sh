# usage: test_probe_tamper.sh DTB_PROBE DTB_GEN CHECK_TAMPER WORK_DIR
# A probe never answers from a table whose values were emptied behind valid checksums
# (tamper.c all-none: every value WDL_NONE, as no stored position has): it fails naming the
# table.  Brazilian KMvK and what it converts into, with KvK emptied.  The positions below
# have Black to move and a capture pending, some of whose captures lead into KvK: they
# were once answered from their other captures alone, wrongly (480 of KMvK's positions;
# these are the first five of them).  A quiet KMvK position reads KMvK's own table and
# still has its value: W:WK32,8:BK29, g7 crowns on h8 and traps a1 (tests/test_api.c).
set -u
PROBE=$1
GEN=$2
TAMPER=$3
WORK=$4
. "$(dirname "$0")/../expect.sh"

fresh_work
gen_tables --variant brazilian --dir "$WORK/good" KMvK
cp -r "$WORK/good" "$WORK/none"
"$TAMPER" brazilian "$WORK/none/KvK.dtb" all-none || exit 1

printf '%s\n' B:WK3,6:BK1 B:WK4,6:BK1 B:WK5,6:BK2 B:W6,K12:BK1 B:W6,K20:BK1 >"$WORK/in"
"$PROBE" batch --wdl --variant brazilian --dir "$WORK/good" <"$WORK/in" >"$WORK/good.out"
expect_status "the good tables answer every position" 0 $?
"$PROBE" batch --wdl --variant brazilian --dir "$WORK/none" <"$WORK/in" >"$WORK/none.out"
expect_status "the emptied KvK fails the batch" 1 $?
corrupt=$(grep -Ec '	error	table KvK stores no value .*corrupt' "$WORK/none.out")
expect_status "each of the 5 positions fails naming KvK" 5 "$corrupt"
# The same through the full probe (value, DTW and best move), which reads whole cells.
"$PROBE" batch --variant brazilian --dir "$WORK/none" <"$WORK/in" >"$WORK/none_full.out"
expect_status "the full batch fails too" 1 $?
corrupt=$(grep -Ec '	error	table KvK stores no value .*corrupt' "$WORK/none_full.out")
expect_status "each of the 5 positions fails naming KvK in the full batch" 5 "$corrupt"
# stats reads the whole table, its stored values included.
"$PROBE" stats --variant brazilian --dir "$WORK/none" KvK >/dev/null 2>"$WORK/stats.err"
expect_status "stats of the emptied KvK fails" 1 $?
expect_match "and says why" "KvK stores no value" "$WORK/stats.err"

printf 'W:WK32,8:BK29\n' | "$PROBE" batch --wdl --variant brazilian --dir "$WORK/none" \
    >"$WORK/quiet.out"
printf 'W:WK32,8:BK29\twin\n' >"$WORK/want"
expect_same "a quiet KMvK position still reads its own table" "$WORK/want" "$WORK/quiet.out"
finish
