#!/bin/sh
# Runs a command and checks its exit status and output, in the manner of zstd's cli-tests.
# usage: expect.sh [--status N|nonzero] [--stdout FILE] [--stdout-has RE] [--stderr-has RE]...
#                  -- COMMAND [ARG...]
# --status defaults to 0; --stdout compares stdout exactly with FILE; the -has options
# need a line matching the extended regular expression RE (each may repeat).
status=0
stdout_file=
checks=
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    case $1 in
    --status) status=$2 ;;
    --stdout) stdout_file=$2 ;;
    --stdout-has | --stderr-has) checks="$checks$1 $2
" ;;
    *) echo "expect.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift 2
done
[ "$1" = "--" ] || { echo "expect.sh: missing -- before the command" >&2; exit 2; }
shift

dir=$(mktemp -d) || exit 2
trap 'rm -rf "$dir"' EXIT
"$@" >"$dir/stdout" 2>"$dir/stderr"
got=$?
failed=0
fail() { echo "FAIL: $*"; failed=1; }

if [ "$status" = nonzero ]; then
    [ "$got" -ne 0 ] || fail "exit status 0, expected non-zero"
else
    [ "$got" -eq "$status" ] || fail "exit status $got, expected $status"
fi
if [ -n "$stdout_file" ] && ! cmp -s "$stdout_file" "$dir/stdout"; then
    fail "stdout differs from $stdout_file:"
    diff "$stdout_file" "$dir/stdout"
fi
printf '%s' "$checks" | while read -r option regex; do
    stream=${option#--}
    stream=${stream%-has}
    grep -Eq -- "$regex" "$dir/$stream" || { echo "FAIL: $stream has no line matching '$regex'"; exit 1; }
done || failed=1

if [ $failed -ne 0 ]; then
    echo "--- command: $*"
    echo "--- stdout:"; cat "$dir/stdout"
    echo "--- stderr:"; cat "$dir/stderr"
fi
exit $failed
