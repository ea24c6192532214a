/* The independent check of a table: every position's stored value must follow from its
 * legal moves, played forward, each successor valued by tb_probe_set (another material,
 * each answer kept: probe/value_memo.h) or by its stored cell (this one, see successor_values):
 *   no legal move: LOSS 0;
 *   otherwise: the best (tb_better) of tb_negate(successor) over all moves, WDL and DTW
 *   exact, a draw stored with DTW 0;
 *   in the draw-rules value set (Frisian), that best cut at the material's horizon
 *   (draw_cut), over the successors' draw-rules values.
 *
 * Why this local check proves the whole table.  The true values obey the same equations
 * (they define fastest win and longest loss, and the horizon), so it is enough that the
 * equations have one solution.  In any solution, whether a position is LOSS n or WIN n
 * depends only on the positions labelled WIN or LOSS below n: LOSS n means it has moves and
 * all of them reach WINs of at most n - 1, one of them n - 1 (or n = 0 and no moves); WIN n
 * means its best move reaches a LOSS n - 1; the horizon only turns either into a draw, by
 * the position's own material and side to move.  So, by induction on n, two solutions label
 * the same positions WIN n and LOSS n for every n; every other position is a draw in both.
 * Successors in other materials are trusted here: those tables are checked on their own,
 * smaller first.
 *
 * Positions with a capture pending have no stored value: probes search their captures
 * (tb_probe_set), and the file holds whatever compressed best there, as it does for the
 * holes of the index.  Every capture leads to another material, so the equations give
 * those positions their values from trusted tables alone: a first pass computes them (and
 * gives holes WDL_NONE), and they stand in for the stored cells as successors and in the
 * W/D/L counts, which must then match the header's.  The last pass checks every stored
 * cell a probe reads.
 *
 * Tables of one side to move leave bounded threats (rules/threat.h) unstored too: every
 * move of one leads to a capture pending, so a second pass computes them from the first
 * pass's values and other tables, and they stand in for stored cells in the same way.
 *
 * A table may store one side to move only (TABLE_SIDES_WHITE or _BLACK): probes search
 * the moves of the other, as the equations do.  Every move of a quiet position of that side
 * reaches the stored side or another material, so a pass before the check computes those
 * positions from the stored cells and the earlier passes' values; they then stand in for
 * stored cells as above.  Their own equations hold by construction, and the stored cells
 * are checked against them, so the whole system of equations is still checked.
 *
 * Value sets (Frisian's pure and draw-rules values) are checked in the same passes where
 * their cells fit in a quarter of the memory, so that each position's moves are generated
 * and its successors located once for both; a larger table checks them one after the
 * other (the draw-rules values read only draw-rules values), holding one set's cells: 2
 * bytes a position, 11.8 GB for Frisian's largest 5-piece material; and a bit a position
 * for the positions the passes settle.  Cells that do not fit in half of the memory go to a
 * scratch file (cell_scratch.h): the passes read them in index order, and a position's
 * successors in its own material lie in a few slices of the other side to move, so the
 * pages in use stay few. */
#include "check.h"

#include "cell_scratch.h"
#include "draw_rules.h"
#include "index.h"
#include "memory.h"
#include "movegen.h"
#include "threat.h"
#include "value_memo.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 4096 /* positions a thread takes at a time */
_Static_assert(CHUNK % 64 == 0, "a chunk covers whole words of the settled bitmap");
#define PROGRESS_EVERY 256 /* chunks between progress lines */
#define THREADS_MAX    64

typedef struct Worker Worker;

/* What one pass does with position i. */
typedef void (*Visit)(Worker *w, uint64_t i, MoveList *list);

