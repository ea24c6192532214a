/* Retrograde analysis by layers of DTW.
 *
 * Initialisation looks at every position's moves once.  A position with a capture pending
 * leaves the material with every move, so its value follows at once from the finished
 * tables it converts into (each successor looked up once, probe/value_memo.h); so do
 * promotions.  Other quiet moves stay inside and are only counted, not listed.  Layer n then takes
 * every position decided at DTW n-1 and walks its predecessors (un-moves): a loss makes
 * each predecessor a win at n; a win takes one off each predecessor's count of open moves,
 * and a predecessor whose count reaches zero is a loss at DTW 1 + its longest successor.
 * Layers run in increasing DTW, so the first win found is the fastest and the last count
 * down the longest defence.  Positions never decided are draws.
 *
 * Memory is 3 bytes and a bit per position: the cell, the count of open moves, and the
 * bitmap of positions the prober never reads.  An undecided cell carries what leaving the
 * material gives (see pending_cell), so no other array is needed. */
#include "solve.h"

#include "draw_rules.h"
#include "movegen.h"
#include "parallel.h"
#include "unmove.h"
#include "value_memo.h"
#include "wall_clock.h"

#include <stdlib.h>
#include <string.h>

#define HOLE        CELL_MAKE(WDL_NONE, 0)
#define MAX_THREADS 64
#define MAX_INSIDE  250 /* open moves are counted in a byte */

/* Most layers decide few positions, so each span of 2^SPAN_BITS positions keeps a mask of
 * the DTWs (modulo 64) decided or pending in it, and a layer skips the spans it has
 * nothing in.  Spans of 2^10 rather than 2^12 scan 21% fewer instructions' worth of cells
 * (an 8x8 4-piece material), for a byte of masks per 128 positions. */
#define SPAN_BITS 10

/* An undecided cell (WDL_NONE, DTW field above 0) holds either the DTW of the fastest win
 * by leaving the material, or the longest loss by leaving it (0 for none): a position that
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

/* What each thread counts, a cache line apart so that threads do not slow each other. */
typedef struct Worker {
    _Alignas(64) int last_layer; /* highest DTW decided or pending */
    uint64_t decided, holes;
    TableStatus status;
    char err[256];
} Worker;

typedef struct Solver {
    const Variant *v;
    ValueMemo *exits; /* values of the positions captures and promotions lead to */
    Indexer ix;
    int set;
    Cell *cells;
    uint8_t *open_moves; /* moves not yet known to lose, plus 1 for an exit that is not */
    uint64_t *unstored;  /* capture pending or hole: the prober never reads these */
    uint64_t *span_dtws; /* per span: bit d % 64 for each DTW d decided or pending there */
    int layer;
    double start, reported;
    Worker worker[MAX_THREADS];
} Solver;

/* One thread's room for walking un-moves. */
typedef struct Walk {
    IdxCursor decoder, encoder;
    Position preds[UNMOVE_MAX];
    uint64_t index[UNMOVE_MAX];
} Walk;

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
            s->worker[thread].decided++;
            note_layer(s, thread, i, CELL_DTW(value));
            return;
        }
}

static void mark_unstored(Solver *s, uint64_t i) {
    __atomic_fetch_or(&s->unstored[i / 64], (uint64_t)1 << (i % 64), __ATOMIC_RELAXED);
}

/* What leaving the material gives: the best value over the exits (WDL_NONE for none),
 * the exits' fastest win and longest loss, and how many moves stay inside. */
typedef struct Exits {
    int inside, win, loss;
    Cell best;
} Exits;

/* Looks up the exits of p, the moves of list, beside its `moves` - list->count moves that
 * stay inside. */
