/* Solving a material whole or in slice groups: the solver's memory, its arrays, and the
 * draw rules' cut (solver.h). */
#include "solver.h"

#include "draw_rules.h"
#include "parallel.h"
#include "value_memo.h"
#include "wall_clock.h"

#include <stdlib.h>
#include <string.h>

/* Under the draw rules a result past the material's horizon is a draw (draw_rules.h).  In
 * memory the cut runs over every cell; in slice groups the store applies it to the cells
 * read from it, its blocks being as the slices after them read them, uncut. */
static void cut_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    (void)thread;
    Solver *s = ctx;
    int horizon[2];
    for (int side = 0; side < 2; side++) horizon[side] = draw_horizon(s->v, &s->ix.m, side);
    for (uint64_t i = begin; i < end; i++)
        s->cells[i] = draw_cut(s->cells[i], horizon[i / s->ix.per_side]);
}

static void cut_all(Solver *s, int threads) {
    if (!s->store) {
        parallel_for(threads, s->ix.size, cut_range, s);
        return;
    }
    int horizon[2];
    for (int side = 0; side < 2; side++) horizon[side] = draw_horizon(s->v, &s->ix.m, side);
    slice_store_cut(s->store, horizon);
}

/* The arrays for a window of `window` positions. */
uint64_t solver_window_bytes(uint64_t window) {
    return window * (sizeof(Cell) + 1) + ((window >> SPAN_BITS) + 1) * 8 + bitmap_words(window) * 8;
}

/* Each file's last block on disk partly filled, as solve_scratch_held counts them. */
#define DISK_BLOCK 4096

uint64_t solve_scratch_bytes(const Indexer *ix, const SlicePlan *plan, int sets) {
    uint64_t groups = 0;
    for (int r = 0; r < SLICE_HOLE; r++) groups += plan->group[r] > 0;
    return (uint64_t)sets * (slice_store_estimate(ix, groups) + SCRATCH_FILES * DISK_BLOCK);
}

uint64_t solve_bytes(const Indexer *ix) {
    return solver_window_bytes(ix->size) + slice_count(ix) * (sizeof(uint32_t) + 1);
}

/* A window of the least slices the store takes at once, the order of the slices (and their rows
 * while sorted), and the store (its directory and cache of decoded blocks). */
uint64_t solve_slice_bytes(const Indexer *ix, const SlicePlan *plan) {
    uint64_t window = slice_store_least_slices(ix) * plan->slice_size;
    return solver_window_bytes(2 * window) + plan->slice_count * (sizeof(uint32_t) + 1) +
           slice_store_bytes(ix);
}

static bool alloc_tools(Solver *s, int threads) {
    for (int t = 0; t < threads; t++) {
        Tools *tools = s->worker[t].tools = malloc(sizeof *tools);
        if (!tools) return false;
        tools->decoder = tools->encoder = IDX_CURSOR_START;
        idx_move_cursors_start(&tools->step_encoders);
        tools->list.paths = NULL;
        pos_clear(&tools->listed); /* no placement: a decoded position has pieces */
    }
    return true;
}

/* The slices of a chunk: as many as opt->window_extra gives room for beside the least the
 * store takes at once (slice_store_least_slices), no more than the largest group holds. */
static uint64_t chunk_slices(const Solver *s, const SlicePlan *plan) {
    uint64_t largest = 1, per_slice = solver_window_bytes(2 * s->slice_size);
    for (int r = 0; r < SLICE_HOLE; r++)
        if (plan->group[r] > largest) largest = plan->group[r];
    uint64_t chunk = slice_store_least_slices(&s->ix) + s->opt->window_extra / per_slice;
    return chunk < largest ? chunk : largest;
}

/* Takes the slices' order kept by the caller, or makes one.  False when out of memory. */
bool solver_plan_slices(Solver *s) {
    s->own_order = s->opt->order ? NULL : slice_order_new(&s->ix);
    s->slices = s->opt->order ? s->opt->order : s->own_order;
    if (!s->slices) return false;
    s->slice_count = s->slices->plan.slice_count;
    s->slice_size = s->slices->plan.slice_size;
    s->order = s->slices->order;
    s->group_start = s->slices->group_start;
    return true;
}

