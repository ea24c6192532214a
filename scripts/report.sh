#!/usr/bin/env bash
# Writes REPORT.md and its diagrams (report/*.svg) into OUT from the tables, which it builds
# first with dtb-gen.  See scripts/README.md.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: scripts/report.sh [--quick] [--sets DIR] [--bin DIR] [--tables DIR] [--jobs N] [OUT]
Writes OUT/REPORT.md with its pictures in OUT/report/ from the tables.  OUT defaults to
tables/, DIR of --bin (holding dtb-gen and dtb-probe) to build/.
Without --sets it builds every table of up to 4 pieces of every variant (kept between
runs) into DIR of --tables (default BIN/report-tables/) and reports on them.
--sets DIR reports on the complete sets in DIR, one folder a variant (DIR/brazilian/...),
built beforehand (bench/sets.sh): each variant up to the largest material of its folder.
--quick (which needs OUT) builds only Brazilian up to 3 pieces and writes only its
section: the test compares that with the same section of the committed tables/REPORT.md.
Each table is counted once (dtb-probe stats), N at a time (default: the cores), into
BIN/report-cache/: a run cut short, or run again, counts only the tables whose MANIFEST
line, or dtb-probe, changed.
EOF
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=$ROOT/build
QUICK=0
JOBS=$(nproc)
TABLES=
SETS=
OUT=
while [ $# -gt 0 ]; do
    case $1 in
    --quick) QUICK=1 ;;
    --bin) BIN=$2; shift ;;
    --tables) TABLES=$2; shift ;;
    --sets) SETS=$2; shift ;;
    --jobs) JOBS=$2; shift ;;
    -h | --help) usage; exit 0 ;;
    -*) usage >&2; exit 2 ;;
    *) OUT=$1 ;;
    esac
    shift
done
if [ "$QUICK" = 1 ] && [ -z "$OUT" ]; then
    echo "report.sh: --quick needs an OUT folder: its partial report must not replace tables/REPORT.md" >&2
    exit 2
fi
if [ "$QUICK" = 1 ] && [ -n "$SETS" ]; then
    echo "report.sh: --quick builds its own tables: it takes no --sets" >&2
    exit 2
fi
case $JOBS in '' | *[!0-9]* | 0) echo "report.sh: --jobs takes a number from 1, not '$JOBS'" >&2; exit 2 ;; esac
if [ -n "$SETS" ] && [ ! -d "$SETS" ]; then
    echo "report.sh: --sets: no folder '$SETS'" >&2
    exit 2
fi
OUT=${OUT:-$ROOT/tables}
TABLES=${SETS:-${TABLES:-$BIN/report-tables}}
CLAIMS=$ROOT/claims/claims.txt
GEN=$BIN/dtb-gen
PROBE=$BIN/dtb-probe
# Counts kept between runs, a folder for each folder of tables.
mkdir -p "$TABLES"
CACHE=$BIN/report-cache/$(cd "$TABLES" && pwd -P | sha256sum | cut -c1-16)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Every variant id of RULES.md section 6: the two reference variants, then the seed ones.
ALL_VARIANTS="international brazilian frisian frisian2 frisian2-8
scandinavian scandinavian-free scandinavian-medium scandinavian-medium-free
scandinavian-weak scandinavian-weak-free scandinavian-8 scandinavian-8-free
scandinavian-medium-8 scandinavian-medium-8-free scandinavian-weak-8 scandinavian-weak-8-free
stockholm stockholm-free stockholm-halt"
# The variants whose two-kings-against-one claim RULES.md section 8 quotes, and the claim.
SCANDINAVIAN_CLAIM='Scandinavian: "Two Scandinavian Dames always win against one Dame"'
FRISIAN2_CLAIM='Frisian Draughts 2.0: "Two Dames are sufficient for a win against a lone Dame"'
DRAWISH_PIECES=4

if [ "$QUICK" = 1 ]; then
    VARIANTS=brazilian
    BUILD_PIECES=3
elif [ -n "$SETS" ]; then
    # The variants of RULES.md 6 whose set is there, in the order above; nothing is built.
    VARIANTS=$(for v in $ALL_VARIANTS; do if [ -d "$SETS/$v" ]; then echo "$v"; fi; done)
    BUILD_PIECES=
    if [ -z "$VARIANTS" ]; then
        echo "report.sh: --sets $SETS holds no folder named after a variant" >&2
        exit 2
    fi
else
    VARIANTS=$ALL_VARIANTS
    BUILD_PIECES=$DRAWISH_PIECES
