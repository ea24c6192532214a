#!/bin/sh
# usage: in_fresh_dir.sh DIR EXPECT-ARGUMENTS...: empties DIR, then runs expect.sh, so that
# a command writing tables into DIR starts from nothing on every run.
dir=$1
shift
rm -rf "$dir"
exec sh "$(dirname "$0")/expect.sh" "$@"
