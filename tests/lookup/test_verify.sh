# verify: every table good, then the set against its MANIFEST (a table missing, one the
# MANIFEST does not list, one of another size or hash, no MANIFEST, a run stopped part
# way), then one byte of KvK.dtb flipped, then an empty folder; and dtb-gen beside a
# damaged table.
. "$(dirname "$0")/common.sh"

"$PROBE" verify --variant brazilian --dir "$TABLES" >"$WORK/out"
expect_status "verify of good tables" 0 $?
printf 'ok KKvK.dtb\nok KMvK.dtb\nok KvK.dtb\nok KvM.dtb\n4 tables checked, 0 bad\n' >"$WORK/want"
echo "MANIFEST: 4 tables listed, 0 missing; 0 tables not listed" >>"$WORK/want"
expect_same "verify lists every table" "$WORK/want" "$WORK/out"

# verify_copy WHAT STATUS: verify of $WORK/copy, with exit status STATUS; its output is in
# $WORK/out.  set_copy makes the copy afresh from the set.
set_copy() {
    rm -rf "$WORK/copy"
    cp -r "$TABLES" "$WORK/copy"
}
verify_copy() {
    "$PROBE" verify --variant brazilian --dir "$WORK/copy" >"$WORK/out" 2>&1
    expect_status "verify: $1" "$2" $?
}

set_copy
rm "$WORK/copy/KvK.dtb"
verify_copy "a set without KvK.dtb" 1
expect_line "names it missing" "MISSING KvK.dtb: the MANIFEST lists it" "$WORK/out"
expect_line "checks the others" "3 tables checked, 0 bad" "$WORK/out"
expect_line "counts it" "MANIFEST: 4 tables listed, 1 missing; 0 tables not listed" "$WORK/out"

set_copy
grep -v '^KvM ' "$TABLES/MANIFEST" >"$WORK/copy/MANIFEST"
verify_copy "a sound table the MANIFEST does not list" 0
expect_line "reports it" "ok KvM.dtb (not in the MANIFEST)" "$WORK/out"
expect_line "counts it" "MANIFEST: 3 tables listed, 0 missing; 1 tables not listed" "$WORK/out"

# KMvK built with smaller blocks: a sound table of the material, more blocks, other bytes
# (a table of one block, such as KvK, comes out the same size).
set_copy
gen_tables --variant brazilian --dir "$WORK/small" --block-size 1K KMvK
cp "$WORK/small/KMvK.dtb" "$WORK/copy/KMvK.dtb"
size=$(wc -c <"$WORK/copy/KMvK.dtb")
verify_copy "a table of other bytes than the MANIFEST's" 1
expect_match "names its size" "^BAD KMvK\.dtb: $size bytes, the MANIFEST lists [0-9]+$" "$WORK/out"
set_copy
sed "s/^KMvK size=[0-9]* /KMvK size=$size /" "$TABLES/MANIFEST" >"$WORK/copy/MANIFEST"
cp "$WORK/small/KMvK.dtb" "$WORK/copy/KMvK.dtb"
verify_copy "a table of the MANIFEST's size, another hash" 1
expect_match "names its hash" "^BAD KMvK\.dtb: XXH3-64 [0-9a-f]{16}, the MANIFEST lists [0-9a-f]{16}$" "$WORK/out"

set_copy
rm "$WORK/copy/MANIFEST"
verify_copy "a set without MANIFEST" 1
expect_line "checks its tables" "4 tables checked, 0 bad" "$WORK/out"
expect_match "says it cannot be shown complete" "^MANIFEST: none read \(.*/copy/MANIFEST: No such file or directory\): the set cannot be shown complete$" "$WORK/out"

set_copy
sed 's/^# dtb tables of brazilian:/# dtb tables of frisian:/' "$TABLES/MANIFEST" >"$WORK/copy/MANIFEST"
verify_copy "another variant's MANIFEST" 1
expect_match "says whose" "^MANIFEST: none read \(.*lists the tables of frisian, not of brazilian\)" "$WORK/out"

# A run stopped by a full disk (a file size limit of 1 KiB): it removed the MANIFEST
# before changing a table and wrote KvM.dtb (691 bytes), then failed on KKvK.dtb (1,503).
set_copy
rm "$WORK/copy/KvM.dtb" "$WORK/copy/KKvK.dtb" "$WORK/copy/KMvK.dtb"
(ulimit -f 2 && "$GEN" --variant brazilian --dir "$WORK/copy" KMvK >/dev/null 2>&1)
expect_status "dtb-gen stopped by a full disk" 1 $?
verify_copy "what it left" 1
expect_line "checks what is there" "2 tables checked, 0 bad" "$WORK/out"
expect_match "without a MANIFEST" "^MANIFEST: none read .*: the set cannot be shown complete$" "$WORK/out"

# dtb-gen lists in the manifest the tables it did not build too: a damaged one fails there.
cp -r "$TABLES" "$WORK/stray"
flip_last_byte "$WORK/stray/KMvK.dtb"
"$GEN" --variant brazilian --dir "$WORK/stray" KvK >/dev/null 2>"$WORK/err"
expect_status "dtb-gen beside a damaged table it does not build" 1 $?
expect_match "names the damaged table" "KMvK\.dtb.*checksum" "$WORK/err"
expect_same "and leaves the manifest as it was" "$TABLES/MANIFEST" "$WORK/stray/MANIFEST"
# A run that rebuilds a table removes the manifest first, so that one stopped half-way
# leaves none rather than a false one: here the damaged KMvK stops it at the end.
flip_last_byte "$WORK/stray/KvK.dtb"
"$GEN" --variant brazilian --dir "$WORK/stray" KvK >/dev/null 2>"$WORK/err"
expect_status "dtb-gen rebuilding KvK beside the damaged KMvK" 1 $?
[ -e "$WORK/stray/MANIFEST" ]
expect_status "leaves no manifest" 1 $?
"$PROBE" verify --variant brazilian --dir "$WORK/stray" >"$WORK/out"
expect_line "the rebuilt KvK is sound" "ok KvK.dtb" "$WORK/out"

