/* What a context coder could make of the WDL, against zstd: a measurement for issue 6's
 * size target, 0.05 bits a position over the 10x10 5-piece set, which tables of both sides
 * to move (the form whose probes are fast) miss by four times.
 *
 * A table's WDL stream is two-bit values in the file's order of positions, compressed by
 * zstd in blocks (gen/table_writer.c).  An arithmetic coder would code each value with the
 * probability a model gives it from values decoded before it.  This program computes what
 * an ideal such coder takes, for models of increasing context: the values 1 and 2 places
 * before, the values one step back in each of the file's next parts above the minor one
 * (the same position with a piece on the neighbouring square of the ranking), and last the
 * value of the same position with the other side to move.  Each model
 * adapts over the whole table: counts per context, halved when a context's total reaches
 * COUNT_LIMIT, a value costing log2((2N + 4) / (2n + 1)) for n of N.  A context reaching
 * before the start of its block (BLOCK positions, as a prober would decode alone) or its
 * side to move counts as unknown.  So the figures approach those of coding each block
 * alone with a model learned over the table and stored in its file (adapting pays for the
 * model while it learns it); a real coder loses a fraction of a percent more.  Positions
 * tables leave
 * out (holes, captures pending) are coded as the value the richest model finds most likely.
 * It prints for each material (all in DIR, or those named) and over all, in WDL bits a
 * position: the file's WDL stream, each model with both sides stored, and the richest
 * without the other side's values with the smaller side alone (bounded threats kept, so
 * above what --one-side would take).
 * DIR must hold tables of both sides to move.
 * Usage: bench_entropy VARIANT DIR [MATERIAL...]   (env BLOCK: positions a block, 16384) */
#include "rewrite.h"
#include "table_file.h"
#include "tablebase.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SYMBOLS = 4, UNKNOWN = SYMBOLS, TERM_VALUES = SYMBOLS + 1 };
/* The values a context may hold: 1 and 2 places before, a step back in each of the next
 * three parts, and the same position with the other side to move (side 1's only: decoding
 * a block of it would take decoding side 0's block too). */
enum { BACK_1, BACK_2, PART_1, PART_2, PART_3, OTHER_SIDE, TERMS };
enum {
    CONTEXTS = TERM_VALUES * TERM_VALUES * TERM_VALUES * TERM_VALUES * TERM_VALUES * TERM_VALUES
};
enum { COUNT_LIMIT = 1 << 13 };

/* A model's context: the first `terms` of the terms above. */
typedef struct ModelSpec {
    const char *name;
    int terms;
} ModelSpec;

static const ModelSpec specs[] = {
    {"none", 0},     {"1 back", 1},   {"2 back", 2}, {"+1 part", 3},
    {"+2 parts", 4}, {"+3 parts", 5}, {"+side", 6},
};
enum { MODELS = sizeof specs / sizeof *specs, RICHEST = MODELS - 1, ONE_SIDE_MODEL = RICHEST - 1 };

typedef struct Model {
    uint16_t count[CONTEXTS][SYMBOLS];
    uint16_t total[CONTEXTS];
} Model;

typedef struct Totals {
    uint64_t positions, file_bytes;
    double bits[MODELS], one_side; /* code lengths */
} Totals;

typedef struct Bench {
    Variant v;
    const char *dir;
    uint64_t block;
    Model model[MODELS];
    double log2_of[2 * COUNT_LIMIT + SYMBOLS + 1];
    Totals all;
} Bench;

static int context_of(const ModelSpec *spec, const uint8_t term[TERMS]) {
    int context = 0;
    for (int k = 0; k < spec->terms; k++) context = context * TERM_VALUES + term[k];
    return context;
}

static double cost(const Bench *b, const Model *m, int context, int value) {
    return b->log2_of[2 * m->total[context] + SYMBOLS] -
           b->log2_of[2 * m->count[context][value] + 1];
}

static void learn(Model *m, int context, int value) {
    m->count[context][value]++;
    if (++m->total[context] < COUNT_LIMIT) return;
    m->total[context] = 0;
    for (int s = 0; s < SYMBOLS; s++) {
        m->count[context][s] = (uint16_t)((m->count[context][s] + 1) / 2);
        m->total[context] = (uint16_t)(m->total[context] + m->count[context][s]);
    }
}

static int most_likely(const Model *m, int context) {
    int best = 0;
    for (int s = 1; s < SYMBOLS; s++)
        if (m->count[context][s] > m->count[context][best]) best = s;
    return best;
}

/* The file's strides of its parts above the minor one, smallest first (up to 3). */
static int part_steps(const PartOrder *o, uint64_t step[3]) {
    int n = 0;
    for (int k = o->moving - 2; k >= 0 && n < 3; k--) step[n++] = o->file_stride[o->file_part[k]];
    return n;
}

