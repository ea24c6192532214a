# stats: KvK counts derived by hand (tests/test_api.c, facts (1)-(3)).  Of the 992
# positions with White to move (32 x 31):
#   win in 1: White takes at once.  A piece can be taken from a square of its diagonal
#     only when it is off the edge; counting, for each diagonal of length L, (L-2) inner
#     squares times (L-1) attackers each: one direction's diagonals have lengths
#     2,4,6,8,6,4,2 (0+6+20+42+20+6+0 = 94), the other's 1,3,5,7,7,5,3,1
#     (0+2+12+30+30+12+2+0 = 88): 182.
#   win in 3: White between the corners on the long diagonal (6 squares), Black in a1 or
#     h8: 12.  So 194 wins.
#   loss in 2: a1 v h8 and h8 v a1: 2.  Draws: 992 - 194 - 2 = 796.
# Black to move is the same by symmetry.  The longest win is 3 plies.
. "$(dirname "$0")/common.sh"

"$PROBE" stats --variant brazilian --dir "$TABLES" KvK >"$WORK/kvk"
expect_status "stats KvK" 0 $?
printf 'white-to-move win 194 draw 796 loss 2\nblack-to-move win 194 draw 796 loss 2\n' >"$WORK/want"
head -n 2 "$WORK/kvk" >"$WORK/got"
expect_same "KvK counts" "$WORK/want" "$WORK/got"
expect_match "KvK longest win is 3 plies" "^longest-win 3 [WB]:WK[0-9]+:BK[0-9]+$" "$WORK/kvk"
fen=$(sed -n 's/^longest-win 3 //p' "$WORK/kvk")
echo "$fen" | "$PROBE" batch --variant brazilian --dir "$TABLES" >"$WORK/check"
expect_match "its FEN is a win in 3" "	win	3	" "$WORK/check"
[ "$(wc -l <"$WORK/kvk")" -eq 3 ] || { echo "FAIL stats prints 3 lines"; FAILED=1; }

# MvK is stored as KvM with colours swapped: its white-to-move line is KvM's black-to-move.
"$PROBE" stats --variant brazilian --dir "$TABLES" MvK >"$WORK/mvk"
expect_status "stats MvK" 0 $?
"$PROBE" stats --variant brazilian --dir "$TABLES" KvM >"$WORK/kvm"
sed -n 's/^white-to-move //p' "$WORK/mvk" >"$WORK/a"
sed -n 's/^black-to-move //p' "$WORK/kvm" >"$WORK/b"
expect_same "MvK white-to-move = KvM black-to-move" "$WORK/b" "$WORK/a"
expect_match "MvK's longest win is an MvK position" "^longest-win [0-9]+ [WB]:W[0-9]+:BK[0-9]+$" "$WORK/mvk"

# --svg-dir writes the histograms --svg writes one at a time: Brazilian's one, and Frisian's
# official and pure ones from a single run.
mkdir "$WORK/svg"
"$PROBE" stats --variant brazilian --dir "$TABLES" --svg "$WORK/kvk.svg" KvK >/dev/null
"$PROBE" stats --variant brazilian --dir "$TABLES" --svg-dir "$WORK/svg" KvK >"$WORK/kvk-dir"
expect_same "--svg-dir: Brazilian's histogram" "$WORK/kvk.svg" "$WORK/svg/brazilian-KvK-dtw.svg"
expect_same "--svg-dir: the same counts" "$WORK/kvk" "$WORK/kvk-dir"
gen_tables --variant frisian --dir "$WORK/frisian" KKvK
for rules in official pure; do
    "$PROBE" stats --variant frisian --dir "$WORK/frisian" --rules $rules \
        --svg "$WORK/frisian-$rules.svg" KKvK >/dev/null
done
"$PROBE" stats --variant frisian --dir "$WORK/frisian" --svg-dir "$WORK/svg" KKvK >/dev/null
for rules in official pure; do
    expect_same "--svg-dir: Frisian's $rules histogram" "$WORK/frisian-$rules.svg" \
        "$WORK/svg/frisian-KKvK-dtw-$rules.svg"
done
expect_match "the two differ in their titles" "KKvK, pure values" "$WORK/svg/frisian-KKvK-dtw-pure.svg"
"$PROBE" stats --variant brazilian --dir "$TABLES" --svg-dir "$WORK/no/such" KvK >/dev/null 2>"$WORK/err"
expect_status "--svg-dir of a missing folder" 1 $?
expect_match "the error names the file" "no/such/brazilian-KvK-dtw.svg" "$WORK/err"

"$PROBE" stats --variant brazilian --dir "$TABLES" KvQ >/dev/null 2>"$WORK/err"
expect_status "stats with a bad material" 2 $?
expect_match "the error names the material" "KvQ" "$WORK/err"

# A side has at most 15 pieces in a material (its key gives a count 4 bits), though
# Brazilian's 32 squares have room for 16 kings.
"$PROBE" stats --variant brazilian --dir "$TABLES" KKKKKKKKKKKKKKKKvK >/dev/null 2>"$WORK/err"
expect_status "stats of a material with 16 pieces a side" 2 $?
expect_match "the error says a side has at most 15 pieces" "at most 15 pieces" "$WORK/err"
finish
