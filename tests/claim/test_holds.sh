# claim, a claim that holds: Frisian Draughts 2.0 on 8x8, KKvM, "White wins": two kings
# beat a lone man in every quiet position.
# Positions by hand: Black's man stands on one of 28 squares (not rank 1, where it would be
# a king), White's two kings on two of the other 31 (465 ways), either side to move:
# 2 x 28 x 465 = 26040.
# Why it holds (the tables say so, and dtb-check re-derives every stored value): the man
# becomes a king only by moving to rank 1, which hands the move to White, and in KKvK two
# kings with the move win every quiet position; KKvK's quiet exceptions all have the lone
# king to move (checked below), and they are forks, such as B:WK7,K16:BK4 (h8 against e7
# and g5): 4-11 puts the king on f6 between them, where it attacks both and neither can
# take it (the square behind it is the other white king), so White loses a king and with
# it the win.  The man cannot get to such a fork with the move.
. "$(dirname "$0")/../lookup/common.sh"

F2=$WORK/frisian2-8
"$GEN" --variant frisian2-8 --dir "$F2" KKvM >"$WORK/gen2.log" 2>&1 ||
    { cat "$WORK/gen2.log"; echo "FAIL dtb-gen frisian2-8 KKvM"; exit 1; }
claim() { "$PROBE" claim --variant frisian2-8 --dir "$F2" "$@" >"$WORK/out" 2>"$WORK/err"; }

claim KKvM --wins white
expect_status "KKvM, White wins: the claim holds" 0 $?
expect_match "all positions" "^positions: 26040$" "$WORK/out"
expect_match "no quiet exception" "^quiet: 0 \(White to move 0, Black to move 0\)$" "$WORK/out"
expect_match "the verdict" "^claim holds: 0 quiet exceptions$" "$WORK/out"
# The counts with "the winner" and "the loser" for the sides.
counts() { grep -v '^  \|^longest win: ' "$WORK/out" | tail -n +2 | sed "s/$1/winner/g; s/$2/loser/g"; }
counts White Black >"$WORK/a"

# The colour-reversed twin, MvKK with Black to win, is the same claim: the sides swap.
claim MvKK --wins black
expect_status "MvKK, Black wins: the claim holds" 0 $?
counts Black White | sed 's/(loser to move \(.*\), winner to move \(.*\))/(winner to move \2, loser to move \1)/' >"$WORK/b"
expect_same "MvKK for Black counts as KKvM for White" "$WORK/a" "$WORK/b"

claim KKvK --wins white
expect_status "KKvK, White wins: the claim fails" 1 $?
expect_match "KKvK: no quiet exception with White to move" "^quiet: [1-9][0-9]* \(White to move 0, " "$WORK/out"
# expect_no_capture WHAT FEN
expect_no_capture() {
    if "$PROBE" moves --variant frisian2-8 "$2" | grep -q x; then
        echo "FAIL $1"
        FAILED=1
    else
        echo "ok   $1"
    fi
}
expect_no_capture "the fork position is quiet: Black cannot take" B:WK7,K16:BK4
expect_no_capture "the fork position is quiet: White cannot take" W:WK7,K16:BK4
expect_no_capture "after 4-11 White cannot take the king on f6" W:WK7,K16:BK11
"$PROBE" moves --variant frisian2-8 B:WK7,K16:BK11 >"$WORK/moves"
expect_match "the king on f6 attacks e7" "^11x2$" "$WORK/moves"
expect_match "the king on f6 attacks g5" "^11x20$" "$WORK/moves"
echo "B:WK7,K16:BK4" | "$PROBE" batch --variant frisian2-8 --dir "$F2" >"$WORK/check"
expect_match "the fork position is a draw, by 4-11" "	draw	.*	4-11$" "$WORK/check"
finish
