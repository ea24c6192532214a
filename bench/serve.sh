#!/usr/bin/env bash
# dtb-serve under load: starts it over the tables under ROOT and runs bench_serve twice,
# cold (tables not yet read) then warm: 4 concurrent clients x 2,000 requests each for the
# value, moves and line of random positions of PIECES pieces of VARIANT's set; prints
# requests a second, median and 99th-percentile latency, errors.
# usage: bench/serve.sh [BUILD_DIR [ROOT [VARIANT [PIECES]]]]
#   defaults: build, tables, scandinavian, 5
set -euo pipefail
build=${1:-build} root=${2:-tables} variant=${3:-scandinavian} pieces=${4:-5}
log=$(mktemp)
"$build/server/dtb-serve" --root "$root" --port 0 >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$log"' EXIT
port=
for _ in $(seq 100); do
  port=$(sed -n 's|.* at http://127\.0\.0\.1:\([0-9]*\)/$|\1|p' "$log")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$log" >&2; exit 1; }
echo "dtb-serve $(git rev-parse --short HEAD 2>/dev/null || true) on port $port, $(nproc) cores"
for run in cold warm; do
  printf '%s: ' "$run"
  "$build/bench_serve" "$port" "$variant" "$root/$variant" 4 2000 "$pieces" 1
done
kill -TERM $server
wait $server
echo "dtb-serve stopped with exit status $?"
trap 'rm -f "$log"' EXIT
