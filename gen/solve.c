/* Retrograde analysis by slices, and in each slice by layers of DTW.
 *
 * A slice is every position of one placement of the men, with either side to move.  Men
 * only step forward, so a man's step leads to a slice whose men have fewer rows to go, and
 * only the kings' quiet moves stay in a slice.  Slices are solved in order of the rows
 * their men have to go, fewest first, so that every man's step out of a slice reaches a
 * finished one; slices the same rows from promotion do not reach each other and are solved
 * side by side.  A slice is small (its kings' placements), so its layers work in the cache.
 *
 * Initialisation looks at every position's moves once.  A capture, a promotion and a
 * man's step leave the slice, so their values follow from finished tables (each successor
 * looked up once, probe/value_memo.h) or finished slices: a position with a capture
 * pending is decided at once.  The kings' quiet moves stay inside and are only counted,
 * not listed.  Layer n then takes every position of the slice decided at DTW n-1 and walks
 * its predecessors (king un-moves): a loss makes each predecessor a win at n; a win takes
 * one off each predecessor's count of open moves, and a predecessor whose count reaches
 * zero is a loss at DTW 1 + its longest successor.  Layers run in increasing DTW, so the
 * first win found is the fastest and the last count down the longest defence.  Positions
 * never decided are draws.
 *
 * Memory is 3 bytes and a bit per position: the cell, the count of open moves, and the
 * bitmap of positions the prober never reads; and 4 bytes a slice for their order (one
 * more while they are sorted).  An undecided cell carries what leaving the slice gives
 * (see pending_cell), so no other array is needed.
 *
 * In slice groups (SolveOptions.scratch) the 3 bytes are kept only for a chunk of a group,
 * as many slices as the memory given allows, at least one: each chunk finished is written
 * to a scratch file (slice_file.h), mapped whole, from which the slices after it read what
 * their men's steps lead to; the bitmap is a second one, to which each chunk's bits are
 * copied with its cells (put_chunk).  The process holds only the pages of those files it
 * read or wrote since it last let them go, every RELEASE_POSITIONS positions solved.  After
 * a chunk, from time to time (see checkpoint), both files are synced and a checkpoint
 * (slice_checkpoint.h) records how far the order got, so that a run cut short is continued
 * after its last checkpointed chunk (see resume_point for why that gives the same cells).
 * The groups' slices can also be shared out over processes, which solve ranges of one group
 * at a time (SliceShare in solve.h, for dtb-gen --mpi). */
#include "solve.h"

#include "draw_rules.h"
#include "dtb.h"
#include "movegen.h"
#include "parallel.h"
#include "slice_checkpoint.h"
#include "slice_file.h"
#include "slice_plan.h"
#include "table_format.h"
#include "unmove.h"
#include "value_memo.h"
#include "wall_clock.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#define HOLE        CELL_MAKE(WDL_NONE, 0)
#define MAX_THREADS 64
#define MAX_INSIDE  250 /* open moves are counted in a byte */
#define ROWS_MAX    (SLICE_ROWS_MAX + 1)

/* Most layers decide few positions, so each span of 2^SPAN_BITS positions keeps a mask of
 * the DTWs (modulo 64) decided or pending in it, and a layer skips the spans it has
 * nothing in.  Spans of 2^10 rather than 2^12 scan 21% fewer instructions' worth of cells
 * (an 8x8 4-piece material, with a scan of four cells a step), for a byte of masks per 128
 * positions; 2^8 saved another 0.3-0.7% of the instructions with the scan of eight.  A span may
 * hold several small slices; their bits only make a layer look at a span in vain. */
#define SPAN_BITS 10

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

/* One thread's room for walking un-moves and listing moves. */
typedef struct Tools {
    IdxCursor decoder, encoder;
    IdxMoveCursors step_encoders; /* a slice's positions are initialised in index order */
    uint64_t index[UNMOVE_MAX];
    MoveList list;
    Position listed; /* the placement and side to move whose men's changes list holds */
} Tools;

/* What each thread counts, a cache line apart so that threads do not slow each other.
 * last_layer and open concern the slice being solved. */
typedef struct Worker {
    _Alignas(64) int last_layer; /* highest DTW decided or pending */
    int64_t open;                /* positions left pending, less those decided since */
    Tools *tools;
    Status status;
    char err[256];
} Worker;

