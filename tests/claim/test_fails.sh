# claim, a claim that fails: Brazilian KvK, "White wins".  Every count is derived by hand.
# A configuration is an ordered pair (White's square, Black's square): 32 x 31 = 992 of
# them, each with either side to move: 1984 positions.
#   A king can take a piece on its diagonal when a square lies beyond it; for a diagonal of
#   L squares that is (L-1)(L-2) ordered pairs.  The diagonals of one direction have
#   lengths 2,4,6,8,6,4,2 (94 pairs), the other's 1,3,5,7,7,5,3,1 (88): 182 configurations
#   where Black can take White, 182 where White can take Black.  Both can when they stand
#   inside one diagonal with a square beyond each: 2 C(L-2, 2) a diagonal, 58 + 52 = 110.
#   So 72 configurations where only Black can take, 72 where only White can, and
#   992 - (182 + 182 - 110) = 738 where neither can.
# White's wins (tests/lookup/test_stats.sh): with White to move, the 182 captures and 12
# traps (White between the corners on the long diagonal, Black in a1 or h8, where Black
# can take White but White cannot take Black); with Black to move, Black loses only with the
# kings in a1 and h8 (2 positions, where neither can take).  Won: 194 + 2 = 196.
# The others, by class:
#   capture pending: Black to move with a capture, 182 (it wins);
#   weaker side captures first: White to move, only Black can take, not a trap: 72 - 12 = 60;
#   stronger side threatens: Black to move, only White can take: 72;
#   quiet: 738 with White to move, 738 - 2 = 736 with Black to move: 1474.
# One of them by hand: W:WK1:BK32.  Both kings stand on edge squares that are not corners;
# such a king is never taken (no square lies beyond it on either diagonal) and always has a
# move to another such square along the diagonal the other king is not on.  A draw.
. "$(dirname "$0")/../lookup/common.sh"

claim() { "$PROBE" claim --variant brazilian --dir "$TABLES" "$@" >"$WORK/out" 2>"$WORK/err"; }

claim KvK --wins white
expect_status "KvK, White wins: the claim fails" 1 $?
grep -v '^  ' "$WORK/out" >"$WORK/got"
cat >"$WORK/want" <<'END'
claim: White wins every position of KvK (brazilian)
positions: 1984
won by White: 196
capture pending: 182 (White to move 0, Black to move 182)
weaker side captures first: 60 (White to move 60, Black to move 0)
stronger side threatens: 72 (White to move 0, Black to move 72)
quiet: 1474 (White to move 738, Black to move 736)
claim fails: 1474 quiet exceptions
END
grep -v '^longest win: ' "$WORK/got" >"$WORK/counts"
expect_same "KvK, White wins: the counts" "$WORK/want" "$WORK/counts"
[ "$(grep -c '^  ' "$WORK/out")" = 12 ] && echo "ok   3 examples a class" ||
    { echo "FAIL 3 examples a class"; FAILED=1; }
# Black to move with a capture wins at once: the line is that capture alone.
expect_match "an example: FEN, value and line" \
    "^  B:WK[0-9]+:BK([0-9]+)  win in 1 ply  line: [0-9]+x[0-9]+$" "$WORK/out"
# White's longest wins: with White to move a trap, 3 plies (to the far corner, Black moves
# along the long diagonal, White takes it); with Black to move only the kings in a1 and h8,
# 2 plies (Black moves out of its corner and is taken).
expect_match "the longest wins" \
    "^longest win: White to move 3 plies W:WK[0-9]+:BK(4|29), Black to move 2 plies B:WK(4:BK29|29:BK4)$" \
    "$WORK/out"

# Each quiet example has no capture for either side (moves lists none) and is not a win.
sed -n '/^quiet/,/^claim/s/^  \([^ ]*\)  .*/\1/p' "$WORK/out" >"$WORK/quiet"
while read -r fen; do
    flipped=$(echo "$fen" | sed 's/^W:/X:/; s/^B:/W:/; s/^X:/B:/')
    if "$PROBE" moves --variant brazilian "$fen" | grep -q x ||
        "$PROBE" moves --variant brazilian "$flipped" | grep -q x; then
        echo "FAIL quiet example $fen has a capture"
        FAILED=1
    fi
done <"$WORK/quiet"
[ -s "$WORK/quiet" ] && echo "ok   quiet examples have no capture" || { echo "FAIL no quiet example"; FAILED=1; }

echo "W:WK1:BK32" | "$PROBE" batch --variant brazilian --dir "$TABLES" >"$WORK/check"
expect_match "W:WK1:BK32 is a draw" "	draw	" "$WORK/check"

# The same claim for Black is the mirror image: the sides swap in every count.
claim KvK --wins black
expect_status "KvK, Black wins: the claim fails" 1 $?
grep -v '^  ' "$WORK/out" | tail -n +2 >"$WORK/got"
cat >"$WORK/want" <<'END'
positions: 1984
won by Black: 196
capture pending: 182 (White to move 182, Black to move 0)
weaker side captures first: 60 (White to move 0, Black to move 60)
stronger side threatens: 72 (White to move 72, Black to move 0)
quiet: 1474 (White to move 736, Black to move 738)
claim fails: 1474 quiet exceptions
END
grep -v '^longest win: ' "$WORK/got" >"$WORK/counts"
expect_same "KvK, Black wins: the counts" "$WORK/want" "$WORK/counts"

claim KvK --wins green
expect_status "a bad --wins" 2 $?
expect_match "the error names --wins" "--wins" "$WORK/err"
claim KvK
expect_status "no --wins nor --draw" 2 $?
claim KKKvK --wins white
expect_status "a missing table is an error, not a failed claim" 2 $?
expect_match "the error names the table" "KKKvK" "$WORK/err"
finish
