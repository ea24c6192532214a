#!/usr/bin/env bash
# Writes bench/RESULTS.md from the rows bench/sets.sh and bench/verify_sets.sh recorded
# (bench/results/*.tsv): the latest row of each variant and piece count; and the materials
# built alone past a set, as recorded by hand in materials.tsv; then generator.md, written
# by hand from bench/scaling.sh's output (results/scaling.txt).  A check counts
# for the set of its variant built last before it (the sets of one variant are built one
# after the other, each over the last): dates (UTC, with the time since 2026-11-26)
# compare as text.
set -euo pipefail
cd "$(dirname "$0")/results"
{
  echo "# Complete sets: build time, size, memory, verification"
  echo
  echo "Written by \`bench/results_md.sh\` from \`bench/results/sets.tsv\` (one row per"
  echo "\`bench/sets.sh\` run) and \`bench/results/verify.tsv\` (\`bench/verify_sets.sh\`); the"
  echo "latest run of each variant and piece count counts.  Sizes in bits per position over the"
  echo "whole set (Frisian: both value sets, pure and official rules, together)."
  echo
  echo "| variant | pieces | threads | positions | wall time | M positions/s | WDL bits/pos | DTW bits/pos | peak memory | verified | check time | built on |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|"
  awk -F'\t' '
    FNR == 1 { next }
    FILENAME ~ /verify/ {
      k = ++checks[$1]
      checked[$1, k] = ($3 == 0 ? "all " $2 " tables pass" : $3 " of " $2 " FAIL")
      check_time[$1, k] = $4; checked_on[$1, k] = $5; next
    }
    { key = $1 "\t" $2; row[key] = $0; if (!(key in order)) { order[key] = ++n; names[n] = key }
      built[$1, ++builds[$1]] = $9 }
    # The latest check of variant id from date on, before its next build: its number, or 0.
    function check_of(id, date,   next_build, k, found) {
      next_build = ""
      for (k = 1; k <= builds[id]; k++)
        if (built[id, k] > date && (next_build == "" || built[id, k] < next_build)) next_build = built[id, k]
      found = 0
      for (k = 1; k <= checks[id]; k++)
        if (checked_on[id, k] >= date && (next_build == "" || checked_on[id, k] < next_build)) found = k
      return found
    }
    END {
      for (i = 1; i <= n; i++) {
        split(row[names[i]], f, "\t")
        secs = f[5]
        k = check_of(f[1], f[9])
        printf "| %s | %d | %d | %.3f G | %d min %02d s | %.2f | %.4f | %.4f | %s | %s | %s | %s |\n",
          f[1], f[2], f[3], f[4] / 1e9, secs / 60, secs % 60, f[4] / secs / 1e6,
          f[6] * 8 / f[4], f[7] * 8 / f[4], f[8],
          (k ? checked[f[1], k] : "not yet"),
          (k ? sprintf("%d min", check_time[f[1], k] / 60 + 0.5) : "-"), substr(f[9], 1, 10)
      }
    }' sets.tsv $( [ -f verify.tsv ] && echo verify.tsv )
  echo
  echo "## Time per position by piece count"
  echo
  echo "From the same runs (\`bench/results/rates.tsv\`): each material's solving and writing"
  echo "time summed by its number of pieces.  Flat cost means the same ns per position."
  echo
  echo "| variant | pieces | positions | solving M/s | all M/s | ns per position (all) |"
  echo "|---|---:|---:|---:|---:|---:|"
  [ -f rates.tsv ] && awk -F'\t' 'FNR > 1 && $3 >= 1e6 {
      all = $4 + $5
      printf "| %s | %d | %.3f G | %.2f | %.2f | %.0f |\n", $1, $2, $3 / 1e9, $3 / $4 / 1e6, $3 / all / 1e6, all * 1e9 / $3
    }' rates.tsv
  echo
  echo "## Time per position by piece count and number of kings"
  echo
  echo "From \`bench/results/rates_by_kings.tsv\` (recorded by \`bench/sets.sh\` since 2026-11-24):"
  echo "ns per position (solving and writing) of the materials with that many kings."
  echo
  echo "| variant | pieces | 0 kings | 1 | 2 | 3 | 4 | 5 | 6 | 7 |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  [ -f rates_by_kings.tsv ] && awk -F'\t' 'FNR > 1 && $2 >= 4 {
      key = $1 "\t" $2
      if (!(key in seen)) { seen[key] = 1; order[++n] = key }
      ns[key, $3] = sprintf("%.0f", ($5 + $6) * 1e9 / $4)
    }
    END {
      for (i = 1; i <= n; i++) {
        split(order[i], f, "\t")
        line = "| " f[1] " | " f[2] " |"
        for (k = 0; k <= 7; k++) line = line " " ((order[i], k) in ns ? ns[order[i], k] : "") " |"
        print line
      }
    }' rates_by_kings.tsv
  echo
  echo "## Materials built alone, past a complete set"
  echo
  echo "From \`bench/results/materials.tsv\`, one row per material built by hand with dtb-gen over"
  echo "a complete set (the runs' output is in the file its row names).  Peak memory is the run's."
  echo
  echo "| variant | material | positions | solved | solving | writing | ns per position | peak memory | whole would need | verified | record |"
  echo "|---|---|---:|---|---:|---:|---:|---:|---:|---|---|"
  [ -f materials.tsv ] && awk -F'\t' 'FNR > 1 {
      printf "| %s | %s | %.3f G | %s | %d min %02d s | %d min %02d s | %.0f | %s | %s | %s | %s |\n",
        $1, $2, $3 / 1e9, $4, $5 / 60, $5 % 60, $6 / 60, $6 % 60, ($5 + $6) * 1e9 / $3, $7, $8, $9, $10
    }' materials.tsv
  echo
  echo "## dtb-serve against load, slow and hostile clients"
  echo
  echo "Each file as its program printed it, under a header saying how it was run."
  for run in 'serve:The soak, `bench/serve.sh`' \
    'slow_clients:Slow clients, `tests/server/test_slow_clients.py`' \
    'hostile_http:Hostile HTTP, `bench/hostile_http.py`'; do
    [ -f "${run%%:*}.txt" ] || continue
    echo
    echo "${run#*:} (\`bench/results/${run%%:*}.txt\`):"
    echo
    echo '```'
    cat "${run%%:*}.txt"
    echo '```'
  done
  # Measurements written by hand beside the scripts that print them (bench/scaling.sh).
  [ -f generator.md ] && { echo; cat generator.md; }
} >../RESULTS.md
echo "wrote bench/RESULTS.md" >&2