/* What the threads share: the table under check, the pass and its next chunk to take. */
typedef struct Shared {
    Tablebase *tb;
    const Variant *v;
    Indexer ix;
    const TableFile *file;
    int first_set, set_end;      /* the value sets under check in these passes */
    Cell *cells[VALUE_SETS_MAX]; /* by set: stored values, unstored ones settled by the passes */
    uint64_t *settled;           /* a bit a position: a capture pending or a bounded threat,
                                  * settled by the passes before the check */
    ValueMemo *others[VALUE_SETS_MAX]; /* by set: other materials' values, each read once */
    const char *name;
    uint64_t memory;     /* what the check plans by (CheckOptions) */
    const char *scratch; /* where the cells are mapped from a file (CheckOptions), or NULL
                            when they are in memory */
    FILE *progress;
    Visit visit;
    atomic_uint_fast64_t next_chunk;
    atomic_bool stop;
} Shared;

struct Worker {
    Shared *shared;
    CheckResult result;
    /* [value set][side to move][WDL_*], as the header counts them */
    uint64_t counts[VALUE_SETS_MAX][2][4];
    Status status;
    char err[512];
    IdxCursor decoder;         /* consecutive positions share their men */
    IdxMoveCursors successors; /* and so do their k-th moves' successors */
};

static const char *const wdl_text[] = {"NONE", "LOSS", "DRAW", "WIN"};

void check_cell_text(Cell c, char *buf, size_t len) {
    if (CELL_WDL(c) == WDL_WIN || CELL_WDL(c) == WDL_LOSS)
        snprintf(buf, len, "%s %d", wdl_text[CELL_WDL(c)], CELL_DTW(c));
    else
        snprintf(buf, len, "%s", wdl_text[CELL_WDL(c)]);
}

/* The value of the position `next` reached by a position's k-th move, in each value set
 * under check.  One in the material under check is read from its cells: a stored one is
 * checked against its own moves, and one left unstored holds what an earlier pass
 * computed, the search tb_probe_set would make; reading it saves repeating that search for
 * every predecessor (4 times faster on 8x8 4-piece tables). */
static Status successor_values(Worker *w, int k, bool same_material, const Position *next,
                               Cell out[]) {
    Shared *s = w->shared;
    if (same_material) {
        uint64_t j = idx_encode_move(&s->ix, &w->successors, k, next);
        for (int set = s->first_set; set < s->set_end; set++) out[set] = s->cells[set][j];
        return STATUS_OK;
    }
    for (int set = s->first_set; set < s->set_end; set++) {
        Status status = value_memo_probe(s->others[set], next, &out[set], w->err, sizeof w->err);
        if (status != STATUS_OK) return status;
    }
    return STATUS_OK;
}

/* The value p must have by its legal moves, which list holds, in each value set under
 * check.  A move to a position without a value leaves p without one, so that the gap
 * shows as a wrong cell. */
static Status expected_values(Worker *w, const Position *p, const MoveList *list, Cell out[]) {
    Shared *s = w->shared;
    Cell best[VALUE_SETS_MAX], child[VALUE_SETS_MAX];
    bool unknown[VALUE_SETS_MAX] = {false};
    if (list->overflow) {
        snprintf(w->err, sizeof w->err, "%s: a position has over %d legal moves", s->name,
                 MOVE_MAX);
        return STATUS_CORRUPT;
    }
    for (int set = s->first_set; set < s->set_end; set++) best[set] = CELL_MAKE(WDL_LOSS, 0);
    for (int k = 0; k < list->count; k++) {
        Position next;
        movegen_play(s->v, p, &list->move[k], &next);
        bool same = movegen_keeps_material(s->v, p, &list->move[k]);
        Status status = successor_values(w, k, same, &next, child);
        if (status != STATUS_OK) return status;
        for (int set = s->first_set; set < s->set_end; set++) {
            Cell mine = tb_negate(child[set]);
            if (CELL_WDL(mine) == WDL_NONE) unknown[set] = true;
            if (tb_better(mine, best[set])) best[set] = mine;
        }
    }
    for (int set = s->first_set; set < s->set_end; set++) {
        int horizon = set == VALUES_OFFICIAL ? draw_horizon(s->v, &s->ix.m, p->side) : 0;
        Cell c = draw_cut(best[set], horizon);
        out[set] = unknown[set]              ? CELL_MAKE(WDL_NONE, 0)
                   : CELL_WDL(c) == WDL_DRAW ? CELL_MAKE(WDL_DRAW, 0)
                                             : c;
    }
    return STATUS_OK;
}