/* The solver's arrays hold a window of the slices, each slice at a slot: in memory every
 * slice at its own, laid out as the index (so the window is the table), and in slice groups
 * the chunk being solved, slot k for its k-th slice, laid out as the index too: White to
 * move in every slot, then Black, so that slices in a row in the index, as a group's often
 * are, go to the scratch file in one write each side (MMMvMM, 14 M slices of one position,
 * took 3.1 times as long as whole with two writes a slice).  A position's place in the
 * arrays is its local index, side x side_stride + slot x slot_stride + its rank in its slice
 * and side. */
typedef struct Solver {
    const Variant *v;
    ValueMemo *exits; /* values of the positions captures and promotions lead to */
    Indexer ix;
    int set;
    Cell *cells;           /* by local index */
    uint8_t *open_moves;   /* by local index: moves not yet known to lose, plus 1 for an exit
                            * that is not */
    uint64_t *unstored;    /* by index: capture pending or hole: the prober never reads these */
    uint64_t *window_bits; /* by local index, the window's part of unstored: in memory
                            * unstored itself, in slice groups copied there (put_chunk) */
    uint64_t *range_bits;  /* solve_slice_range: where its range's bits go, or NULL */
    uint64_t range_begin;  /* and where in order the range starts */
    const Cell *finished;  /* by index: the scratch file's cells, or NULL: all in memory */
    uint64_t *span_dtws;   /* per span of local indices: bit d % 64 for each DTW d decided or
                            * pending there */
    uint64_t slice_size;   /* positions of a slice with one side to move */
    uint64_t slice_count;
    uint64_t chunk_first;              /* in slice groups, where in order the chunk starts */
    uint64_t side_stride, slot_stride; /* of local indices */
    uint64_t window;                   /* positions the arrays hold */
    uint64_t chunk;                    /* slices solved at once in slice groups */
    SliceFile *file, *bits;            /* the scratch files of cells and of unstored */
    uint64_t unreleased;               /* positions solved since they were let go */
    const SliceOrder *slices;          /* opt->order, or own_order */
    SliceOrder *own_order;             /* made here when the caller keeps none */
    const uint32_t *order;             /* slices->order */
    const uint64_t *group_start;       /* slices->group_start */
    uint64_t solved;                   /* slices, in order */
    uint64_t checkpointed;             /* slices the last checkpoint says are solved */
    char checkpoint[4400];             /* in slice groups, the checkpoint's path */
    char work[1024];                   /* and the work it names (slice_checkpoint.h) */
    const SolveOptions *opt;
    double start, reported;
    /* in slice groups, when the last checkpoint was written, and the seconds it took */
    double checkpoint_end, checkpoint_cost;
    uint64_t unclocked; /* positions worked on since report read the clock: thread 0's alone */
    Worker worker[MAX_THREADS];
} Solver;

/* A slice being solved, by one thread or by all.  Its positions are counted by rank: ranks
 * [0, slice_size) have White to move, at indices from global[WHITE] on and local indices
 * from local[WHITE] on, and the next slice_size Black. */
typedef struct Slice {
    Solver *s;
    uint64_t global[2], local[2];
    int layer;
} Slice;

/* The index of the first position of slice order[k] with `side` to move. */
static uint64_t slice_index(const Solver *s, uint64_t k, int side) {
    return side * s->ix.per_side + s->order[k] * s->slice_size;
}

/* Where the bits of that slice side are in the bits of a range of the order from `begin`
 * (solve_slice_range): slice by slice in order, White to move first. */
static uint64_t range_offset(const Solver *s, uint64_t begin, uint64_t k, int side) {
    return ((k - begin) * 2 + side) * s->slice_size;
}

