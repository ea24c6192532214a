# lidraughts' FEN through dtb-probe lookup and batch: its ":H" (the plies played since the
# material of a draw rule arose) gives the moves played in Frisian's two kings against one.
# W:WK1,K2:BK17, White to move: a pure win in 3 plies, kept under the draw rules with 5
# moves played, a draw with 6 (derived by hand in test_draw_rules.sh).  With White (the
# stronger side) to move, H10 and H11 both mean 5 moves played (White moved first then, or
# Black did and White's 5 moves are plies 2, 4, ..., 10); H12 means 6.
VARIANT=frisian
. "$(dirname "$0")/common.sh"

batch() { # batch FEN...: the FEN as given, its value and DTW
    printf '%s\n' "$@" | "$PROBE" batch --variant frisian --dir "$TABLES" | cut -f1-3
}

batch W:WK1,K2:BK17:H10:F50 W:WK1,K2:BK17:H11:F50 W:WK1,K2:BK17:H12:F50 >"$WORK/got"
{
    printf 'W:WK1,K2:BK17:H10:F50\twin\t3\n'
    printf 'W:WK1,K2:BK17:H11:F50\twin\t3\n'
    printf 'W:WK1,K2:BK17:H12:F50\tdraw\t-\n'
} >"$WORK/want"
expect_same "H10 and H11: 5 moves played, a win; H12: 6, a draw" "$WORK/want" "$WORK/got"

"$PROBE" lookup --variant frisian --dir "$TABLES" '[FEN "w:wk1,k2:bk17:H12:F50:+0+0"]' \
    >"$WORK/out"
expect_status "lookup of a PDN tag of a lidraughts FEN in lower case" 0 $?
expect_match "6 moves played: a draw under the rules" "White to move: draw under the draw rules" \
    "$WORK/out"

"$PROBE" lookup --variant frisian --dir "$TABLES" --moves-played 5 W:WK1,K2:BK17:H12 \
    >"$WORK/out"
expect_match "--moves-played overrides H" "White to move: win in 3 plies" "$WORK/out"

"$PROBE" lookup --variant frisian --dir "$TABLES" W:WK1,K2:BK17:H16 >"$WORK/out" 2>"$WORK/err"
expect_status "H past the draw rule's 7 moves" 2 $?
expect_match "names the field" "':H16' in two kings against one gives the stronger side 8 moves" \
    "$WORK/err"

finish