fi

board_of() { case $1 in brazilian | stockholm* | *-8 | *-8-free) echo 8 ;; *) echo 10 ;; esac; }

# The most pieces of a material in the tables of V.
largest_pieces() {
    for f in "$TABLES/$1"/*.dtb; do basename "$f" .dtb | tr -cd KM | wc -c; done | sort -n | tail -n 1
}

# The largest materials of the per-variant sections: with --sets the whole set; else the
# default set's size, what CI builds.
section_pieces() {
    if [ "$QUICK" = 1 ]; then
        echo 3
    elif [ -n "$SETS" ]; then
        largest_pieces "$1"
    elif [ "$(board_of "$1")" = 8 ]; then echo 4; else echo 3; fi
}

# The piece count whose draw shares are ranked: the sets' largest, else DRAWISH_PIECES.
drawish_pieces() { if [ -n "$SETS" ]; then largest_pieces "$1"; else echo "$DRAWISH_PIECES"; fi; }

section_eighth_claim() {
    case $1 in scandinavian*) echo "$SCANDINAVIAN_CLAIM" ;; frisian2*) echo "$FRISIAN2_CLAIM" ;; esac
}

# The value sets of a variant's tables: "official pure" where it has draw rules, else "-".
value_sets() {
    if grep -q '^rules-' "$(stats_file "$1" KvK)"; then echo "official pure"; else echo -; fi
}

set_label() { case $1 in -) ;; *) echo ", $1 values" ;; esac; }
set_suffix() { case $1 in -) ;; *) echo "-$1" ;; esac; }
stats_prefix() { case $1 in official) echo rules- ;; esac; }
rules_option() { case $1 in -) ;; *) echo "--rules $1" ;; esac; }

# The materials of exactly N pieces in the tables of V, kings-only first, then by name.
materials() {
    for f in "$TABLES/$1"/*.dtb; do
        name=$(basename "$f" .dtb)
        pieces=$(printf %s "$name" | tr -cd KM | wc -c)
        men=$(printf %s "$name" | tr -cd M | wc -c)
        if [ "$pieces" = "$2" ]; then echo "$men $name"; fi
    done | sort -k1,1n -k2,2 | cut -d' ' -f2
}

# Runs "$@" in the background, at most JOBS at a time; a job that fails stops the script
# when it is waited for (spawn, wait_all).
PIDS=()
spawn() {
    if [ "${#PIDS[@]}" -ge "$JOBS" ]; then
        wait "${PIDS[0]}"
        PIDS=("${PIDS[@]:1}")
    fi
    "$@" &
    PIDS+=($!)
}
wait_all() {
    local pid
    for pid in "${PIDS[@]}"; do wait "$pid"; done
    PIDS=()
}

# What a cached count depends on besides its table: the program that counted it.
PROBE_ID=$(sha256sum <"$PROBE" | cut -d' ' -f1)

# The stats of material M of V into its stats_file, and its histograms (named as histogram()
# names them) beside it, unless they are there for the same table (its MANIFEST line) and dtb-probe.
# A table without a MANIFEST line is counted every time.
cached_stats() { # V M
    local dir=$CACHE/$1 line key tmp
    line=$(grep "^$2 " "$TABLES/$1/MANIFEST" 2>/dev/null || true)
    key="$PROBE_ID $line"
    if [ -n "$line" ] && [ -f "$dir/$2.key" ] && [ "$(cat "$dir/$2.key")" = "$key" ]; then
        return 0
    fi
    mkdir -p "$dir"
    rm -f "$dir/$2.key"
    tmp=$(mktemp "$dir/$2.stats.XXXXXX")
    "$PROBE" stats --variant "$1" --dir "$TABLES/$1" --svg-dir "$dir" "$2" >"$tmp"
    mv "$tmp" "$dir/$2.stats"
    if [ -n "$line" ]; then echo "$key" >"$dir/$2.key"; fi
}

# The output of stats and claim for V, gathered first so that a failure stops the script.
collect() {
    local m f sets
    sets=$(section_pieces "$1")
    cached_stats "$1" KvK # value_sets
    for f in "$TABLES/$1"/*.dtb; do spawn cached_stats "$1" "$(basename "$f" .dtb)"; done
    wait_all
    for f in "$TABLES/$1"/*.dtb; do
        m=$(basename "$f" .dtb)
        if [ "$(printf %s "$m" | tr -cd KM | wc -c)" -le "$sets" ]; then
            cp "$CACHE/$1/$1-$m-dtw"*.svg "$OUT/report/"
        fi
    done
    for set in $(value_sets "$1"); do
        # shellcheck disable=SC2046
        "$PROBE" claim --variant "$1" --dir "$TABLES/$1" $(rules_option "$set") KKvK --wins white \
            >"$(claim_file "$1" "$set")" || [ $? = 1 ]
    done
}

stats_file() { echo "$CACHE/$1/$2.stats"; }
histogram() { echo "$1-$2-dtw$(set_suffix "$3").svg"; } # V MATERIAL SET
claim_file() { echo "$WORK/claim-$1-$2"; }

# Counts pass 2^31 (Frisian's KKMvKM has 5.9e9 positions): awk prints them with "%.0f",
# since mawk's print gives "5.9e+09" and its "%d" stops at 2147483647.

# W/D/L of one side to move from a stats file: "win draw loss".
counts() { sed -n "s/^$2-to-move win \([0-9]*\) draw \([0-9]*\) loss \([0-9]*\)$/\1 \2 \3/p" "$1"; }

shares() { awk '{ t = $1 + $2 + $3; printf "%.1f / %.1f / %.1f", 100 * $1 / t, 100 * $2 / t, 100 * $3 / t }'; }

# The best line of FEN from lookup's page (right of its 34-character board column).
best_line() {
    # shellcheck disable=SC2046
    "$PROBE" lookup --variant "$1" --dir "$TABLES/$1" $(rules_option "$2") "$3" | cut -c35- |
        awk '/^line: / { on = 1; sub(/^line: +/, ""); printf "%s", $0; next }
             on && /^ +[0-9]/ { sub(/^ +/, ""); printf " %s", $0; next }
             { on = 0 } END { print "" }'
}

diagram() { "$PROBE" diagram --variant "$1" --svg "$OUT/report/$3" "$2"; }

material_row() {
    local file wtm btm longest
    file=$(stats_file "$1" "$2")
    wtm=$(counts "$file" "$(stats_prefix "$3")white")
    btm=$(counts "$file" "$(stats_prefix "$3")black")
    longest=$(sed -n "s/^$(stats_prefix "$3")longest-win \([0-9-]*\) .*/\1/p" "$file")
    echo "| [$2](report/$(histogram "$1" "$2" "$3")) | $(echo "$wtm" | awk '{ printf "%.0f", $1 + $2 + $3 }') | $(echo "$wtm" | shares) |" \
        "$(echo "$btm" | shares) | $longest |"
}

