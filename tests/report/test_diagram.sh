# diagram: the text and SVG diagrams of one position on a mirrored board and one on a
# standard board, placed by hand from docs/rules.md 1.  usage: test_diagram.sh DTB_PROBE WORK_DIR
# Scandinavian 8x8 is mirrored: a1 light, square 1 = a8; rank 8 holds 1-4 on a8 c8 e8 g8,
# rank 7 5-8 on b7 d7 f7 h7, rank 4 17-20 on a4 c4 e4 g4, rank 2 25-28 on a2 c2 e2 g2.  So
# in B:WK3,7:B20,K28 White has a king on e8 and a man on f7, Black a man on g4 and a king
# on g2.  Brazilian is standard: square 1 = b8, 29 = a1.
set -u
PROBE=$1
WORK=$2
FAILED=0
rm -rf "$WORK"
mkdir -p "$WORK"

check() { # WHAT COMMAND...
    what=$1
    shift
    if "$@"; then echo "ok   $what"; else echo "FAIL $what"; FAILED=1; fi
}

FEN=B:WK3,7:B20,K28
"$PROBE" diagram --variant scandinavian-8 "$FEN" >"$WORK/text"
check "text diagram exits 0" [ $? = 0 ]
cat >"$WORK/want" <<'END'
     a b c d e f g h
  8  .   .   W   .    1-4
  7    .   .   w   .  5-8
  6  .   .   .   .    9-12
  5    .   .   .   .  13-16
  4  .   .   .   b    17-20
  3    .   .   .   .  21-24
  2  .   .   .   B    25-28
  1    .   .   .   .  29-32
END
check "text diagram, mirrored" cmp -s "$WORK/want" "$WORK/text"

SVG=$WORK/s8.svg
"$PROBE" diagram --variant scandinavian-8 "$FEN" --svg "$SVG"
check "SVG diagram exits 0" [ $? = 0 ]
has() { grep -qF -- "$1" "$SVG"; }
count() { grep -c -- "$1" "$SVG"; }
check "an SVG 1.1 document" has '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"'
check "no external resource" [ "$(count 'href')" = 0 ]
# Squares of 48 px, the board's top-left corner at (24, 8); a square's number sits 3 px in
# and 11 px down, a piece's centre at (24, 26) in the square.
check "32 dark squares" [ "$(count 'fill="#b07d52"')" = 32 ]
check "square 1 top left (a8)" has '<text x="27" y="19" font-size="10" fill="#f7ead2">1</text>'
check "square 4 on g8" has '<text x="315" y="19" font-size="10" fill="#f7ead2">4</text>'
check "square 29 on b1" has '<text x="75" y="355" font-size="10" fill="#f7ead2">29</text>'
check "white king on e8" has '<circle cx="240" cy="34" r="15" fill="#ffffff" stroke="#202020"'
check "white man on f7" has '<circle cx="288" cy="82" r="15" fill="#ffffff" stroke="#202020"'
check "black man on g4" has '<circle cx="336" cy="226" r="15" fill="#202020" stroke="#e8e8e8"'
check "black king on g2" has '<circle cx="336" cy="322" r="15" fill="#202020" stroke="#e8e8e8"'
check "4 pieces and 2 kings' rings" [ "$(count '<circle')" = 6 ]
check "2 crowns" [ "$(count '<path')" = 2 ]
check "the kings' rings" [ "$(count 'r="10" fill="none"')" = 2 ]
check "the side to move" has '>Black to move</text>'
check "the title names variant and FEN" has "<title>scandinavian-8 $FEN</title>"

SVG=$WORK/br.svg
"$PROBE" diagram --variant brazilian W:W29:BK1 --svg "$SVG"
check "square 1 on b8" has '<text x="75" y="19" font-size="10" fill="#f7ead2">1</text>'
check "square 29 on a1" has '<text x="27" y="355" font-size="10" fill="#f7ead2">29</text>'
check "white man on a1" has '<circle cx="48" cy="370" r="15" fill="#ffffff"'
check "black king on b8" has '<circle cx="96" cy="34" r="15" fill="#202020"'
check "White to move" has '>White to move</text>'
if command -v xmllint >/dev/null; then check "well-formed XML" xmllint --noout "$SVG"; fi
if command -v rsvg-convert >/dev/null; then
    check "rsvg-convert draws it" rsvg-convert "$SVG" -o "$WORK/br.png"
fi

"$PROBE" diagram --variant brazilian W:W33:B1 --svg "$WORK/bad.svg" 2>"$WORK/err"
check "a bad FEN exits 2" [ $? = 2 ]
check "and writes no file" [ ! -e "$WORK/bad.svg" ]
"$PROBE" diagram --variant brazilian W:W29:B1 --svg "$WORK/no/such/dir.svg" 2>"$WORK/err"
check "an unwritable file exits 1" [ $? = 1 ]

[ "$FAILED" = 0 ] && rm -rf "$WORK"
exit "$FAILED"