/* The slice order[k]. */
static Slice slice_at(Solver *s, uint64_t k) {
    uint64_t slice = s->order[k], slot = s->file ? k - s->chunk_first : slice;
    Slice sl = {s, {0, 0}, {0, 0}, 0};
    for (int side = 0; side < 2; side++) {
        sl.global[side] = slice_index(s, k, side);
        sl.local[side] = side * s->side_stride + slot * s->slot_stride;
    }
    return sl;
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

/* The words of a bitmap of `positions` bits. */
static uint64_t bitmap_words(uint64_t positions) {
    return positions / 64 + 1;
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
        *child = load(s->finished ? &s->finished[g] : &s->cells[g]);
        return STATUS_OK;
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
 * moves are the same, and only the quiet moves are counted again.  Frisian's KMvKM (16
 * states a placement) solved in 17.6 s rather than 20.9 (2 threads). */
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
 * layer_cell only for the cells that matched.  Against the former test of four cells a
 * 64-bit word (SWAR, all four looked at after any match), the scan and the calls took 38%
 * fewer instructions (Frisian2 KMvKM: 5% of its whole build).  Cells change under the
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
 * slice was 3.7% of the time of Frisian2's MMMvMM, 14 M slices of two positions. */
#define PROGRESS_SECONDS 10.0
#define LIVE_SECONDS     0.2
#define CLOCK_POSITIONS  (1u << 16)

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

/* The pages of the scratch files are let go after this many positions solved: a position
 * reads a cell for each step of a man, a page of 2048 of them, so that even read one a page
 * the pages held stay below a few hundred MiB. */
#define RELEASE_POSITIONS (1u << 22)

static void release(const Solver *s) {
    slice_file_release(s->file);
    slice_file_release(s->bits);
}

/* Lets the scratch files' pages go, if it is time, after a slice was solved (thread 0). */
static void release_due(Solver *s) {
    if (s->file && (s->unreleased += 2 * s->slice_size) >= RELEASE_POSITIONS) {
        s->unreleased = 0;
        release(s);
    }
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
    Slice sl = slice_at(s, k);
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
        if (thread == 0) report(g->s, 0), release_due(g->s);
    }
}

/* The slices of a material, fewest rows to go first (slice_plan.h), holes last. */
struct SliceOrder {
    SlicePlan plan;
    uint32_t *order;
    uint64_t group_start[ROWS_MAX + 1]; /* [r]: where slices r rows to go start in order */
};

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
 * slices do not each cost a contended atomic step: MMMvMM (14 M slices of 2 positions)
 * solved in 8.3 s with one slice a chunk, 4.3 s with these. */
#define SLICE_CHUNK 4096

static void solve_group(Solver *s, int threads, uint64_t begin, uint64_t count) {
    bool small = 2 * s->slice_size < SHARED_SLICE_MIN;
    uint64_t per_chunk = SLICE_CHUNK / (2 * s->slice_size) + 1;
    if (count >= 4 * (uint64_t)threads || (small && count >= (uint64_t)threads)) {
        parallel_for_chunks(threads, count, per_chunk, solve_slices, &(Group){s, begin});
    } else {
        for (uint64_t k = 0; k < count; k++) {
            solve_slice(s, begin + k, 0, threads, true);
            release_due(s);
        }
    }
}

/* Holes need no solving: nothing leads into them, and the prober never reads them.  In
 * slice groups they take no slot: the scratch file holds 0, a hole, until written. */
static void settle_holes(Solver *s, uint64_t begin, uint64_t count) {
    for (uint64_t k = begin; k < begin + count; k++) {
        Slice sl = slice_at(s, k);
        for (int side = 0; side < 2; side++)
            for (uint64_t rank = 0; rank < s->slice_size; rank++) {
                if (!s->file) s->cells[sl.local[side] + rank] = HOLE;
                set_bit(s->unstored, sl.global[side] + rank);
            }
        release_due(s);
    }
}

/* ORs n bits of src, from bit `from` on, into dst from bit `to` on: a word's worth at a
 * time, as far as neither side crosses a word. */
static void or_bits(uint64_t *dst, uint64_t to, const uint64_t *src, uint64_t from, uint64_t n) {
    for (uint64_t done = 0, step; done < n; done += step) {
        uint64_t at = from + done, put = to + done;
        step = 64 - at % 64 < 64 - put % 64 ? 64 - at % 64 : 64 - put % 64;
        step = step < n - done ? step : n - done;
        uint64_t word = src[at / 64] >> (at % 64);
        if (step < 64) word &= ((uint64_t)1 << step) - 1;
        dst[put / 64] |= word << (put % 64);
    }
}

/* Where the bits of order[k]'s positions with `side` to move go from the window: to the value
 * set's bitmap by index, or to a range's (solve_slice_range) slice by slice as in order. */
