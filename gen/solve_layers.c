/* The slices solved by layers of DTW, group by group (solver.h). */
#include "solver.h"

#include "parallel.h"
#include "value_memo.h"
#include "wall_clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INSIDE 250 /* open moves are counted in a byte */

/* An undecided cell (WDL_NONE, DTW field above 0) holds either the DTW of the fastest win
 * by leaving the slice, or the longest loss by leaving it (0 for none): a position that
 * can win by an exit never loses, so it needs only the first. */
static Cell pending_cell(int exit_win, int exit_loss) {
    int field = exit_win ? 2 * exit_win + 1 : 2 * exit_loss;
    return CELL_MAKE(WDL_NONE, field + 1);
}

static bool is_pending(Cell c) {
    return c != HOLE && CELL_WDL(c) == WDL_NONE;
}

static int pending_exit_win(Cell c) {
    int field = CELL_DTW(c) - 1;
    return field & 1 ? field >> 1 : 0;
}

static int pending_exit_loss(Cell c) {
    int field = CELL_DTW(c) - 1;
    return field & 1 ? 0 : field >> 1;
}

/* The local index of index g, a position of sl (of either side to move), and back. */
static uint64_t local_in(const Slice *sl, uint64_t g) {
    int side = g >= sl->s->ix.per_side;
    return g - sl->global[side] + sl->local[side];
}

static uint64_t global_in(const Slice *sl, uint64_t l) {
    int side = l >= sl->local[BLACK];
    return l - sl->local[side] + sl->global[side];
}

static Cell load(const Cell *c) {
    return __atomic_load_n(c, __ATOMIC_RELAXED);
}

static void note_layer(Solver *s, int thread, uint64_t i, int dtw) {
    Worker *w = &s->worker[thread];
    if (dtw > w->last_layer) w->last_layer = dtw;
    uint64_t bit = (uint64_t)1 << (dtw % 64), *mask = &s->span_dtws[i >> SPAN_BITS];
    if (!(__atomic_load_n(mask, __ATOMIC_RELAXED) & bit))
        __atomic_fetch_or(mask, bit, __ATOMIC_RELAXED);
}

/* Decides position i unless another thread did first. */
static void decide(Solver *s, int thread, uint64_t i, Cell value) {
    Cell expected = load(&s->cells[i]);
    while (is_pending(expected))
        if (__atomic_compare_exchange_n(&s->cells[i], &expected, value, true, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED)) {
            s->worker[thread].open--;
            note_layer(s, thread, i, CELL_DTW(value));
            return;
        }
}

static void set_bit(uint64_t *bits, uint64_t i) {
    __atomic_fetch_or(&bits[i / 64], (uint64_t)1 << (i % 64), __ATOMIC_RELAXED);
}

/* What leaving the slice gives: the best value over the exits (WDL_NONE for none), the
 * exits' fastest win and longest loss, and how many moves stay inside. */
typedef struct Exits {
    int inside, win, loss;
    Cell best;
} Exits;

/* The value of the position after p's k-th move m, for its side to move.  A man's step
 * that neither captures nor promotes keeps the material and reaches a finished slice.  m is
 * a capture or a man's step (movegen_men_changes), so a step to the promotion row promotes:
 * asking that alone costs less than movegen_keeps_material. */
static Status exit_value(Solver *s, int thread, const Position *p, int k, const Move *m,
                         Cell *child) {
    Position next;
    movegen_play(s->v, p, m, &next);
    if (!m->captured && !(bit_at(m->to) & s->v->board->promotion[p->side])) {
        Tools *tools = s->worker[thread].tools;
        uint64_t g = idx_encode_move(&s->ix, &tools->step_encoders, k, &next);
        if (!s->store) {
            *child = load(&s->cells[g]);
            return STATUS_OK;
        }
        return slice_store_read(s->store, g, child, s->worker[thread].err, sizeof s->worker->err);
    }
    char *err = s->worker[thread].err;
    return value_memo_probe(s->exits, &next, child, err, sizeof s->worker->err);
}

