# batch --wdl: one 'FEN<TAB>win|draw|loss' line per FEN, in input order, across the groups
# of 256 lines it probes together; a bad line, or one whose table is missing, reports an
# error and the others keep their values; exit 1 when a line failed.
# Values derived by hand, as in test_batch.sh:
#   W:WK29:BK4   a1 v h8: every move b2..g7 is taken from h8: a loss.
#   W:W8:BK29    g7 crowns on h8 and traps a1: a win.
#   W:WK18:BK15  d4 takes e5 at once: a win (a capture pending, settled by search).
#   W:WK30:BK4   c1 v h8: a draw.
#   B:WK29:BK4   the same kings with Black to move: the king in the corner h8 can only
#                run down the long diagonal, and a1 takes it there: a loss.
# The tables are KMvK's and what it converts into, so W:WK1,K2,K3:BK4 (KKKvK) has none.
. "$(dirname "$0")/common.sh"

known() {
    printf 'W:WK29:BK4\tloss\n'
    printf 'W:W8:BK29\twin\n'
    printf 'W:WK18:BK15\twin\n'
    printf 'W:WK30:BK4\tdraw\n'
    printf 'B:WK29:BK4\tloss\n'
}

# 600 lines: more than two full groups and a part one.
i=0
while [ $i -lt 120 ]; do
    known
    i=$((i + 1))
done >"$WORK/want"
cut -f1 "$WORK/want" >"$WORK/in"
"$PROBE" batch --wdl --variant brazilian --dir "$TABLES" <"$WORK/in" >"$WORK/out" 2>"$WORK/err"
expect_status "batch --wdl of known positions" 0 $?
expect_same "600 known values, in input order" "$WORK/want" "$WORK/out"

# A FEN that does not parse, in a group whose other lines probe together: the values after
# it keep their lines.
printf 'W:WK29:BK4\nnonsense\nW:W8:BK29\nW:WK30:BK4\n' >"$WORK/in_skip"
"$PROBE" batch --wdl --variant brazilian --dir "$TABLES" <"$WORK/in_skip" >"$WORK/out_skip"
expect_status "batch --wdl with a bad FEN" 1 $?
sed -n '1p;3p;4p' "$WORK/out_skip" >"$WORK/got_skip"
printf 'W:WK29:BK4\tloss\nW:W8:BK29\twin\nW:WK30:BK4\tdraw\n' >"$WORK/want_skip"
expect_same "the lines after a bad FEN keep their values" "$WORK/want_skip" "$WORK/got_skip"

# Bad lines among good ones, in one group, which then is probed a line at a time: a FEN
# that does not parse, a square off the 32-square board, and a material whose table is
# missing.
{
    printf 'W:WK29:BK4\n\nnonsense\nW:W8:BK29\nW:WK33:BK4\n'
    printf 'W:WK1,K2,K3:BK4\nW:WK18:BK15\n'
} >"$WORK/in_bad"
"$PROBE" batch --wdl --variant brazilian --dir "$TABLES" <"$WORK/in_bad" >"$WORK/out_bad" \
    2>"$WORK/err_bad"
expect_status "batch --wdl with bad lines" 1 $?
sed -n '1p;3p;6p' "$WORK/out_bad" >"$WORK/got_good"
printf 'W:WK29:BK4\tloss\nW:W8:BK29\twin\nW:WK18:BK15\twin\n' >"$WORK/want_good"
expect_same "the good lines keep their values and places" "$WORK/want_good" "$WORK/got_good"
sed -n 2p "$WORK/out_bad" >"$WORK/got_nonsense"
expect_match "the unparsable line names itself" "^nonsense	error	.*nonsense" "$WORK/got_nonsense"
sed -n 4p "$WORK/out_bad" >"$WORK/got_square"
expect_match "the square off the board is named" "^W:WK33:BK4	error	.*33" "$WORK/got_square"
sed -n 5p "$WORK/out_bad" >"$WORK/got_missing"
expect_match "the missing table is named" "^W:WK1,K2,K3:BK4	error	.*KKKvK" "$WORK/got_missing"
finish
