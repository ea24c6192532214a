/* Retrograde analysis by layers of DTW.
 *
 * Initialisation generates every position's moves once.  Moves that stay in the material
 * (quiet, no promotion) are counted; moves that leave it are probed in the finished tables
 * of smaller or less-manned materials.  Layer n then takes every position decided at DTW
 * n-1 and walks its predecessors (un-moves): a loss makes each predecessor a win at n; a
 * win takes one off each predecessor's count of open moves, and a predecessor whose count
 * reaches zero is a loss at DTW 1 + its longest successor.  Layers run in increasing DTW,
 * so the first win found is the fastest and the last count down the longest defence.
 * Positions never decided are draws. */
#include "solve.h"

#include "draw_rules.h"
#include "movegen.h"
#include "parallel.h"
#include "unmove.h"
#include "wall_clock.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define UNDECIDED   CELL_MAKE(WDL_NONE, 1)
#define HOLE        CELL_MAKE(WDL_NONE, 0)
#define MAX_THREADS 64

typedef struct Solver {
    const Variant *v;
    Tablebase *tb;
    Indexer ix;
    int set;
    Cell *cells;
    uint8_t *open_moves;  /* moves not yet known to lose, plus 1 for an exit that is not */
    uint16_t *win_exit;   /* DTW of the fastest win by leaving the material, 0 for none */
    uint16_t *loss_floor; /* DTW of the longest loss by leaving the material */
    int layer;
    int last_layer[MAX_THREADS]; /* highest DTW decided or pending */
    uint64_t decided[MAX_THREADS], holes[MAX_THREADS];
    double start, reported;
    TableStatus status[MAX_THREADS];
    char err[MAX_THREADS][256];
} Solver;

static Cell load(const Cell *c) {
    return __atomic_load_n(c, __ATOMIC_RELAXED);
}

static void decide(Solver *s, int thread, uint64_t i, Cell value) {
    Cell expected = UNDECIDED;
    if (!__atomic_compare_exchange_n(&s->cells[i], &expected, value, false, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED))
        return;
    s->decided[thread]++;
    if (CELL_DTW(value) > s->last_layer[thread]) s->last_layer[thread] = CELL_DTW(value);
}

/* What leaving the material gives: the exits' fastest win, longest loss, whether one
 * draws, and how many moves stay inside. */
typedef struct Exits {
    int inside, win, loss;
    bool draw;
} Exits;

static TableStatus classify_moves(Solver *s, int thread, const Position *p, const MoveList *list,
                                  Exits *e) {
    *e = (Exits){0, 0, 0, false};
    for (int k = 0; k < list->count; k++) {
        Position next;
        movegen_play(s->v, p, &list->move[k], &next);
        Material m = material_of(&next);
        if (material_equal(&m, &s->ix.m)) {
            e->inside++;
            continue;
        }
        Cell child;
        TableStatus st =
            tb_probe_set(s->tb, &next, s->set, &child, s->err[thread], sizeof s->err[thread]);
        if (st != TABLE_OK) return st;
        Cell mine = tb_negate(child);
        int dtw = CELL_DTW(mine);
        if (CELL_WDL(mine) == WDL_WIN && (!e->win || dtw < e->win)) e->win = dtw;
        if (CELL_WDL(mine) == WDL_LOSS && dtw > e->loss) e->loss = dtw;
        if (CELL_WDL(mine) == WDL_DRAW) e->draw = true;
    }
    return TABLE_OK;
}

static void init_position(Solver *s, int thread, uint64_t i, MoveList *list) {
    Position p;
    s->cells[i] = UNDECIDED;
    if (!idx_decode(&s->ix, i, &p)) {
        s->cells[i] = HOLE;
        s->holes[thread]++;
        return;
    }
    movegen_legal(s->v, &p, list);
    Exits e;
    TableStatus st = classify_moves(s, thread, &p, list, &e);
    if (st != TABLE_OK) {
        s->status[thread] = st;
        return;
    }
    if (e.inside > 250) {
        s->status[thread] = TABLE_ERR_MEMORY;
        snprintf(s->err[thread], sizeof s->err[thread], "a position has over 250 quiet moves");
        return;
    }
    s->win_exit[i] = (uint16_t)e.win;
    if (e.win > s->last_layer[thread]) s->last_layer[thread] = e.win;
    s->loss_floor[i] = (uint16_t)e.loss;
    s->open_moves[i] = (uint8_t)(e.inside + (e.win || e.draw));
    if (e.inside == 0)
        decide(s, thread, i,
               e.win    ? CELL_MAKE(WDL_WIN, e.win)
               : e.draw ? CELL_MAKE(WDL_DRAW, 0)
                        : CELL_MAKE(WDL_LOSS, e.loss));
}

static void init_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    Solver *s = ctx;
    MoveList *list = malloc(sizeof *list);
    if (!list) {
        s->status[thread] = TABLE_ERR_MEMORY;
        return;
    }
    list->paths = NULL;
    for (uint64_t i = begin; i < end && s->status[thread] == TABLE_OK; i++)
        init_position(s, thread, i, list);
    free(list);
}