static void note_wrong(CheckResult *r, uint64_t index, int set, Cell stored, Cell expected) {
    if (r->shown < CHECK_SHOWN) r->first[r->shown++] = (CheckWrong){index, set, stored, expected};
    r->wrong++;
}

static bool settled(const Shared *s, uint64_t i) {
    return s->settled[i / 64] >> (i % 64) & 1;
}

/* A worker's chunk of positions covers whole words of the bitmap, so it sets its bits with
 * plain stores. */
static void mark_settled(Shared *s, uint64_t i) {
    s->settled[i / 64] |= (uint64_t)1 << (i % 64);
}

/* Gives position p, index i, the values its legal moves, which list holds, give it. */
static void settle_by_moves(Worker *w, uint64_t i, const Position *p, const MoveList *list) {
    Shared *s = w->shared;
    Cell settled[VALUE_SETS_MAX];
    w->status = expected_values(w, p, list, settled);
    for (int set = s->first_set; set < s->set_end && w->status == STATUS_OK; set++)
        s->cells[set][i] = settled[set];
}

/* First pass: gives position i its values where it is a hole, WDL_NONE, or has a capture
 * pending, the best its captures give (from other tables only).
 * Where one is, the captures are all the legal moves. */
static void settle_one(Worker *w, uint64_t i, MoveList *list) {
    Shared *s = w->shared;
    Position p;
    if (!idx_decode_near(&s->ix, &w->decoder, i, &p)) {
        for (int set = s->first_set; set < s->set_end; set++)
            s->cells[set][i] = CELL_MAKE(WDL_NONE, 0);
        return;
    }
    movegen_captures(s->v, &p, list);
    if (!list->count) return;
    mark_settled(s, i);
    settle_by_moves(w, i, &p, list);
}

/* After the first pass: gives bounded threat i (threat.h) the values its moves give, every
 * one of which reaches a capture pending that the first pass settled. */
static void settle_bounded(Worker *w, uint64_t i, MoveList *list) {
    Shared *s = w->shared;
    Position p;
    if (settled(s, i) || !idx_decode_near(&s->ix, &w->decoder, i, &p) ||
        !threat_bounded(s->v, &p, list))
        return;
    mark_settled(s, i);
    settle_by_moves(w, i, &p, list);
}

/* Before the check, where the file leaves a side to move out: gives its quiet position i
 * the values its moves give, from the stored cells and the passes' before. */
static void settle_left_out(Worker *w, uint64_t i, MoveList *list) {
    Shared *s = w->shared;
    Position p;
    if (table_stores(s->file, i) || settled(s, i) || !idx_decode_near(&s->ix, &w->decoder, i, &p))
        return;
    movegen_legal(s->v, &p, list);
    settle_by_moves(w, i, &p, list);
}

/* Last pass: counts position i's values, and checks its stored ones: a position must
 * have a value, even where a successor lacks one too, so that a cycle of such cells cannot
 * pass. */
static void check_one(Worker *w, uint64_t i, MoveList *list) {
    Shared *s = w->shared;
    Cell expected[VALUE_SETS_MAX];
    for (int set = s->first_set; set < s->set_end; set++)
        w->counts[set][i / s->ix.per_side][CELL_WDL(s->cells[set][i])]++;
    bool counted = s->first_set == 0; /* once, though every value set is checked */
    if (settled(s, i)) {
        w->result.positions += counted;
        return;
    }
    Position p;
    if (!idx_decode_near(&s->ix, &w->decoder, i, &p)) return;
    w->result.positions += counted;
    if (!table_stores(s->file, i)) return;
    movegen_legal(s->v, &p, list);
    w->status = expected_values(w, &p, list, expected);
    for (int set = s->first_set; set < s->set_end && w->status == STATUS_OK; set++) {
        Cell stored = s->cells[set][i];
        if (stored != expected[set] || CELL_WDL(stored) == WDL_NONE)
            note_wrong(&w->result, i, set, stored, expected[set]);
    }
}

