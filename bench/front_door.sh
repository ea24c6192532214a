#!/usr/bin/env bash
# usage: bench/front_door.sh OLD_BUILD NEW_BUILD [ROOT [VARIANT [PIECES [ROUNDS [REQUESTS]]]]]
#   defaults: tables, brazilian, 3, 5, 20000
# What dtb-serve's front door (server/front_door.c) costs good requests: two builds of
# dtb-serve side by side (each BUILD/server/dtb-serve; OLD_BUILD one from before the front
# door), each started over the VARIANT set under ROOT and measured by NEW_BUILD's
# bench_serve: 1 keep-alive client sending REQUESTS requests one after another (latency),
# then 16 sending REQUESTS / 16 each (throughput), random PIECES-piece positions.  The
# builds take turns, ROUNDS times, so that whatever else loads the machine falls on both
# alike; it prints every run, then the median of each figure for both and the ratio
# new/old.  Loopback only, a free port each run.
set -euo pipefail
old=$1 new=$2 root=${3:-tables} variant=${4:-brazilian} pieces=${5:-3} rounds=${6:-5}
requests=${7:-20000}
bench="$new/bench_serve"
log=$(mktemp)
results=$(mktemp)
trap 'rm -f "$log" "$results"' EXIT

run() { # BUILD NAME: one start of the server, both measures, a line of results each
  : >"$log" # emptied here, not by the server's start, which may come after the first look
  "$1/server/dtb-serve" --root "$root" --port 0 --per-address 64 >"$log" 2>&1 &
  local server=$! port=
  for _ in $(seq 100); do
    port=$(sed -n 's|.* at http://127\.0\.0\.1:\([0-9]*\)/$|\1|p' "$log")
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { cat "$log" >&2; kill $server; exit 1; }
  for clients in 1 16; do
    local line
    line=$("$bench" "$port" "$variant" "$root/$variant" $clients $((requests / clients)) \
      "$pieces" 1)
    echo "  $2, $line"
    echo "$2 $clients $line" >>"$results"
  done
  kill -TERM $server
  wait $server
}

for round in $(seq "$rounds"); do
  echo "round $round:"
  run "$old" old
  run "$new" new
done

# The medians: requests/s, median and p99 latency, by build and clients.
awk '
  { build = $1; clients = $2
    for (i = 3; i <= NF; i++) {
      if ($i == "requests/s,") rate[build, clients, ++n[build, clients]] = $(i - 1)
      if ($i == "median") med[build, clients, n[build, clients]] = $(i + 1)
      if ($i == "p99") p99[build, clients, n[build, clients]] = $(i + 1)
    }
  }
  function median(a, b, c, k,    v, i, j, t, m) {
    m = n[b, c]
    for (i = 1; i <= m; i++) v[i] = a[b, c, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return v[int((m + 1) / 2)]
  }
  END {
    for (c = 1; c <= 16; c += 15) {
      ro = median(rate, "old", c); rn = median(rate, "new", c)
      mo = median(med, "old", c); mn = median(med, "new", c)
      po = median(p99, "old", c); pn = median(p99, "new", c)
      printf "%d client%s: requests/s old %.0f new %.0f (new/old %.2f); median latency old %.3f ms new %.3f ms (new/old %.2f); p99 old %.3f ms new %.3f ms (new/old %.2f)\n",
        c, (c > 1 ? "s" : ""), ro, rn, rn / ro, mo, mn, mn / mo, po, pn, pn / po
    }
  }' "$results"