static uint64_t *bits_destination(const Solver *s, uint64_t k, int side, uint64_t *at) {
    *at = s->range_bits ? range_offset(s, s->range_begin, k, side) : slice_index(s, k, side);
    return s->range_bits ? s->range_bits : s->unstored;
}

/* Writes the finished slices order[begin, begin + count) to the scratch file, those in a
 * row in the index at once, and their bits where they go.  Slices next to each other in the
 * index may share a word of the bitmap, so the bits are copied here, by thread 0 alone, rather
 * than set in the bitmap as they are found. */
static Status put_chunk(Solver *s, uint64_t begin, uint64_t count, char *err, size_t errlen) {
    Status st = STATUS_OK;
    for (uint64_t k = begin, n; k < begin + count && st == STATUS_OK; k += n) {
        for (n = 1; k + n < begin + count && s->order[k + n] == s->order[k] + n;) n++;
        Slice sl = slice_at(s, k);
        for (int side = 0; side < 2 && st == STATUS_OK; side++)
            st = slice_file_put(s->file, sl.global[side] * sizeof *s->cells,
                                &s->cells[sl.local[side]], n * s->slice_size * sizeof *s->cells,
                                err, errlen);
    }
    for (uint64_t k = begin; k < begin + count && st == STATUS_OK; k++)
        for (int side = 0; side < 2; side++) {
            uint64_t at, *bits = bits_destination(s, k, side, &at);
            or_bits(bits, at, s->window_bits, slice_at(s, k).local[side], s->slice_size);
        }
    return st;
}

/* A checkpoint waits for the disk (7 ms here for a 4-piece material's chunk), which after
 * every chunk of a small material took longer than solving it (Brazilian's KMvKM, 14
 * groups: 0.53 s against 0.19).  So after the first chunk's, one is written only once the
 * solving since the last took CHECKPOINT_RATIO times as long as that one did: at most 1% of
 * the time, and what a run cut short loses is at most that long or a chunk.  Not even the
 * last chunk's is forced: syncing the whole scratch file of a small material, which would
 * otherwise never reach the disk, cost International's KKMvM (4.6 M positions) 20% of its
 * solving; a material larger than memory is written back anyway, and throttled alike. */
#define CHECKPOINT_RATIO 100

/* Makes the slices order[0, s->solved) durable in the scratch files, then says so in the
 * checkpoint: a run cut short after it continues from there.  A run cut short before it
 * continues from the last one, rewriting what was written since. */
static Status checkpoint(Solver *s, bool forced, char *err, size_t errlen) {
    double start = wall_seconds();
    if (!forced && start - s->checkpoint_end < CHECKPOINT_RATIO * s->checkpoint_cost)
        return STATUS_OK;
    Status st = slice_file_sync(s->file, err, errlen);
    if (st == STATUS_OK) st = slice_file_sync(s->bits, err, errlen);
    if (st == STATUS_OK)
        st = slice_checkpoint_write(s->checkpoint, s->work, s->solved, err, errlen);
    if (st == STATUS_OK) s->checkpointed = s->solved;
    s->checkpoint_end = wall_seconds();
    s->checkpoint_cost = s->checkpoint_end - start;
    return st;
}

/* Solves order[begin, begin + count), slices of one group: in slice groups, in chunks
 * that the window holds, each written to the scratch file once solved. */
static Status solve_chunks(Solver *s, int threads, uint64_t begin, uint64_t count, char *err,
                           size_t errlen) {
    uint64_t step = s->file ? s->chunk : count;
    Status st = STATUS_OK;
    for (uint64_t first = begin; first < begin + count && st == STATUS_OK; first += step) {
        uint64_t n = begin + count - first < step ? begin + count - first : step;
        if (s->file) {
            s->chunk_first = first;
            memset(s->span_dtws, 0, ((s->window >> SPAN_BITS) + 1) * sizeof *s->span_dtws);
            memset(s->window_bits, 0, bitmap_words(s->window) * sizeof *s->window_bits);
        }
        solve_group(s, threads, first, n);
        st = first_error(s, threads, err, errlen);
        if (st == STATUS_OK && s->file) st = put_chunk(s, first, n, err, errlen);
        if (st == STATUS_OK && s->file) s->solved = first + n;
        if (st == STATUS_OK && s->file && !s->range_bits) st = checkpoint(s, false, err, errlen);
    }
    return st;
}