/* Looks up the exits of p, the moves of list, beside its `moves` - list->count moves that
 * stay inside. */
static Status classify_moves(Solver *s, int thread, const Position *p, int moves,
                             const MoveList *list, Exits *e) {
    *e = (Exits){moves - list->count, 0, 0, CELL_MAKE(WDL_NONE, 0)};
    for (int k = 0; k < list->count; k++) {
        Cell child;
        Status st = exit_value(s, thread, p, k, &list->move[k], &child);
        if (st != STATUS_OK) return st;
        Cell mine = tb_negate(child);
        int dtw = CELL_DTW(mine);
        if (tb_better(mine, e->best)) e->best = mine;
        if (CELL_WDL(mine) == WDL_WIN && (!e->win || dtw < e->win)) e->win = dtw;
        if (CELL_WDL(mine) == WDL_LOSS && dtw > e->loss) e->loss = dtw;
    }
    return STATUS_OK;
}

static void fail(Solver *s, int thread, Status st, const char *message) {
    Worker *w = &s->worker[thread];
    w->status = st;
    if (message) snprintf(w->err, sizeof w->err, "%s", message);
}

static bool same_placement(const Position *a, const Position *b) {
    return a->side == b->side && a->man[WHITE] == b->man[WHITE] && a->man[BLACK] == b->man[BLACK] &&
           a->king[WHITE] == b->king[WHITE] && a->king[BLACK] == b->king[BLACK];
}

/* movegen_men_changes for p into tools->list.  Frisian's king-move states are the index's
 * last digits, so the positions of one placement come in a row: their captures and men's
 * moves are the same, and only the quiet moves are counted again (bench/RESULTS.md, "The solver").
 */
static int men_changes(const Variant *v, Tools *tools, const Position *p) {
    MoveList *list = &tools->list;
    if (!same_placement(p, &tools->listed)) {
        tools->listed = *p;
        return movegen_men_changes(v, p, list);
    }
    return list->count && list->move[0].captured ? list->count : movegen_quiet_count(v, p);
}

/* Initialises the position of index g, at local index i. */
static void init_position(Solver *s, int thread, uint64_t i, uint64_t g) {
    Tools *tools = s->worker[thread].tools;
    MoveList *list = &tools->list;
    Position p;
    if (!idx_decode_near(&s->ix, &tools->decoder, g, &p)) {
        s->cells[i] = HOLE;
        set_bit(s->window_bits, i);
        return;
    }
    int moves = men_changes(s->v, tools, &p);
    if (list->overflow) return fail(s, thread, STATUS_MEMORY, "more moves than a list holds");
    Exits e;
    Status st = classify_moves(s, thread, &p, moves, list, &e);
    if (st != STATUS_OK) return fail(s, thread, st, NULL);
    if (e.inside > MAX_INSIDE) return fail(s, thread, STATUS_MEMORY, "over 250 quiet moves");
    if (list->count && list->move[0].captured) set_bit(s->window_bits, i);
    if (e.win) note_layer(s, thread, i, e.win);
    s->open_moves[i] = (uint8_t)(e.inside + (CELL_WDL(e.best) >= WDL_DRAW));
    s->cells[i] = pending_cell(e.win, e.loss);
    s->worker[thread].open++;
    if (e.inside == 0)
        decide(s, thread, i, CELL_WDL(e.best) == WDL_NONE ? CELL_MAKE(WDL_LOSS, 0) : e.best);
}

/* The local indices of ranks [begin, end) of a slice: a run for each side to move, whose
 * indices are the local ones plus `global` (modulo 2^64). */
typedef struct Run {
    uint64_t begin, end, global;
} Run;

static int slice_runs(const Slice *sl, uint64_t begin, uint64_t end, Run run[2]) {
    uint64_t size = sl->s->slice_size;
    int count = 0;
    for (int side = 0; side < 2; side++) {
        uint64_t low = begin > side * size ? begin : side * size;
        uint64_t high = end < (side + 1) * size ? end : (side + 1) * size;
        uint64_t base = sl->local[side] - side * size;
        if (low < high)
            run[count++] = (Run){base + low, base + high, sl->global[side] - sl->local[side]};
    }
    return count;
}

