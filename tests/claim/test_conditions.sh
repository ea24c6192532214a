# claim with conditions, side to move and bounds, on Brazilian KvK and KMvK; every count is
# derived by hand from the rules (docs/rules.md 1-5), with the squares of 8x8: 1-4 on rank 8
# (b8 d8 f8 h8), 29-32 on rank 1 (a1 c1 e1 g1); the long diagonal, the main road, runs
# a1 h8: 29 25 22 18 15 11 8 4.
#
# Black's king in the corner a1 (29), White's king on one of the other 31 squares, either
# side to move: 62 positions.  Nothing lies beyond a1, so White can never take it.  Black
# takes White from a1 when White stands on the road with a square beyond: 25 22 18 15 11 8
# (6 squares; not 4, the far corner).
#   White to move: White wins by going to h8 (4) when it stands on the road between the
#   corners (the 6 squares): Black must leave a1 along the road and White takes it from
#   behind (3 plies: White's move, Black's, the capture).  From anywhere else White cannot
#   reach h8 at once, and the lone king in a1 is never caught (tests/claim/test_fails.sh
#   counts every win of KvK: 12 such traps in all, 6 with Black in a1).  With White in h8
#   and White to move, White must leave h8 along the road and is taken: a loss.
#   Black to move: Black captures on the 6 squares (a win for Black); with White in h8,
#   Black must leave a1 and is taken (White wins in 2 plies); elsewhere a draw.
# So White wins 6 + 1 = 7 positions; capture pending 6 (Black to move); the traps, won by
# White, have Black's capture threat; quiet 31 - 6 = 25 with White to move (h8 among them)
# and 31 - 6 - 1 = 24 with Black to move.
. "$(dirname "$0")/../lookup/common.sh"

claim() { "$PROBE" claim --variant brazilian --dir "$TABLES" "$@" >"$WORK/out" 2>"$WORK/err"; }
# The lines of the counts (no examples, no longest win).
counts() { grep -v '^  \|^longest win: ' "$WORK/out" >"$WORK/got"; }

claim KvK --wins white --where 'black king on 29' --heatmap "$WORK/heat.svg"
expect_status "Black's king on a1: the claim fails" 1 $?
counts
cat >"$WORK/want" <<'END'
claim: White wins every position of KvK (brazilian) where black king on 29
positions: 62
won by White: 7
capture pending: 6 (White to move 0, Black to move 6)
weaker side captures first: 0 (White to move 0, Black to move 0)
stronger side threatens: 0 (White to move 0, Black to move 0)
quiet: 49 (White to move 25, Black to move 24)
claim fails: 49 quiet exceptions
END
expect_same "Black's king on a1: the counts" "$WORK/want" "$WORK/got"
expect_line "the longest wins: 3 plies (a trap), 2 (the kings in the corners)" \
    "longest win: White to move 3 plies W:WK8:BK29, Black to move 2 plies B:WK4:BK29" "$WORK/out"
# The heat map counts the 49 failures on the square of the first condition's piece.
expect_match "the heat map: 49 failures on a1" '>49</text>' "$WORK/heat.svg"
expect_match "the heat map's caption" "49 failures: where Black's kings stand in them" \
    "$WORK/heat.svg"
