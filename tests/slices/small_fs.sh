#!/bin/sh
# usage: small_fs.sh DIR SIZE COMMAND [ARG...]: runs COMMAND with a tmpfs of SIZE bytes
# (like 1m) mounted at DIR, in a mount namespace of its own, so that the mount goes with
# the command however it ends and the real disk is never filled.  Needs root (or the right
# to make a mount namespace and mount in it): otherwise exits 77, which ctest counts as
# skipped, saying why.
dir=$1 size=$2
shift 2
skip() {
    echo "SKIP: $*"
    exit 77
}
[ "$(id -u)" = 0 ] || skip "a tmpfs of $size needs root (mount in a mount namespace)"
command -v unshare >/dev/null || skip "no unshare(1) to make a mount namespace"
unshare --mount true 2>/dev/null || skip "unshare --mount is not allowed here"
mkdir -p "$dir" || exit 1
# unshare makes the namespace's mounts private: the tmpfs is seen by nothing outside.
exec unshare --mount sh -c '
    dir=$1 size=$2
    shift 2
    mount -t tmpfs -o "size=$size" tmpfs "$dir" || { echo "SKIP: cannot mount a tmpfs"; exit 77; }
    exec "$@"' small_fs "$dir" "$size" "$@"
