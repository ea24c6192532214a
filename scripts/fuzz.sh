#!/usr/bin/env bash
# Runs the fuzz targets (tests/fuzz/) longer than the test suite does: each for SECONDS
# (default 300) on every core but one, keeping the inputs they find in
# build-fuzz/fuzz-corpus/TARGET for the next run.  An input that fails is written to
# build-fuzz/fuzz-failures/ and the script exits non-zero; rerun one with
#   DTB_FUZZ_TABLES=build-fuzz/fuzz-long/TARGET build-fuzz/tests/fuzz_TARGET FILE
# Usage: scripts/fuzz.sh [SECONDS [TARGET...]]   (targets: table api server head hub)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
[ $# -gt 0 ] && shift
targets=(table api server head hub)
[ $# -gt 0 ] && targets=("$@")
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
  -DDTB_SANITIZE=ON -DDTB_FUZZ=ON >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target dtb-gen fuzz_table fuzz_api fuzz_server fuzz_head fuzz_hub
cd build-fuzz
# Tables of its own, made anew: the suite makes fuzz-tables again as it runs, and tables
# of an older format would fail every input.
sh ../tests/fuzz/make_tables.sh ./dtb-gen fuzz-long >fuzz-long.log 2>&1 || {
  cat fuzz-long.log >&2
  exit 1
}
workers=$(($(nproc) > 1 ? $(nproc) - 1 : 1))
status=0
for target in "${targets[@]}"; do
  mkdir -p "fuzz-corpus/$target" "fuzz-logs/$target"
  echo "fuzz_$target: $seconds s on $workers workers"
  (cd "fuzz-logs/$target" && DTB_FUZZ_TABLES=../../fuzz-long/$target ../../tests/fuzz_$target \
    -max_total_time="$seconds" -max_len=256 -workers="$workers" -jobs="$workers" \
    -artifact_prefix="../../fuzz-failures/$target-" "../../fuzz-corpus/$target" \
    "../../../tests/fuzz/corpus_$target" >/dev/null 2>&1) || status=1
  tail -q -n 1 "fuzz-logs/$target"/fuzz-*.log
done
if [ $status -ne 0 ] || ls fuzz-failures/* 2>/dev/null; then
  echo "a fuzz target failed: see build-fuzz/fuzz-logs and build-fuzz/fuzz-failures" >&2
  exit 1
fi