static void report_progress(const Shared *s, uint64_t chunk) {
    uint64_t chunks = (s->ix.size + CHUNK - 1) / CHUNK;
    if (!s->progress || chunk % PROGRESS_EVERY != PROGRESS_EVERY - 1) return;
    fprintf(s->progress, "\r%s: %3d%%", s->name, (int)(100 * chunk / chunks));
    fflush(s->progress);
}

/* Takes chunks in increasing order, so each worker's first wrong cells are its lowest. */
static void *work(void *arg) {
    Worker *w = arg;
    Shared *s = w->shared;
    MoveList *list = malloc(sizeof *list);
    if (!list) {
        w->status = STATUS_MEMORY;
        snprintf(w->err, sizeof w->err, "out of memory");
        atomic_store(&s->stop, true);
        return NULL;
    }
    list->paths = NULL;
    w->decoder = IDX_CURSOR_START;
    idx_move_cursors_start(&w->successors);
    while (w->status == STATUS_OK && !atomic_load(&s->stop)) {
        uint64_t chunk = atomic_fetch_add(&s->next_chunk, 1);
        uint64_t begin = chunk * CHUNK, end = begin + CHUNK;
        if (begin >= s->ix.size) break;
        if (end > s->ix.size) end = s->ix.size;
        for (uint64_t i = begin; i < end && w->status == STATUS_OK; i++) s->visit(w, i, list);
        report_progress(s, chunk);
    }
    if (w->status != STATUS_OK) atomic_store(&s->stop, true);
    free(list);
    return NULL;
}

/* By index, then by value set, so that the order shown does not depend on qsort's. */
static int by_index(const void *a, const void *b) {
    const CheckWrong *x = a, *y = b;
    if (x->index != y->index) return (x->index > y->index) - (x->index < y->index);
    return x->set - y->set;
}

/* Adds the workers' results into out; the lowest wrong indices of all are among each
 * worker's lowest. */
static void merge(const Worker *workers, int count, uint64_t counts[VALUE_SETS_MAX][2][4],
                  CheckResult *out) {
    CheckWrong all[THREADS_MAX * CHECK_SHOWN];
    int n = 0;
    for (int t = 0; t < count; t++) {
        const CheckResult *r = &workers[t].result;
        out->positions += r->positions;
        out->wrong += r->wrong;
        for (int k = 0; k < r->shown; k++) all[n++] = r->first[k];
        for (int set = 0; set < VALUE_SETS_MAX; set++)
            for (int side = 0; side < 2; side++)
                for (int wdl = 0; wdl < 4; wdl++)
                    counts[set][side][wdl] += workers[t].counts[set][side][wdl];
    }
    qsort(all, (size_t)n, sizeof *all, by_index);
    out->shown = n < CHECK_SHOWN ? n : CHECK_SHOWN;
    memcpy(out->first, all, (size_t)out->shown * sizeof *all);
}

/* Runs one pass over every position on `threads` threads. */
static Status run_pass(Shared *s, Worker *workers, int threads, Visit visit, char *err,
                       size_t errlen) {
    pthread_t ids[THREADS_MAX];
    int started = 0;
    s->visit = visit;
    atomic_store(&s->next_chunk, 0);
    while (started < threads && pthread_create(&ids[started], NULL, work, &workers[started]) == 0)
        started++;
    for (int t = 0; t < started; t++) pthread_join(ids[t], NULL);
    if (started == 0) {
        snprintf(err, errlen, "cannot start a thread");
        return STATUS_MEMORY;
    }
    for (int t = 0; t < started; t++)
        if (workers[t].status != STATUS_OK) {
            snprintf(err, errlen, "%s", workers[t].err);
            return workers[t].status;
        }
    return STATUS_OK;
}

