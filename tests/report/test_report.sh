# report: scripts/report.sh --quick builds Brazilian up to 3 pieces and writes its section;
# that section and its diagrams must be exactly the committed ones in tables/ (so
# tables/REPORT.md is what the script writes, not edited by hand).  Its KvK row must also
# show the hand-derived shares of tests/lookup/test_stats.sh: 194 wins, 796 draws and 2
# losses of 992 positions a side, 19.6 / 80.2 / 0.2 %.
# usage: test_report.sh SOURCE_DIR BIN_DIR WORK_DIR
set -u
SRC=$1
BIN=$2
WORK=$3
FAILED=0
rm -rf "$WORK"
mkdir -p "$WORK"

bash "$SRC/scripts/report.sh" --quick --bin "$BIN" --tables "$WORK/tables" "$WORK/out" \
    2>"$WORK/log" || { cat "$WORK/log"; echo "FAIL report.sh --quick"; exit 1; }

# The subsections "### brazilian: N pieces" of a report, up to the next heading, without
# the blank lines before a heading or at the end.
section() {
    awk '/^#/ { on = /^### brazilian: [0-9]+ pieces/; blank = 0 }
         on && $0 == "" { blank++; next }
         on { for (; blank > 0; blank--) print ""; print }' "$1"
}

section "$WORK/out/REPORT.md" >"$WORK/quick"
headings=$(grep -c '^### brazilian: ' "$WORK/quick")
[ "$headings" = 2 ] && echo "ok   2 and 3 pieces" || { echo "FAIL $headings subsections"; FAILED=1; }
# The committed report goes on to more pieces (6, from the complete set): compare the
# subsections the quick run wrote.
section "$SRC/tables/REPORT.md" | awk '/^### / { on = /: [23] pieces/ } on' >"$WORK/committed"
if cmp -s "$WORK/committed" "$WORK/quick"; then
    echo "ok   the Brazilian section is the committed one"
else
    echo "FAIL the Brazilian section differs from tables/REPORT.md (regenerate it: scripts/README.md)"
    diff "$WORK/committed" "$WORK/quick"
    FAILED=1
fi
# The diagrams (a line's end) and the DTW histograms (linked from the materials' names).
for svg in $(grep -o '(report/[^)]*\.svg)' "$WORK/quick" | sed 's/^(report\///; s/)$//'); do
    if cmp -s "$SRC/tables/report/$svg" "$WORK/out/report/$svg"; then
        echo "ok   $svg is the committed one"
    else
        echo "FAIL $svg differs from tables/report/$svg"
        FAILED=1
    fi
done
if grep -qF '| [KvK](report/brazilian-KvK-dtw.svg) | 992 | 19.6 / 80.2 / 0.2 | 19.6 / 80.2 / 0.2 | 3 |' "$WORK/quick"; then
    echo "ok   the KvK row"
else
    echo "FAIL the KvK row"
    FAILED=1
fi
# KvK's DTW histogram, from the same counts: with either side to move, 182 captures win in
# 1 ply and 12 traps in 3, and the 2 placements with the kings in a1 and h8 lose in 2 (the
# side to move leaves its corner and is taken): 364, 4 and 24 positions, and no other DTW.
grep -o '<title>[0-9]*: [0-9]*</title>' "$WORK/out/report/brazilian-KvK-dtw.svg" >"$WORK/bars"
printf '<title>1: 364</title>\n<title>2: 4</title>\n<title>3: 24</title>\n' >"$WORK/want"
if cmp -s "$WORK/want" "$WORK/bars"; then
    echo "ok   KvK's DTW histogram"
else
    echo "FAIL KvK's DTW histogram:"
    cat "$WORK/bars"
    FAILED=1
fi
[ "$FAILED" = 0 ] && rm -rf "$WORK"
exit "$FAILED"
