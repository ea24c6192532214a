#!/bin/sh
# usage: manifest_kept.sh DTB_GEN TABLES WORK_DIR
# A set built in part in a folder whose manifest lists a larger one (a fresh clone's
# tables/scandinavian-8, TABLES being the repository's tables/) keeps the lines of the
# tables it did not build: the manifest after the run is the committed one, byte for byte,
# the 3-piece lines rebuilt and the 4-piece ones kept.  A manifest of another variant is
# dropped, and the run says so.
set -u
GEN=$1
TABLES=$2
WORK=$3
. "$(dirname "$0")/../expect.sh"

fresh_work
mkdir -p "$WORK/clone" "$WORK/other"
cp "$TABLES/scandinavian-8/MANIFEST" "$WORK/clone/MANIFEST"
gen_tables --variant scandinavian-8 --pieces 3 --dir "$WORK/clone" --threads 2
expect_same "the 4-piece lines are kept beside the 3-piece tables rebuilt" \
    "$TABLES/scandinavian-8/MANIFEST" "$WORK/clone/MANIFEST"
expect_match "and the run says so" "keeps the lines of [0-9]+ tables listed before" "$WORK/gen.log"

cp "$TABLES/brazilian/MANIFEST" "$WORK/other/MANIFEST"
gen_tables --variant scandinavian-8 --pieces 2 --dir "$WORK/other" --threads 2
head -4 "$TABLES/scandinavian-8/MANIFEST" >"$WORK/two_pieces"
expect_same "Brazilian's lines are not kept in a Scandinavian folder" "$WORK/two_pieces" \
    "$WORK/other/MANIFEST"
expect_match "and the run says they are dropped" "was not of scandinavian-8: its lines are dropped" \
    "$WORK/gen.log"
finish
