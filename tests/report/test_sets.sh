# report: scripts/report.sh --sets DIR reports on sets built beforehand, each variant up to
# the largest material of its folder; here two small sets, Brazilian and Scandinavian 8x8 up
# to 3 pieces, stand for the complete ones.
# usage: test_sets.sh SOURCE_DIR BIN_DIR WORK_DIR
set -u
SRC=$1
BIN=$2
WORK=$3
. "$SRC/tests/expect.sh"
fresh_work
# Scandinavian 8x8's folder is a link to a set built elsewhere, as in a folder that gathers
# sets from several places.
for v in brazilian scandinavian-8; do
    "$BIN/dtb-gen" --variant "$v" --pieces 3 --dir "$WORK/built/$v" >"$WORK/gen.log" 2>&1 ||
        { cat "$WORK/gen.log"; echo "FAIL dtb-gen $v"; exit 1; }
done
mkdir "$WORK/sets"
mv "$WORK/built/brazilian" "$WORK/sets/"
ln -s "$WORK/built/scandinavian-8" "$WORK/sets/scandinavian-8"
mkdir "$WORK/sets/notes" # a folder not named after a variant is left alone

bash "$SRC/scripts/report.sh" --sets "$WORK/sets" --bin "$BIN" "$WORK/out" 2>"$WORK/log"
expect_status "report.sh --sets" 0 $?
R=$WORK/out/REPORT.md
for v in brazilian scandinavian-8; do
    sum=$(sha256sum <"$WORK/sets/$v/MANIFEST" | cut -d' ' -f1)
    expect_line "$v: its set named by its MANIFEST's checksum" "| $v | 9 | 3 | \`$sum\` |" "$R"
    expect_match "$v: the section goes up to the set's 3 pieces" "^### $v: 3 pieces$" "$R"
    for m in KvK KvM MvM KKvK KKvM KMvK KMvM MMvK MMvM; do
        [ -s "$WORK/out/report/$v-$m-dtw.svg" ] ||
            { echo "FAIL no DTW histogram of $v $m"; FAILED=1; }
    done
done
grep -q ': 4 pieces$' "$R" && { echo "FAIL a section beyond the sets"; FAILED=1; }
grep -q '^## international' "$R" && { echo "FAIL a variant without a set"; FAILED=1; }
[ "$FAILED" = 0 ] && echo "ok   only the sets' variants and sizes, each material's histogram"
# The draw shares: a bar for each variant and piece count (2 and 3), a row for each variant
# ranked at 3 pieces.
bars=$(grep -c 'fill="#4a78a8"' "$WORK/out/report/draw-share.svg")
[ "$bars" = 4 ] && echo "ok   4 bars of draw shares" || { echo "FAIL $bars bars"; FAILED=1; }
expect_match "brazilian's draw shares by pieces" '^\| brazilian \| one set \| 8x8 \| [0-9.]+ / [0-9.]+ \| 3 \|' "$R"
# The claims of the sets' variants are checked; the others are listed as not checked.
expect_match "a claim checked" '^\| \[scandinavian-8-kk-move\].*\| \*\*holds\*\* \|$' "$R"
expect_match "a claim not checked" '^\| \[intl-3k-off\].*\| \*\*not checked \(no table\)\*\* \|$' "$R"
[ -s "$WORK/out/report/claim-scandinavian-8-kk.svg" ] && echo "ok   a failing claim's heat map" ||
    { echo "FAIL no heat map of scandinavian-8-kk"; FAILED=1; }

# The counts are kept: a second run reads no table again, but one rebuilt (another block
# size: other bytes, the same values) is counted again, and the report stays the same.
CACHE=$BIN/report-cache/$(cd "$WORK/sets" && pwd -P | sha256sum | cut -c1-16)
counted_since() { find "$CACHE" -name '*.stats' -newer "$1" | wc -l; }
expect_count() { # WHAT WANT GOT
    if [ "$2" = "$3" ]; then echo "ok   $1"; else echo "FAIL $1: $3, expected $2"; FAILED=1; fi
}
cp "$R" "$WORK/first.md"
touch "$WORK/before-second"
sleep 1 # a coarse file clock must not date the first run's counts at the marker
bash "$SRC/scripts/report.sh" --sets "$WORK/sets" --bin "$BIN" --jobs 1 "$WORK/out" 2>"$WORK/log"
expect_status "report.sh --sets again" 0 $?
expect_count "a second run counts no table again" 0 "$(counted_since "$WORK/before-second")"
rm -rf "$WORK/sets/brazilian"
"$BIN/dtb-gen" --variant brazilian --pieces 3 --block-size 1K --dir "$WORK/sets/brazilian" \
    >"$WORK/gen.log" 2>&1 || { cat "$WORK/gen.log"; echo "FAIL dtb-gen brazilian 1K"; exit 1; }
touch "$WORK/before-third"
sleep 1
bash "$SRC/scripts/report.sh" --sets "$WORK/sets" --bin "$BIN" "$WORK/out" 2>"$WORK/log"
expect_status "report.sh --sets after a rebuild" 0 $?
expect_count "the rebuilt set's 9 tables are counted again" 9 "$(counted_since "$WORK/before-third")"
sed -i "/^| brazilian | 9 | 3 |/d" "$R" "$WORK/first.md"
cmp -s "$R" "$WORK/first.md" && echo "ok   the same report but for the rebuilt set's checksum" ||
    { diff "$WORK/first.md" "$R" | head; echo "FAIL the report changed"; FAILED=1; }
bash "$SRC/scripts/report.sh" --sets "$WORK/sets" --bin "$BIN" --jobs 0 "$WORK/out2" 2>"$WORK/err"
expect_status "--jobs 0" 2 $?
expect_match "the error names it" "not '0'" "$WORK/err"

bash "$SRC/scripts/report.sh" --sets "$WORK/none" --bin "$BIN" "$WORK/out2" 2>"$WORK/err"
expect_status "--sets of a missing folder" 2 $?
expect_match "the error names it" "no folder '$WORK/none'" "$WORK/err"
bash "$SRC/scripts/report.sh" --sets "$WORK/sets/notes" --bin "$BIN" "$WORK/out2" 2>"$WORK/err"
expect_status "--sets of a folder without sets" 2 $?
bash "$SRC/scripts/report.sh" --quick --sets "$WORK/sets" --bin "$BIN" "$WORK/out2" 2>"$WORK/err"
expect_status "--quick with --sets" 2 $?
finish