# The longest win among the materials on stdin: "plies material fen", the first on ties.
longest_win() {
    while read -r m; do
        sed -n "s/^$(stats_prefix "$2")longest-win \([0-9]*\) \(.*\)/\1 $m \2/p" "$(stats_file "$1" "$m")"
    done | sort -s -k1,1nr | sed -n 1p
}

show_position() { # V SET FEN SVG ALT
    diagram "$1" "$3" "$4"
    best_line "$1" "$2" "$3" >"$WORK/line"
    printf '\n![%s](report/%s)\n\nBest line: `%s`\n' "$5" "$4" "$(cat "$WORK/line")"
}

class_count() { sed -n "s/^$2: \([0-9]*\) (.*/\1/p" "$1"; }
class_sides() { sed -n "s/^$2: [0-9]* (\(.*\))$/\1/p" "$1"; }

claim_paragraph() { # V SET
    local file verdict
    file=$(claim_file "$1" "$2")
    verdict=$(tail -n 1 "$file")
    printf '\nTwo kings against one king (`dtb-probe claim --variant %s KKvK --wins white%s`):' \
        "$1" "$(rules_option "$2" | sed 's/^/ /')"
    printf ' **%s**. Of %s positions White wins %s; not won: capture pending %s, weaker side' \
        "$verdict" "$(sed -n 's/^positions: //p' "$file")" "$(sed -n 's/^won by White: //p' "$file")" \
        "$(class_count "$file" 'capture pending')"
    printf ' captures first %s, stronger side threatens %s, quiet %s (%s).\n' \
        "$(class_count "$file" 'weaker side captures first')" \
        "$(class_count "$file" 'stronger side threatens')" "$(class_count "$file" quiet)" \
        "$(class_sides "$file" quiet)"
    local fen value
    read -r fen value < <(sed -n '/^quiet: /{n;p}' "$file" | sed 's/^  //; s/  line: .*//') || true
    [ -n "${fen:-}" ] || return 0
    printf '\nThe first quiet exception, `%s` (%s for the side to move):\n' "$fen" "$value"
    show_position "$1" "$2" "$fen" "$1-kkvk$(set_suffix "$2").svg" "$1 $fen"
}

