/* Test helper: every position of every table in DIR_ONE (built with dtb-gen --one-side)
 * must probe as in DIR_BOTH (the same materials with both sides to move stored), in every
 * value set, by tb_probe_set and by tb_probe_wdl (one by one, and in batches through
 * tb_probe_wdl_many) and read whole by tb_read_all (as the probes give them), and each file of
 * DIR_ONE must store one side.  The positions of the side left out are answered by a search of
 * their moves, those of DIR_BOTH by the solver, so the two agree only where both are right.
 *
 * usage: check_sides VARIANT DIR_BOTH DIR_ONE
 * Prints "ok N tables, M probes alike" or the first differences; exits 1 on any. */
#include "draw_rules.h"
#include "index.h"
#include "tablebase.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHOWN 5

typedef struct Tally {
    long tables, probes, differ;
    char err[1024];
} Tally;

/* Probes p through both handles in value set `set`; false on an error (in t->err). */
static bool compare(Tablebase *both, Tablebase *one, const Position *p, int set, const char *name,
                    uint64_t i, Tally *t) {
    Cell cell[2];
    int wdl[2];
    Tablebase *tb[2] = {both, one};
    for (int k = 0; k < 2; k++)
        if (tb_probe_set(tb[k], p, set, &cell[k], t->err, sizeof t->err) != STATUS_OK ||
            tb_probe_wdl(tb[k], p, set, &wdl[k], t->err, sizeof t->err) != STATUS_OK)
            return false;
    t->probes++;
    if (cell[0] == cell[1] && wdl[0] == wdl[1] && wdl[1] == CELL_WDL(cell[1])) return true;
    if (t->differ++ < SHOWN)
        printf("FAIL %s index %llu value set %d: both sides %d/%d, one side %d/%d (WDL %d)\n", name,
               (unsigned long long)i, set, CELL_WDL(cell[0]), CELL_DTW(cell[0]), CELL_WDL(cell[1]),
               CELL_DTW(cell[1]), wdl[1]);
    return true;
}

/* Whether the file of material `name` in dir stores one side to move. */
static bool stores_one_side(const Variant *v, const char *dir, const char *name, Tally *t) {
    TableFile *file;
    if (tb_open_file(v, dir, name, &file, t->err, sizeof t->err) != STATUS_OK) return false;
    bool one = table_info(file)->sides != TABLE_SIDES_BOTH;
    table_close(file);
    if (!one) snprintf(t->err, sizeof t->err, "%s stores both sides to move", name);
    return one;
}

/* The positions probed together by tb_probe_wdl_many, and their indices. */
enum { BATCH = 1000 };
typedef struct Batch {
    int count;
    Position p[BATCH];
    uint64_t index[BATCH];
} Batch;

/* Probes the batch through `one` with tb_probe_wdl_many and each position through `both`
 * alone, in value set `set`; false on an error (in t->err). */
static bool compare_batch(Tablebase *both, Tablebase *one, const Batch *b, int set,
                          const char *name, Tally *t) {
    int many[BATCH], alone;
    size_t failed;
    if (tb_probe_wdl_many(one, b->p, (size_t)b->count, set, many, &failed, t->err, sizeof t->err) !=
        STATUS_OK)
        return false;
    for (int k = 0; k < b->count; k++) {
        if (tb_probe_wdl(both, &b->p[k], set, &alone, t->err, sizeof t->err) != STATUS_OK)
            return false;
        t->probes++;
        if (many[k] != alone && t->differ++ < SHOWN)
            printf("FAIL %s index %llu value set %d: both sides WDL %d, one side in a batch %d\n",
                   name, (unsigned long long)b->index[k], set, alone, many[k]);
    }
    return true;
}

static bool compare_batches(const Variant *v, Tablebase *both, Tablebase *one, const Indexer *ix,
                            const char *name, Tally *t) {
    static Batch b;
    b.count = 0;
    for (uint64_t i = 0; i < ix->size; i++) {
        if (idx_decode(ix, i, &b.p[b.count])) b.index[b.count++] = i;
        if (b.count < BATCH && i + 1 < ix->size) continue;
        for (int set = 0; set < draw_value_sets(v); set++)
            if (!compare_batch(both, one, &b, set, name, t)) return false;
        b.count = 0;
    }
    return true;
}

