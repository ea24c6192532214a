/* What leaving out threat positions saves: a measurement for issue 6's size target.
 *
 * A threat position is one where the side to move has no capture but the other side would
 * have one if it were to move.  Kingsrow leaves these out of its tables besides the
 * positions with a capture pending, and its engine's search settles them.  dtb's tables of
 * one side to move leave out the bounded ones only (rules/threat.h), whose search ends at
 * the captures.
 * This program rewrites value set 0 of each table in DIR (all, or the materials named)
 * with the real writer into a temporary folder: leaving out the holes and captures pending
 * alone (as tables of both sides do), with the bounded threats too and with every threat;
 * each with both sides to move stored and with one (where the second is what --one-side
 * writes).  It prints the WDL bits per position of each, the DTW bits of the first two
 * with both sides, the share of positions of each kind, and over a sample of threat
 * positions what a warm WDL probe costs as the tables in DIR are probed against settling
 * the position by a search of its moves.  The first size with both sides equals the
 * file's, and the second with one side that of a file --one-side wrote, which shows that
 * the classification agrees with the generator's.  DIR must hold tables of both sides to
 * move: one of one side has no values for the other.
 * Usage: bench_threats VARIANT DIR [MATERIAL...] */
#include "draw_rules.h"
#include "index.h"
#include "movegen.h"
#include "rewrite.h"
#include "table_file.h"
#include "tablebase.h"
#include "threat.h"
#include "wall_clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* unstored: a hole or a capture pending; bounded: a threat whose every move leaves the
 * opponent a capture (threat.h) */
enum { KIND_QUIET, KIND_THREAT, KIND_BOUNDED, KIND_UNSTORED, KINDS };
/* The positions left out of each rewrite: unstored ones, with bounded threats, with all. */
enum { OUT_CAPTURES, OUT_BOUNDED, OUT_THREATS, OUTS };
enum { SAMPLE_EVERY = 97, SAMPLE_MAX = 20000 }; /* threat positions timed */

typedef struct Totals {
    uint64_t positions, kind[KINDS], threat_moves;
    uint64_t wdl[2][OUTS], dtw[2][OUTS]; /* bytes: [one side][OUT_*] */
    double read_s, search_s;             /* the sample's probes: reads now, searches instead */
    uint64_t sampled;
} Totals;

typedef struct Sample {
    Position pos[SAMPLE_MAX];
    int count;
} Sample;

static void count_threat(const Position *p, const MoveList *list, Totals *t, Sample *sample) {
    t->threat_moves += (uint64_t)list->count;
    if ((t->kind[KIND_THREAT] + t->kind[KIND_BOUNDED]) % SAMPLE_EVERY == 0 &&
        sample->count < SAMPLE_MAX)
        sample->pos[sample->count++] = *p;
}

static int classify(const Variant *v, const Indexer *ix, IdxCursor *cur, uint64_t i, MoveList *list,
                    Totals *t, Sample *sample) {
    Position p;
    if (!idx_decode_near(ix, cur, i, &p) || movegen_has_capture(v, &p)) return KIND_UNSTORED;
    if (threat_bounded(v, &p, list)) return count_threat(&p, list, t, sample), KIND_BOUNDED;
    Position other = p;
    other.side = !p.side;
    if (!movegen_has_capture(v, &other)) return KIND_QUIET;
    movegen_legal(v, &p, list);
    return count_threat(&p, list, t, sample), KIND_THREAT;
}

/* Times warm probes of the sample: probed as now, then settled by search (each run twice,
 * the first to decode the blocks).  False when a probe fails or a search disagrees. */
static bool time_sample(Tablebase *tb, const Sample *sample, Totals *t) {
    bool agree = true;
    for (int round = 0; round < 2; round++) {
        double start = wall_seconds();
        for (int k = 0; k < sample->count; k++) {
            int wdl;
            if (tb_probe_wdl(tb, &sample->pos[k], VALUES_PURE, &wdl, NULL, 0) != STATUS_OK)
                return false;
        }
        double middle = wall_seconds();
        for (int k = 0; k < sample->count; k++) {
            int wdl, searched;
            tb_probe_wdl(tb, &sample->pos[k], VALUES_PURE, &wdl, NULL, 0);
            if (tb_search_wdl(tb, &sample->pos[k], VALUES_PURE, &searched, NULL, 0) != STATUS_OK)
                return false;
            agree &= searched == wdl;
        }
        if (round == 1) t->read_s = middle - start, t->search_s = wall_seconds() - middle;
    }
    t->sampled = (uint64_t)sample->count;
    return agree;
}

static void mark(uint64_t *bits, uint64_t i) {
    bits[i / 64] |= (uint64_t)1 << (i % 64);
}

static double bits(uint64_t bytes, uint64_t positions) {
    return positions ? 8.0 * (double)bytes / (double)positions : 0;
}

static double ns_per(double seconds, uint64_t count) {
    return count ? seconds * 1e9 / (double)count : 0;
}

static double share(const Totals *t, uint64_t count) {
    return t->positions ? 100.0 * (double)count / (double)t->positions : 0;
}