/* Solves the slices from order[s->solved] on (0, or where a checkpoint says), and settles
 * the holes. */
static Status solve_groups(Solver *s, int threads, char *err, size_t errlen) {
    Status st = STATUS_OK;
    uint64_t resume = s->solved;
    for (int r = 0; r < ROWS_MAX && st == STATUS_OK; r++) {
        uint64_t begin = s->group_start[r] > resume ? s->group_start[r] : resume;
        uint64_t end = s->group_start[r + 1];
        if (r == SLICE_HOLE)
            settle_holes(s, s->group_start[r], end - s->group_start[r]);
        else if (end > begin)
            st = solve_chunks(s, threads, begin, end - begin, err, errlen);
        if (end > s->solved) s->solved = end;
    }
    return st;
}

/* Under the draw rules a result past the material's horizon is a draw (draw_rules.h).  The
 * cut runs over every cell, in slice groups a stretch at a time, letting the pages go. */
typedef struct CutStretch {
    Solver *s;
    uint64_t first;
} CutStretch;

static void cut_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    (void)thread;
    const CutStretch *job = ctx;
    Solver *s = job->s;
    int horizon[2];
    for (int side = 0; side < 2; side++) horizon[side] = draw_horizon(s->v, &s->ix.m, side);
    for (uint64_t i = job->first + begin; i < job->first + end; i++)
        s->cells[i] = draw_cut(s->cells[i], horizon[i / s->ix.per_side]);
}

static void cut_all(Solver *s, int threads) {
    uint64_t stretch = s->file ? RELEASE_POSITIONS : s->ix.size;
    for (uint64_t first = 0; first < s->ix.size; first += stretch) {
        uint64_t n = s->ix.size - first < stretch ? s->ix.size - first : stretch;
        parallel_for(threads, n, cut_range, &(CutStretch){s, first});
        release(s);
    }
}

/* The sizes of a value set's scratch files: a cell a position, and its bitmap. */
static uint64_t cells_file_bytes(const Indexer *ix) {
    return ix->size * sizeof(Cell);
}

static uint64_t unstored_file_bytes(const Indexer *ix) {
    return bitmap_words(ix->size) * 8;
}

/* The arrays for a window of `window` positions. */
static uint64_t window_bytes(uint64_t window) {
    return window * (sizeof(Cell) + 1) + ((window >> SPAN_BITS) + 1) * 8 + bitmap_words(window) * 8;
}

uint64_t solve_scratch_bytes(const Indexer *ix, int sets) {
    return (uint64_t)sets * (cells_file_bytes(ix) + unstored_file_bytes(ix));
}

uint64_t solve_bytes(const Indexer *ix) {
    return window_bytes(ix->size) + slice_count(ix) * (sizeof(uint32_t) + 1);
}

/* A window of one slice, the order of the slices (and their rows while sorted), and the pages of
 * the scratch files held between releases: each thread's positions, a cell for each step of a man
 * and a bit, with no two in a page; no more than the files. */