/* The cell a probe of position i of ix through tb gives in value set `set`, WDL_NONE for a
 * hole; false on an error (in t->err). */
static bool probed(Tablebase *tb, const Indexer *ix, uint64_t i, int set, Cell *out, Tally *t) {
    Position p;
    *out = CELL_MAKE(WDL_NONE, 0);
    return !idx_decode(ix, i, &p) ||
           tb_probe_set(tb, &p, set, out, t->err, sizeof t->err) == STATUS_OK;
}

/* Reads every value of material m through both handles (tb_read_all, by the scan that
 * dtb-probe's stats and claims make, which settles the positions a table leaves out by
 * search) and compares them with each other and with the probe of each position; false on
 * an error (in t->err). */
static bool compare_read_all(const Variant *v, Tablebase *both, Tablebase *one, const Indexer *ix,
                             const char *name, Tally *t) {
    int sets = draw_value_sets(v);
    size_t cells = (size_t)ix->size * (size_t)sets;
    Cell *all[2] = {malloc(cells * sizeof(Cell) + 1), malloc(cells * sizeof(Cell) + 1)};
    bool ok = all[0] && all[1] &&
              tb_read_all(both, &ix->m, all[0], t->err, sizeof t->err) == STATUS_OK &&
              tb_read_all(one, &ix->m, all[1], t->err, sizeof t->err) == STATUS_OK;
    if (!all[0] || !all[1]) snprintf(t->err, sizeof t->err, "out of memory");
    for (size_t k = 0; ok && k < cells; k++) {
        Cell probe;
        ok = probed(one, ix, k / (size_t)sets, (int)(k % (size_t)sets), &probe, t);
        t->probes++;
        if ((all[0][k] != all[1][k] || all[1][k] != probe) && ok && t->differ++ < SHOWN)
            printf("FAIL %s cell %zu read whole: both sides %d/%d, one side %d/%d, probed %d/%d\n",
                   name, k, CELL_WDL(all[0][k]), CELL_DTW(all[0][k]), CELL_WDL(all[1][k]),
                   CELL_DTW(all[1][k]), CELL_WDL(probe), CELL_DTW(probe));
    }
    free(all[0]), free(all[1]);
    return ok;
}

static bool compare_material(const Variant *v, Tablebase *both, Tablebase *one, const char *dir,
                             const char *name, Tally *t) {
    Material m;
    Indexer ix;
    if (material_parse(name, &m, t->err, sizeof t->err) != STATUS_OK ||
        !stores_one_side(v, dir, name, t))
        return false;
    idx_init(&ix, v, &m);
    for (uint64_t i = 0; i < ix.size; i++) {
        Position p;
        if (!idx_decode(&ix, i, &p)) continue;
        for (int set = 0; set < draw_value_sets(v); set++)
            if (!compare(both, one, &p, set, name, i, t)) return false;
    }
    t->tables++;
    return compare_batches(v, both, one, &ix, name, t) &&
           compare_read_all(v, both, one, &ix, name, t);
}

/* A comparison of a folder of one side's tables with the same tables of both sides. */
typedef struct Comparison {
    const Variant *v;
    Tablebase *both, *one;
    const char *dir; /* of one side's */
    Tally t;
    bool ok;
} Comparison;

static bool compare_each(const char *name, void *comparison) {
    Comparison *c = comparison;
    return c->ok = compare_material(c->v, c->both, c->one, c->dir, name, &c->t);
}

int main(int argc, char **argv) {
    Variant v;
    if (argc != 4 || !variant_lookup(argv[1], &v)) {
        fprintf(stderr, "usage: check_sides VARIANT DIR_BOTH DIR_ONE\n");
        return 2;
    }
    Comparison c = {&v, tb_open(&v, argv[2]), tb_open(&v, argv[3]), argv[3], {0}, true};
    c.ok = c.both && c.one && tb_each_file(argv[3], compare_each, &c, NULL, 0) == STATUS_OK && c.ok;
    tb_close(c.both);
    tb_close(c.one);
    const Tally *t = &c.t;
    if (!c.ok) printf("FAIL %s\n", t->err[0] ? t->err : "cannot open the tables");
    if (c.ok && t->differ == 0) printf("ok   %ld tables, %ld probes alike\n", t->tables, t->probes);
    return !c.ok || t->differ || t->tables == 0;
}
