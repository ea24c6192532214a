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
    FILE *progress; /* where progress goes, or NULL */
    bool live;      /* progress is a terminal: rewrite one line in place */
} SolveOptions;

/* Solves canonical material m.  Positions that convert (captures, promotions) read their
 * successors through tb, whose tables must all exist.  On success *cells_out holds
 * ix->size cells (free() them) and TABLE_OK is returned; otherwise err says why. */
TableStatus solve_material(const Variant *v, Tablebase *tb, const Material *m,
                           const SolveOptions *opt, Cell **cells_out, char *err, size_t errlen);

#endif