static void init_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    const Slice *sl = ctx;
    Run run[2];
    for (int r = slice_runs(sl, begin, end, run); r-- > 0;)
        for (uint64_t i = run[r].begin; i < run[r].end; i++)
            init_position(sl->s, thread, i, i + run[r].global);
}

/* Position i was decided at DTW layer-1; pass it to its predecessors in the slice.
 * Un-moves ignore whether a capture was pending before them: such a position was decided
 * at initialisation, so it is skipped like every decided one.  The predecessors' cells are
 * fetched from memory all at once before any is used. */
static void propagate(const Slice *sl, int thread, uint64_t i, Cell value) {
    Solver *s = sl->s;
    int layer = sl->layer;
    Tools *tools = s->worker[thread].tools;
    Position p;
    idx_decode_near(&s->ix, &tools->decoder, global_in(sl, i), &p);
    int count = unmove_king_indices(&s->ix, &tools->encoder, &p, tools->index);
    for (int k = 0; k < count; k++) tools->index[k] = local_in(sl, tools->index[k]);
    for (int k = 0; k < count; k++) __builtin_prefetch(&s->cells[tools->index[k]]);
    for (int k = 0; k < count; k++) {
        uint64_t j = tools->index[k];
        Cell before = load(&s->cells[j]);
        if (!is_pending(before)) continue;
        if (CELL_WDL(value) == WDL_LOSS) {
            decide(s, thread, j, CELL_MAKE(WDL_WIN, layer));
        } else if (__atomic_sub_fetch(&s->open_moves[j], 1, __ATOMIC_RELAXED) == 0) {
            int floor = pending_exit_loss(before);
            decide(s, thread, j, CELL_MAKE(WDL_LOSS, layer > floor ? layer : floor));
        }
    }
}

/* What a layer acts on in cell i: a position decided at the last layer passes it on, and
 * one whose fastest exit wins now is decided. */
static void layer_cell(const Slice *sl, int thread, uint64_t i) {
    Solver *s = sl->s;
    int layer = sl->layer;
    Cell c = load(&s->cells[i]);
    if (c == CELL_MAKE(WDL_WIN, layer - 1) || c == CELL_MAKE(WDL_LOSS, layer - 1))
        propagate(sl, thread, i, c);
    else if (is_pending(c) && pending_exit_win(c) == layer)
        decide(s, thread, i, CELL_MAKE(WDL_WIN, layer));
}

/* The cells layer_cell acts on are exactly those equal to one of three values, and most
 * layers act on few: so a layer compares eight cells at a time with the three, as one
 * vector (GCC's and Clang's vector extension: SSE2 on x86-64, NEON on ARM), and calls
 * layer_cell only for the cells that matched, in fewer instructions than a test of four
 * cells a 64-bit word (bench/RESULTS.md, "The solver").  Cells change under the
 * test, by other threads and by propagate, but only from pending to decided (a win at this
 * layer, a loss at this layer or a later one), never into a value the test looks for: a
 * cell that did not match has nothing to do, and the two halves of the eight may be read
 * at different moments, each by a relaxed 8-byte atomic load (a 16-byte one is not
 * lock-free).  The last layer's decisions are all seen: threads join between layers. */
enum { LANES = 8, LANE_BITS = 8 * sizeof(Cell) };

typedef Cell CellLanes __attribute__((vector_size(LANES * sizeof(Cell))));

typedef uint64_t CellHalves __attribute__((vector_size(sizeof(CellLanes))));

typedef uint64_t __attribute__((may_alias)) CellWord;

#define LANES_LOW 0x0001000100010001ull /* the lowest bit of each 16-bit lane */

_Static_assert(sizeof(Cell) == 2 && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
               "cell k of a half is its bits LANE_BITS k on");

/* The cells among cells[0..LANES) equal to want[0], [1] or [2]: bit LANE_BITS k for cell
 * k of each half. */
