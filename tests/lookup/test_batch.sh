# batch: one tab-separated line per FEN, the FEN as read; a bad line reports an error and
# the batch goes on; empty lines are skipped; exit 1 when a line failed.
# Values derived by hand (see tests/test_api.c for the lone-king facts):
#   W:WK29:BK4   a1 v h8: every move b2..g7 is taken from h8: loss in 2; all six moves
#                lose alike, so the best is the first in notation order, 29-8.
#   W:W8:BK29    g7 crowns on h8 (8-4) and traps a1: win in 3.
#   W:WK18:BK15  d4 takes e5 at once, landing on f6, g7 or h8: win in 1, 18x4 first.
#   W:WK30:BK4   c1 v h8: a draw; c1-h6 (30-12) is the first move in notation order that
#                keeps it (h6 is an edge square, off the long diagonal).
. "$(dirname "$0")/common.sh"

printf 'W:WK29:BK4\nW:W8:BK29\n\nW:WK18:BK15\nnonsense\nW:WK30:BK4\n' >"$WORK/in"
"$PROBE" batch --variant brazilian --dir "$TABLES" <"$WORK/in" >"$WORK/out" 2>"$WORK/err"
expect_status "batch with a bad line" 1 $?
{
    printf 'W:WK29:BK4\tloss\t2\t29-8\n'
    printf 'W:W8:BK29\twin\t3\t8-4\n'
    printf 'W:WK18:BK15\twin\t1\t18x4\n'
} >"$WORK/want_head"
head -n 3 "$WORK/out" >"$WORK/got_head"
expect_same "batch lines before the bad one" "$WORK/want_head" "$WORK/got_head"
sed -n 4p "$WORK/out" >"$WORK/got_bad"
expect_match "the bad line reports an error naming it" "^nonsense	error	.*nonsense" "$WORK/got_bad"
sed -n '5,$p' "$WORK/out" >"$WORK/got_tail"
printf 'W:WK30:BK4\tdraw\t-\t30-12\n' >"$WORK/want_tail"
expect_same "the batch goes on after the bad line" "$WORK/want_tail" "$WORK/got_tail"

printf 'W:WK29:BK4\n' | "$PROBE" batch --variant brazilian --dir "$TABLES" >/dev/null
expect_status "batch without bad lines" 0 $?
finish
