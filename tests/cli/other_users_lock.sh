#!/bin/sh
# usage: other_users_lock.sh DIR DTB-GEN: DIR's lock file belongs to root and others may
# not write it; dtb-gen, run as the user nobody, must still take the lock (read-only) and
# so stop while root holds it, and build once root has let go.  Needs root, to make the
# file root's and to run as nobody, and a DIR that nobody can reach (a build folder under
# one that mktemp -d made is not): otherwise exits 77, which CTest reports as skipped.
dir=$1 gen=$2
skip() { echo "skipped: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "needs root, to run dtb-gen as the user nobody"
command -v setpriv >/dev/null || skip "needs setpriv, to run dtb-gen as the user nobody"
rm -rf "$dir" && mkdir -p "$dir" && chmod 777 "$dir" || exit 1
as_nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
$as_nobody test -x "$dir" || skip "the user nobody cannot reach $dir (a folder above it is closed)"
lock=$dir/.dtb-gen.lock
touch "$lock" && chmod 644 "$lock" || exit 1
err=$(flock "$lock" $as_nobody "$gen" --variant brazilian --dir "$dir" KvK 2>&1)
status=$?
if [ $status -ne 1 ] || ! echo "$err" | grep -q "another dtb-gen is building tables"; then
  echo "while root held the lock, nobody's run exited $status: $err" >&2
  exit 1
fi
if [ -e "$dir/KvK.dtb" ]; then
  echo "nobody's run built KvK.dtb under root's lock" >&2
  exit 1
fi
$as_nobody "$gen" --variant brazilian --dir "$dir" KvK || exit 1
[ -e "$dir/KvK.dtb" ] || { echo "nobody's run did not build KvK.dtb" >&2; exit 1; }
