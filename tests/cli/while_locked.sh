#!/bin/sh
# usage: while_locked.sh DIR COMMAND...: runs COMMAND while another process holds DIR's
# dtb-gen lock, as a first run would, and fails (status 9) if COMMAND wrote a table there
# anyway; otherwise exits with COMMAND's status.
dir=$1
shift
mkdir -p "$dir"
flock "$dir/.dtb-gen.lock" "$@"
status=$?
for f in "$dir"/*.dtb "$dir"/*.tmp; do [ -e "$f" ] && exit 9; done
exit $status