static void lanes_equal(const Cell *cells, const CellLanes want[3], uint64_t found[2]) {
    CellLanes lanes =
        (CellLanes)(CellHalves){__atomic_load_n((const CellWord *)cells, __ATOMIC_RELAXED),
                                __atomic_load_n((const CellWord *)cells + 1, __ATOMIC_RELAXED)};
    CellHalves hit = (CellHalves)((lanes == want[0]) | (lanes == want[1]) | (lanes == want[2]));
    found[0] = hit[0] & LANES_LOW;
    found[1] = hit[1] & LANES_LOW;
}

static void layer_span(const Slice *sl, int thread, uint64_t begin, uint64_t end) {
    int layer = sl->layer;
    CellLanes zero = {0}; /* plus a value, a vector of that value in every lane */
    const CellLanes want[3] = {zero + CELL_MAKE(WDL_WIN, layer - 1),
                               zero + CELL_MAKE(WDL_LOSS, layer - 1),
                               zero + pending_cell(layer, 0)};
    const Cell *cells = sl->s->cells;
    uint64_t i = begin;
    for (; i < end && i % LANES; i++) layer_cell(sl, thread, i);
    for (; i + LANES <= end; i += LANES) {
        uint64_t found[2];
        lanes_equal(&cells[i], want, found);
        for (int h = 0; h < 2; h++)
            for (uint64_t f = found[h]; f; f &= f - 1)
                layer_cell(sl, thread, i + LANES / 2 * h + bit_first(f) / LANE_BITS);
    }
    for (; i < end; i++) layer_cell(sl, thread, i);
}

static void layer_run(const Slice *sl, int thread, Run run) {
    Solver *s = sl->s;
    int layer = sl->layer;
    uint64_t wanted = (uint64_t)1 << ((layer - 1) % 64) | (uint64_t)1 << (layer % 64);
    for (uint64_t span = run.begin; span < run.end; span = (span | ((1u << SPAN_BITS) - 1)) + 1) {
        uint64_t stop = (span | ((1u << SPAN_BITS) - 1)) + 1;
        if (__atomic_load_n(&s->span_dtws[span >> SPAN_BITS], __ATOMIC_RELAXED) & wanted)
            layer_span(sl, thread, span, stop < run.end ? stop : run.end);
    }
}

static void layer_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    const Slice *sl = ctx;
    Run run[2];
    for (int r = slice_runs(sl, begin, end, run); r-- > 0;) layer_run(sl, thread, run[r]);
}

/* Positions still undecided when a slice's layers are done are draws. */
static void settle_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    (void)thread;
    const Slice *sl = ctx;
    Run run[2];
    for (int r = slice_runs(sl, begin, end, run); r-- > 0;)
        for (uint64_t i = run[r].begin; i < run[r].end; i++)
            if (is_pending(sl->s->cells[i])) sl->s->cells[i] = CELL_MAKE(WDL_DRAW, 0);
}

/* Runs fn over the ranks of sl: on workers 0..threads-1 when threads > 1, else on
 * worker `thread` alone. */
static void run_slice(Slice *sl, int thread, int threads, ParallelFn fn) {
    uint64_t ranks = 2 * sl->s->slice_size;
    if (threads > 1)
        parallel_for(threads, ranks, fn, sl);
    else
        fn(sl, thread, 0, ranks);
}

/* Progress: rewritten in place on a terminal (at most every LIVE_SECONDS), else a line
 * every PROGRESS_SECONDS.  Only thread 0, the caller's, reports.  The ply (layer) is shown
 * only while all threads share one slice: with a slice a thread it would be thread 0's
 * alone, and each slice's layers start again from 1.  The clock is read once
 * CLOCK_POSITIONS positions have been worked on since it was last: reading it after every
 * slice cost materials of many tiny slices a few percent (bench/RESULTS.md, "The solver"). */
#define PROGRESS_SECONDS 10.0

#define LIVE_SECONDS 0.2

#define CLOCK_POSITIONS (1u << 16)