uint64_t solve_slice_bytes(const Indexer *ix, const SlicePlan *plan, int threads) {
    uint64_t men = (uint64_t)(ix->m.men[WHITE] + ix->m.men[BLACK]);
    uint64_t pages = (uint64_t)threads * RELEASE_POSITIONS * (2 * men * sizeof(Cell) + 1);
    uint64_t files = solve_scratch_bytes(ix, 1);
    return window_bytes(2 * plan->slice_size) + plan->slice_count * (sizeof(uint32_t) + 1) +
           (pages < files ? pages : files);
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

/* The slices of a chunk: as many as opt->window_extra gives room for beside the first,
 * no more than the largest group holds. */
static uint64_t chunk_slices(const Solver *s, const SlicePlan *plan) {
    uint64_t largest = 1, per_slice = window_bytes(2 * s->slice_size);
    for (int r = 0; r < SLICE_HOLE; r++)
        if (plan->group[r] > largest) largest = plan->group[r];
    uint64_t chunk = 1 + s->opt->window_extra / per_slice;
    return chunk < largest ? chunk : largest;
}

/* Takes the slices' order kept by the caller, or makes one.  False when out of memory. */
static bool plan_slices(Solver *s) {
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
static bool alloc_arrays(Solver *s, int threads) {
    if (!plan_slices(s)) return false;
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

static void free_solver(Solver *s, int threads) {
    if (s->exits != s->opt->exits) value_memo_free(s->exits);
    free(s->open_moves);
    free(s->span_dtws);
    if (s->window_bits != s->unstored) free(s->window_bits); /* else the table's, solved whole */
    slice_order_free(s->own_order);
    for (int t = 0; t < threads; t++) free(s->worker[t].tools);
    free(s);
}

static Status open_scratch(Solver *s, char *err, size_t errlen);

/* In slice groups, the window's cells give way to the scratch file's, all of them. */
static Status solve_all(Solver *s, int threads, char *err, size_t errlen) {
    Status status = alloc_arrays(s, threads) ? STATUS_OK : STATUS_MEMORY;
    if (status == STATUS_OK && s->opt->scratch) status = open_scratch(s, err, errlen);
    if (status == STATUS_OK) status = solve_groups(s, threads, err, errlen);
    if (s->file) {
        free(s->cells);
        s->cells = slice_file_data(s->file);
    }
    if (status == STATUS_OK && s->set == VALUES_OFFICIAL) cut_all(s, threads);
    return status;
}

/* The files of a value set solved in slice groups, beside the table: its two scratch files
 * and its checkpoint.  None ends in the tables' ending, so nothing that lists tables sees
 * them (tb_each_file), nor in a table's name with ".tmp", which a run removes as left by a
 * writer cut short (atomic_remove_leftovers). */
enum { SCRATCH_CELLS, SCRATCH_UNSTORED, SCRATCH_CHECKPOINT, SCRATCH_FILES };

static void scratch_path(const char *table, int set, int file, char *path, size_t len) {
    static const char *const set_name[VALUE_SETS_MAX] = {"pure", "rules"};
    static const char *const ending[SCRATCH_FILES] = {"cells.tmp", "unstored.tmp", "checkpoint"};
    snprintf(path, len, "%s.%s.%s", table, set_name[set], ending[file]);
}

void solve_scratch_remove(const char *table, int sets) {
    for (int set = 0; set < sets; set++)
        for (int file = 0; file < SCRATCH_FILES; file++) {
            char path[4400];
            scratch_path(table, set, file, path, sizeof path);
            unlink(path);
        }
}

uint64_t solve_scratch_held(const char *table, int sets) {
    uint64_t held = 0;
    for (int set = 0; set < sets; set++)
        for (int file = 0; file < SCRATCH_FILES; file++) {
            char path[4400];
            struct stat info;
            scratch_path(table, set, file, path, sizeof path);
            if (stat(path, &info) == 0) held += (uint64_t)info.st_blocks * 512;
        }
    return held;
}

/* What the cells of the scratch files depend on, as the checkpoint's work lines: the
 * program and format, the rules, the material, the value set, and the slice order (its
 * XXH3-64, with where each group starts).  The chunks do not: a slice's cells are the same
 * however many are solved beside it, so a run may continue under another --memory or
 * --threads. */
static void describe_work(Solver *s, char *work, size_t len) {
    char name[MATERIAL_NAME_MAX];
    material_name(&s->ix.m, name, sizeof name);
    XXH64_hash_t order = XXH3_64bits(s->order, s->slice_count * sizeof *s->order);
    order = XXH3_64bits_withSeed(s->group_start, sizeof s->slices->group_start, order);
    snprintf(work, len,
             "dtb-gen slice checkpoint\ndtb %s, table format %u\nvariant %s %016" PRIx64
             "\nmaterial %s\nvalues %s\npositions %" PRIu64 "\nslices %" PRIu64
             ", order %016" PRIx64 "\n",
             DTB_VERSION_STRING, TF_VERSION, s->v->id, variant_fingerprint(s->v), name,
             s->set == VALUES_PURE ? "pure" : "rules", s->ix.size, s->slice_count, (uint64_t)order);
}

/* The material's name, and its value set where it has two, for what the log says. */
static void work_name(const Solver *s, char *text, size_t len) {
    char name[MATERIAL_NAME_MAX];
    material_name(&s->ix.m, name, sizeof name);
    snprintf(text, len, "%s%s", name,
             draw_value_sets(s->v) < 2 ? ""
             : s->set == VALUES_PURE   ? " (pure values)"
                                       : " (rules values)");
}

static Status open_files(Solver *s, bool fresh, char *err, size_t errlen) {
    char path[4400];
    scratch_path(s->opt->scratch, s->set, SCRATCH_CELLS, path, sizeof path);
    Status st = slice_file_open(path, cells_file_bytes(&s->ix), fresh, &s->file, err, errlen);
    scratch_path(s->opt->scratch, s->set, SCRATCH_UNSTORED, path, sizeof path);
    if (st == STATUS_OK)
        st = slice_file_open(path, unstored_file_bytes(&s->ix), fresh, &s->bits, err, errlen);
    return st;
}

/* Where the order continues: after the slices a checkpoint of this very work says are
 * finished, with scratch files of the right sizes; else 0, the checkpoint (if any) discarded
 * with a line on the log saying why.
 *
 * Continuing there gives the cells of a run never cut short.  Slice order[k] reads only its
 * own cells (the window, initialised whole: each position's cell, count of open moves and
 * span bit is set from its moves) and the cells of the group before its own, all before it
 * in order, so finished and synced before the checkpoint.  What the solver keeps beside
 * (the exits' values, value_memo.h; the cursors and move lists; the counts for progress
 * and for letting pages go) is a cache or a count that changes no value.  What a run cut
 * short wrote after its last checkpoint is written again: cells slice by slice whole, and
 * bits of the bitmap, which only ever get set, for a position of a slice solved again to
 * the same bits.  Holes are settled again (bits only), and the rules set's horizon cut run
 * again over cells already cut changes none (draw_cut). */
static uint64_t resume_point(Solver *s) {
    char why[600], name[MATERIAL_NAME_MAX + 32];
    uint64_t solved = 0, slices = s->group_start[SLICE_HOLE];
    work_name(s, name, sizeof name);
    Status st = slice_checkpoint_read(s->checkpoint, s->work, &solved, why, sizeof why);
    if (st == STATUS_MISSING) return 0;
    if (st == STATUS_OK && (solved == 0 || solved > slices)) {
        snprintf(why, sizeof why, "it says %" PRIu64 " slices are solved, of %" PRIu64, solved,
                 slices);
        st = STATUS_CORRUPT;
    }
    if (st == STATUS_OK) st = open_files(s, false, why, sizeof why);
    FILE *log = s->opt->progress;
    if (st == STATUS_OK) {
        if (log)
            fprintf(log, "%s: resuming at slice %" PRIu64 " of %" PRIu64 "\n", name, solved,
                    slices);
        return solved;
    }
    if (log)
        fprintf(log, "%s: discarded the checkpoint '%s': %s; solving from the start\n", name,
                s->checkpoint, why);
    slice_file_free(s->file);
    slice_file_free(s->bits);
    s->file = s->bits = NULL;
    return 0;
}

/* The scratch files and checkpoint at opt->scratch (scratch_path): continued from where a
 * checkpoint says, or made anew, the stale checkpoint first removed so that it never
 * describes the new files. */
static Status open_scratch(Solver *s, char *err, size_t errlen) {
    scratch_path(s->opt->scratch, s->set, SCRATCH_CHECKPOINT, s->checkpoint, sizeof s->checkpoint);
    describe_work(s, s->work, sizeof s->work);
    s->solved = s->checkpointed = resume_point(s);
    Status st = STATUS_OK;
    if (s->solved == 0) {
        unlink(s->checkpoint); /* resume_point said why, when there was one */
        st = open_files(s, true, err, errlen);
    }
    if (st == STATUS_OK) s->finished = slice_file_data(s->file);
    if (st == STATUS_OK) s->unstored = slice_file_data(s->bits);
    return st;
}

/* A solver of m, its exits read through tb (none when NULL), before any array is laid out. */
static Solver *new_solver(const Variant *v, Tablebase *tb, const Material *m,
                          const SolveOptions *opt) {
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

static int threads_of(const SolveOptions *opt) {
    return opt->threads < 1 ? 1 : opt->threads > MAX_THREADS ? MAX_THREADS : opt->threads;
}

Status solve_material(const Variant *v, Tablebase *tb, const Material *m, const SolveOptions *opt,
                      SolvedTable *out, char *err, size_t errlen) {
    int threads = threads_of(opt);
    Solver *s = new_solver(v, tb, m, opt);
    if (!s) return STATUS_MEMORY;
    Status status = s->exits ? STATUS_OK : STATUS_MEMORY;
    if (status == STATUS_OK) status = solve_all(s, threads, err, errlen);
    if (status == STATUS_MEMORY && !s->worker[0].err[0]) snprintf(err, errlen, "out of memory");
    SolvedTable solved = {s->cells, s->unstored, s->file, s->bits};
    if (status == STATUS_OK)
        *out = solved;
    else
        solved_table_free(&solved);
    free_solver(s, threads);
    return status;
}

void solved_table_release(void *table) {
    const SolvedTable *t = table;
    slice_file_release(t->file);
    slice_file_release(t->bits);
}

void solved_table_free(SolvedTable *t) {
    if (t->file) {
        slice_file_free(t->file);
        slice_file_free(t->bits);
    } else {
        free(t->cells);
        free(t->unstored);
    }
    *t = (SolvedTable){NULL, NULL, NULL, NULL};
}

/* Slice groups shared out over processes: see solve.h.  The process that shares them out
 * holds the order, the scratch files (made, or continued from a checkpoint, by open_scratch)
 * and the checkpoint; it never solves. */
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
    sh->s = new_solver(v, NULL, m, &sh->opt);
    Status st = sh->s && plan_slices(sh->s) ? open_scratch(sh->s, err, errlen) : STATUS_MEMORY;
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

void slice_share_put(SliceShare *sh, uint64_t begin, uint64_t count, const uint64_t *bits) {
    Solver *s = sh->s;
    for (uint64_t k = begin; k < begin + count; k++)
        for (int side = 0; side < 2; side++)
            or_bits(s->unstored, slice_index(s, k, side), bits, range_offset(s, begin, k, side),
                    s->slice_size);
    slice_file_release(s->bits);
}

Status slice_share_solved(SliceShare *sh, uint64_t solved, char *err, size_t errlen) {
    Solver *s = sh->s;
    s->solved = solved;
    return checkpoint(s, solved == s->group_start[SLICE_HOLE], err, errlen);
}

void slice_share_free(SliceShare *sh) {
    if (!sh) return;
    char err[600];
    if (sh->s && sh->s->file && sh->s->solved > sh->s->checkpointed)
        checkpoint(sh->s, true, err, sizeof err); /* else the last one stands */
    if (sh->s) {
        slice_file_free(sh->s->file);
        slice_file_free(sh->s->bits);
        free_solver(sh->s, 0);
    }
    free(sh);
}

uint64_t solve_range_words(const Indexer *ix, uint64_t count) {
    return bitmap_words(count * slice_positions(ix));
}

/* Whether order[begin, begin + count) lies in one group: else the slices would read cells of
 * slices solved beside them. */
static bool in_one_group(const Solver *s, uint64_t begin, uint64_t count) {
    return count && begin + count <= group_end(s, begin);
}

Status solve_slice_range(const Variant *v, Tablebase *tb, const Material *m,
                         const SolveOptions *opt, uint64_t begin, uint64_t count, uint64_t *bits,
                         char *err, size_t errlen) {
    int threads = threads_of(opt);
    Solver *s = new_solver(v, tb, m, opt);
    if (!s) return STATUS_MEMORY;
    s->range_bits = bits;
    s->range_begin = begin;
    Status st = s->exits && alloc_arrays(s, threads) ? STATUS_OK : STATUS_MEMORY;
    if (st == STATUS_OK && !in_one_group(s, begin, count)) {
        snprintf(err, errlen, "slices %" PRIu64 " to %" PRIu64 " of the order are not of one group",
                 begin, begin + count);
        st = STATUS_CORRUPT;
    }
    char path[4400];
    scratch_path(opt->scratch, s->set, SCRATCH_CELLS, path, sizeof path);
    if (st == STATUS_OK)
        st = slice_file_open(path, cells_file_bytes(&s->ix), false, &s->file, err, errlen);
    if (st == STATUS_OK) {
        s->finished = slice_file_data(s->file);
        st = solve_chunks(s, threads, begin, count, err, errlen);
    }
    if (st == STATUS_OK) st = slice_file_sync(s->file, err, errlen);
    if (st == STATUS_MEMORY && !s->worker[0].err[0]) snprintf(err, errlen, "out of memory");
    slice_file_free(s->file);
    free(s->cells);
    free_solver(s, threads);
    return st;
}
