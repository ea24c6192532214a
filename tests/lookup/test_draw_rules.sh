# Frisian's draw rules (docs/rules.md 7.2): the official values beside the pure ones.
# Squares (standard 10x10, docs/rules.md 1): 1 b10, 2 d10, 3 f10, 4 h10, 5 j10, 8 e9, 9 g9,
# 10 i9, 14 h8, 17 c7, 19 g7, 23 f6, 41 b2, 46 a1.
#
# W:WK1,K2:BK17, White to move, derived by hand: White has no capture now (neither king's
# diagonals nor its rank and file reach c7), so no win in 1.  2-8 puts a king on e9 next to
# c7 with f10 empty behind it: Black must capture, 17x3 (c7 over e9 to f10), its only move.
# Then the king on b10 takes f10 along rank 10 (d10 is empty again), 1x4: no black pieces
# are left.  So the pure value is a win in 3 plies: White wins on its 2nd move.  Under the
# draw rules White must win by its 7th move in two kings against one: with 5 moves already
# played these are moves 6 and 7, a win in 3; with 6 played it would take an 8th: a draw.
# (The capture 17x3 leaves one king against one, where White to move captures at once: the
# one-king rule keeps that win.)
#
# W:W10,K19:BK14, White to move, derived by hand: 19-41 offers the king on the long
# diagonal a1-j10; 14x46 is forced (h8 takes b2, landing on a1, the only square behind);
# 10-5 crowns on j10 and leaves one king against one with Black to move on a1: every black
# move stays on the long diagonal a1-j10 and is taken by the king on j10 (5x14 after 46-10).
# A pure win in 5 plies.  Under the rules one king against one king is drawn unless the side
# to move captures at once, and Black on a1 cannot: the official value is a draw.
#
# W:W8,K9:BK23 converts into two kings against one: its pure win, 17 plies, starts with 8-2
# (e9 crowns on d10), after which B:WK2,K9:BK23 is a loss in 16 plies for Black: White needs
# 8 moves there (plies 2, 4, ..., 16), one more than the rule allows, so both are draws under
# the rules.  These DTWs come from the tables, which dtb-check re-derives independently.
#
# KKvK at the horizon (values from the tables, certified by dtb-check): White to move wins
# in 13 plies (its 7th move) and under the rules too; in 15 plies only without them.  With
# Black (the lone king) to move, a loss in 14 plies is still White's 7th move; 16 is not.
VARIANT=frisian
. "$(dirname "$0")/common.sh"

batch() { # batch RULES MOVES_PLAYED FEN...
    rules=$1 played=$2
    shift 2
    printf '%s\n' "$@" | "$PROBE" batch --variant frisian --dir "$TABLES" --rules "$rules" \
        --moves-played "$played"
}

batch pure 0 W:WK1,K2:BK17 >"$WORK/got"
printf 'W:WK1,K2:BK17\twin\t3\t2-8\n' >"$WORK/want"
expect_same "two kings v one: a pure win in 3 plies by 2-8" "$WORK/want" "$WORK/got"
batch official 5 W:WK1,K2:BK17 >"$WORK/got"
expect_same "won on the stronger side's 7th move: a win under the rules" "$WORK/want" "$WORK/got"
batch official 6 W:WK1,K2:BK17 | cut -f1-3 >"$WORK/got"
printf 'W:WK1,K2:BK17\tdraw\t-\n' >"$WORK/want"
expect_same "needing an 8th move: a draw under the rules" "$WORK/want" "$WORK/got"

batch pure 0 W:W10,K19:BK14 >"$WORK/got"
printf 'W:W10,K19:BK14\twin\t5\t19-41\n' >"$WORK/want"
expect_same "crowning into one king v one: a pure win in 5" "$WORK/want" "$WORK/got"
batch official 0 W:W10,K19:BK14 | cut -f1-3 >"$WORK/got"
printf 'W:W10,K19:BK14\tdraw\t-\n' >"$WORK/want"
expect_same "one king v one without an immediate capture: a draw under the rules" \
    "$WORK/want" "$WORK/got"

batch pure 0 W:W8,K9:BK23 B:WK2,K9:BK23 >"$WORK/got"
printf 'W:W8,K9:BK23\twin\t17\t8-2\nB:WK2,K9:BK23\tloss\t16\t23-5\n' >"$WORK/want"
expect_same "crowning into two kings v one: a pure win in 17" "$WORK/want" "$WORK/got"
batch official 0 W:W8,K9:BK23 B:WK2,K9:BK23 | cut -f1-3 >"$WORK/got"
printf 'W:W8,K9:BK23\tdraw\t-\nB:WK2,K9:BK23\tdraw\t-\n' >"$WORK/want"
expect_same "the same needs 8 moves after crowning: draws under the rules" "$WORK/want" "$WORK/got"

# Move by move along the pure line of W:W8,K9:BK23: White crowns first (8-2), and from then
# on, inside two kings against one (and the one king against one its last black capture
# leaves), White's moves are plies 3, 5, ..., 17: its win comes on its 8th move there.
"$PROBE" lookup --variant frisian --dir "$TABLES" --rules pure W:W8,K9:BK23 |
    sed -n '/line:/,$p' | sed 's/.*line://' | tr -s ' ' '\n' | grep -E '^[0-9]+[-x]' >"$WORK/line"