/* Reports, if it is time, after a slice or a layer of one more was worked on. */
static void report(Solver *s, int layer) {
    const SolveOptions *opt = s->opt;
    if (!opt->progress || (s->unclocked += 2 * s->slice_size) < CLOCK_POSITIONS) return;
    s->unclocked = 0;
    double now = wall_seconds();
    if (now - s->reported < (opt->live ? LIVE_SECONDS : PROGRESS_SECONDS)) return;
    s->reported = now;
    char name[MATERIAL_NAME_MAX], ply[32] = "";
    material_name(&s->ix.m, name, sizeof name);
    if (layer) snprintf(ply, sizeof ply, ", ply %d", layer);
    fprintf(opt->progress, "%s%s: %llu of %llu men's placements solved%s, %.1f s%s",
            opt->live ? "\r" : "", name, (unsigned long long)s->solved,
            (unsigned long long)s->slice_count, ply, now - s->start, opt->live ? "   " : "\n");
    fflush(opt->progress);
}

/* Whether the slice the workers [first, last) solve has a layer `layer` to run: none of
 * them failed, a position is still pending, and a layer that far may decide one. */
static bool layer_due(const Solver *s, int first, int last, int layer) {
    int64_t open = 0;
    int last_layer = 0;
    for (int t = first; t < last; t++) {
        if (s->worker[t].status != STATUS_OK) return false;
        open += s->worker[t].open;
        if (s->worker[t].last_layer > last_layer) last_layer = s->worker[t].last_layer;
    }
    return open > 0 && layer <= last_layer + 1;
}

/* Solves the slice order[k] on worker `thread` alone, or shared by workers 0..threads-1
 * (reporting its plies). */
static void solve_slice(Solver *s, uint64_t k, int thread, int threads, bool shared) {
    int first = threads > 1 ? 0 : thread, last = threads > 1 ? threads : thread + 1;
    for (int t = first; t < last; t++) s->worker[t].last_layer = 0, s->worker[t].open = 0;
    Slice sl = solver_slice_at(s, k);
    run_slice(&sl, thread, threads, init_range);
    for (sl.layer = 1; layer_due(s, first, last, sl.layer); sl.layer++) {
        if (shared) report(s, sl.layer);
        run_slice(&sl, thread, threads, layer_range);
    }
    run_slice(&sl, thread, threads, settle_range);
}

/* A group of slices, order[first..], each solved by one thread. */
typedef struct Group {
    Solver *s;
    uint64_t first;
} Group;

static void solve_slices(void *ctx, int thread, uint64_t begin, uint64_t end) {
    const Group *g = ctx;
    for (uint64_t k = begin; k < end && g->s->worker[thread].status == STATUS_OK; k++) {
        solve_slice(g->s, g->first + k, thread, 1, false);
        if (thread == 0) report(g->s, 0);
    }
}

/* Sorts the slices by their group.  False when out of memory. */
static bool order_slices(SliceOrder *o, const uint8_t *rows) {
    uint64_t count = o->plan.slice_count;
    o->order = count <= UINT32_MAX ? malloc(count * sizeof *o->order) : NULL;
    if (!o->order) return false;
    for (uint64_t k = 0; k < count; k++) o->group_start[rows[k] + 1]++;
    uint64_t next[ROWS_MAX];
    for (int r = 0; r < ROWS_MAX; r++) {
        next[r] = o->group_start[r];
        o->group_start[r + 1] += o->group_start[r];
    }
    for (uint64_t k = 0; k < count; k++) o->order[next[rows[k]]++] = (uint32_t)k;
    return true;
}

SliceOrder *slice_order_new(const Indexer *ix) {
    SliceOrder *o = calloc(1, sizeof *o);
    uint8_t *rows = malloc(slice_count(ix));
    bool ok = o && rows && slice_plan_make(ix, &o->plan, rows) && order_slices(o, rows);
    free(rows);
    if (ok) return o;
    slice_order_free(o);
    return NULL;
}

void slice_order_free(SliceOrder *o) {
    if (o) free(o->order);
    free(o);
}

