# verify: every table good, then one byte of KvK.dtb flipped, then an empty folder; and
# dtb-gen beside a damaged table.
. "$(dirname "$0")/common.sh"

"$PROBE" verify --variant brazilian --dir "$TABLES" >"$WORK/out"
expect_status "verify of good tables" 0 $?
printf 'ok KKvK.dtb\nok KMvK.dtb\nok KvK.dtb\nok KvM.dtb\n4 tables checked, 0 bad\n' >"$WORK/want"
expect_same "verify lists every table" "$WORK/want" "$WORK/out"

# dtb-gen lists in the manifest the tables it did not build too: a damaged one fails there.
cp -r "$TABLES" "$WORK/stray"
flip_last_byte "$WORK/stray/KMvK.dtb"
"$GEN" --variant brazilian --dir "$WORK/stray" KvK >/dev/null 2>"$WORK/err"
expect_status "dtb-gen beside a damaged table it does not build" 1 $?
expect_match "names the damaged table" "KMvK\.dtb.*checksum" "$WORK/err"
expect_same "and leaves the manifest as it was" "$TABLES/MANIFEST" "$WORK/stray/MANIFEST"

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