static TableStatus classify_moves(Solver *s, int thread, const Position *p, int moves,
                                  const MoveList *list, Exits *e) {
    *e = (Exits){moves - list->count, 0, 0, CELL_MAKE(WDL_NONE, 0)};
    for (int k = 0; k < list->count; k++) {
        Position next;
        Cell child;
        movegen_play(s->v, p, &list->move[k], &next);
        char *err = s->worker[thread].err;
        TableStatus st = value_memo_probe(s->exits, &next, &child, err, sizeof s->worker->err);
        if (st != TABLE_OK) return st;
        Cell mine = tb_negate(child);
        int dtw = CELL_DTW(mine);
        if (tb_better(mine, e->best)) e->best = mine;
        if (CELL_WDL(mine) == WDL_WIN && (!e->win || dtw < e->win)) e->win = dtw;
        if (CELL_WDL(mine) == WDL_LOSS && dtw > e->loss) e->loss = dtw;
    }
    return TABLE_OK;
}

static void fail(Solver *s, int thread, TableStatus st, const char *message) {
    Worker *w = &s->worker[thread];
    w->status = st;
    if (message) snprintf(w->err, sizeof w->err, "%s", message);
}

static void init_position(Solver *s, int thread, uint64_t i, IdxCursor *cur, MoveList *list) {
    Position p;
    if (!idx_decode_near(&s->ix, cur, i, &p)) {
        s->cells[i] = HOLE;
        mark_unstored(s, i);
        s->worker[thread].holes++;
        return;
    }
    int moves = movegen_material_changes(s->v, &p, list);
    if (list->overflow) return fail(s, thread, TABLE_ERR_MEMORY, "more moves than a list holds");
    Exits e;
    TableStatus st = classify_moves(s, thread, &p, moves, list, &e);
    if (st != TABLE_OK) return fail(s, thread, st, NULL);
    if (e.inside > MAX_INSIDE) return fail(s, thread, TABLE_ERR_MEMORY, "over 250 quiet moves");
    if (list->count && list->move[0].captured) mark_unstored(s, i);
    if (e.win) note_layer(s, thread, i, e.win);
    s->open_moves[i] = (uint8_t)(e.inside + (CELL_WDL(e.best) >= WDL_DRAW));
    s->cells[i] = pending_cell(e.win, e.loss);
    if (e.inside == 0)
        decide(s, thread, i, CELL_WDL(e.best) == WDL_NONE ? CELL_MAKE(WDL_LOSS, 0) : e.best);
}

static void init_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    Solver *s = ctx;
    MoveList *list = malloc(sizeof *list);
    if (!list) return fail(s, thread, TABLE_ERR_MEMORY, "out of memory");
    list->paths = NULL;
    IdxCursor cur = IDX_CURSOR_START;
    for (uint64_t i = begin; i < end && s->worker[thread].status == TABLE_OK; i++)
        init_position(s, thread, i, &cur, list);
    free(list);
}

/* Position i was decided at DTW layer-1; pass it to its predecessors.  Un-moves ignore
 * whether a capture was pending before them: such a position was decided at
 * initialisation, so it is skipped like every decided one.  The predecessors' cells are
 * fetched from memory all at once before any is used. */
static void propagate(Solver *s, int thread, uint64_t i, Cell value, Walk *walk) {
    Position p;
    idx_decode_near(&s->ix, &walk->decoder, i, &p);
    int count = unmove_predecessors(s->v, &p, walk->preds);
    for (int k = 0; k < count; k++) {
        walk->index[k] = idx_encode_near(&s->ix, &walk->encoder, &walk->preds[k]);
        __builtin_prefetch(&s->cells[walk->index[k]]);
    }
    for (int k = 0; k < count; k++) {
        uint64_t j = walk->index[k];
        Cell before = load(&s->cells[j]);
        if (!is_pending(before)) continue;
        if (CELL_WDL(value) == WDL_LOSS) {
            decide(s, thread, j, CELL_MAKE(WDL_WIN, s->layer));
        } else if (__atomic_sub_fetch(&s->open_moves[j], 1, __ATOMIC_RELAXED) == 0) {
            int floor = pending_exit_loss(before);
            decide(s, thread, j, CELL_MAKE(WDL_LOSS, s->layer > floor ? s->layer : floor));
        }
    }
}

