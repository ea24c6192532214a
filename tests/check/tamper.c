/* Test helper: changes a table's stored values (or counts) and writes the file back with
 * valid checksums, so that only a check of the values can notice.  The table is rewritten
 * as dtb-gen writes it: positions with a capture pending and holes left unstored, and in a
 * table of one side to move the bounded threats (threat.h).
 *
 * usage: check_tamper VARIANT TABLE MODE
 *   win-dtw        the first position without a capture pending whose value is a WIN
 *                  gets 2 more plies of DTW; prints "FEN DTW" (the DTW it had);
 *   rules-win-dtw  the same in the draw-rules value set (Frisian);
 *   threat-win-dtw the same for the first bounded threat (stored in a table of both sides
 *                  to move, which dtb-check must then fail);
 *   draw-to-win    the first position without a capture pending whose value is a DRAW
 *                  becomes WIN 1; prints its FEN;
 *   all-none       every cell becomes WDL_NONE, as if the table were never solved;
 *   counts         the cells stay; the header counts one WIN more and one DRAW less with
 *                  White to move.
 * "First" is in index order, which puts White to move before Black (index.h), among the
 * positions the file stores (one side to move only, where it stores one).  The successor
 * tables must be in the table's folder. */
#include "draw_rules.h"
#include "fen.h"
#include "index.h"
#include "movegen.h"
#include "table_format.h"
#include "table_writer.h"
#include "tablebase.h"
#include "threat.h"

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

typedef struct Table {
    Variant v;
    Indexer ix;
    TableInfo info;
    uint64_t stored_first, stored_count; /* the side(s) to move the file stores */
    Cell *cells;                         /* every value, as tb_read_all gives them */
} Table;

/* Which cell a one-cell mode changes, and how. */
typedef struct CellChange {
    int set; /* the value set changed */
    int wdl; /* the value it must hold there */
    Cell (*change)(Cell);
    bool threat; /* the position must be a bounded threat */
} CellChange;

typedef struct Mode {
    const char *name;
    void (*apply)(Table *t, const CellChange *c);
    CellChange cell;
    bool skew_counts; /* the header counts change after writing (skew_header) */
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

static MoveList list;

/* Holes, positions with a capture pending and, in a table of one side to move, bounded
 * threats: what dtb-gen leaves unstored. */
static bool unstored_at(const Table *t, uint64_t i, Position *p) {
    return !idx_decode(&t->ix, i, p) || movegen_has_capture(&t->v, p) ||
           (t->info.sides != TABLE_SIDES_BOTH && threat_bounded(&t->v, p, &list));
}

static bool applies(const Table *t, const CellChange *c, uint64_t i, Position *p) {
    Cell cell = t->cells[i * t->info.cells_per_position + (uint32_t)c->set];
    return !unstored_at(t, i, p) && CELL_WDL(cell) == c->wdl &&
           (!c->threat || threat_bounded(&t->v, p, &list));
}

/* The index of the first stored position c applies to. */
static uint64_t pick(const Table *t, const CellChange *c, Position *p) {
    if ((uint32_t)c->set >= t->info.cells_per_position) die("the table has no such value set");
    for (uint64_t i = t->stored_first; i < t->stored_first + t->stored_count; i++)
        if (applies(t, c, i, p)) return i;
    die("no position of the kind asked for");
}

static void change_one(Table *t, const CellChange *c) {
    char fen[FEN_MAX];
    Position p;
    uint64_t i = pick(t, c, &p);
    Cell *cell = &t->cells[i * t->info.cells_per_position + (uint32_t)c->set];
    fen_format(&t->v, &p, fen, sizeof fen);
    printf("%s", fen);
    if (c->wdl == WDL_WIN) printf(" %d", CELL_DTW(*cell));
    printf("\n");
    *cell = c->change(*cell);
}

static void clear_all(Table *t, const CellChange *c) {
    (void)c;
    memset(t->cells, 0, t->info.positions * t->info.cells_per_position * sizeof *t->cells);
}

static void keep_cells(Table *t, const CellChange *c) {
    (void)t, (void)c;
}

static const Mode modes[] = {
    {"win-dtw", change_one, {VALUES_PURE, WDL_WIN, slower_win, false}, false},
    {"rules-win-dtw", change_one, {VALUES_OFFICIAL, WDL_WIN, slower_win, false}, false},
    {"threat-win-dtw", change_one, {VALUES_PURE, WDL_WIN, slower_win, true}, false},
    {"draw-to-win", change_one, {VALUES_PURE, WDL_DRAW, into_win, false}, false},
    {"all-none", clear_all, {0}, false},
    {"counts", keep_cells, {0}, true},
};

static const Mode *mode_named(const char *name) {
    for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++)
        if (strcmp(modes[k].name, name) == 0) return &modes[k];
    die("unknown mode");
}