static void print_row(const char *name, const Totals *t) {
    uint64_t n = t->positions, threats = t->kind[KIND_THREAT] + t->kind[KIND_BOUNDED];
    printf("%-10s %11llu %6.1f%% %6.1f%% %6.1f%% %6.1f  %7.4f %7.4f %7.4f  %7.4f %7.4f %7.4f  "
           "%7.4f %7.4f  %6.0f %7.0f\n",
           name, (unsigned long long)n, share(t, t->kind[KIND_UNSTORED]), share(t, threats),
           share(t, t->kind[KIND_BOUNDED]), threats ? (double)t->threat_moves / (double)threats : 0,
           bits(t->wdl[0][OUT_CAPTURES], n), bits(t->wdl[0][OUT_BOUNDED], n),
           bits(t->wdl[0][OUT_THREATS], n), bits(t->wdl[1][OUT_CAPTURES], n),
           bits(t->wdl[1][OUT_BOUNDED], n), bits(t->wdl[1][OUT_THREATS], n),
           bits(t->dtw[0][OUT_CAPTURES], n), bits(t->dtw[0][OUT_BOUNDED], n),
           ns_per(t->read_s, t->sampled), ns_per(t->search_s, t->sampled));
    fflush(stdout);
}

typedef struct Bench {
    Variant v;
    const char *dir;
    char tmp[32]; /* where the rewritten tables go */
    Tablebase *tb;
    Sample *sample;
    MoveList *list;
    Totals all;
} Bench;

static void add_totals(Totals *all, const Totals *one) {
    all->positions += one->positions, all->threat_moves += one->threat_moves;
    all->read_s += one->read_s, all->search_s += one->search_s, all->sampled += one->sampled;
    for (int k = 0; k < KINDS; k++) all->kind[k] += one->kind[k];
    for (int side = 0; side < 2; side++)
        for (int out = 0; out < OUTS; out++)
            all->wdl[side][out] += one->wdl[side][out], all->dtw[side][out] += one->dtw[side][out];
}

static bool measure(void *bench, const char *name) {
    Bench *b = bench;
    char path[4200], err[512];
    Material m;
    TableFile *t = rewrite_open(&b->v, b->dir, name, "bench_threats", &m);
    if (!t) return false;
    TableInfo info = *table_info(t);
    uint64_t n = info.positions, words = (n + 63) / 64;
    Cell *cells = malloc(n * sizeof *cells);
    uint64_t *left_out[OUTS];
    bool ok = cells != NULL;
    for (int out = 0; out < OUTS; out++) ok &= (left_out[out] = calloc(words, 8)) != NULL;
    ok = ok && table_read_set(t, 0, cells, err, sizeof err) == STATUS_OK;
    table_close(t);
    Totals one = {.positions = n};
    if (ok) {
        Indexer ix;
        IdxCursor cur = IDX_CURSOR_START;
        idx_init(&ix, &b->v, &m);
        b->sample->count = 0;
        for (uint64_t i = 0; i < n; i++) {
            int kind = classify(&b->v, &ix, &cur, i, b->list, &one, b->sample);
            one.kind[kind]++;
            if (kind == KIND_UNSTORED) mark(left_out[OUT_CAPTURES], i);
            if (kind == KIND_UNSTORED || kind == KIND_BOUNDED) mark(left_out[OUT_BOUNDED], i);
            if (kind != KIND_QUIET) mark(left_out[OUT_THREATS], i);
        }
        tb_file_path(b->tmp, name, path, sizeof path);
        for (int k = 0; k < 2 * OUTS && ok; k++) {
            StreamBytes bytes;
            uint32_t sides = k >= OUTS ? TABLE_SIDES_SMALLER : TABLE_SIDES_BOTH;
            ok = rewrite_sizes(path, &info, sides, 1, cells, left_out[k % OUTS], &bytes);
            one.wdl[k / OUTS][k % OUTS] = bytes.wdl, one.dtw[k / OUTS][k % OUTS] = bytes.dtw;
        }
    }
    if (ok && !time_sample(b->tb, b->sample, &one))
        ok = false, fprintf(stderr, "bench_threats: %s: a search disagrees with the table\n", name);
    if (ok) print_row(name, &one), add_totals(&b->all, &one);
    free(cells);
    for (int out = 0; out < OUTS; out++) free(left_out[out]);
    return ok;
}

int main(int argc, char **argv) {
    static Bench b = {.tmp = "/tmp/bench_threats.XXXXXX"};
    if (argc < 3 || !variant_lookup(argv[1], &b.v)) {
        fprintf(stderr, "usage: bench_threats VARIANT DIR [MATERIAL...]\n");
        return 2;
    }
    b.dir = argv[2];
    b.tb = tb_open(&b.v, b.dir);
    b.sample = malloc(sizeof *b.sample);
    b.list = malloc(sizeof *b.list);
    if (!b.tb || !b.sample || !b.list) return fprintf(stderr, "bench_threats: out of memory\n"), 1;
    b.list->paths = NULL;
    if (!mkdtemp(b.tmp)) return perror("bench_threats: mkdtemp"), 1;
    printf("%-10s %11s %7s %7s %7s %6s  %-23s  %-23s  %-15s  %6s %7s\n", "", "", "", "", "", "",
           "WDL, both sides", "WDL, one side", "DTW, both sides", "", "");
    printf("%-10s %11s %7s %7s %7s %6s  %7s %7s %7s  %7s %7s %7s  %7s %7s  %6s %7s\n", "material",
           "positions", "unstor", "threat", "bounded", "moves", "capt", "-bound", "-threat", "capt",
           "-bound", "-threat", "capt", "-bound", "probe", "search");
    int failed = rewrite_each(b.dir, argv + 3, argc - 3, measure, &b, "bench_threats");
    print_row("all", &b.all);
    printf("(capt: holes and captures left out; -bound: bounded threats too, as --one-side "
           "writes; -threat: every threat)\n(probe, search: ns a warm WDL probe of a threat "
           "position, probed as now or settled by search; a sample of every %dth)\n",
           SAMPLE_EVERY);
    rmdir(b.tmp);
    tb_close(b.tb);
    free(b.sample), free(b.list);
    return failed != 0;
}
