#!/bin/sh
# usage: symbols.sh LIBDTB.SO DTB.H: the shared library's dynamic symbols are the functions
# dtb.h declares, every one of them and nothing else (no internal name of the rooms leaks).
lib=$1 header=$2
exported=$(nm -D --defined-only "$lib" | awk '{ print $NF }' | sort) || exit 1
declared=$(grep -oE '^[a-z][a-z_ *]*[ *]dtb_[a-z0-9_]+\(' "$header" |
           grep -oE 'dtb_[a-z0-9_]+\($' | tr -d '(' | sort) || exit 1
[ -n "$declared" ] || { echo "no function declarations found in $header" >&2; exit 1; }
status=0
for name in $exported; do
  echo "$declared" | grep -qx "$name" || { echo "$lib exports $name, not in $header" >&2; status=1; }
done
for name in $declared; do
  echo "$exported" | grep -qx "$name" || { echo "$lib does not export $name of $header" >&2; status=1; }
done
[ $status = 0 ] && echo "$lib exports the $(echo "$declared" | wc -l) functions of $header alone:" $declared
exit $status
