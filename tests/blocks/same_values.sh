# usage: same_values.sh DTB_GEN DTB_CHECK DTB_PROBE MANIFEST WORK_DIR
# dtb-gen --block-size (gen/table_writer.h): Brazilian's 4-piece set built with the default
# blocks must be the committed MANIFEST's, and built with blocks of 8 KiB a set of other
# files (their stream tables say a quarter of the positions per block) that dtb-check
# passes, that slice groups write byte for byte the same, and that answers random
# positions as the default set does, value, DTW and best move.  A bad size is refused,
# named.
set -u
GEN=$1
CHECK=$2
PROBE=$3
MANIFEST=$4
WORK=$5
. "$(dirname "$0")/../expect.sh"

fresh_work
gen_tables --variant brazilian --pieces 4 --threads 2 --dir "$WORK/32k"
expect_same "the default blocks write the committed set" "$MANIFEST" "$WORK/32k/MANIFEST"
gen_tables --variant brazilian --pieces 4 --threads 2 --dir "$WORK/8k" --block-size 8K
gen_tables --variant brazilian --pieces 4 --threads 2 --dir "$WORK/8k_slices" --block-size 8K \
    --slices always
expect_same "slice groups write the same 8K tables" "$WORK/8k/MANIFEST" "$WORK/8k_slices/MANIFEST"

# The stream table at byte 240: WDL positions per block, its encoding, then DTW's.
od -A n -t u4 -j 240 -N 16 "$WORK/8k/KMvKM.dtb" | tr -s ' ' >"$WORK/streams"
printf ' 32768 1 8192 2\n' >"$WORK/want_streams"
expect_same "an 8K table's blocks hold a quarter of the positions" "$WORK/want_streams" \
    "$WORK/streams"
differ=0
for table in "$WORK"/32k/*.dtb; do
    cmp -s "$table" "$WORK/8k/${table##*/}" || differ=$((differ + 1))
done
expect_status "every 8K table differs from the default one" 23 "$differ"

"$CHECK" --variant brazilian --dir "$WORK/8k" --threads 2 >"$WORK/check.out"
expect_status "dtb-check on the 8K set" 0 $?
expect_line "dtb-check passes its 23 tables" "23 passed, 0 failed" "$WORK/check.out"

# 20,000 positions of 2 to 4 pieces on distinct squares, men off their crowning rows
# (White's 1-4, Black's 29-32), either side to move; a fixed seed keeps them the same.
awk 'BEGIN {
    srand(7)
    for (n = 0; n < 20000; n++) {
        split("", used)
        w = ""; b = ""
        pieces = 2 + int(rand() * 3)
        for (p = 0; p < pieces; p++) {
            white = p == 0 || (p > 1 && rand() < 0.5)
            king = rand() < 0.5
            do sq = 1 + int(rand() * 32)
            while (sq in used || (!king && (white ? sq <= 4 : sq >= 29)))
            used[sq] = 1
            piece = (king ? "K" : "") sq
            if (white) w = w (w == "" ? "" : ",") piece
            else b = b (b == "" ? "" : ",") piece
        }
        print (rand() < 0.5 ? "W" : "B") ":W" w ":B" b
    }
}' >"$WORK/positions"
for set in 32k 8k; do
    "$PROBE" batch --variant brazilian --dir "$WORK/$set" <"$WORK/positions" >"$WORK/$set.out"
    expect_status "the $set set answers every position" 0 $?
done
expect_same "the 8K set answers 20000 positions as the default set" "$WORK/32k.out" "$WORK/8k.out"

"$GEN" --variant brazilian --dir "$WORK/bad" --block-size 12345 KvK 2>"$WORK/bad.err"
expect_status "a size not a multiple of 1K is refused" 2 $?
expect_match "naming it" "--block-size needs a multiple of 1K up to 8M, like 8K or 32K, not '12345'" \
    "$WORK/bad.err"
[ -e "$WORK/bad" ] && { echo "FAIL the refused run made its folder"; FAILED=1; }
finish
