/* Retrograde analysis of one material: exact WDL and DTW for every indexed position. */
#ifndef DTB_SOLVE_H
#define DTB_SOLVE_H

#include "index.h"
#include "slice_plan.h"
#include "slice_store.h"
#include "table_file.h"
#include "tablebase.h"
#include "value_memo.h"

#include <stdbool.h>
#include <stdio.h>

/* The slices of a material in the order they are solved (slice_plan.h): 4 bytes a slice,
 * and a walk over every placement of the men to make, so kept by a caller that solves
 * ranges of one material one after another, or shares them out (SolveOptions.order).
 * slice_order_new returns NULL when out of memory; slice_order_free(NULL) does nothing. */
typedef struct SliceOrder SliceOrder;
SliceOrder *slice_order_new(const Indexer *ix);
void slice_order_free(SliceOrder *o);

typedef struct SolveOptions {
    int set; /* VALUES_PURE, or VALUES_OFFICIAL: exits read the rules values, horizons cut */
    int threads;
    uint64_t exit_memory;    /* bytes the values of exits may keep (value_memo.h) */
    const SliceOrder *order; /* m's, kept by the caller from one call to the next, or NULL:
                              * the solver makes its own */
    ValueMemo *exits;        /* those values kept by the caller from one call to the next (of
                              * solve_slice_range, for one material and set), or NULL: the solver
                              * keeps its own */
    FILE *progress;          /* where progress goes, or NULL */
    bool live;               /* progress is a terminal: rewrite one line in place */
    /* NULL: the whole material in memory (solve_bytes); else solved in slice groups
     * (slice_plan.h, solve_slice_bytes), with a scratch file (slice_store.h) and a
     * checkpoint (slice_checkpoint.h) at this path, the table's, with the value set's name
     * and .cells.zst.tmp and .checkpoint added: solve_material continues
     * from the checkpoint when it names this work, which the log then says
     * (solve_slice_range reads the store and writes a segment of its own) */
    const char *scratch;
    /* In slice groups, the bytes the window may take beyond one slice: the more slices are
     * solved at once, the less often the threads wait for each other */
    uint64_t window_extra;
} SolveOptions;

/* A solved value set: ix->size cells, and a bitmap (bit i of unstored[i / 64]) of the
 * positions the prober never reads: a capture pending, or a hole.  Both are in memory; or,
 * solved in slice groups, both are in a store (cells and unstored NULL).
 * solved_table_free frees them. */
typedef struct SolvedTable {
    Cell *cells;
    uint64_t *unstored;
    SliceStore *store; /* NULL, or where the cells and their bits are */
} SolvedTable;

/* Solves canonical material m.  Positions that convert (captures, promotions) read their
 * successors through tb, whose tables must all exist.  Returns STATUS_OK with *out filled,
 * or an error that err explains. */
Status solve_material(const Variant *v, Tablebase *tb, const Material *m, const SolveOptions *opt,
                      SolvedTable *out, char *err, size_t errlen);

void solved_table_free(SolvedTable *t);

/* Removes the scratch files and checkpoints that solving value sets [0, sets) in slice
 * groups left at the path `table` (SolveOptions.scratch): once the table is written, or its
 * build failed before any checkpoint.  Files not there are no error. */
void solve_scratch_remove(const char *table, int sets);

/* Whether a checkpoint of value sets [0, sets) is at the path `table`: a build that failed
 * after one (the disk full, say) leaves its scratch files for the next run to resume. */
bool solve_scratch_checkpointed(const char *table, int sets);

/* The bytes on disk the scratch files of value sets [0, sets) of a material of this index
 * and slice plan take at most, all at once (each set's stay until the table is written: the store's
 * bound, slice_store_estimate); and those that such files at the path `table`, left by a run cut
 * short, hold already (0 when none). */
uint64_t solve_scratch_bytes(const Indexer *ix, const SlicePlan *plan, int sets);
uint64_t solve_scratch_held(const char *table, int sets);

/* Slice groups shared out over processes (mpi_run.c).  One process holds a SliceShare over
 * a value set's scratch files and checkpoint, made anew or continued as solve_material does
 * (opt->scratch, which must be set; set and progress count too), and hands out ranges of the
 * slice order a group at a time; others solve the ranges (solve_slice_range), each into a
 * segment of the store, cells and bits.  Once every slice is solved and checkpointed,
 * solve_material continues from the checkpoint at its end: the horizon cut and the writing,
 * as in one process, so the table is the same byte for byte: slices are the same whoever
 * solves them (resume_point in solve_checkpoint.c). */
typedef struct SliceShare SliceShare;

/* Opens a share of m's value set opt->set.  STATUS_OK, or an error that err explains. */
Status slice_share_open(const Variant *v, const Material *m, const SolveOptions *opt,
                        SliceShare **out, char *err, size_t errlen);

/* The slices still to solve of the first group not solved, order[*begin, *end); false when
 * all are solved. */
bool slice_share_next(const SliceShare *sh, uint64_t *begin, uint64_t *end);

/* Appends what solve_slice_range stored for order[begin, ...) in the range's segment
 * (solver_segment_path) to the value set's store.  STATUS_OK, or an error that err
 * explains. */
Status slice_share_put(SliceShare *sh, uint64_t begin, char *err, size_t errlen);

/* Records that order[0, solved) is solved, each range's segment synced by its solver and
 * put: from time to time a checkpoint says so, and always once every slice is. */
Status slice_share_solved(SliceShare *sh, uint64_t solved, char *err, size_t errlen);

/* Frees sh, first checkpointing the slices recorded solved since the last checkpoint, if
 * it can (else the last stands), so that a run stopped by a failure elsewhere resumes there. */
void slice_share_free(SliceShare *sh);

/* Solves order[begin, begin + count), slices of one group, reading the finished cells of the
 * store at opt->scratch, as far as its records are whole, and storing theirs, with their
 * bits, in a segment of their own beside it, synced before it returns (slice_share_put
 * takes it in).  STATUS_OK, or an error that err explains. */
Status solve_slice_range(const Variant *v, Tablebase *tb, const Material *m,
                         const SolveOptions *opt, uint64_t begin, uint64_t count, char *err,
                         size_t errlen);

/* The memory solve_material takes for a material of this index, in bytes: all in memory,
 * or at least in slice groups with this plan (a window of one slice; more with
 * SolveOptions.window_extra). */
uint64_t solve_bytes(const Indexer *ix);
uint64_t solve_slice_bytes(const Indexer *ix, const SlicePlan *plan);

#endif
