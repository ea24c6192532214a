/* Retrograde analysis of one material: exact WDL and DTW for every indexed position. */
#ifndef DTB_SOLVE_H
#define DTB_SOLVE_H

#include "index.h"
#include "table_file.h"
#include "tablebase.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct SolveOptions {
    int set; /* VALUES_PURE, or VALUES_RULES: exits read the rules values, horizons cut */
    int threads;
    uint64_t exit_memory; /* bytes the values of exits may keep (value_memo.h) */
    FILE *progress;       /* where progress goes, or NULL */
    bool live;            /* progress is a terminal: rewrite one line in place */
} SolveOptions;

/* A solved value set: ix->size cells, and a bitmap (bit i of unstored[i / 64]) of the
 * positions the prober never reads: a capture pending, or a hole.  free() both. */
typedef struct SolvedTable {
    Cell *cells;
    uint64_t *unstored;
} SolvedTable;

/* Solves canonical material m.  Positions that convert (captures, promotions) read their
 * successors through tb, whose tables must all exist.  Returns TABLE_OK with *out filled,
 * or an error that err explains. */
TableStatus solve_material(const Variant *v, Tablebase *tb, const Material *m,
                           const SolveOptions *opt, SolvedTable *out, char *err, size_t errlen);

/* The memory solve_material takes for a material of this index, in bytes. */
uint64_t solve_bytes(const Indexer *ix);

#endif