# A run with nothing to do leaves the manifest's file alone (a read-only folder works).
before=$(ls -i "$TABLES/MANIFEST")
"$GEN" --variant brazilian --dir "$TABLES" KMvK >/dev/null 2>&1
expect_status "dtb-gen over a complete set" 0 $?
expect_status "keeps the manifest's file" 0 "$([ "$(ls -i "$TABLES/MANIFEST")" = "$before" ]; echo $?)"

# What a run cut short left, the next run removes and names; no other file.
cp -r "$TABLES" "$WORK/leftovers"
echo partial >"$WORK/leftovers/KvK.dtb.tmp"
echo partial >"$WORK/leftovers/MANIFEST.tmp"
echo mine >"$WORK/leftovers/notes.tmp"
"$GEN" --variant brazilian --dir "$WORK/leftovers" KMvK >"$WORK/out" 2>&1
expect_status "dtb-gen beside a run's leftovers" 0 $?
expect_match "names them" "removed .*/KvK\.dtb\.tmp, left by a run cut short" "$WORK/out"
[ -e "$WORK/leftovers/KvK.dtb.tmp" ] || [ -e "$WORK/leftovers/MANIFEST.tmp" ]
expect_status "and removes them" 1 $?
expect_match "but not another file" "^mine$" "$WORK/leftovers/notes.tmp"

# Tables of another variant are not replaced: the run stops before writing anything.
cp -r "$TABLES" "$WORK/foreign"
"$GEN" --variant scandinavian-8 --dir "$WORK/foreign" KvK >/dev/null 2>"$WORK/err"
expect_status "dtb-gen over another variant's tables" 1 $?
expect_match "says whose they are" "variant brazilian.*replaces only missing, damaged" "$WORK/err"
cmp -s "$TABLES/KvK.dtb" "$WORK/foreign/KvK.dtb" && cmp -s "$TABLES/MANIFEST" "$WORK/foreign/MANIFEST"
expect_status "and leaves them and the manifest as they were" 0 $?

# Nor are a newer format's tables (version 7: the field after the 4-byte magic), nor a
# file that is no table at all.
cp -r "$TABLES" "$WORK/newer"
printf '\007' | dd of="$WORK/newer/KvK.dtb" bs=1 seek=4 conv=notrunc 2>/dev/null
cp "$WORK/newer/KvK.dtb" "$WORK/newer.dtb"
"$GEN" --variant brazilian --dir "$WORK/newer" KvK >/dev/null 2>"$WORK/err"
expect_status "dtb-gen over a newer format's table" 1 $?
expect_match "names the file and its version" "KvK\.dtb.*format version 7" "$WORK/err"
cmp -s "$WORK/newer/KvK.dtb" "$WORK/newer.dtb"
expect_status "and leaves it as it was" 0 $?
# A table of the format before (version 5, whose tables of KvK, KMvKM and the like stored
# both sides to move) is refused by the prober, naming both versions, and built again.
cp -r "$TABLES" "$WORK/older"
printf '\005' | dd of="$WORK/older/KvK.dtb" bs=1 seek=4 conv=notrunc 2>/dev/null
"$PROBE" verify --variant brazilian --dir "$WORK/older" >"$WORK/out"
expect_status "verify of a table of the format before" 1 $?
expect_match "names its version and the reader's" "^BAD KvK\.dtb: .*format version 5, this reader knows version 6" "$WORK/out"
"$GEN" --variant brazilian --dir "$WORK/older" KvK >/dev/null 2>"$WORK/err"
expect_status "dtb-gen over it" 0 $?
expect_match "builds it again" "KvK: built again: .*format version 5" "$WORK/err"
cmp -s "$TABLES/KvK.dtb" "$WORK/older/KvK.dtb"
expect_status "as it was" 0 $?
echo "my notes" >"$WORK/newer/KvK.dtb"
"$GEN" --variant brazilian --dir "$WORK/newer" KvK >/dev/null 2>"$WORK/err"
expect_status "dtb-gen over a file that is no table" 1 $?
expect_match "says so" "KvK\.dtb.*not a dtb table" "$WORK/err"
expect_match "and leaves it as it was" "^my notes$" "$WORK/newer/KvK.dtb"

flip_last_byte "$TABLES/KvK.dtb"
"$PROBE" verify --variant brazilian --dir "$TABLES" >"$WORK/out"
expect_status "verify with a flipped byte" 1 $?
expect_match "KvK.dtb is reported bad" "^BAD KvK\.dtb: .*checksum" "$WORK/out"
expect_match "the others stay ok" "^ok KMvK\.dtb$" "$WORK/out"
expect_match "the summary counts one bad table" "^4 tables checked, 1 bad$" "$WORK/out"

mkdir -p "$WORK/empty"
"$PROBE" verify --variant brazilian --dir "$WORK/empty" >/dev/null 2>&1
expect_status "verify of a folder without tables" 1 $?
"$PROBE" verify --variant stockholm --dir "$TABLES" >"$WORK/out"
expect_status "verify of another variant's tables" 1 $?
expect_match "names the variant" "^BAD KKvK\.dtb: .*brazilian" "$WORK/out"
finish
