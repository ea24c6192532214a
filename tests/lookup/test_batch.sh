# batch: one tab-separated line per FEN, the FEN as read; a bad line reports an error and
# the batch goes on; blank lines are skipped; exit 1 when a line failed or stdin could
# not be read.
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

# A FEN over 1 KB: its quote is cut short, the reason is not.
long=W:W$(i=0; while [ $i -lt 400 ]; do printf '21,'; i=$((i + 1)); done)21:B5
printf '%s\n' "$long" | "$PROBE" batch --variant brazilian --dir "$TABLES" >"$WORK/out"
expect_status "batch of a FEN too long" 1 $?
expect_match "says why" "	error	bad FEN 'W:W21,.*\.\.\.': FEN too long$" "$WORK/out"

# Lines ending in CR LF, and a line of blanks between them.
printf 'W:WK29:BK4\r\n \t\r\nW:W8:BK29\r\n' >"$WORK/crlf"
for wdl in "" --wdl; do
    "$PROBE" batch --variant brazilian --dir "$TABLES" $wdl <"$WORK/crlf" >"$WORK/out"
    expect_status "batch $wdl of CR LF lines" 0 $?
    if [ -z "$wdl" ]; then
        printf 'W:WK29:BK4\tloss\t2\t29-8\nW:W8:BK29\twin\t3\t8-4\n' >"$WORK/want"
    else
        printf 'W:WK29:BK4\tloss\nW:W8:BK29\twin\n' >"$WORK/want"
    fi
    expect_same "batch $wdl drops the CR and skips the blank line" "$WORK/want" "$WORK/out"

    # A NUL byte once cut the line short, and the valid FEN before it was answered.
    printf 'W:WK29:BK4\000garbage\nW:W8:BK29\n' |
        "$PROBE" batch --variant brazilian --dir "$TABLES" $wdl >"$WORK/out"
    expect_status "batch $wdl of a line with a NUL byte" 1 $?
    expect_match "reports it" "^W:WK29:BK4	error	the line holds a NUL byte$" "$WORK/out"
    expect_match "and goes on" "^W:W8:BK29	win" "$WORK/out"

    "$PROBE" batch --variant brazilian --dir "$TABLES" $wdl <"$WORK" >"$WORK/out" 2>"$WORK/err"
    expect_status "batch $wdl from a folder (a read error)" 1 $?
    expect_match "says it cannot read" "cannot read standard input" "$WORK/err"
done
finish
