#!/bin/sh
# usage: memory_peak.sh DTB-GEN WORK: builds Brazilian's 4-piece set under several --memory
# limits, whole where it fits (auto) and in slice groups (always), and checks that a run
# either stays under its limit, by the peak resident size it prints (getrusage), or is
# refused before building with what it needs: what it counts to solve and to write and
# what is in use, adding up to more than the limit.  At 8M the set used to build with a
# peak of 11 to 14 MiB, its tables' writer left out of the count.
GEN=$1
WORK=$2
. "$(dirname "$0")/../expect.sh"
fresh_work

# kib SIZE UNIT: the size in KiB, from memory_format's "1.23 MiB".
kib() {
    awk -v n="$1" -v u="$2" 'BEGIN { printf "%d\n", n * (u == "GiB" ? 1048576 : u == "MiB" ? 1024 : 1) }'
}

built=0
refused=0
for limit in 8 12 16 24; do
    for mode in auto always; do
        what="--memory ${limit}M --slices $mode"
        dir=$WORK/$limit-$mode
        if "$GEN" --variant brazilian --pieces 4 --memory "${limit}M" --slices "$mode" \
            --dir "$dir" 2>"$dir.log" >/dev/null; then
            set -- $(sed -n 's/^peak memory \([0-9.]*\) \([KMG]iB\) (limit .*/\1 \2/p' "$dir.log")
            [ $# = 2 ] || { cat "$dir.log"; echo "FAIL $what: no peak printed"; FAILED=1; continue; }
            peak=$(kib "$1" "$2")
            if [ "$peak" -le $((limit * 1024)) ]; then
                echo "ok   $what: peak $1 $2"
            else
                echo "FAIL $what: peak $1 $2 over the limit"
                FAILED=1
            fi
            [ "$mode" = always ] && ! grep -q ' in slice groups, ' "$dir.log" &&
                { echo "FAIL $what: nothing solved in slice groups"; FAILED=1; }
            built=$((built + 1))
            continue
        fi
        # "KKvKK needs 1.33 MiB to solve (...) and 4.53 MiB to write, beside the 3.98 MiB in use"
        set -- $(sed -n 's/^dtb: .* needs \([0-9.]*\) \([KMG]iB\) to solve.* and \([0-9.]*\) \([KMG]iB\) to write, beside the \([0-9.]*\) \([KMG]iB\) in use, more than --memory .*/\1 \2 \3 \4 \5 \6/p' "$dir.log")
        [ $# = 6 ] || { cat "$dir.log"; echo "FAIL $what: neither built nor refused"; FAILED=1; continue; }
        total=$(($(kib "$1" "$2") + $(kib "$3" "$4") + $(kib "$5" "$6")))
        if [ "$total" -gt $((limit * 1024)) ] && [ ! -e "$dir/KvK.dtb" ]; then
            echo "ok   $what: refused before building, needing $total KiB"
        else
            echo "FAIL $what: refused needing $total KiB, or after building"
            FAILED=1
        fi
        refused=$((refused + 1))
    done
done
[ "$built" -ge 2 ] || { echo "FAIL only $built runs built the set"; FAILED=1; }
finish
