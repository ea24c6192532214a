/* Test helper: changes a table's stored values (or counts) and writes the file back with
 * valid checksums, so that only a check of the values can notice.
 *
 * usage: check_tamper VARIANT TABLE MODE
 *   win-dtw        the first position with a capture pending whose value is a WIN gets 2
 *                  more plies of DTW; prints "FEN DTW" (the DTW it had);
 *   rules-win-dtw  the same in the draw-rules value set (Frisian);
 *   draw-to-win    the first position without a capture whose value is a DRAW becomes
 *                  WIN 1; prints its FEN;
 *   all-none       every cell becomes WDL_NONE, as if the table were never solved;
 *   counts         the cells stay; the header counts one WIN more and one DRAW less with
 *                  White to move.
 * "First" is in index order, which puts White to move before Black (index.h). */
#include "draw_rules.h"
#include "fen.h"
#include "index.h"
#include "movegen.h"
#include "table_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Table {
    Variant v;
    Indexer ix;
    TableInfo info;
    Cell *cells;
} Table;

/* Which cell a one-cell mode changes, and how. */
typedef struct CellChange {
    bool capture; /* the position must have a capture pending (else must not) */
    int set;      /* the value set changed */
    int wdl;      /* the value it must hold there */
    Cell (*change)(Cell);
} CellChange;

typedef struct Mode {
    const char *name;
    void (*apply)(Table *t, const CellChange *c);
    CellChange cell;
    bool counts_follow; /* the header counts are made to match the changed cells */
} Mode;

_Noreturn static void die(const char *what) {
    fprintf(stderr, "check_tamper: %s\n", what);
    exit(2);
}

static Cell slower_win(Cell c) {
    return CELL_MAKE(WDL_WIN, CELL_DTW(c) + 2);
}
static Cell into_win(Cell c) {
    return (void)c, CELL_MAKE(WDL_WIN, 1);
}

/* The index of the first position c applies to. */
static uint64_t pick(const Table *t, const CellChange *c, Position *p) {
    uint32_t sets = t->info.cells_per_position;
    if ((uint32_t)c->set >= sets) die("the table has no such value set");
    for (uint64_t i = 0; i < t->ix.size; i++)
        if (idx_decode(&t->ix, i, p) && CELL_WDL(t->cells[i * sets + c->set]) == c->wdl &&
            movegen_has_capture(&t->v, p) == c->capture)
            return i;
    die("no position of the kind asked for");
}

static void change_one(Table *t, const CellChange *c) {
    char fen[FEN_MAX];
    Position p;
    uint64_t i = pick(t, c, &p);
    Cell *cell = &t->cells[i * t->info.cells_per_position + (uint32_t)c->set];
    fen_format(&t->v, &p, fen, sizeof fen);
    printf("%s", fen);
    if (c->capture) printf(" %d", CELL_DTW(*cell));
    printf("\n");
    *cell = c->change(*cell);
}

static void clear_all(Table *t, const CellChange *c) {
    (void)c;
    memset(t->cells, 0, t->info.positions * t->info.cells_per_position * sizeof *t->cells);
}

static void skew_counts(Table *t, const CellChange *c) {
    (void)c;
    t->info.counts[VALUES_PURE][WHITE][WDL_WIN]++;
    t->info.counts[VALUES_PURE][WHITE][WDL_DRAW]--;
}

static const Mode modes[] = {
    {"win-dtw", change_one, {true, VALUES_PURE, WDL_WIN, slower_win}, true},
    {"rules-win-dtw", change_one, {true, VALUES_RULES, WDL_WIN, slower_win}, true},
    {"draw-to-win", change_one, {false, VALUES_PURE, WDL_DRAW, into_win}, true},
    {"all-none", clear_all, {0}, true},
    {"counts", skew_counts, {0}, false},
};

static void recount(Table *t) {
    uint32_t sets = t->info.cells_per_position;
    memset(t->info.counts, 0, sizeof t->info.counts);
    for (uint64_t i = 0; i < t->ix.size; i++)
        for (uint32_t set = 0; set < sets; set++)
            t->info.counts[set][i / t->ix.per_side][CELL_WDL(t->cells[i * sets + set])]++;
}

static const Mode *mode_named(const char *name) {
    for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++)
        if (strcmp(modes[k].name, name) == 0) return &modes[k];
    die("unknown mode");
}

static void load(const char *variant, const char *path, Table *t) {
    char err[1024];
    Material m;
    TableFile *file;
    if (!variant_lookup(variant, &t->v)) die("unknown variant");
    if (table_open(path, &t->v, NULL, &file, err, sizeof err) != TABLE_OK) die(err);
    t->info = *table_info(file);
    if (!material_parse(t->info.material, &m, err, sizeof err)) die(err);
    idx_init(&t->ix, &t->v, &m);
    t->cells = malloc(t->info.positions * t->info.cells_per_position * sizeof *t->cells + 1);
    if (!t->cells || table_read_all(file, t->cells, err, sizeof err) != TABLE_OK)
        die("cannot read the cells");
    table_close(file);
}

int main(int argc, char **argv) {
    char err[1024];
    Table t;
    if (argc != 4) die("usage: check_tamper VARIANT TABLE MODE (see tamper.c)");
    const Mode *mode = mode_named(argv[3]);
    load(argv[1], argv[2], &t);
    mode->apply(&t, &mode->cell);
    if (mode->counts_follow) recount(&t);
    if (table_write(argv[2], &t.info, t.cells, err, sizeof err) != TABLE_OK) die(err);
    free(t.cells);
    return 0;
}
