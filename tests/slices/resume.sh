# usage: resume.sh DTB_GEN VARIANT WORK_DIR TARGET OTHER SET -- WHAT...
# A material solved in slice groups resumes where a run killed mid-material stopped
# (gen/solve.c, gen/slice_checkpoint.h).  The set dtb-gen's arguments WHAT name is built
# whole (--slices never) as the reference; then in slice groups under a --memory that leaves
# room for few slices at a time, killed with SIGKILL as
# soon as TARGET's checkpoint of value set SET (pure or rules) appears, and run again: the
# second run must say it resumed TARGET at a slice above 0, and the set must be the
# reference byte for byte (tables and MANIFEST) with no scratch file or checkpoint left.
# TARGET must be the material of the set that needs the most memory: --memory is set just
# above its need in slice groups, so that its slices are solved in many chunks.
# Then TARGET is killed the same way four times more, and each time something is spoiled
# before the rerun: a byte of the checkpoint flipped, the checkpoint cut short, the store
# of cells cut short below the bytes the checkpoint says it holds, and TARGET's checkpoint moved to OTHER's name (OTHER's table
# removed): the rerun must discard it with a message naming the file, and still write the
# reference.  Last, an earlier version's scratch files planted beside TARGET are removed.
# The killed run has written correct cells past its checkpoint, so a resume that skipped
# slices could pass here: test_slice_resume.c spoils them first.
set -u
GEN=$1
VARIANT=$2
WORK=$3
TARGET=$4
OTHER=$5
SET=$6
shift 6
[ "$1" = "--" ] && shift
. "$(dirname "$0")/../expect.sh"
fresh_work
RUN=$WORK/run
CKPT=$RUN/$TARGET.dtb.$SET.checkpoint

gen_tables --variant "$VARIANT" --dir "$WORK/ref" --threads 2 --slices never "$@"
# The room beyond one slice of TARGET: its need in slice groups, its writer's and what is
# in use, read from the refusal of --memory 1K ("T needs 3.86 MiB to solve in slice groups
# (5.17 MiB whole) and 6.79 MiB to write, beside the 3.65 MiB in use"), and 4 MiB more
# (what is in use varies, most under the sanitizers).
cp -r "$WORK/ref" "$WORK/refused"
rm "$WORK/refused/$TARGET.dtb"
"$GEN" --variant "$VARIANT" --dir "$WORK/refused" --memory 1K --slices always "$TARGET" \
    2>"$WORK/refused.log" >/dev/null
