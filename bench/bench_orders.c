/* What other orders of the index's parts would save: a measurement of issue 6's idea "try
 * several piece orders per material".
 *
 * The index (format/index.c) lays a position out as side to move, White's men, Black's men,
 * White's kings, Black's kings (Frisian's king-move states last), most significant first.
 * A file may lay these parts out in another order (format/part_order.h); this program
 * rewrites the WDL of value set 0 of each table in DIR (all, or the materials named) with
 * the real writer in every order of the four piece parts that differs (the king-move
 * states last), with the positions tables of both sides leave out left out (holes,
 * captures pending), both sides to move stored and one (as --one-side did before format 5,
 * which leaves bounded threats out too).  DIR must hold tables of both sides.  It prints each
 * material's WDL bits per position in the index's order and in its best order with one side stored,
 * and over the set: the index's order, every order used for all materials, and each material in its
 * own best, which dtb-gen's writer approaches by trying each order on a sample of blocks at a fast
 * level. Usage: bench_orders VARIANT DIR [MATERIAL...] */
#include "index.h"
#include "rewrite.h"
#include "table_file.h"
#include "tablebase.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { PARTS = 4, ORDERS = 24, THREADS = 2 };
static const char *const part_name[PARTS] = {"Wm", "Bm", "Wk", "Bk"};

/* Part ids most significant first, for each order; order 0 is the index's own. */
static uint8_t orders[ORDERS][PARTS];

static void list_orders(void) {
    uint8_t order[PARTS] = {0, 1, 2, 3};
    for (int count = 0; count < ORDERS; count++, part_order_next(order, PARTS))
        memcpy(orders[count], order, PARTS);
}

typedef struct Sizes {
    uint64_t positions, both[ORDERS], one[ORDERS]; /* WDL bytes, both sides and one side */
} Sizes;

typedef struct Bench {
    Variant v;
    const char *dir;
    char tmp[32]; /* where the rewritten tables go */
    Sizes all;
    uint64_t best_one, best_both; /* each material in its own best order */
} Bench;

/* Two orders permute alike when they list the parts of more than one value alike. */
static bool same_order(const uint64_t *size, const uint8_t *a, const uint8_t *b) {
    for (int j = 0, k = 0;; j++, k++) {
        while (j < PARTS && size[a[j]] == 1) j++;
        while (k < PARTS && size[b[k]] == 1) k++;
        if (j == PARTS || k == PARTS) return j == k;
        if (a[j] != b[k]) return false;
    }
}

/* Writes the material in every order that differs from the ones before it. */
static bool measure_orders(Bench *b, const TableInfo *file_info, const Cell *cells,
                           const uint64_t *unstored, Sizes *one) {
    char path[4200];
    TableInfo info = *file_info;
    bool ok = true;
    tb_file_path(b->tmp, info.material, path, sizeof path);
    for (int o = 0; o < ORDERS && ok; o++) {
        int same = 0;
        while (same < o && !same_order(info.part_size, orders[same], orders[o])) same++;
        if (same < o) {
            one->both[o] = one->both[same], one->one[o] = one->one[same];
            continue;
        }
        for (int k = 0; k < PART_COUNT; k++)
            info.part_order[k] = k < PARTS ? orders[o][k] : (uint8_t)k;
        StreamBytes both, one_side;
        ok = rewrite_sizes(path, &info, TABLE_SIDES_BOTH, THREADS, cells, unstored, &both) &&
             rewrite_sizes(path, &info, TABLE_SIDES_SMALLER, THREADS, cells, unstored, &one_side);
        one->both[o] = both.wdl, one->one[o] = one_side.wdl;
    }
    return ok;
}

static double bits(uint64_t bytes, uint64_t positions) {
    return positions ? 8.0 * (double)bytes / (double)positions : 0;
}

static int best_of(const uint64_t *bytes) {
    int best = 0;
    for (int o = 1; o < ORDERS; o++)
        if (bytes[o] < bytes[best]) best = o;
    return best;
}

static const char *order_text(int o, char *out, size_t len) {
    snprintf(out, len, "%s %s %s %s", part_name[orders[o][0]], part_name[orders[o][1]],
             part_name[orders[o][2]], part_name[orders[o][3]]);
    return out;
}

static void print_row(const char *name, const Sizes *s, uint64_t best_one, uint64_t best_both) {
    char text[32];
    int best = best_of(s->one);
    printf("%-10s %11llu  %7.4f %7.4f  %7.4f %7.4f  %s\n", name, (unsigned long long)s->positions,
           bits(s->both[0], s->positions), bits(best_both, s->positions),
           bits(s->one[0], s->positions), bits(best_one, s->positions),
           order_text(best, text, sizeof text));
    fflush(stdout);
}

static bool measure(void *bench, const char *name) {
    Bench *b = bench;
    WdlTable w;
    bool ok = rewrite_load_wdl(&b->v, b->dir, name, "bench_orders", &w);
    Sizes one = {.positions = w.info.positions};
    ok = ok && measure_orders(b, &w.info, w.cells, w.unstored, &one);
    rewrite_free_wdl(&w);
    if (!ok) return false;
    uint64_t best_one = one.one[best_of(one.one)], best_both = one.both[best_of(one.both)];
    print_row(name, &one, best_one, best_both);
    b->all.positions += one.positions, b->best_one += best_one, b->best_both += best_both;
    for (int o = 0; o < ORDERS; o++) b->all.both[o] += one.both[o], b->all.one[o] += one.one[o];
    return true;
}

static void print_totals(const Bench *b) {
    char text[32];
    uint64_t n = b->all.positions;
    print_row("all", &b->all, b->best_one, b->best_both);
    printf("\nevery material in one order (WDL bits a position, both sides / one side):\n");
    for (int o = 0; o < ORDERS; o++)
        printf("  %s  %7.4f %7.4f%s\n", order_text(o, text, sizeof text), bits(b->all.both[o], n),
               bits(b->all.one[o], n), o == 0 ? "  (the index's)" : "");
}

int main(int argc, char **argv) {
    static Bench b = {.tmp = "/tmp/bench_orders.XXXXXX"};
    if (argc < 3 || !variant_lookup(argv[1], &b.v)) {
        fprintf(stderr, "usage: bench_orders VARIANT DIR [MATERIAL...]\n");
        return 2;
    }
    b.dir = argv[2];
    list_orders();
    if (!mkdtemp(b.tmp)) return perror("bench_orders: mkdtemp"), 1;
    printf("%-10s %11s  %-15s  %-15s  %s\n", "", "", "WDL, both sides", "WDL, one side",
           "best order, one side");
    printf("%-10s %11s  %7s %7s  %7s %7s\n", "material", "positions", "index", "best", "index",
           "best");
    int failed = rewrite_each(b.dir, argv + 3, argc - 3, measure, &b, "bench_orders");
    print_totals(&b);
    rmdir(b.tmp);
    return failed != 0;
}