/* Lays out the window (see Solver) and allocates its arrays. */
bool solver_alloc_arrays(Solver *s, int threads) {
    if (!solver_plan_slices(s)) return false;
    s->chunk = chunk_slices(s, &s->slices->plan);
    bool sliced = s->opt->scratch != NULL;
    s->window = sliced ? s->chunk * 2 * s->slice_size : s->ix.size;
    s->side_stride = sliced ? s->chunk * s->slice_size : s->ix.per_side;
    s->slot_stride = s->slice_size;
    s->cells = malloc(s->window * sizeof *s->cells + 1);
    s->open_moves = malloc(s->window + 1);
    s->window_bits = calloc(bitmap_words(s->window), sizeof *s->window_bits);
    s->unstored = sliced ? NULL : s->window_bits;
    s->span_dtws = calloc((s->window >> SPAN_BITS) + 1, sizeof *s->span_dtws);
    return s->cells && s->open_moves && s->window_bits && s->span_dtws && alloc_tools(s, threads);
}

void solver_free(Solver *s, int threads) {
    if (s->exits != s->opt->exits) value_memo_free(s->exits);
    free(s->open_moves);
    free(s->span_dtws);
    if (s->window_bits != s->unstored) free(s->window_bits); /* else the table's, solved whole */
    slice_order_free(s->own_order);
    for (int t = 0; t < threads; t++) free(s->worker[t].tools);
    free(s);
}

/* In slice groups, the window's cells give way to the store's, all of them. */
static Status solve_all(Solver *s, int threads, char *err, size_t errlen) {
    Status status = solver_alloc_arrays(s, threads) ? STATUS_OK : STATUS_MEMORY;
    if (status == STATUS_OK && s->opt->scratch) status = solver_open_scratch(s, err, errlen);
    if (status == STATUS_OK) status = solver_groups(s, threads, err, errlen);
    if (s->store) {
        free(s->cells);
        s->cells = NULL;
    }
    if (status == STATUS_OK && s->set == VALUES_OFFICIAL) cut_all(s, threads);
    return status;
}

/* A solver of m, its exits read through tb (none when NULL), before any array is laid out. */
Solver *solver_new(const Variant *v, Tablebase *tb, const Material *m, const SolveOptions *opt) {
    Solver *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->v = v;
    s->set = opt->set;
    s->opt = opt;
    s->exits = opt->exits ? opt->exits
               : tb       ? value_memo_new(tb, v, opt->set, opt->exit_memory)
                          : NULL;
    idx_init(&s->ix, v, m);
    s->start = s->reported = wall_seconds();
    return s;
}

int solver_threads(const SolveOptions *opt) {
    return opt->threads < 1 ? 1 : opt->threads > MAX_THREADS ? MAX_THREADS : opt->threads;
}

Status solve_material(const Variant *v, Tablebase *tb, const Material *m, const SolveOptions *opt,
                      SolvedTable *out, char *err, size_t errlen) {
    int threads = solver_threads(opt);
    Solver *s = solver_new(v, tb, m, opt);
    if (!s) return STATUS_MEMORY;
    Status status = s->exits ? STATUS_OK : STATUS_MEMORY;
    if (status == STATUS_OK) status = solve_all(s, threads, err, errlen);
    if (status == STATUS_MEMORY && !s->worker[0].err[0]) snprintf(err, errlen, "out of memory");
    SolvedTable solved = {s->cells, s->unstored, s->store};
    if (status == STATUS_OK)
        *out = solved;
    else
        solved_table_free(&solved);
    solver_free(s, threads);
    return status;
}

void solved_table_free(SolvedTable *t) {
    if (t->store) {
        slice_store_free(t->store);
    } else {
        free(t->cells);
        free(t->unstored);
    }
    *t = (SolvedTable){NULL, NULL, NULL};
}
