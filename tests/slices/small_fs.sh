#!/bin/sh
# usage: small_fs.sh DIR TYPE OPTIONS COMMAND [ARG...]: runs COMMAND with a filesystem
# of TYPE mounted at DIR with OPTIONS (tmpfs size=1m: a filesystem of 1 MiB; ramfs, which
# can neither reserve space nor say what it has free), in a mount namespace of its own, so
# that the mount goes with the command however it ends and the real disk is never filled.
# Needs root (or the right to make a mount namespace and mount in it): otherwise exits 77,
# which ctest counts as skipped, saying why.
dir=$1 type=$2 options=$3
shift 3
skip() {
    echo "SKIP: $*"
    exit 77
}
[ "$(id -u)" = 0 ] || skip "mounting a $type needs root (mount in a mount namespace)"
command -v unshare >/dev/null || skip "no unshare(1) to make a mount namespace"
unshare --mount true 2>/dev/null || skip "unshare --mount is not allowed here"
mkdir -p "$dir" || exit 1
# unshare makes the namespace's mounts private: the tmpfs is seen by nothing outside.
exec unshare --mount sh -c '
    dir=$1 type=$2 options=$3
    shift 3
    mount -t "$type" -o "$options" "$type" "$dir" || { echo "SKIP: cannot mount a $type"; exit 77; }
    exec "$@"' small_fs "$dir" "$type" "$options" "$@"
