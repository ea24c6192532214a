#!/bin/sh
# usage: threads_identical.sh DTB_GEN VARIANT PIECES WORK_DIR
# The tables do not depend on the threads that build them: VARIANT's set up to PIECES
# pieces built with --threads 1 and with --threads 3 (the writer's batches and the pool's
# small materials shared unevenly) is the committed tables/VARIANT/MANIFEST, byte for
# byte: its first lines, where PIECES is fewer than it lists.
set -u
GEN=$1
VARIANT=$2
PIECES=$3
WORK=$4
MANIFEST=$(dirname "$0")/../../tables/$VARIANT/MANIFEST
. "$(dirname "$0")/../expect.sh"

fresh_work
for threads in 1 3; do
    gen_tables --variant "$VARIANT" --pieces "$PIECES" --dir "$WORK/t$threads" --threads $threads
    head -n "$(wc -l <"$WORK/t$threads/MANIFEST")" "$MANIFEST" >"$WORK/expected"
    expect_same "--threads $threads builds the committed tables" "$WORK/expected" \
        "$WORK/t$threads/MANIFEST"
done
finish
