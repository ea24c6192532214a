/* Test helper: every position of every table in DIR_ONE (built with dtb-gen --one-side)
 * must probe as in DIR_BOTH (the same materials with both sides to move stored), in every
 * value set, by tb_probe_set and by tb_probe_wdl (one by one, and in batches through
 * tb_probe_wdl_many), and each file of DIR_ONE must store one side.  The positions of the
 * side left out are answered by a search of their moves, those of DIR_BOTH by the solver,
 * so the two agree only where both are right.
 *
 * usage: check_sides VARIANT DIR_BOTH DIR_ONE
 * Prints "ok N tables, M probes alike" or the first differences; exits 1 on any. */
#include "draw_rules.h"
#include "index.h"
#include "tablebase.h"

#include <dirent.h>
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
        if (tb_probe_set(tb[k], p, set, &cell[k], t->err, sizeof t->err) != TABLE_OK ||
            tb_probe_wdl(tb[k], p, set, &wdl[k], t->err, sizeof t->err) != TABLE_OK)
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
    char path[4200];
    TableFile *file;
    snprintf(path, sizeof path, "%s/%s%s", dir, name, TB_FILE_SUFFIX);
    if (table_open(path, v, name, &file, t->err, sizeof t->err) != TABLE_OK) return false;
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
        TABLE_OK)
        return false;
    for (int k = 0; k < b->count; k++) {
        if (tb_probe_wdl(both, &b->p[k], set, &alone, t->err, sizeof t->err) != TABLE_OK)
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

static bool compare_material(const Variant *v, Tablebase *both, Tablebase *one, const char *dir,
                             const char *name, Tally *t) {
    Material m;
    Indexer ix;
    if (!material_parse(name, &m, t->err, sizeof t->err) || !stores_one_side(v, dir, name, t))
        return false;
    idx_init(&ix, v, &m);
    for (uint64_t i = 0; i < ix.size; i++) {
        Position p;
        if (!idx_decode(&ix, i, &p)) continue;
        for (int set = 0; set < draw_value_sets(v); set++)
            if (!compare(both, one, &p, set, name, i, t)) return false;
    }
    t->tables++;
    return compare_batches(v, both, one, &ix, name, t);
}

int main(int argc, char **argv) {
    Variant v;
    Tally t = {0};
    if (argc != 4 || !variant_lookup(argv[1], &v)) {
        fprintf(stderr, "usage: check_sides VARIANT DIR_BOTH DIR_ONE\n");
        return 2;
    }
    Tablebase *both = tb_open(&v, argv[2]), *one = tb_open(&v, argv[3]);
    DIR *d = opendir(argv[3]);
    bool ok = both && one && d;
    size_t suffix = strlen(TB_FILE_SUFFIX);
    for (struct dirent *e; ok && (e = readdir(d));) {
        char name[MATERIAL_NAME_MAX];
        size_t n = strlen(e->d_name);
        if (n <= suffix || n - suffix >= sizeof name) continue;
        if (strcmp(e->d_name + n - suffix, TB_FILE_SUFFIX) != 0) continue;
        snprintf(name, sizeof name, "%.*s", (int)(n - suffix), e->d_name);
        ok = compare_material(&v, both, one, argv[3], name, &t);
    }
    if (d) closedir(d);
    tb_close(both);
    tb_close(one);
    if (!ok) printf("FAIL %s\n", t.err[0] ? t.err : "cannot open the tables");
    if (ok && t.differ == 0) printf("ok   %ld tables, %ld probes alike\n", t.tables, t.probes);
    return !ok || t.differ || t.tables == 0;
}
