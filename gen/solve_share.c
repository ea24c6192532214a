/* Slice groups shared out over processes (SliceShare in solve.h, for dtb-gen --mpi). */
#include "solver.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* Slice groups shared out over processes: see solve.h.  The process that shares them out
 * holds the order, the scratch files (made, or continued from a checkpoint, by open_scratch)
 * and the checkpoint, and appends each range's segment to the store; it never solves. */
struct SliceShare {
    Solver *s;
    SolveOptions opt;
    char table[4400]; /* opt.scratch */
};

Status slice_share_open(const Variant *v, const Material *m, const SolveOptions *opt,
                        SliceShare **out, char *err, size_t errlen) {
    SliceShare *sh = calloc(1, sizeof *sh);
    if (!sh) return STATUS_MEMORY;
    sh->opt = *opt;
    snprintf(sh->table, sizeof sh->table, "%s", opt->scratch);
    sh->opt.scratch = sh->table;
    sh->s = solver_new(v, NULL, m, &sh->opt);
    Status st = sh->s && solver_plan_slices(sh->s) ? solver_open_scratch(sh->s, err, errlen)
                                                   : STATUS_MEMORY;
    if (st == STATUS_MEMORY) snprintf(err, errlen, "out of memory");
    if (st != STATUS_OK) {
        slice_share_free(sh);
        return st;
    }
    *out = sh;
    return STATUS_OK;
}

/* Where the group of order[k] ends, or 0 when k is past the last group (holes are none). */
static uint64_t group_end(const Solver *s, uint64_t k) {
    for (int r = 0; r < SLICE_HOLE; r++)
        if (k < s->group_start[r + 1]) return s->group_start[r + 1];
    return 0;
}

bool slice_share_next(const SliceShare *sh, uint64_t *begin, uint64_t *end) {
    *begin = sh->s->solved;
    *end = group_end(sh->s, sh->s->solved);
    return *end > 0;
}

Status slice_share_put(SliceShare *sh, uint64_t begin, char *err, size_t errlen) {
    char path[4400];
    solver_segment_path(sh->table, sh->s->set, begin, path, sizeof path);
    return slice_store_append_file(sh->s->store, path, err, errlen);
}

Status slice_share_solved(SliceShare *sh, uint64_t solved, char *err, size_t errlen) {
    Solver *s = sh->s;
    s->solved = solved;
    return solver_checkpoint(s, solved == s->group_start[SLICE_HOLE], err, errlen);
}

void slice_share_free(SliceShare *sh) {
    if (!sh) return;
    char err[600];
    if (sh->s && sh->s->store && sh->s->solved > sh->s->checkpointed)
        solver_checkpoint(sh->s, true, err, sizeof err); /* else the last one stands */
    if (sh->s) {
        slice_store_free(sh->s->store);
        solver_free(sh->s, 0);
    }
    free(sh);
}

/* Whether order[begin, begin + count) lies in one group: else the slices would read cells of
 * slices solved beside them. */
static bool in_one_group(const Solver *s, uint64_t begin, uint64_t count) {
    return count && begin + count <= group_end(s, begin);
}

Status solve_slice_range(const Variant *v, Tablebase *tb, const Material *m,
                         const SolveOptions *opt, uint64_t begin, uint64_t count, char *err,
                         size_t errlen) {
    int threads = solver_threads(opt);
    Solver *s = solver_new(v, tb, m, opt);
    if (!s) return STATUS_MEMORY;
    Status st = s->exits && solver_alloc_arrays(s, threads) ? STATUS_OK : STATUS_MEMORY;
    if (st == STATUS_OK && !in_one_group(s, begin, count)) {
        snprintf(err, errlen, "slices %" PRIu64 " to %" PRIu64 " of the order are not of one group",
                 begin, begin + count);
        st = STATUS_CORRUPT;
    }
    char path[4400];
    solver_scratch_path(opt->scratch, s->set, SCRATCH_CELLS, path, sizeof path);
    uint64_t cache = slice_store_cache_bytes(&s->ix);
    if (st == STATUS_OK)
        st = slice_store_open(path, &s->ix, s->order, false, SLICE_STORE_ALL, cache, &s->store, err,
                              errlen);
    solver_segment_path(opt->scratch, s->set, begin, path, sizeof path);
    if (st == STATUS_OK) /* a small cache: its blocks are never read */
        st = slice_store_open(path, &s->ix, s->order, true, 0, 0, &s->segment, err, errlen);
    if (st == STATUS_OK) st = solver_chunks(s, threads, begin, count, err, errlen);
    if (st == STATUS_OK) st = slice_store_sync(s->segment, err, errlen);
    if (st == STATUS_MEMORY && !s->worker[0].err[0]) snprintf(err, errlen, "out of memory");
    slice_store_free(s->store);
    slice_store_free(s->segment);
    free(s->cells);
    solver_free(s, threads);
    return st;
}
