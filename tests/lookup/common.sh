# Sourced by the test_*.sh scripts: usage SCRIPT DTB_PROBE DTB_GEN WORK_DIR.
# Builds the tables of KMvK and what it converts into (KMvK, KKvK, KvM, KvK) in
# WORK_DIR/tables, for VARIANT (set before sourcing; Brazilian by default).  Brazilian 8x8 squares: 4 = h8, 8 = g7, 11 = f6, 15 = e5, 18 = d4,
# 29 = a1, 30 = c1 (docs/rules.md 1).
set -u
PROBE=$1
GEN=$2
WORK=$3
TABLES=$WORK/tables
. "$(dirname "$0")/../expect.sh"

fresh_work
VARIANT=${VARIANT:-brazilian}
gen_tables --variant "$VARIANT" --dir "$TABLES" KMvK

# Inverts the last byte of FILE, which lies inside its last block.
flip_last_byte() {
    size=$(wc -c <"$1")
    byte=$(od -An -tu1 -j $((size - 1)) -N1 "$1" | tr -d ' ')
    printf "$(printf '\\%03o' $((255 - byte)))" |
        dd of="$1" bs=1 seek=$((size - 1)) conv=notrunc 2>/dev/null
}
