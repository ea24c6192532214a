# Sourced by bench/sets.sh and bench/verify_sets.sh: the wall time of work that may take
# several sittings.  Each run's time is kept in its own file, rewritten every 30 s, so a
# run that is killed loses at most that; the work's time is the sum of its runs' files.

seconds_since() { awk -v then="$1" -v now="$(date +%s.%N)" 'BEGIN { printf "%.1f\n", now - then }'; }

# Starts timing a run into FILE; the time is written when the run stops or the script
# exits, whichever comes first.
run_time_start() {
  run_file=$1
  run_start=$(date +%s.%N)
  (while sleep 30 && kill -0 $$; do seconds_since "$run_start" >"$run_file"; done) \
    >/dev/null 2>&1 &
  run_heartbeat=$!
  trap run_time_stop EXIT
}

run_time_stop() {
  trap - EXIT
  kill "$run_heartbeat" 2>/dev/null || true
  wait "$run_heartbeat" 2>/dev/null || true
  seconds_since "$run_start" >"$run_file"
}

# The seconds of every run whose files match PREFIX.*, summed.
run_time_total() { awk '{ s += $1 } END { printf "%.1f\n", s }' "$1".*; }
