#!/bin/sh
# Times dtb-gen and dtb-check for the tables the test suite checks (tests/check.cmake):
# every variant up to 3 pieces on 10x10 and 4 on 8x8.  Prints one line per variant with
# the wall seconds of each, and the totals.
# Usage: bench/check_all.sh [THREADS]
# The build goes to $DTB_BUILD_DIR (default: build-bench beside the sources); add
# -DDTB_SANITIZE=ON there to time a sanitizer build.  Tables go to a temporary folder.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
build=${DTB_BUILD_DIR:-$root/build-bench}
threads=${1:-2}
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target dtb-gen dtb-check -j "$(nproc)" >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }

total_gen=0
total_check=0
for id in international frisian frisian2 scandinavian scandinavian-free scandinavian-medium \
    scandinavian-medium-free scandinavian-weak scandinavian-weak-free brazilian stockholm \
    stockholm-free stockholm-halt frisian2-8 scandinavian-8 scandinavian-8-free \
    scandinavian-medium-8 scandinavian-medium-8-free scandinavian-weak-8 scandinavian-weak-8-free; do
    case $id in brazilian | stockholm* | *-8 | *-8-free) pieces=4 ;; *) pieces=3 ;; esac
    start=$(now)
    "$build/dtb-gen" --variant "$id" --pieces "$pieces" --dir "$work/$id" --threads "$threads" 2>/dev/null
    middle=$(now)
    "$build/dtb-check" --variant "$id" --dir "$work/$id" --threads "$threads" >"$work/$id.out" ||
        { cat "$work/$id.out"; exit 1; }
    end=$(now)
    gen=$(echo "$middle - $start" | bc)
    check=$(echo "$end - $middle" | bc)
    printf '%-28s %d pieces  gen %6.1f s  check %6.1f s\n' "$id" "$pieces" "$gen" "$check"
    total_gen=$(echo "$total_gen + $gen" | bc)
    total_check=$(echo "$total_check + $check" | bc)
    rm -rf "$work/$id"
done
printf '%-28s           gen %6.1f s  check %6.1f s\n' total "$total_gen" "$total_check"
