#!/usr/bin/env bash
# The whole test suite: a Release build and an AddressSanitizer + UBSan build, each built
# from scratch and tested with CTest, and a build with clang, which keeps the code to
# standard C11 where GCC accepts extensions.  Exits non-zero when anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
jobs=$(nproc)
run() {
  local dir=$1; shift
  cmake -S . -B "$dir" "$@" >/dev/null
  cmake --build "$dir" -j "$jobs"
  ctest --test-dir "$dir" --output-on-failure -j "$jobs"
}
run build -DCMAKE_BUILD_TYPE=Release
run build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDTB_SANITIZE=ON
cmake -S . -B build-clang -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang >/dev/null
cmake --build build-clang -j "$jobs"