/* Opens the table at path, whose size and value sets must be the index's and the
 * variant's. */
static Status open_table(Shared *s, const char *path, int sets, TableFile **file, char *err,
                         size_t errlen) {
    Status status = tb_open_indexed(s->v, &s->ix.m, path, file, &s->ix, err, errlen);
    if (status != STATUS_OK) return status;
    const TableInfo *info = table_info(*file);
    if (info->cells_per_position != (uint32_t)sets) {
        snprintf(err, errlen, "%s: %u value sets, the variant has %d", path,
                 info->cells_per_position, sets);
        return STATUS_CORRUPT;
    }
    return STATUS_OK;
}

/* What the values of other materials may keep: half of what the memory limit leaves
 * beside this process, the other half being for the blocks those tables decode.  Cells in
 * a scratch file are not the process's: their pages in memory the kernel may drop. */
static uint64_t memo_budget(uint64_t limit) {
    uint64_t used = memory_anonymous();
    return used < limit ? (limit - used) / 2 : 0;
}

/* The bytes of a value set's cells (one more, so that an empty index still allocates). */
static uint64_t cells_bytes(const Shared *s) {
    return s->ix.size * sizeof(Cell) + 1;
}

/* *cells: room for a value set's cells, in memory or mapped from a scratch file (s->scratch). */
static Status cells_new(const Shared *s, Cell **cells, char *err, size_t errlen) {
    if (s->scratch)
        return cell_scratch_map(s->scratch, cells_bytes(s), (void **)cells, err, errlen);
    *cells = malloc(cells_bytes(s));
    return *cells ? STATUS_OK : STATUS_MEMORY; /* named by the caller */
}

static void cells_free(const Shared *s, Cell *cells) {
    if (s->scratch)
        cell_scratch_unmap(cells, cells_bytes(s));
    else
        free(cells);
}

/* Checks value sets s->first_set to s->set_end - 1 in the same passes: their cells are
 * read, the passes before the last settle the positions without a stored value, the last
 * checks the rest against them. */
static Status check_sets(Shared *s, TableFile *file, Worker *workers, int threads, char *err,
                         size_t errlen) {
    Status status = STATUS_OK;
    for (int set = s->first_set; set < s->set_end && status == STATUS_OK; set++) {
        status = cells_new(s, &s->cells[set], err, errlen);
        if (status == STATUS_OK) status = table_read_set(file, set, s->cells[set], err, errlen);
    }
    size_t settled_bytes = (s->ix.size + 63) / 64 * sizeof *s->settled;
    if (status == STATUS_OK && !(s->settled = malloc(settled_bytes))) status = STATUS_MEMORY;
    if (status == STATUS_OK) memset(s->settled, 0, settled_bytes);
    /* Made after the reads and the bitmap's zeroing, so that their budget counts those as in
     * use. */
    uint64_t budget = memo_budget(s->memory) / (uint64_t)(s->set_end - s->first_set);
    for (int set = s->first_set; set < s->set_end && status == STATUS_OK; set++)
        if (!(s->others[set] = value_memo_new(s->tb, s->v, set, budget))) status = STATUS_MEMORY;
    if (status == STATUS_MEMORY) snprintf(err, errlen, "%s: out of memory", s->name);
    if (status == STATUS_OK) status = run_pass(s, workers, threads, settle_one, err, errlen);
    if (status == STATUS_OK && table_leaves_threats(file))
        status = run_pass(s, workers, threads, settle_bounded, err, errlen);
    if (status == STATUS_OK && table_info(file)->sides != TABLE_SIDES_BOTH)
        status = run_pass(s, workers, threads, settle_left_out, err, errlen);
    if (status == STATUS_OK) status = run_pass(s, workers, threads, check_one, err, errlen);
    free(s->settled);
    s->settled = NULL;
    for (int set = s->first_set; set < s->set_end; set++) {
        value_memo_free(s->others[set]);
        cells_free(s, s->cells[set]);
        s->others[set] = NULL;
        s->cells[set] = NULL;
    }
    return status;
}