MEMORY=$(awk '/needs .* in slice groups \(/ {
    gsub(/\(/, "")
    for (i = 2; i <= NF; i++) if ($i ~ /^(KiB|MiB|GiB)$/) {
        unit = $i == "KiB" ? 1 : $i == "MiB" ? 1024 : 1048576
        kib[n++] = $(i - 1) * unit
    }
    if (n >= 4) printf "%dK\n", kib[0] + kib[2] + kib[3] + 4096
}' "$WORK/refused.log")
[ -n "$MEMORY" ] || { cat "$WORK/refused.log"; echo "FAIL no need in the refusal"; exit 1; }

run_gen() {
    "$GEN" --variant "$VARIANT" --dir "$RUN" --threads 1 --slices always --memory "$MEMORY" "$@"
}

# kill_mid ARGS...: runs dtb-gen on ARGS and kills it once TARGET's checkpoint is there,
# before TARGET's table is written.  A run that got past TARGET first (its table is then
# there) is tried again, its table removed, up to 20 times.
kill_mid() {
    for attempt in $(seq 20); do
        "$GEN" --variant "$VARIANT" --dir "$RUN" --threads 1 --slices always --memory "$MEMORY" \
            "$@" >"$WORK/killed.log" 2>&1 & # dtb-gen itself, not a subshell, is killed
        pid=$!
        while kill -0 "$pid" 2>/dev/null && [ ! -e "$CKPT" ]; do sleep 0.005; done
        kill -9 "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        if [ -e "$CKPT" ] && [ ! -e "$RUN/$TARGET.dtb" ]; then
            echo "ok   killed at try $attempt after: $(grep '^solved ' "$CKPT")"
            return 0
        fi
        rm -f "$RUN/$TARGET.dtb" "$RUN/MANIFEST"
    done
    echo "FAIL dtb-gen $* was never killed between $TARGET's checkpoint and its table"
    exit 1
}

# expect_reference WHAT: the run's set is the reference, and nothing else is left.
expect_reference() {
    same=1
    for f in "$WORK/ref"/*.dtb "$WORK/ref/MANIFEST"; do
        cmp -s "$f" "$RUN/$(basename "$f")" || { echo "differs: $(basename "$f")"; same=0; }
    done
    left=$(ls "$RUN" | grep -v -e '\.dtb$' -e '^MANIFEST$' -e '^\.dtb-gen\.lock$')
    [ -z "$left" ] || { echo "left: $left"; same=0; }
    if [ "$same" = 1 ]; then echo "ok   $1"; else echo "FAIL $1" && FAILED=1; fi
}

kill_mid "$@"
run_gen "$@" >"$WORK/resumed.log" 2>&1 || { cat "$WORK/resumed.log"; echo "FAIL the rerun"; exit 1; }
NAME=$TARGET
[ "$SET" = rules ] && NAME="$TARGET (rules values)"
NAME_RE=$(printf '%s' "$NAME" | sed 's/[()]/\\&/g')
expect_match "the rerun says it resumed $NAME" "^$NAME_RE: resuming at slice [1-9][0-9]* of [0-9]+$" \
    "$WORK/resumed.log"
grep resuming "$WORK/resumed.log"
expect_reference "the resumed set is the reference byte for byte, and no scratch file is left"

# spoil WHAT COMMAND WHO FILE WHY: kills a build of TARGET mid-way, runs COMMAND and builds
# TARGET and OTHER (both removed first): the log must say that WHO discarded the checkpoint
# FILE because WHY (the start of the reason), and the set must be the reference.
spoil() {
    rm -f "$RUN/$TARGET.dtb" "$RUN/MANIFEST"
    kill_mid "$TARGET"
    rm -f "$RUN/$OTHER.dtb" # after: it may be one of those TARGET converts into
    sh -c "$2"
    run_gen "$TARGET" "$OTHER" >"$WORK/spoiled.log" 2>&1 ||
        { cat "$WORK/spoiled.log"; echo "FAIL the rerun after $1"; exit 1; }
    if grep -Fq "$3: discarded the checkpoint '$4': $5" "$WORK/spoiled.log"; then
        echo "ok   $1: discarded, naming the file"
    else
        echo "FAIL $1: no line '$3: discarded the checkpoint '$4': $5...' in:"
        cat "$WORK/spoiled.log"
        FAILED=1
    fi
    expect_reference "$1: the set is the reference byte for byte"
}
OTHER_NAME=$OTHER
[ "$SET" = rules ] && OTHER_NAME="$OTHER (rules values)"
OTHER_CKPT=$RUN/$OTHER.dtb.$SET.checkpoint
CELLS=$RUN/$TARGET.dtb.$SET.cells.zst.tmp
spoil "a byte flipped" "printf D | dd of='$CKPT' bs=1 seek=0 conv=notrunc 2>/dev/null" \
    "$NAME" "$CKPT" "its check line does not match its content"
spoil "the checkpoint cut short" "truncate -s 100 '$CKPT'" \
    "$NAME" "$CKPT" "it does not end in a check line"
spoil "the cells cut short" "truncate -s 1 '$CELLS'" \
    "$NAME" "$CKPT" "the scratch file '$CELLS' has 1 bytes, not the "
spoil "another material's checkpoint" "mv '$CKPT' '$OTHER_CKPT'" \
    "$OTHER_NAME" "$OTHER_CKPT" "it is of other work: 'material $TARGET', not 'material $OTHER'"

# The scratch files of an earlier dtb-gen (uncompressed cells, a bitmap file), whose
# checkpoints this one discards as other work, are removed rather than left taking disk.
rm -f "$RUN/$TARGET.dtb" "$RUN/$OTHER.dtb" "$RUN/MANIFEST"
for old in cells unstored; do
    head -c 4096 /dev/zero >"$RUN/$TARGET.dtb.$SET.$old.tmp"
done
run_gen "$TARGET" "$OTHER" >"$WORK/retired.log" 2>&1 ||
    { cat "$WORK/retired.log"; echo "FAIL the run beside an earlier version's scratch files"; exit 1; }
expect_reference "an earlier version's scratch files: removed, and the set is the reference"
finish
