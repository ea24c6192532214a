# claim --where ... main-diagonal: the long diagonal from the dark corner, per board and
# orientation, worked out from docs/rules.md 1 by hand.  A condition on exactly those squares
# prints as main-diagonal, and one on main-diagonal holds 10 (8) squares.
#   Standard 10x10 (International): a1 = 46, then b2 41, c3 37, d4 32, e5 28, f6 23, g7 19,
#     h8 14, i9 10, j10 5.
#   Mirrored 10x10 (Scandinavian): a1 is light, the dark corner is j1 = 50; the diagonal runs
#     j1 i2 h3 g4 f5 e6 d7 c8 b9 a10: 50 45 39 34 28 23 17 12 6 1 (rank 10 holds 1-5 on
#     a c e g i, rank 9 6-10 on b d f h j, and so on down).
#   Standard 8x8 (Brazilian): a1 = 29, b2 25, c3 22, d4 18, e5 15, f6 11, g7 8, h8 4.
#   Mirrored 8x8 (Scandinavian 8x8): h1 = 32, g2 28, f3 23, e4 19, d5 14, c6 10, b7 5, a8 1.
# usage: test_main_diagonal.sh DTB_PROBE DTB_GEN WORK_DIR
set -u
PROBE=$1
GEN=$2
WORK=$3
. "$(dirname "$0")/../expect.sh"
fresh_work

check() { # VARIANT SQUARES COUNT
    "$GEN" --variant "$1" --dir "$WORK/$1" KvK >"$WORK/gen.log" 2>&1 ||
        { cat "$WORK/gen.log"; echo "FAIL dtb-gen $1"; FAILED=1; return; }
    "$PROBE" claim --variant "$1" --dir "$WORK/$1" KvK --draw --where "black king on $2" \
        >"$WORK/out"
    expect_line "$1: $2 is the main diagonal" \
        "claim: a draw in every position of KvK ($1) where black king on main-diagonal" \
        "$WORK/out"
    "$PROBE" claim --variant "$1" --dir "$WORK/$1" KvK --draw --where 'white king on main-diagonal' \
        >"$WORK/out"
    # KvK: White's king on one of COUNT squares, Black's on another of the board's, either
    # side to move.
    squares=$( [ "$3" = 10 ] && echo 50 || echo 32 )
    expect_line "$1: $3 squares" "positions: $(($3 * (squares - 1) * 2))" "$WORK/out"
}
check international 5,10,14,19,23,28,32,37,41,46 10
check scandinavian 1,6,12,17,23,28,34,39,45,50 10
check brazilian 4,8,11,15,18,22,25,29 8
check scandinavian-8 1,5,10,14,19,23,28,32 8
finish
