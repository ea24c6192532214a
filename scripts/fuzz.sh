#!/usr/bin/env bash
# Runs the fuzz targets (tests/fuzz/) longer than the test suite does: each for SECONDS
# (default 300) on every core but one, keeping the inputs they find in
# build-fuzz/fuzz-corpus/TARGET for the next run.  An input that fails is written to
# build-fuzz/fuzz-failures/ and the script exits non-zero; rerun one with
#   DTB_FUZZ_TABLES=build-fuzz/fuzz-tables/TARGET build-fuzz/tests/fuzz_TARGET FILE
# Usage: scripts/fuzz.sh [SECONDS [TARGET...]]   (targets: table api)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
[ $# -gt 0 ] && shift
targets=(table api)
[ $# -gt 0 ] && targets=("$@")
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
  -DDTB_SANITIZE=ON -DDTB_FUZZ=ON >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target dtb-gen fuzz_table fuzz_api
cd build-fuzz
[ -d fuzz-tables/table ] || sh ../tests/fuzz/make_tables.sh ./dtb-gen fuzz-tables
workers=$(($(nproc) > 1 ? $(nproc) - 1 : 1))
mkdir -p fuzz-failures
for target in "${targets[@]}"; do
  mkdir -p "fuzz-corpus/$target"
  echo "fuzz_$target: $seconds s on $workers workers"
  DTB_FUZZ_TABLES=fuzz-tables/$target tests/fuzz_$target -max_total_time="$seconds" \
    -max_len=256 -workers="$workers" -jobs="$workers" -artifact_prefix="fuzz-failures/$target-" \
    "fuzz-corpus/$target" "../tests/fuzz/corpus_$target" >/dev/null 2>&1 || true
  tail -q -n 1 fuzz-[0-9]*.log
  rm -f fuzz-[0-9]*.log
done
if ls fuzz-failures/* 2>/dev/null; then
  echo "failing inputs in build-fuzz/fuzz-failures" >&2
  exit 1
fi
