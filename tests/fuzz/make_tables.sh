#!/bin/sh
# Builds the tables the fuzz targets read, and empty folders for the inputs they find.
#   OUT/api/VARIANT/   3-piece sets: Scandinavian, Frisian (two value sets, king-move
#                      states), Stockholm with the halt rule stored one side to move;
#   OUT/server         the same, for fuzz_server;
#   OUT/table/         a few of those files side by side, the seeds fuzz_table edits;
#   OUT/corpus/TARGET/ where each fuzz target writes the inputs it finds.
# usage: make_tables.sh DTB-GEN OUT
set -eu
gen=$1 out=$2
rm -rf "$out"
"$gen" --variant scandinavian --pieces 3 --dir "$out/api/scandinavian"
"$gen" --variant frisian --pieces 3 --dir "$out/api/frisian"
"$gen" --variant stockholm-halt --pieces 3 --one-side --dir "$out/api/stockholm-halt"
mkdir -p "$out/table" "$out/corpus/table" "$out/corpus/api" "$out/corpus/server" "$out/corpus/hub" \
  "$out/corpus/head" \
  "$(dirname "$out")/fuzz-failures"
# fuzz_server serves the sets fuzz_api probes.
ln -s api "$out/server"
# fuzz_table numbers them in this order, by name: its committed inputs name the one each
# edits.
for table in scandinavian/KMvK scandinavian/MvM frisian/KKvK frisian/KMvK stockholm-halt/KMvK; do
  cp "$out/api/$table.dtb" "$out/table/$(echo "$table" | tr / -).dtb"
done