/* Where the cells of per_pass value sets go: in memory, or to a scratch file where they
 * would take more than half of the memory, the other half being for the values and blocks
 * of other materials (memo_budget). */
static void cells_place(Shared *s, int per_pass, const CheckOptions *opt) {
    uint64_t bytes = (uint64_t)per_pass * s->ix.size * sizeof(Cell);
    if (bytes <= opt->memory / 2) return;
    s->scratch = opt->scratch;
    char size[32], half[32];
    memory_format(bytes, size, sizeof size);
    memory_format(opt->memory / 2, half, sizeof half);
    if (opt->log)
        fprintf(opt->log,
                "%s: its cells (%s at a time) do not fit in half of the memory (%s): "
                "kept in a scratch file in '%s'\n",
                s->name, size, half, s->scratch);
}

/* s->tb: a new handle on the folder, with no blocks decoded yet. */
static Status open_handle(Shared *s, const char *dir, char *err, size_t errlen) {
    s->tb = tb_open(s->v, dir);
    if (s->tb) return STATUS_OK;
    snprintf(err, errlen, "%s: out of memory", s->name);
    return STATUS_MEMORY;
}

Status check_material(const Variant *v, const char *dir, const Material *m, const CheckOptions *opt,
                      CheckResult *out, char *err, size_t errlen) {
    char name[MATERIAL_NAME_MAX], path[4200];
    material_name(m, name, sizeof name);
    Shared s = {.v = v, .name = name, .memory = opt->memory, .progress = opt->progress};
    idx_init(&s.ix, v, m);
    *out = (CheckResult){0};
    int threads = opt->threads < 1 ? 1 : opt->threads > THREADS_MAX ? THREADS_MAX : opt->threads;
    Worker workers[THREADS_MAX];
    for (int t = 0; t < threads; t++) workers[t] = (Worker){.shared = &s, .status = STATUS_OK};
    TableFile *file = NULL;
    int sets = draw_value_sets(v);
    Status status = open_handle(&s, dir, err, errlen);
    if (status == STATUS_OK) {
        tb_path(s.tb, m, path, sizeof path);
        status = open_table(&s, path, sets, &file, err, errlen);
        s.file = file;
    }
    int per_pass = (uint64_t)sets * s.ix.size * sizeof(Cell) <= opt->memory / 4 ? sets : 1;
    if (status == STATUS_OK) cells_place(&s, per_pass, opt);
    for (s.first_set = 0; status == STATUS_OK && s.first_set < sets; s.first_set += per_pass) {
        s.set_end = s.first_set + per_pass;
        /* Sets checked apart read the successors through a handle each, so that the
         * blocks the last set decoded are freed first: both sets' blocks of Frisian's
         * KKMvKM (14.7 GB), which KMMvKM's promotions reach, would not fit beside
         * KMMvKM's cells. */
        if (s.first_set > 0) {
            tb_close(s.tb);
            status = open_handle(&s, dir, err, errlen);
        }
        if (status == STATUS_OK) status = check_sets(&s, file, workers, threads, err, errlen);
    }
    tb_close(s.tb);
    if (status == STATUS_OK) {
        uint64_t counts[VALUE_SETS_MAX][2][4] = {{{0}}};
        merge(workers, threads, counts, out);
        out->counts_wrong = memcmp(counts, table_info(file)->counts, sizeof counts) != 0;
    }
    if (opt->progress && s.ix.size >= (uint64_t)CHUNK * PROGRESS_EVERY)
        fprintf(opt->progress, "\r%*s\r", (int)strlen(name) + 6, "");
    table_close(file);
    return status;
}