static Status first_error(Solver *s, int threads, char *err, size_t errlen) {
    for (int t = 0; t < threads; t++)
        if (s->worker[t].status != STATUS_OK) {
            if (err) snprintf(err, errlen, "%s", s->worker[t].err);
            return s->worker[t].status;
        }
    return STATUS_OK;
}

/* Solves the slices group by group.  Sharing a slice among the threads costs a thread
 * start for each of its layers, so a group's slices are shared out among the threads,
 * each solved by one, unless the group has too few slices to keep every thread busy (a
 * material without men has one): then its slices are solved one by one, each by all
 * threads.  Small slices are not worth sharing even so. */
#define SHARED_SLICE_MIN (1u << 20) /* positions */

/* Threads take slices in chunks of about this many positions, or one slice, so that tiny
 * slices do not each cost a contended atomic step (bench/RESULTS.md, "The solver"). */
#define SLICE_CHUNK 4096

static void solve_group(Solver *s, int threads, uint64_t begin, uint64_t count) {
    bool small = 2 * s->slice_size < SHARED_SLICE_MIN;
    uint64_t per_chunk = SLICE_CHUNK / (2 * s->slice_size) + 1;
    if (count >= 4 * (uint64_t)threads || (small && count >= (uint64_t)threads)) {
        parallel_for_chunks(threads, count, per_chunk, solve_slices, &(Group){s, begin});
    } else {
        for (uint64_t k = 0; k < count; k++) solve_slice(s, begin + k, 0, threads, true);
    }
}

/* Holes need no solving: nothing leads into them, and the prober never reads them.  In
 * slice groups they take no slot: the store reads a slice never stored as holes, unstored. */
static void settle_holes(Solver *s, uint64_t begin, uint64_t count) {
    for (uint64_t k = begin; s->unstored && k < begin + count; k++) {
        Slice sl = solver_slice_at(s, k);
        for (int side = 0; side < 2; side++)
            for (uint64_t rank = 0; rank < s->slice_size; rank++) {
                s->cells[sl.local[side] + rank] = HOLE;
                set_bit(s->unstored, sl.global[side] + rank);
            }
    }
}

/* Solves order[begin, begin + count), slices of one group: in slice groups, in chunks
 * that the window holds, each stored once solved. */
Status solver_chunks(Solver *s, int threads, uint64_t begin, uint64_t count, char *err,
                     size_t errlen) {
    uint64_t step = s->store ? s->chunk : count;
    Status st = STATUS_OK;
    for (uint64_t first = begin; first < begin + count && st == STATUS_OK; first += step) {
        uint64_t n = begin + count - first < step ? begin + count - first : step;
        if (s->store) {
            s->chunk_first = first;
            memset(s->span_dtws, 0, ((s->window >> SPAN_BITS) + 1) * sizeof *s->span_dtws);
            memset(s->window_bits, 0, bitmap_words(s->window) * sizeof *s->window_bits);
        }
        solve_group(s, threads, first, n);
        st = first_error(s, threads, err, errlen);
        if (st == STATUS_OK && s->store) st = solver_put_chunk(s, first, n, err, errlen);
        if (st == STATUS_OK && s->store) s->solved = first + n;
        if (st == STATUS_OK && s->store && !s->segment)
            st = solver_checkpoint(s, false, err, errlen);
    }
    return st;
}

/* Solves the slices from order[s->solved] on (0, or where a checkpoint says), and settles
 * the holes. */
Status solver_groups(Solver *s, int threads, char *err, size_t errlen) {
    Status st = STATUS_OK;
    uint64_t resume = s->solved;
    for (int r = 0; r < ROWS_MAX && st == STATUS_OK; r++) {
        uint64_t begin = s->group_start[r] > resume ? s->group_start[r] : resume;
        uint64_t end = s->group_start[r + 1];
        if (r == SLICE_HOLE)
            settle_holes(s, s->group_start[r], end - s->group_start[r]);
        else if (end > begin)
            st = solver_chunks(s, threads, begin, end - begin, err, errlen);
        if (end > s->solved) s->solved = end;
    }
    return st;
}