/* What a layer acts on in cell i: a position decided at the last layer passes it on, and
 * one whose fastest exit wins now is decided. */
static void layer_cell(Solver *s, int thread, uint64_t i, Walk *walk) {
    Cell c = load(&s->cells[i]);
    if (c == CELL_MAKE(WDL_WIN, s->layer - 1) || c == CELL_MAKE(WDL_LOSS, s->layer - 1))
        propagate(s, thread, i, c, walk);
    else if (is_pending(c) && pending_exit_win(c) == s->layer)
        decide(s, thread, i, CELL_MAKE(WDL_WIN, s->layer));
}

/* The cells layer_cell acts on are exactly those equal to one of three values, and most
 * layers act on few: so a layer tests four cells at a time, whether any of their 16-bit
 * lanes equals one of the three (the lane minus 1 borrows only from a zero lane), and
 * looks at the four one by one only then.  Cells change under the test, by other threads
 * and by propagate, but only from pending to decided (a win at this layer, a loss at this
 * layer or a later one), never into a value the test looks for. */
typedef uint64_t __attribute__((may_alias)) CellWord;
#define LANES_ONE  0x0001000100010001ull
#define LANES_HIGH 0x8000800080008000ull

static uint64_t lanes_equal_any(uint64_t word, uint64_t a, uint64_t b, uint64_t c) {
    uint64_t x = word ^ a, y = word ^ b, z = word ^ c;
    return ((x - LANES_ONE) & ~x) | ((y - LANES_ONE) & ~y) | ((z - LANES_ONE) & ~z);
}

static void layer_span(Solver *s, int thread, uint64_t begin, uint64_t end, Walk *walk) {
    uint64_t won = CELL_MAKE(WDL_WIN, s->layer - 1) * LANES_ONE,
             lost = CELL_MAKE(WDL_LOSS, s->layer - 1) * LANES_ONE,
             exit_win = pending_cell(s->layer, 0) * LANES_ONE;
    uint64_t i = begin;
    for (; i < end && i % 4; i++) layer_cell(s, thread, i, walk);
    for (; i + 4 <= end; i += 4) {
        uint64_t word = __atomic_load_n((const CellWord *)&s->cells[i], __ATOMIC_RELAXED);
        if (lanes_equal_any(word, won, lost, exit_win) & LANES_HIGH)
            for (int k = 0; k < 4; k++) layer_cell(s, thread, i + k, walk);
    }
    for (; i < end; i++) layer_cell(s, thread, i, walk);
}

static void layer_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    Solver *s = ctx;
    Walk *walk = malloc(sizeof *walk);
    if (!walk) return fail(s, thread, TABLE_ERR_MEMORY, "out of memory");
    walk->decoder = walk->encoder = IDX_CURSOR_START;
    uint64_t wanted = (uint64_t)1 << ((s->layer - 1) % 64) | (uint64_t)1 << (s->layer % 64);
    for (uint64_t span = begin; span < end; span = (span | ((1u << SPAN_BITS) - 1)) + 1) {
        uint64_t stop = (span | ((1u << SPAN_BITS) - 1)) + 1;
        if (__atomic_load_n(&s->span_dtws[span >> SPAN_BITS], __ATOMIC_RELAXED) & wanted)
            layer_span(s, thread, span, stop < end ? stop : end, walk);
    }
    free(walk);
}

static int last_layer(const Solver *s, int threads) {
    int last = 0;
    for (int t = 0; t < threads; t++)
        if (s->worker[t].last_layer > last) last = s->worker[t].last_layer;
    return last;
}

static TableStatus first_error(Solver *s, int threads, char *err, size_t errlen) {
    for (int t = 0; t < threads; t++)
        if (s->worker[t].status != TABLE_OK) {
            snprintf(err, errlen, "%s", s->worker[t].err);
            return s->worker[t].status;
        }
    return TABLE_OK;
}

/* Progress: rewritten in place on a terminal, else a line every PROGRESS_SECONDS. */
#define PROGRESS_SECONDS 10.0