/* Position i was decided at DTW layer-1; pass it to its predecessors. */
static void propagate(Solver *s, int thread, uint64_t i, Cell value, Position *preds) {
    Position p;
    idx_decode(&s->ix, i, &p);
    int count = unmove_predecessors(s->v, &p, preds);
    for (int k = 0; k < count; k++) {
        uint64_t j = idx_encode(&s->ix, &preds[k]);
        if (load(&s->cells[j]) != UNDECIDED) continue;
        if (CELL_WDL(value) == WDL_LOSS) {
            decide(s, thread, j, CELL_MAKE(WDL_WIN, s->layer));
        } else if (__atomic_sub_fetch(&s->open_moves[j], 1, __ATOMIC_RELAXED) == 0) {
            int dtw = s->layer > s->loss_floor[j] ? s->layer : s->loss_floor[j];
            decide(s, thread, j, CELL_MAKE(WDL_LOSS, dtw));
        }
    }
}

static void layer_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    Solver *s = ctx;
    Position *preds = malloc(sizeof *preds * UNMOVE_MAX);
    if (!preds) {
        s->status[thread] = TABLE_ERR_MEMORY;
        return;
    }
    for (uint64_t i = begin; i < end; i++) {
        Cell c = load(&s->cells[i]);
        int wdl = CELL_WDL(c);
        if ((wdl == WDL_WIN || wdl == WDL_LOSS) && CELL_DTW(c) == s->layer - 1)
            propagate(s, thread, i, c, preds);
        else if (c == UNDECIDED && s->win_exit[i] == s->layer)
            decide(s, thread, i, CELL_MAKE(WDL_WIN, s->layer));
    }
    free(preds);
}

static int last_layer(const Solver *s, int threads) {
    int last = 0;
    for (int t = 0; t < threads; t++)
        if (s->last_layer[t] > last) last = s->last_layer[t];
    return last;
}

static TableStatus first_error(Solver *s, int threads, char *err, size_t errlen) {
    for (int t = 0; t < threads; t++)
        if (s->status[t] != TABLE_OK) {
            snprintf(err, errlen, "%s", s->err[t]);
            return s->status[t];
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
    for (int t = 0; t < threads; t++) decided += s->decided[t], holes += s->holes[t];
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
static void finish(Solver *s) {
    int horizon[2] = {0, 0};
    if (s->set == VALUES_RULES)
        for (int side = 0; side < 2; side++) horizon[side] = draw_horizon(s->v, &s->ix.m, side);
    for (uint64_t i = 0; i < s->ix.size; i++) {
        if (s->cells[i] == UNDECIDED) s->cells[i] = CELL_MAKE(WDL_DRAW, 0);
        s->cells[i] = draw_cut(s->cells[i], horizon[i / s->ix.per_side]);
    }
}

static bool alloc_arrays(Solver *s) {
    uint64_t n = s->ix.size;
    s->cells = malloc(n * sizeof *s->cells);
    s->open_moves = calloc(n, 1);
    s->win_exit = calloc(n, sizeof *s->win_exit);
    s->loss_floor = calloc(n, sizeof *s->loss_floor);
    return s->cells && s->open_moves && s->win_exit && s->loss_floor;
}

static void free_work_arrays(Solver *s) {
    free(s->open_moves);
    free(s->win_exit);
    free(s->loss_floor);
}

TableStatus solve_material(const Variant *v, Tablebase *tb, const Material *m,
                           const SolveOptions *opt, Cell **cells_out, char *err, size_t errlen) {
    int threads = opt->threads < 1 ? 1 : opt->threads > MAX_THREADS ? MAX_THREADS : opt->threads;
    Solver *s = calloc(1, sizeof *s);
    if (!s) return TABLE_ERR_MEMORY;
    s->v = v;
    s->tb = tb;
    s->set = opt->set;
    idx_init(&s->ix, v, m);
    s->start = s->reported = wall_seconds();
    TableStatus status = alloc_arrays(s) ? TABLE_OK : TABLE_ERR_MEMORY;
    if (status == TABLE_OK) {
        parallel_for(threads, s->ix.size, init_range, s);
        status = first_error(s, threads, err, errlen);
    }
    for (s->layer = 1; status == TABLE_OK && s->layer <= last_layer(s, threads) + 1; s->layer++) {
        report(s, opt, threads);
        parallel_for(threads, s->ix.size, layer_range, s);
        status = first_error(s, threads, err, errlen);
    }
    if (status == TABLE_OK) finish(s);
    if (status == TABLE_ERR_MEMORY && !s->err[0][0]) snprintf(err, errlen, "out of memory");
    free_work_arrays(s);
    if (status == TABLE_OK)
        *cells_out = s->cells;
    else
        free(s->cells);
    free(s);
    return status;
}
