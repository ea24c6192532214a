# claims/claims.txt: it parses, and every claim in it runs on the tables of its material
# (built here for the claims of up to 4 pieces; a larger material is listed as not
# checked); and a bad claims file is refused with its line named.
# usage: test_claims_file.sh DTB_PROBE DTB_GEN WORK_DIR
set -u
PROBE=$1
GEN=$2
WORK=$3
FILE=$(cd "$(dirname "$0")/../.." && pwd)/claims/claims.txt
. "$(dirname "$0")/../expect.sh"
rm -rf "$WORK"
mkdir -p "$WORK/pictures"

# "variant material" of every entry.
awk '/^\[/ { if (v) print v, m; v = m = "" } /^variant:/ { v = $2 } /^material:/ { m = $2 }
     END { if (v) print v, m }' "$FILE" >"$WORK/entries"
pieces() { printf %s "$1" | tr -cd KM | wc -c; }
sort -u "$WORK/entries" | while read -r variant material; do
    [ "$(pieces "$material")" -le 4 ] || continue
    gen_tables --variant "$variant" --dir "$WORK/sets/$variant" "$material"
done || exit 1

"$PROBE" claims --sets "$WORK/sets" --pictures "$WORK/pictures" "$FILE" >"$WORK/report.md"
expect_status "every claim runs" 0 $?
entries=$(wc -l <"$WORK/entries")
rows=$(grep -c '^| \[' "$WORK/report.md")
[ "$rows" = "$entries" ] && echo "ok   a row for each of the $entries entries" ||
    { echo "FAIL $rows rows for $entries entries"; FAILED=1; }
# Each row's verdict: holds or fails, or not checked for a material of 5 pieces or more.
while read -r variant material; do
    if [ "$(pieces "$material")" -le 4 ]; then want='(holds|fails)'; else want='not checked'; fi
    grep -E "^\| \[[^]]*\][^|]*\| $variant \| $material \|" "$WORK/report.md" |
        grep -Evq "\*\*$want[^*]*\*\* \|$" &&
        { echo "FAIL $variant $material: a verdict other than $want"; FAILED=1; }
done <"$WORK/entries"
[ "$FAILED" = 0 ] && echo "ok   each verdict holds or fails (not checked only above 4 pieces)"
# A failing claim's heat map is written and linked.
failing=$(grep -c '^| \[.*\*\*fails\*\* |$' "$WORK/report.md")
pictures=$(ls "$WORK/pictures" | wc -l)
[ "$failing" -gt 0 ] && [ "$pictures" = "$failing" ] &&
    echo "ok   a heat map for each of the $failing failing claims" ||
    { echo "FAIL $pictures heat maps for $failing failing claims"; FAILED=1; }
expect_match "the heat maps are linked" '^!\[.*\]\(report/claim-br-3k-off\.svg\)$' "$WORK/report.md"
expect_match "each claim names its command" \
    "^\`dtb-probe claim --variant brazilian KKKvK --wins white --where 'black king off main-diagonal' --where 'white king on main-diagonal' --to-move white --within '13 moves'\`$" \
    "$WORK/report.md"

# A bad file: each problem named with the file and line.
bad() { # WHAT NAMED (the file's text on stdin)
    cat >"$WORK/bad.txt"
    "$PROBE" claims --sets "$WORK/sets" "$WORK/bad.txt" >/dev/null 2>"$WORK/err"
    expect_status "$1" 2 $?
    grep -qF -- "$2" "$WORK/err" && echo "ok   the error names $2" ||
        { echo "FAIL the error does not name $2:"; cat "$WORK/err"; FAILED=1; }
}
good='[a]
title: t
source: s
variant: brazilian
material: KvK'
printf '%s\nwins: white\ncolour: red\n' "$good" | bad "an unknown key" "bad.txt:7: unknown key 'colour'"
printf '%s\nwins: white\nwhere: black king on 33\n' "$good" | bad "a square off the board" "bad.txt:7: --where 'black king on 33': '33'"
printf '[a]\ntitle: t\nvariant: brazilian\nmaterial: KvK\nwins: white\n' | bad "no source" "entry [a] needs title, source"
printf '%s\nwins: white\n%s\nwins: white\n' "$good" "$good" | bad "an id twice" "bad.txt:7: a second entry [a]"
printf '%s\nwins: white\nrefines: b\n' "$good" | bad "refines an unknown id" "'refines: b' names no entry before it"
printf '[a]\nwhere: black king on 4\n' | bad "where before variant" "bad.txt:2: 'where: black king on 4' before 'variant:'"
printf '%s\nwins: white\ndraw:\n' "$good" | bad "two outcomes" "bad.txt:7: 'draw:' takes no value and no 'wins:'"
printf '%s\nwins: white\nwithin: 3 days\n' "$good" | bad "a bad bound" "bad.txt:7: --within is N"
printf 'title: t\n' | bad "a key before any entry" "bad.txt:1: 'title: t' comes before the first [id]"
printf '[a]\nvariant: checkers\n' | bad "an unknown variant" "bad.txt:2: unknown variant 'checkers'"
printf '%s\nwins: white\nmaterial: KXvK\n' "$good" | bad "a bad material" "bad.txt:7:"
printf '%s\nwins: white\nvariant: international\n' "$good" | bad "a second variant" "bad.txt:7: a second variant"
printf '[a b]\n' | bad "an id with a space" "bad.txt:1: '[a b]' is not an entry's [id]"
"$PROBE" claims --sets "$WORK/sets" "$WORK/none.txt" 2>"$WORK/err"
expect_status "a missing file" 2 $?
finish