subsection() { # V N SET
    local longest plies material fen
    printf '\n### %s: %s pieces%s\n\n' "$1" "$2" "$(set_label "$3")"
    echo "| material | positions a side | White to move: win / draw / loss % | Black to move: win / draw / loss % | longest win (plies) |"
    echo "| --- | ---: | :---: | :---: | ---: |"
    for m in $(materials "$1" "$2"); do material_row "$1" "$m" "$3"; done
    longest=$(materials "$1" "$2" | longest_win "$1" "$3")
    if [ -n "$longest" ]; then
        read -r plies material fen <<<"$longest"
        printf '\nThe longest win with %s pieces: %s plies, `%s` (%s).\n' "$2" "$plies" "$fen" "$material"
        show_position "$1" "$3" "$fen" "$1-$2$(set_suffix "$3").svg" "$1 $fen"
    fi
    if [ "$2" = 3 ]; then claim_paragraph "$1" "$3"; fi
}

variant_section() {
    printf '\n## %s\n' "$1"
    for n in $(seq 2 "$(section_pieces "$1")"); do
        for set in $(value_sets "$1"); do subsection "$1" "$n" "$set"; done
    done
}

claims_table() {
    echo "| variant | values | RULES.md 8 | positions | won by White | capture pending | weaker side captures first | stronger side threatens | quiet (White / Black to move) | verdict |"
    echo "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
    for v in $VARIANTS; do
        for set in $(value_sets "$v"); do
            local file claim
            file=$(claim_file "$v" "$set")
            claim=$(section_eighth_claim "$v" | sed 's/:.*//')
            echo "| $v | ${set/-/one set} | ${claim:--} | $(sed -n 's/^positions: //p' "$file") |" \
                "$(sed -n 's/^won by White: //p' "$file") | $(class_count "$file" 'capture pending') |" \
                "$(class_count "$file" 'weaker side captures first') |" \
                "$(class_count "$file" 'stronger side threatens') | $(class_count "$file" quiet)" \
                "($(class_sides "$file" quiet | sed 's/White to move \([0-9]*\), Black to move \([0-9]*\)/\1 \/ \2/')) |" \
                "$(tail -n 1 "$file" | sed 's/:.*//') |"
        done
    done
}

# "positions draws" of every position of N pieces of V in value set SET: each canonical
# table once, twice where its colour-reversed twin is another material.
drawish_counts() { # V SET N
    for m in $(materials "$1" "$3"); do
        if [ "${m%v*}" = "${m#*v}" ]; then weight=1; else weight=2; fi
        for side in white black; do
            counts "$(stats_file "$1" "$m")" "$(stats_prefix "$2")$side" | sed "s/^/$weight /"
        done
    done | awk '{ n += $1 * ($2 + $3 + $4); d += $1 * $3 } END { printf "%.0f %.0f\n", n, d }'
}

# "V SET BOARD N POSITIONS DRAWS" for every value set and every piece count from 2 up to
# the ranked count, into $WORK/drawish-all; the ranked count's lines into
# $WORK/drawish as "V SET BOARD POSITIONS DRAWS N".
gather_drawish() {
    for v in $VARIANTS; do
        for set in $(value_sets "$v"); do
            for n in $(seq 2 "$(drawish_pieces "$v")"); do
                echo "$v $set $(board_of "$v") $n $(drawish_counts "$v" "$set" "$n")"
            done
        done
    done >"$WORK/drawish-all"
    awk 'NR == FNR { last[$1 " " $2] = $4; next } last[$1 " " $2] == $4 { print $1, $2, $3, $5, $6, $4 }' \
        "$WORK/drawish-all" "$WORK/drawish-all" >"$WORK/drawish"
}

