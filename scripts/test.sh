#!/usr/bin/env bash
# The whole test suite: a Release build and an AddressSanitizer + UBSan build, each built
# from scratch and tested with CTest; the test of threads sharing a handle under
# ThreadSanitizer; then a build with clang, which keeps the code to
# standard C11 where GCC accepts extensions, runs the fuzz targets (tests/fuzz/) a fixed
# number of inputs each.  Exits non-zero when anything fails.
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
# ThreadSanitizer over threads probing one handle while its cache evicts (tests/cache.cmake),
# over dtb-gen's threads writing blocks and building small materials at once
# (tests/check.cmake), and over dtb-serve's front door and libmicrohttpd's threads
# (tests/server.cmake): those tests alone, with the tables they need.
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDTB_TSAN=ON >/dev/null
cmake --build build-tsan -j "$jobs" --target dtb-gen test_cache_threads dtb-serve
ctest --test-dir build-tsan -R '^(cache_threads|check_threads_identical|server_front_door|server_hostile)$' \
  --output-on-failure
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
  -DDTB_SANITIZE=ON -DDTB_FUZZ=ON >/dev/null
cmake --build build-fuzz -j "$jobs"
ctest --test-dir build-fuzz -L fuzz --output-on-failure -j "$jobs"