printf '%s\n' 8-2 >"$WORK/want"
head -n 1 "$WORK/line" >"$WORK/got"
expect_same "the pure line starts by crowning on d10" "$WORK/want" "$WORK/got"
white_after=$(tail -n +2 "$WORK/line" | awk 'NR % 2 == 0' | wc -l)
expect_status "White's moves after crowning in the 17-ply pure line (8 > 7)" 8 "$white_after"
tail -n 1 "$WORK/line" | grep -q x
expect_status "the last of them captures the lone king" 0 $?

batch official 0 W:WK1,K2:BK6 W:WK2,K4:BK23 B:WK1,K2:BK6 B:WK2,K4:BK31 | cut -f1-3 >"$WORK/got"
printf '%s\t%s\t%s\n' W:WK1,K2:BK6 win 13 W:WK2,K4:BK23 draw - B:WK1,K2:BK6 loss 14 \
    B:WK2,K4:BK31 draw - >"$WORK/want"
expect_same "two kings v one at the horizon: 13 and 14 plies win, 15 and 16 draw" \
    "$WORK/want" "$WORK/got"
batch pure 0 W:WK2,K4:BK23 B:WK2,K4:BK31 | cut -f1-3 >"$WORK/got"
printf '%s\t%s\t%s\n' W:WK2,K4:BK23 win 15 B:WK2,K4:BK31 loss 16 >"$WORK/want"
expect_same "the same two positions are decided without the rules" "$WORK/want" "$WORK/got"

"$PROBE" lookup --variant frisian --dir "$TABLES" W:W10,K19:BK14 >"$WORK/got"
expect_match "lookup shows both values" "draw under the draw rules \(without them: win in 5 plies\)" \
    "$WORK/got"
# W:WK46:BK5, derived by hand: the king on a1 can only run up the long diagonal a1-j10, and
# j10 takes it wherever it stops: a pure loss in 2 for White.  Under the rules the one
# ply of one king against one is White's, which cannot capture: the game is drawn, and so
# every move is a draw too (the position after it has no ply left), and the line ends
# after one move.
"$PROBE" lookup --variant frisian --dir "$TABLES" W:WK46:BK5 >"$WORK/got"
expect_match "one king v one, no capture: a draw beside the pure loss" \
    "draw under the draw rules \(without them: loss in 2 plies\)" "$WORK/got"
draws=$(grep -Ec ' 46-[0-9]+ +draw$' "$WORK/got")
expect_status "all 8 moves of a1 are draws under the rules" 8 "$draws"
expect_match "the line ends after one move" "line: +46-[0-9]+$" "$WORK/got"
"$PROBE" lookup --variant frisian --dir "$TABLES" --rules pure W:WK46:BK5 >"$WORK/got"
losses=$(grep -Ec ' 46-[0-9]+ +loss in 2 plies$' "$WORK/got")
expect_status "all 8 moves of a1 lose in 2 without the rules" 8 "$losses"

# 7 moves played with the stronger side to move: its 7 moves passed without a win, so the
# game is over, drawn; with the lone king to move after White's 7th it is a position.
batch official 7 W:WK1,K2:BK17 >"$WORK/got"
expect_match "the stronger side to move after 7 moves is an error line" \
    "error.*7 moves are spent" "$WORK/got"
batch official 7 B:WK1,K2:BK17 | cut -f1-3 >"$WORK/got"
printf 'B:WK1,K2:BK17\tdraw\t-\n' >"$WORK/want"
expect_same "the lone king to move after White's 7th move: a draw" "$WORK/want" "$WORK/got"

# B:WK12,K34:BK45, derived by hand: j2 (45) takes h4 (34) and, on along the same diagonal,
# d8 (12), landing on c9 or b10: 45x7 or 45x1, both taking White's last pieces, a pure win
# in 1 ply.  But with White's 7 moves played the game is drawn before Black moves: both
# captures are draws under the rules, and the line has no move.  (They were once valued as
# wins, since a capture leaving the material starts no count of its own.)
"$PROBE" lookup --variant frisian --dir "$TABLES" --moves-played 7 B:WK12,K34:BK45 >"$WORK/got"
expect_match "the lone king after White's 7th move: a draw beside the pure win" \
    "draw under the draw rules \(without them: win in 1 ply\)" "$WORK/got"
draws=$(grep -Ec ' 45x[17] +draw$' "$WORK/got")
expect_status "both captures are draws: the game ended before them" 2 "$draws"
grep -q 'line:' "$WORK/got"
expect_status "and the line has no move" 1 $?
# With 6 moves played White's next move is its 7th: the line ends after it, whatever the
# lone king could answer (it was once followed by Black's reply).
"$PROBE" lookup --variant frisian --dir "$TABLES" --moves-played 6 W:WK2,K3:BK5 >"$WORK/got"
expect_match "the line ends after White's 7th move" "line: +[0-9]+[-x][0-9]+$" "$WORK/got"

printf 'W:W10,K19:BK14\n' | "$PROBE" batch --variant frisian --dir "$TABLES" --moves-played 2 >"$WORK/got"
expect_status "moves played outside two kings v one is an error line" 1 $?
expect_match "the error says where moves count" "error.*two kings against one king" "$WORK/got"
finish