[ "$(grep -c 'text-anchor="middle" fill="#303030">[0-9]' "$WORK/heat.svg")" = 1 ] &&
    echo "ok   the heat map: no other square counted" ||
    { echo "FAIL the heat map counts other squares"; FAILED=1; }

claim KvK --wins white --where 'black king on 29' --to-move black
expect_status "Black to move: fails" 1 $?
counts
expect_line "Black to move: 31 positions" "positions: 31" "$WORK/got"
expect_line "Black to move: 1 won (White in h8)" "won by White: 1" "$WORK/got"
expect_line "Black to move: 24 quiet" "quiet: 24 (White to move 0, Black to move 24)" "$WORK/got"
# An option that is not repeatable, given twice: the last value counts.
claim KvK --wins white --where 'black king on 29' --to-move white --to-move black
counts
expect_line "--to-move twice: the last, Black, counts" "positions: 31" "$WORK/got"
expect_line "--to-move twice: Black to move's win" "won by White: 1" "$WORK/got"

# The bound: the traps take 3 plies, 2 White moves; the corners with Black to move 2 plies,
# 1 White move.  A win slower than the bound is its own class, whatever the captures.
claim KvK --wins white --where 'black king on 29' --within 2
expect_status "within 2 plies: fails" 1 $?
counts
expect_line "within 2 plies: 1 won in time" "won by White within the bound: 1" "$WORK/got"
expect_line "within 2 plies: the 6 traps too slow" \
    "won, but slower than the bound: 6 (White to move 6, Black to move 0)" "$WORK/got"
expect_line "within 2 plies: the verdict" \
    "claim fails: 49 quiet exceptions, 6 won slower than the bound" "$WORK/got"
claim KvK --wins white --where 'black king on 29' --within '2 moves'
counts
expect_line "within 2 moves: all 7 wins in time" "won by White within the bound: 7" "$WORK/got"
expect_line "within 2 moves: none too slow" \
    "won, but slower than the bound: 0 (White to move 0, Black to move 0)" "$WORK/got"
claim KvK --wins white --where 'black king on 29' --where 'white king on 4' --to-move black \
    --within 1
expect_status "the corners, Black to move, within 1 ply: fails" 1 $?
expect_match "within 1 ply: the one position too slow" \
    "^won, but slower than the bound: 1 \(White to move 0, Black to move 1\)$" "$WORK/out"
claim KvK --wins white --where 'black king on 29' --where 'white king on 4' --to-move black \
    --within 2
expect_status "the corners, Black to move, within 2 plies: holds" 0 $?
# --won-only: the 7 wins alone, the claim being that each keeps within the bound.
claim KvK --wins white --where 'black king on 29' --within 3 --won-only
expect_status "every win within 3 plies: holds" 0 $?
expect_line "won-only: the 7 wins" "positions: 7" "$WORK/out"
claim KvK --wins white --where 'black king on 29' --within 2 --won-only
expect_status "every win within 2 plies: fails" 1 $?

# A draw, with an 'off' condition: with White off the road Black cannot take it, White
# cannot reach h8, and White cannot take Black: each of the 24 x 2 positions is drawn.
claim KvK --draw --where 'black king on 29' --where 'white king off 4,8,11,15,18,22,25,29'
expect_status "White off the road: a draw, holds" 0 $?
counts
cat >"$WORK/want" <<'END'
claim: a draw in every position of KvK (brazilian) where black king on 29, white king off main-diagonal
positions: 48
drawn: 48
capture pending: 0 (White to move 0, Black to move 0)
weaker side captures first: 0 (White to move 0, Black to move 0)
stronger side threatens: 0 (White to move 0, Black to move 0)
quiet: 0 (White to move 0, Black to move 0)
claim holds: 0 quiet exceptions
END
expect_same "the road's squares are main-diagonal; a draw's counts" "$WORK/want" "$WORK/got"
# Without the 'off': the exceptions are the positions someone wins.  For a draw the
# stronger side is the one winning the position: the traps (White wins, Black threatens:
# the weaker side captures first), Black's 6 captures, and the corners (quiet), once
# with each side to move.
claim KvK --draw --where 'black king on 29'
expect_status "a draw with Black's king on a1: fails" 1 $?
counts
cat >"$WORK/want" <<'END'
claim: a draw in every position of KvK (brazilian) where black king on 29
positions: 62
drawn: 48
capture pending: 6 (White to move 0, Black to move 6)
weaker side captures first: 6 (White to move 6, Black to move 0)
stronger side threatens: 0 (White to move 0, Black to move 0)
quiet: 2 (White to move 1, Black to move 1)
claim fails: 2 quiet exceptions
END
expect_same "a draw with Black's king on a1: the counts" "$WORK/want" "$WORK/got"

# Men and pieces, by counting placements of KMvK (White king and man, Black king): White's
# man stands on 5-32 (on 1-4 it would be a king), 28 squares; its king on one of the 31
# others, Black's on one of the 30 left; either side to move: 28 x 31 x 30 x 2 = 52080.
positions() { sed -n 's/^positions: //p' "$WORK/out"; }
expect_positions() { # WHAT WANT WHERE...
    what=$1 want=$2
    shift 2
    claim KMvK --wins white "$@"
    [ "$(positions)" = "$want" ] && echo "ok   $what: $want positions" ||
        { echo "FAIL $what: $(positions) positions, expected $want"; FAILED=1; }
}
expect_positions "KMvK" 52080
expect_positions "White's man on rank 2 (25-28): 4 x 31 x 30 x 2" 7440 \
    --where 'white man on 25-28'
expect_positions "a white piece on rank 8: only the king can be, 28 x 4 x 30 x 2" 6720 \
    --where 'white piece on 1-4'
expect_positions "no white piece on rank 8: the rest, 28 x 27 x 30 x 2" 45360 \
    --where 'white piece off 1-4'
expect_positions "White's man off 5-32: none" 0 --where 'white man off 5-32'
expect_positions "White's king on 1-4 and Black's off them, White to move: 28 x 4 x 27" 3024 \
    --where 'white king on 1-4' --where 'black king off 1,2,3,4' --to-move white

# Bad parts are named, with exit 2.
bad() { # WHAT NAMED ARGS...
    what=$1 named=$2
    shift 2
    claim KvK "$@"
    expect_status "$what" 2 $?
    grep -qF -- "$named" "$WORK/err" && echo "ok   the error names $named" ||
        { echo "FAIL the error does not name $named:"; cat "$WORK/err"; FAILED=1; }
}
bad "a square off the board" "'33'" --wins white --where 'black king off 4,33'
bad "a range off the board" "'30-40'" --wins white --where 'black king off 30-40'
bad "a backward range" "'9-3'" --wins white --where 'black king on 9-3'
bad "a bad piece kind" "'queen'" --wins white --where 'black queen on 4'
bad "a bad side" "'red'" --wins white --where 'red king on 4'
bad "a bad place" "'at'" --wins white --where 'black king at 4'
bad "no squares" "black king on'" --wins white --where 'black king on'
bad "a bad --to-move" "'green'" --wins white --to-move green
bad "a bound of 0" "'0'" --wins white --within 0
bad "a bound in days" "'3 days'" --wins white --within '3 days'
bad "a bound on a draw" "--draw" --draw --within 3
bad "--won-only without a bound" "--within" --wins white --won-only
bad "both --wins and --draw" "--draw" --wins white --draw
# --where is repeatable up to 8 times (CLAIM_CONDITIONS); a ninth is refused, naming it.
bad "nine --where conditions" "'--where' may be given at most 8 times" --wins white \
    --where 'black king off 1' --where 'black king off 2' --where 'black king off 3' \
    --where 'black king off 4' --where 'black king off 5' --where 'black king off 6' \
    --where 'black king off 7' --where 'black king off 8' --where 'black king off 9'
# A bad table is an error, not a failed claim.
flip_last_byte "$TABLES/KvK.dtb"
bad "a corrupt table" "KvK.dtb" --wins white --where 'black king on 29'
finish
