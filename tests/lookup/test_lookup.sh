# lookup: the value, the moves and the line of W:W8:BK29 (g7 crowns on h8 and traps a1 in
# 3 plies: 8-4, then Black's first move in notation order 29-8, then 4x11; see
# tests/test_api.c), and the errors for a missing table and a bad FEN.
. "$(dirname "$0")/common.sh"

"$PROBE" lookup --variant brazilian --dir "$TABLES" W:W8:BK29 >"$WORK/out"
expect_status "lookup" 0 $?
expect_match "the value" "White to move: win in 3 plies" "$WORK/out"
expect_match "the best move first" "moves: 8-4 +win in 3 plies" "$WORK/out"
expect_match "the line" "line: +8-4 29-8 4x11$" "$WORK/out"
expect_match "the board: the man on g7" "^  7  \.   \.   \.   w    5-8" "$WORK/out"
expect_match "the board: the king on a1" "^  1  B   \.   \.   \.    29-32" "$WORK/out"

# Mirrored board (Scandinavian 8x8): a1 is light and square 1 is a8, so 18 = c4 and
# 22 = d3.  The man on d3 takes c4 (landing on b5 = 13) and the game ends, so no table is
# needed: an empty folder will do.
mkdir -p "$WORK/empty"
"$PROBE" lookup --variant scandinavian-8 --dir "$WORK/empty" W:W22:B18 >"$WORK/out"
expect_status "lookup on a mirrored board" 0 $?
expect_match "the capture wins at once" "moves: 22x13 +win in 1 ply$" "$WORK/out"
expect_match "a4 dark, c4 holds the black man" "^  4  \.   b   \.   \.    17-20" "$WORK/out"
expect_match "a3 light, d3 holds the white man" "^  3    \.   w   \.   \.  21-24" "$WORK/out"

"$PROBE" lookup --variant brazilian --dir "$WORK/empty" W:WK30:BK4 >/dev/null 2>"$WORK/err"
expect_status "lookup without its table" 1 $?
expect_match "the error names the material" "KvK" "$WORK/err"

# An empty --dir would be the root folder, and a longer one than 4000 characters would be cut.
"$PROBE" lookup --variant brazilian --dir "" W:WK30:BK4 >/dev/null 2>"$WORK/err"
expect_status "lookup with an empty --dir" 2 $?
expect_match "the error names the option" "option '--dir' needs a value" "$WORK/err"
"$PROBE" lookup --variant brazilian --dir "$(printf '%4001s' | tr ' ' d)" W:WK30:BK4 \
    >/dev/null 2>"$WORK/err"
expect_status "lookup with a --dir of 4001 characters" 2 $?
expect_match "the error says why" "value of option '--dir' is longer than 4000" "$WORK/err"

"$PROBE" lookup --variant brazilian --dir "$TABLES" W:WK33:BK4 >/dev/null 2>"$WORK/err"
expect_status "lookup of a bad FEN" 2 $?
expect_match "the error names the bad square" "33" "$WORK/err"
finish
