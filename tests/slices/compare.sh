# usage: compare.sh DTB_GEN DTB_CHECK VARIANT TABLES WORK_DIR [AUTO_MATERIAL] -- WHAT...
# Builds the tables that dtb-gen's arguments WHAT name twice in WORK_DIR: whole in memory
# (--slices never) and in slice groups (--slices always).  Every material of the second
# run must say it was solved in slice groups, the two manifests (each table's checksums)
# must be the same, no scratch file may be left, and dtb-check must pass all TABLES tables
# of the slice-built set.  With AUTO_MATERIAL, that material is then built again with no
# --slices and a --memory 256 KiB above what it needs in slice groups, below what it needs
# whole (read from the refusal of --memory 1K): it must be solved in slice groups, a few
# slices at a time (the room beyond one slice, shared with the exits' values, holds some
# tens of slices of an 8x8 4-piece material, and a group up to a hundred), to the same file.
set -u
GEN=$1
CHECK=$2
VARIANT=$3
TABLES=$4
WORK=$5
AUTO=$6
shift 6
[ "$1" = "--" ] && shift

fail() {
    echo "FAIL $*; the tables are kept in $WORK"
    exit 1
}

rm -rf "$WORK"
mkdir -p "$WORK"
for mode in never always; do
    "$GEN" --variant "$VARIANT" --dir "$WORK/$mode" --threads 2 --slices $mode "$@" \
        2>"$WORK/$mode.log" || { cat "$WORK/$mode.log"; fail "dtb-gen --slices $mode"; }
done
built=$(grep -c ' positions, solved in ' "$WORK/always.log")
sliced=$(grep -c ' positions, solved in .* in slice groups, ' "$WORK/always.log")
[ "$built" = "$TABLES" ] && [ "$sliced" = "$TABLES" ] ||
    fail "--slices always built $built tables, $sliced of them in slice groups, not $TABLES"
grep -q 'in slice groups' "$WORK/never.log" && fail "--slices never solved in slice groups"
cmp -s "$WORK/never/MANIFEST" "$WORK/always/MANIFEST" || {
    diff "$WORK/never/MANIFEST" "$WORK/always/MANIFEST"
    fail "the tables built in slice groups differ from those built whole"
}
ls "$WORK/always" | grep -q '\.tmp$' && fail "a scratch file was left: $(ls "$WORK/always")"
echo "ok   $TABLES tables built in slice groups, byte-identical to those built whole"

"$CHECK" --variant "$VARIANT" --dir "$WORK/always" --threads 2 >"$WORK/check.out" ||
    { cat "$WORK/check.out"; fail "dtb-check exited $?"; }
grep -qx "$TABLES passed, 0 failed" "$WORK/check.out" || fail "expected $TABLES tables to pass"
echo "ok   dtb-check: $TABLES passed"

if [ -n "$AUTO" ]; then
    cp -r "$WORK/never" "$WORK/auto"
    rm "$WORK/auto/$AUTO.dtb" "$WORK/auto/MANIFEST"
    # "M needs 2.30 MiB to solve in slice groups (5.17 MiB whole) and 6.79 MiB to write,
    # beside the 3.60 MiB in use"
    "$GEN" --variant "$VARIANT" --dir "$WORK/auto" --memory 1K "$AUTO" 2>"$WORK/refused.log" &&
        fail "--memory 1K was not refused"
    limit=$(awk '/needs .* in slice groups \(/ {
        gsub(/\(/, "")
        for (i = 2; i <= NF; i++) if ($i ~ /^(KiB|MiB|GiB)$/) {
            unit = $i == "KiB" ? 1 : $i == "MiB" ? 1024 : 1048576
            kib[n++] = $(i - 1) * unit
        }
        if (n >= 4 && kib[0] + 256 < kib[1]) printf "%dK\n", kib[0] + kib[2] + kib[3] + 256
    }' "$WORK/refused.log")
    [ -n "$limit" ] || { cat "$WORK/refused.log"; fail "no slice and whole needs in the refusal"; }
    "$GEN" --variant "$VARIANT" --dir "$WORK/auto" --memory "$limit" "$AUTO" 2>"$WORK/auto.log" ||
        { cat "$WORK/auto.log"; fail "dtb-gen --memory $limit $AUTO"; }
    grep -q "$AUTO: .* in slice groups, " "$WORK/auto.log" ||
        { cat "$WORK/auto.log"; fail "$AUTO was not solved in slice groups under --memory $limit"; }
    cmp -s "$WORK/auto/MANIFEST" "$WORK/never/MANIFEST" || fail "$AUTO differs when solved by auto"
    echo "ok   $AUTO solved in slice groups under --memory $limit, byte-identical"
fi
rm -rf "$WORK"
