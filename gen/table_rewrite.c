#include "table_rewrite.h"

#include "index.h"
#include "movegen.h"
#include "parallel.h"
#include "table_writer.h"
#include "tablebase.h"
#include "threat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Marking {
    const Variant *v;
    const Indexer *ix;
    bool threats; /* left out too */
    uint64_t *unstored;
    MoveList **lists; /* one a thread */
} Marking;

/* Whether the table leaves position i unstored: a hole, a capture pending, or in a table
 * of one side to move a bounded threat (threat.h). */
static bool unstored(const Marking *mk, IdxCursor *cursor, MoveList *list, uint64_t i) {
    Position p;
    return !idx_decode_near(mk->ix, cursor, i, &p) || movegen_has_capture(mk->v, &p) ||
           (mk->threats && threat_bounded(mk->v, &p, list));
}

/* Marks the positions left unstored in [begin, end): parallel_for's chunks are whole words
 * of the bitmap, so no two threads write the same word. */
static void mark_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    const Marking *mk = ctx;
    IdxCursor cursor = IDX_CURSOR_START;
    for (uint64_t i = begin; i < end; i++)
        if (unstored(mk, &cursor, mk->lists[thread], i))
            mk->unstored[i / 64] |= (uint64_t)1 << (i % 64);
}

/* The bitmap of the positions left unstored, or NULL when out of memory. */
static uint64_t *find_unstored(const Variant *v, const Indexer *ix, bool threats, int threads) {
    uint64_t *bits = calloc(ix->size / 64 + 1, sizeof *bits);
    MoveList **lists = calloc((size_t)threads, sizeof *lists);
    bool ok = bits && lists;
    for (int t = 0; ok && t < threads; t++)
        if ((ok = (lists[t] = malloc(sizeof *lists[t])) != NULL)) lists[t]->paths = NULL;
    if (ok) parallel_for(threads, ix->size, mark_range, &(Marking){v, ix, threats, bits, lists});
    for (int t = 0; lists && t < threads; t++) free(lists[t]);
    free(lists);
    if (!ok) free(bits);
    return ok ? bits : NULL;
}

static Status copy_sets(TableFile *file, TableWriter *w, uint64_t *unstored, Cell *cells, char *err,
                        size_t errlen) {
    Status s = STATUS_OK;
    for (uint32_t set = 0; set < table_info(file)->cells_per_position && s == STATUS_OK; set++) {
        s = table_read_set(file, (int)set, cells, err, errlen);
        if (s == STATUS_OK) s = table_writer_add_set(w, (int)set, cells, unstored, err, errlen);
    }
    return s;
}

/* Whether a table of `info` is one that table_rewrite turns into `sides`. */
static bool rewritten_to(const TableInfo *info, uint32_t sides) {
    bool whole = info->sides == TABLE_SIDES_BOTH || info->mirrored;
    return whole && (sides == TABLE_SIDES_SMALLER || info->draft);
}

Status table_rewrite(const Variant *v, const Material *m, const char *path, uint32_t sides,
                     uint32_t block_bytes, int threads, bool *rewritten, char *err, size_t errlen) {
    TableFile *file;
    Indexer ix;
    *rewritten = false;
    Status s = tb_open_indexed(v, m, path, &file, &ix, err, errlen);
    if (s != STATUS_OK || !rewritten_to(table_info(file), sides)) {
        table_close(file);
        return s;
    }
    TableInfo info = *table_info(file);
    /* A material that is its own twin keeps White, the side a mirrored table stores. */
    info.sides =
        sides == TABLE_SIDES_SMALLER && material_self_symmetric(m) ? TABLE_SIDES_WHITE : sides;
    info.mirrored = false;
    if (sides == TABLE_SIDES_BOTH) table_writer_full_sides(&info, m);
    memset(info.part_order, 0, sizeof info.part_order); /* the best for the sides stored */
    bool threats = info.sides != TABLE_SIDES_BOTH && !info.mirrored;
    uint64_t *unstored = find_unstored(v, &ix, threats, threads < 1 ? 1 : threads);
    Cell *cells = malloc(ix.size * sizeof *cells + 1);
    TableWriter *w = NULL;
    s = unstored && cells ? table_writer_begin_sized(path, &info, block_bytes, &w, err, errlen)
                          : STATUS_MEMORY;
    if (s == STATUS_MEMORY) snprintf(err, errlen, "%s: out of memory", path);
    if (s == STATUS_OK) s = table_writer_set_threads(w, threads, err, errlen);
    if (s == STATUS_OK) {
        table_writer_keep_counts(w, info.counts);
        s = copy_sets(file, w, unstored, cells, err, errlen);
    }
    table_close(file);
    if (s == STATUS_OK) s = table_writer_commit(w, err, errlen);
    table_writer_free(w);
    free(cells);
    free(unstored);
    *rewritten = s == STATUS_OK;
    return s;
}
