#!/usr/bin/env bash
# The soak of dtb-serve: over the VARIANT set under ROOT, first 256 concurrent keep-alive
# clients (bench_serve, 100 requests each for random positions of PIECES pieces), then
# MINUTES minutes of good requests (bench_serve, 16 keep-alive clients) mixed with bad
# ones (bench/hostile_http.py: malformed FENs, overlong targets, bad methods, path escapes,
# broken framing, 2 clients) and 8 slow clients (half a request line each, held until the
# server closes it).  Prints requests a second, median and 99th-percentile latency and the
# errors of the good requests (any is a failure), and the server's resident memory after
# the 256 clients, each minute of the mix and at the end, once its connections are closed.
# The server keeps CACHE MiB of decoded blocks (--cache), few enough for the 256 clients
# to fill; the mix's connections and threads then take memory of their own, which the
# allocator keeps once freed, so that resident memory is a high-water mark: it is flat
# when the end is at most 10% + 4 MiB above the highest of the first half's minutes (more
# is a failure).  Every loop is bounded in time and talks to loopback only.
# usage: bench/serve.sh [BUILD_DIR [ROOT [VARIANT [PIECES [MINUTES [CACHE]]]]]]
#   defaults: build, tables, scandinavian, 5, 10, 16
set -euo pipefail
build=${1:-build} root=${2:-tables} variant=${3:-scandinavian} pieces=${4:-5} minutes=${5:-10}
cache=${6:-16}
timeout=5
here=$(dirname "$0")
log=$(mktemp)
"$build/server/dtb-serve" --root "$root" --port 0 --per-address 1024 --timeout $timeout \
  --cache "$cache" >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$log"' EXIT
port=
for _ in $(seq 100); do
  port=$(sed -n 's|.* at http://127\.0\.0\.1:\([0-9]*\)/$|\1|p' "$log")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$log" >&2; exit 1; }
resident() { awk '/^VmRSS:/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$server/status"; }
resident_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$server/status"; }
echo "dtb-serve $(git rev-parse --short HEAD 2>/dev/null || true) on port $port, $(nproc) cores," \
  "--timeout $timeout, --cache $cache; resident memory at start $(resident)"
printf '256 keep-alive clients: '
"$build/bench_serve" "$port" "$variant" "$root/$variant" 256 100 "$pieces" 1
sleep $((timeout + 1))
echo "resident memory after them: $(resident)"
echo "then $minutes minutes of good requests, bad ones and slow clients at once:"
seconds=$((minutes * 60))
"$build/bench_serve" "$port" "$variant" "$root/$variant" 16 1000 "$pieces" 2 $seconds \
  >"$log.good" &
good=$!
python3 "$here/hostile_http.py" "$variant" --port "$port" --root "$root" --seconds $seconds \
  --clients 2 --pause 0.005 --slow 8 --requests 100000000 >"$log.bad" &
bad=$!
first_half_kib=0
for minute in $(seq "$minutes"); do
  sleep 60
  echo "  minute $minute: resident memory $(resident)"
  kib=$(resident_kib)
  [ $((2 * minute)) -le "$minutes" ] && [ "$kib" -gt $first_half_kib ] && first_half_kib=$kib
done
good_status=0 bad_status=0
wait $good || good_status=$?
wait $bad || bad_status=$?
printf 'good requests: '
cat "$log.good"
echo "bad requests and slow clients:"
grep -v '^\.\.\.' "$log.bad" | sed 's/^/  /'
rm -f "$log.good" "$log.bad"
sleep $((timeout + 1))
end_kib=$(resident_kib)
echo "resident memory at the end: $(resident) ($((end_kib - first_half_kib)) KiB from the" \
  "highest of the first half's minutes)"
kill -TERM $server
server_status=0
wait $server || server_status=$?
echo "dtb-serve stopped with exit status $server_status"
trap 'rm -f "$log"' EXIT
flat=$((end_kib <= first_half_kib * 11 / 10 + 4096))
[ $good_status -eq 0 ] && [ $bad_status -eq 0 ] && [ $flat -eq 1 ] && [ $server_status -eq 0 ] \
  && echo passed || { echo "failed (good $good_status, bad $bad_status, flat $flat)"; exit 1; }