drawish_table() {
    echo "| variant | values | board | draw share % with 2 / 3 / ... pieces | pieces | positions | draws | draw share % | rank (1: fewest draws) |"
    echo "| --- | --- | ---: | :---: | ---: | ---: | ---: | ---: | ---: |"
    awk '{ print $5 / $4, $1, $2 }' "$WORK/drawish" | sort -s -k1,1g |
        awk '{ print $2, $3, NR }' >"$WORK/ranks"
    awk '{ key = $1 " " $2; sep = (key in share) ? " / " : ""
           share[key] = share[key] sep sprintf("%.1f", 100 * $6 / $5) }
         END { for (key in share) print key, share[key] }' "$WORK/drawish-all" >"$WORK/by-pieces"
    awk 'FILENAME == ARGV[1] { rank[$1 " " $2] = $3; next }
         FILENAME == ARGV[2] { key = $1 " " $2; $1 = $2 = ""; sub(/^ +/, ""); by[key] = $0; next }
         { key = $1 " " $2; set = $2 == "-" ? "one set" : $2
           printf "| %s | %s | %dx%d | %s | %d | %.0f | %.0f | %.1f | %d |\n", $1, set, $3, $3,
                  by[key], $6, $4, $5, 100 * $5 / $4, rank[key] }' \
        "$WORK/ranks" "$WORK/by-pieces" "$WORK/drawish"
}

drawish_share() { awk -v v="$1" '$1 == v { printf "%.1f", 100 * $5 / $4 }' "$WORK/drawish"; }

drawish_verdict() { # V REFERENCE
    local share reference
    share=$(drawish_share "$1")
    reference=$(drawish_share "$2")
    [ -n "$share" ] && [ -n "$reference" ] || return 0
    printf -- '- %s: %s%% draws against %s%% for %s: ' "$1" "$share" "$reference" "$2"
    if awk -v a="$share" -v b="$reference" 'BEGIN { exit !(a < b) }'; then
        echo "fewer draws than the reference variant, evidence for \"not drawish\"."
    else
        echo "no fewer draws than the reference variant, evidence against \"not drawish\"."
    fi
}

# The draw shares of every variant and piece count as a bar chart.
drawish_chart() {
    awk '{ printf "%s%s/%d %.2f\n", $1, $2 == "-" ? "" : "-" $2, $4, 100 * $6 / $5 }' \
        "$WORK/drawish-all" |
        "$PROBE" plot --svg "$OUT/report/draw-share.svg" --title "Draw share of all positions" \
            --x-label "variant/pieces" --y-label "draws %"
}

header() {
    cat <<'EOF'
# What the tables say

Generated by `scripts/report.sh` from the tables; do not edit it by hand. To regenerate it
(it builds every table of up to 4 pieces of the 20 variants into `build/report-tables/`,
which takes a while: see `scripts/README.md`; `--sets DIR` reports on complete sets
instead):

    cmake -S . -B build && cmake --build build -j2 && bash scripts/report.sh

Values are for the side to move; DTW counts plies to the end of the game. Every position of a
material is counted, with either side to move (for Frisian, each king-move count is a position
of its own). Frisian has two value sets: the official one, under the draw rules of RULES.md
7.2, and the pure one without them; its sections and rows show both. Each "longest win" is
the first position found with the largest DTW; its best line is the one `dtb-probe lookup`
shows. Each material's name links to its DTW histogram (decided positions by DTW).

The claims are checked with `dtb-probe claim MATERIAL --wins white` (or `--draw`, with
conditions and bounds: see its `--help`): White "wins" a position when it is to move and
wins, or Black is to move and loses. A position won too slowly for the claim's bound is
**won, but slower than the bound**; every other position that is not as claimed falls into
the first class that fits: **capture pending** (the side to move must capture), **weaker side
captures first** (the weaker side, the one the claim says loses, has a capture, so it
captures on its first move unless the stronger side prevents it), **stronger side
threatens** (only the stronger side has a capture, and the weaker side is to move: not quiet
by the definition, since a capture is pending for one side), and **quiet** (no capture for
either side). A claim **holds** when no quiet position is an exception and no win is too
slow.
EOF
}

# The sets the report is made from: each variant's folder, its largest material and the
# SHA-256 of its MANIFEST (dtb-gen's list of every file with its XXH3 checksum).
sets_section() {
    printf '\n## The tables\n\n'
    if [ -n "$SETS" ]; then
        echo "From the complete sets given with \`--sets\`, each variant up to its largest material:"
    else
        echo "From every table of up to $DRAWISH_PIECES pieces, built by the report itself:"
    fi
    printf '\n| variant | tables | pieces | SHA-256 of its MANIFEST |\n| --- | ---: | ---: | --- |\n'
    for v in $VARIANTS; do
        local sum=none
        [ -f "$TABLES/$v/MANIFEST" ] && sum=$(sha256sum <"$TABLES/$v/MANIFEST" | cut -d' ' -f1)
        echo "| $v | $(find "$TABLES/$v/" -maxdepth 1 -name '*.dtb' | wc -l) | $(largest_pieces "$v") | \`$sum\` |"
    done
}