static void report(Solver *s, const SolveOptions *opt, int threads) {
    double now = wall_seconds();
    if (!opt->progress || (!opt->live && now - s->reported < PROGRESS_SECONDS)) return;
    s->reported = now;
    uint64_t decided = 0, holes = 0;
    for (int t = 0; t < threads; t++) decided += s->worker[t].decided, holes += s->worker[t].holes;
    char name[MATERIAL_NAME_MAX];
    material_name(&s->ix.m, name, sizeof name);
    fprintf(opt->progress, "%s%s: ply %d, %.0f%% of %llu positions decided, %.1f s%s",
            opt->live ? "\r" : "", name, s->layer,
            100.0 * (double)decided / (double)(s->ix.size - holes + !(s->ix.size - holes)),
            (unsigned long long)(s->ix.size - holes), now - s->start, opt->live ? "   " : "\n");
    fflush(opt->progress);
}

/* Undecided positions are draws; under the draw rules a result past the material's
 * horizon is a draw too (draw_rules.h). */
static void finish_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    (void)thread;
    Solver *s = ctx;
    int horizon[2] = {0, 0};
    if (s->set == VALUES_RULES)
        for (int side = 0; side < 2; side++) horizon[side] = draw_horizon(s->v, &s->ix.m, side);
    for (uint64_t i = begin; i < end; i++) {
        if (is_pending(s->cells[i])) s->cells[i] = CELL_MAKE(WDL_DRAW, 0);
        s->cells[i] = draw_cut(s->cells[i], horizon[i / s->ix.per_side]);
    }
}

uint64_t solve_bytes(const Indexer *ix) {
    return ix->size * (sizeof(Cell) + 1) + (ix->size / 64 + (ix->size >> SPAN_BITS) + 2) * 8;
}

static bool alloc_arrays(Solver *s) {
    uint64_t n = s->ix.size;
    s->cells = malloc(n * sizeof *s->cells);
    s->open_moves = malloc(n);
    s->unstored = calloc((n + 63) / 64, sizeof *s->unstored);
    s->span_dtws = calloc((n >> SPAN_BITS) + 1, sizeof *s->span_dtws);
    return s->cells && s->open_moves && s->unstored && s->span_dtws;
}

TableStatus solve_material(const Variant *v, Tablebase *tb, const Material *m,
                           const SolveOptions *opt, SolvedTable *out, char *err, size_t errlen) {
    int threads = opt->threads < 1 ? 1 : opt->threads > MAX_THREADS ? MAX_THREADS : opt->threads;
    Solver *s = calloc(1, sizeof *s);
    if (!s) return TABLE_ERR_MEMORY;
    s->v = v;
    s->set = opt->set;
    s->exits = value_memo_new(tb, v, opt->set, opt->exit_memory);
    idx_init(&s->ix, v, m);
    s->start = s->reported = wall_seconds();
    TableStatus status = s->exits && alloc_arrays(s) ? TABLE_OK : TABLE_ERR_MEMORY;
    if (status == TABLE_OK) {
        parallel_for(threads, s->ix.size, init_range, s);
        status = first_error(s, threads, err, errlen);
    }
    value_memo_free(s->exits);
    for (s->layer = 1; status == TABLE_OK && s->layer <= last_layer(s, threads) + 1; s->layer++) {
        report(s, opt, threads);
        parallel_for(threads, s->ix.size, layer_range, s);
        status = first_error(s, threads, err, errlen);
    }
    if (status == TABLE_OK) parallel_for(threads, s->ix.size, finish_range, s);
    if (status == TABLE_ERR_MEMORY && !s->worker[0].err[0]) snprintf(err, errlen, "out of memory");
    free(s->open_moves);
    free(s->span_dtws);
    if (status == TABLE_OK) {
        *out = (SolvedTable){s->cells, s->unstored};
    } else {
        free(s->cells);
        free(s->unstored);
    }
    free(s);
    return status;
}
