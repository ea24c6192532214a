# usage: test_manifest_start.sh DTB_SERVE DTB_GEN WORK_DIR
# dtb-serve says at start-up which tables of each folder's MANIFEST are not there, or that
# a folder has no MANIFEST, and nothing of a complete set.  Brazilian's KMvK converts into
# KKvK, KvM and KvK; Frisian's KvK is alone.
set -u
SERVE=$1
GEN=$2
WORK=$3
. "$(dirname "$0")/../expect.sh"

# start_serve ROOT: runs dtb-serve on ROOT on a free port until it says where it listens,
# then stops it (a minute at most: under sanitizers on a busy machine the start is slow); its
# output is in $WORK/log.
start_serve() {
    : >"$WORK/log" # emptied before the start, which may come after the first look at it
    "$SERVE" --root "$1" --port 0 >"$WORK/log" 2>&1 &
    pid=$!
    tries=0
    until grep -q 'at http://' "$WORK/log" || [ $tries -ge 1200 ]; do
        sleep 0.05
        tries=$((tries + 1))
    done
    kill "$pid" 2>/dev/null
    wait "$pid"
}

fresh_work
gen_tables --variant brazilian --dir "$WORK/root/brazilian" KMvK
gen_tables --variant frisian --dir "$WORK/root/frisian" KvK

start_serve "$WORK/root"
expect_match "serves a complete set" "at http://127\.0\.0\.1:[0-9]+/" "$WORK/log"
expect_status "saying nothing of its MANIFEST" 1 "$(grep -q MANIFEST "$WORK/log"; echo $?)"

rm "$WORK/root/brazilian/KvM.dtb" "$WORK/root/brazilian/KMvK.dtb" "$WORK/root/frisian/MANIFEST"
start_serve "$WORK/root"
expect_line "names the tables missing" \
    "dtb-serve: brazilian: tables its MANIFEST lists are missing or of another size: KvM KMvK" \
    "$WORK/log"
expect_match "and a folder without MANIFEST" \
    "^dtb-serve: frisian: .*/frisian/MANIFEST: No such file or directory: the set cannot be shown complete$" \
    "$WORK/log"
finish