/* Reads every value of the table at path, the unstored ones settled through the tables
 * of its folder. */
static void load(const char *variant, char *path, Table *t) {
    char err[1024], folder[4096];
    Material m;
    TableFile *file;
    if (!variant_lookup(variant, &t->v)) die("unknown variant");
    if (table_open(path, &t->v, NULL, &file, err, sizeof err) != STATUS_OK) die(err);
    t->info = *table_info(file);
    table_close(file);
    tf_stored_range(t->info.positions, t->info.sides, &t->stored_first, &t->stored_count);
    if (material_parse(t->info.material, &m, err, sizeof err) != STATUS_OK) die(err);
    idx_init(&t->ix, &t->v, &m);
    snprintf(folder, sizeof folder, "%s", path);
    Tablebase *tb = tb_open(&t->v, dirname(folder));
    t->cells = malloc(t->info.positions * t->info.cells_per_position * sizeof *t->cells + 1);
    if (!tb || !t->cells || tb_read_all(tb, &m, t->cells, err, sizeof err) != STATUS_OK)
        die("cannot read the cells");
    tb_close(tb);
}

static uint64_t *unstored_positions(const Table *t) {
    uint64_t *bits = calloc(t->ix.size / 64 + 1, sizeof *bits);
    if (!bits) die("out of memory");
    for (uint64_t i = 0; i < t->ix.size; i++) {
        Position p;
        if (unstored_at(t, i, &p)) bits[i / 64] |= (uint64_t)1 << (i % 64);
    }
    return bits;
}

/* Rewrites the table at path with the cells of t, set by set. */
static void save(const char *path, const Table *t) {
    char err[1024];
    uint32_t sets = t->info.cells_per_position;
    uint64_t *unstored = unstored_positions(t);
    Cell *set_cells = malloc(t->ix.size * sizeof *set_cells + 1);
    TableWriter *w = NULL;
    Status s = set_cells ? table_writer_begin(path, &t->info, &w, err, sizeof err) : STATUS_MEMORY;
    for (uint32_t set = 0; s == STATUS_OK && set < sets; set++) {
        for (uint64_t i = 0; i < t->ix.size; i++) set_cells[i] = t->cells[i * sets + set];
        s = table_writer_add_set(w, (int)set, set_cells, unstored, err, sizeof err);
    }
    if (s == STATUS_OK) s = table_writer_commit(w, err, sizeof err);
    table_writer_free(w);
    free(set_cells);
    free(unstored);
    if (s != STATUS_OK) die(err);
}

/* Adds a WIN and removes a DRAW, with White to move, from the counts in the header of the
 * file at path, and makes its checksum match again (layout in table_format.h). */
static void skew_header(const char *path) {
    FILE *f = fopen(path, "r+b");
    uint8_t head[TF_HEADER_SIZE];
    if (!f || fread(head, 1, sizeof head, f) != sizeof head) die("cannot read the header");
    uint64_t first, stored, blocks = 0;
    tf_stored_range(tf_get_u64(head + TF_OFF_POSITIONS), tf_get_u32(head + TF_OFF_SIDES), &first,
                    &stored);
    for (uint32_t i = 0; i < 2 * tf_get_u32(head + TF_OFF_SETS); i++)
        blocks += tf_block_count(stored, tf_get_u32(head + TF_OFF_STREAMS + 8 * i));
    size_t covered = (size_t)(tf_data_start(blocks) - TF_SUM_SIZE);
    uint8_t *bytes = malloc(covered + TF_SUM_SIZE);
    uint8_t *counts = bytes + TF_OFF_COUNTS + 8 * (VALUES_PURE * 8 + WHITE * 4);
    rewind(f);
    if (!bytes || fread(bytes, 1, covered, f) != covered) die("cannot read the offset table");
    tf_put_u64(counts + 8 * WDL_WIN, tf_get_u64(counts + 8 * WDL_WIN) + 1);
    tf_put_u64(counts + 8 * WDL_DRAW, tf_get_u64(counts + 8 * WDL_DRAW) - 1);
    tf_put_u64(bytes + covered, XXH3_64bits(bytes, covered));
    rewind(f);
    if (fwrite(bytes, 1, covered + TF_SUM_SIZE, f) != covered + TF_SUM_SIZE || fclose(f) != 0)
        die("cannot write the header");
    free(bytes);
}

int main(int argc, char **argv) {
    Table t;
    if (argc != 4) die("usage: check_tamper VARIANT TABLE MODE (see tamper.c)");
    const Mode *mode = mode_named(argv[3]);
    load(argv[1], argv[2], &t);
    mode->apply(&t, &mode->cell);
    save(argv[2], &t);
    if (mode->skew_counts) skew_header(argv[2]);
    free(t.cells);
    return 0;
}