/* The terms of the context of the value at `place`, from the values before it. */
static void terms_at(const uint8_t *value, uint64_t place, uint64_t start, const uint64_t *step,
                     int steps, uint64_t per_side, uint8_t term[TERMS]) {
    const uint64_t back[OTHER_SIDE] = {1, 2, step[0], step[1], step[2]};
    for (int k = 0; k < OTHER_SIDE; k++)
        term[k] = k < PART_1 + steps && place - start >= back[k] ? value[place - back[k]] : UNKNOWN;
    term[OTHER_SIDE] = place >= per_side ? value[place - per_side] : UNKNOWN;
}

/* Codes the table's WDL in file order with every model; adds the code lengths to t. */
static void code_table(Bench *b, const TableInfo *info, const Cell *cells, const uint64_t *unstored,
                       uint8_t *value, Totals *t) {
    memset(b->model, 0, sizeof b->model);
    PartOrder o;
    uint64_t per_side = info->positions / 2, step[3] = {0, 0, 0};
    part_order_init(&o, info->part_size, info->part_order, per_side);
    int steps = part_steps(&o, step);
    double side_bits[2] = {0, 0};
    PartWalk w;
    part_walk_start(&o, 0, &w);
    for (uint64_t place = 0; place < info->positions; place++, part_walk_next(&o, &w)) {
        uint64_t side = place >= per_side, base = side * per_side;
        uint64_t start = base + (place - base) / b->block * b->block;
        uint8_t term[TERMS];
        terms_at(value, place, start, step, steps, per_side, term);
        int context[MODELS];
        for (int m = 0; m < MODELS; m++) context[m] = context_of(&specs[m], term);
        bool out = unstored[w.index / 64] >> (w.index % 64) & 1;
        int v = out ? most_likely(&b->model[RICHEST], context[RICHEST]) : CELL_WDL(cells[w.index]);
        value[place] = (uint8_t)v;
        for (int m = 0; m < MODELS; m++) {
            double bits = cost(b, &b->model[m], context[m], v);
            t->bits[m] += bits;
            if (m == ONE_SIDE_MODEL) side_bits[side] += bits;
            learn(&b->model[m], context[m], v);
        }
    }
    t->one_side += side_bits[0] < side_bits[1] ? side_bits[0] : side_bits[1];
}

static void print_row(const char *name, const Totals *t) {
    double n = t->positions ? (double)t->positions : 1; /* none measured: zeros */
    printf("%-10s %11llu  %7.4f ", name, (unsigned long long)t->positions,
           8.0 * (double)t->file_bytes / n);
    for (int m = 0; m < MODELS; m++) printf(" %8.4f", t->bits[m] / n);
    printf("  %7.4f\n", t->one_side / n);
    fflush(stdout);
}

static void add_totals(Totals *all, const Totals *t) {
    all->positions += t->positions;
    all->file_bytes += t->file_bytes;
    for (int m = 0; m < MODELS; m++) all->bits[m] += t->bits[m];
    all->one_side += t->one_side;
}

static bool measure(void *bench, const char *name) {
    Bench *b = bench;
    WdlTable w;
    uint8_t *value = NULL;
    bool ok = rewrite_load_wdl(&b->v, b->dir, name, "bench_entropy", &w) &&
              (value = malloc(w.info.positions));
    Totals one = {.positions = w.info.positions, .file_bytes = w.wdl_bytes};
    if (ok) code_table(b, &w.info, w.cells, w.unstored, value, &one);
    rewrite_free_wdl(&w);
    free(value);
    if (!ok) return false;
    print_row(name, &one);
    add_totals(&b->all, &one);
    return true;
}

static void print_header(const Bench *b) {
    printf("WDL bits a position: the file's (zstd), then an ideal context coder's with each\n"
           "model (blocks of %llu positions), both sides stored; last, \"+3 parts\" with\n"
           "the smaller side alone\n",
           (unsigned long long)b->block);
    printf("%-10s %11s  %7s ", "material", "positions", "file");
    for (int m = 0; m < MODELS; m++) printf(" %8s", specs[m].name);
    printf("  %7s\n", "1 side");
}

int main(int argc, char **argv) {
    static Bench b;
    const char *block = getenv("BLOCK");
    b.block = block ? strtoull(block, NULL, 10) : 16384;
    if (argc < 3 || !variant_lookup(argv[1], &b.v) || b.block == 0) {
        fprintf(stderr, "usage: bench_entropy VARIANT DIR [MATERIAL...]  (env BLOCK: positions "
                        "a block, above 0)\n");
        return 2;
    }
    b.dir = argv[2];
    for (int k = 1; k < (int)(sizeof b.log2_of / sizeof *b.log2_of); k++) b.log2_of[k] = log2(k);
    print_header(&b);
    int failed = rewrite_each(b.dir, argv + 3, argc - 3, measure, &b, "bench_entropy");
    print_row("all", &b.all);
    return failed != 0;
}