# One line on the claim of V: its verdict and, for a failure, who is to move.
claim_verdict() {
    local file quiet white
    file=$(claim_file "$1" -)
    quiet=$(class_count "$file" quiet)
    white=$(class_sides "$file" quiet | sed 's/White to move \([0-9]*\),.*/\1/')
    printf -- '  - `%s`: %s' "$1" "$(tail -n 1 "$file")"
    if [ "$quiet" != 0 ] && [ "$white" = 0 ]; then
        printf ', all with the lone king to move: with the two kings to move, every quiet position is won'
    fi
    echo .
}

# The seed claims of RULES.md 8 for the variants present.
seed_claims() {
    local scandinavian frisian2
    scandinavian=$(for v in scandinavian scandinavian-8; do if has_variant "$v"; then echo "$v"; fi; done)
    frisian2=$(for v in frisian2 frisian2-8; do if has_variant "$v"; then echo "$v"; fi; done)
    if [ -n "$scandinavian" ]; then
        echo "- $SCANDINAVIAN_CLAIM"
        echo "  (10x10 and 8x8; the table also shows the medium-man, weak-man and free-line options):"
        for v in $scandinavian; do claim_verdict "$v"; done
    fi
    if [ -n "$frisian2" ]; then
        echo "- $FRISIAN2_CLAIM:"
        for v in $frisian2; do claim_verdict "$v"; done
    fi
}

has_variant() {
    local v
    for v in $VARIANTS; do if [ "$v" = "$1" ]; then return 0; fi; done
    return 1
}

claims_section() {
    cat <<EOF

## The claims of RULES.md section 8

Two kings against one king, White to win, in every variant (the two-kings claim of section 8
is quoted for the variants marked in its column; the others answer the same question):

EOF
    claims_table
    echo
    seed_claims
    cat <<EOF
- Scandinavian: the main variant is "swift and sophisticated yet not drawish": see the
  section on how drawish each variant is.

Each variant's section below shows the first quiet exception of its claim with a diagram and
its best line.
EOF
}

books_section() {
    cat <<EOF

## Endgame claims as the books state them

The claims of \`claims/claims.txt\`, each with its source, checked on these tables. Where a
claim fails in its plain form, the entries after it restate it with a condition or bound
added ("refined"), up to a form that holds where one was found. A claim of a material larger
than these tables hold is listed as not checked. The heat map of a failing claim shows, on
each square, how many of its failures have there the piece its first condition names (the
losing side's pieces when it has none).

EOF
    cat "$WORK/books.md"
}

drawish_section() {
    cat <<EOF

## How drawish: every position of every material

The draw share over all positions with a given number of pieces (every material, both
colours, either side to move), ranked by the share at the largest number these tables hold
for the variant, as evidence for or against Scandinavian being "not drawish". It covers only
these small endings, not the game as played.

EOF
    drawish_table
    printf '\n![the draw share of every variant and piece count](report/draw-share.svg)\n\n'
    drawish_verdict scandinavian international
    drawish_verdict scandinavian-8 brazilian
}

mkdir -p "$OUT/report"
# A claim's heat map is drawn only while it fails: none may stay from an earlier run.
[ "$QUICK" = 1 ] || rm -f "$OUT/report"/claim-*.svg
for v in $VARIANTS; do
    if [ -z "$SETS" ]; then
        echo "building $v up to $BUILD_PIECES pieces" >&2
        "$GEN" --variant "$v" --pieces "$BUILD_PIECES" --dir "$TABLES/$v" >"$WORK/gen.log" 2>&1 ||
            { cat "$WORK/gen.log" >&2; exit 1; }
    fi
    echo "counting $v" >&2
    collect "$v"
done
if [ "$QUICK" = 0 ]; then
    echo "checking the claims of $CLAIMS" >&2
    "$PROBE" claims --sets "$TABLES" --pictures "$OUT/report" "$CLAIMS" >"$WORK/books.md"
    gather_drawish
    drawish_chart
fi
{
    header
    [ "$QUICK" = 1 ] || { sets_section; claims_section; books_section; drawish_section; }
    for v in $VARIANTS; do
        echo "writing the section of $v" >&2
        variant_section "$v"
    done
} >"$WORK/REPORT.md"
mv "$WORK/REPORT.md" "$OUT/REPORT.md"
echo "wrote $OUT/REPORT.md" >&2
