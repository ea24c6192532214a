#include "tablebase.h"

#include "draw_rules.h"
#include "index.h"
#include "movegen.h"
#include "thread_list.h"
#include "threat.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An open table file and the index of its material, or, where file is NULL, why the file
 * could not be opened.  The handle's tables are listed through `next`, so that closing
 * visits only them, not every material key. */
typedef struct OpenTable {
    TableFile *file;
    Indexer ix;
    Status failure;
    char *why;
    struct OpenTable *next;
} OpenTable;

struct Tablebase {
    const Variant *v;
    char dir[4096];
    pthread_mutex_t open_lock;    /* held only while opening a file */
    _Atomic(OpenTable *) *tables; /* by material key, NULL until opened */
    OpenTable *opened;            /* the same tables, listed; guarded by open_lock */
    BlockCache *cache;            /* the budget of every table's decoded blocks */
};

Status tb_each_file(const char *dir, bool (*each)(const char *material, void *ctx), void *ctx,
                    char *err, size_t errlen) {
    DIR *d = opendir(dir);
    if (!d)
        return status_fail(err, errlen, STATUS_IO, dir, "cannot read the folder: %s",
                           strerror(errno));
    size_t suffix = strlen(TB_FILE_SUFFIX);
    char name[MATERIAL_NAME_MAX];
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n <= suffix || n - suffix >= sizeof name ||
            strcmp(e->d_name + n - suffix, TB_FILE_SUFFIX) != 0)
            continue;
        snprintf(name, sizeof name, "%.*s", (int)(n - suffix), e->d_name);
        if (!each(name, ctx)) break;
    }
    closedir(d);
    return STATUS_OK;
}

void tb_file_path(const char *dir, const char *material, char *buf, size_t len) {
    snprintf(buf, len, "%s/%s%s", dir, material, TB_FILE_SUFFIX);
}

Status tb_open_file(const Variant *v, const char *dir, const char *material, TableFile **out,
                    char *err, size_t errlen) {
    char path[4200];
    tb_file_path(dir, material, path, sizeof path);
    return table_open(path, v, material, out, err, errlen);
}

Tablebase *tb_open(const Variant *v, const char *dir) {
    Tablebase *tb = calloc(1, sizeof *tb);
    if (!tb) return NULL;
    tb->tables = calloc(MATERIAL_KEYS, sizeof *tb->tables);
    tb->cache = cache_new(0);
    if (!tb->tables || !tb->cache) {
        free(tb->tables);
        cache_free(tb->cache);
        free(tb);
        return NULL;
    }
    tb->v = v;
    snprintf(tb->dir, sizeof tb->dir, "%s", dir);
    pthread_mutex_init(&tb->open_lock, NULL);
    return tb;
}

static void close_table(OpenTable *t) {
    table_close(t->file);
    free(t->why);
    free(t);
}

void tb_close(Tablebase *tb) {
    if (!tb) return;
    for (OpenTable *t = tb->opened, *next; t; t = next) {
        next = t->next;
        close_table(t);
    }
    pthread_mutex_destroy(&tb->open_lock);
    cache_free(tb->cache);
    free(tb->tables);
    free(tb);
}

void tb_set_cache_size(Tablebase *tb, size_t bytes) {
    cache_set_budget(tb->cache, bytes);
}

size_t tb_cache_used(const Tablebase *tb) {
    return cache_used(tb->cache);
}

void tb_path(const Tablebase *tb, const Material *m, char *buf, size_t len) {
    char name[MATERIAL_NAME_MAX];
    material_name(m, name, sizeof name);
    tb_file_path(tb->dir, name, buf, len);
}

/* A file whose index size is not this build's for the material cannot be read by it. */
Status tb_check_index(const TableFile *t, const Indexer *ix, const char *path, char *err,
                      size_t errlen) {
    const TableInfo *info = table_info(t);
    uint64_t parts[PART_COUNT];
    idx_part_sizes(ix, parts);
    if (info->positions != ix->size) {
        snprintf(err, errlen, "%s: holds %llu positions where the index has %llu", path,
                 (unsigned long long)info->positions, (unsigned long long)ix->size);
        return STATUS_CORRUPT;
    }
    if (memcmp(parts, info->part_size, sizeof parts) != 0) {
        snprintf(err, errlen, "%s: its index's parts are not those of the material's index", path);
        return STATUS_CORRUPT;
    }
    return STATUS_OK;
}

Status tb_open_indexed(const Variant *v, const Material *m, const char *path, TableFile **out,
                       Indexer *ix, char *err, size_t errlen) {
    char name[MATERIAL_NAME_MAX];
    Indexer own;
    ix = ix ? ix : &own;
    material_name(m, name, sizeof name);
    idx_init(ix, v, m);
    Status status = table_open(path, v, name, out, err, errlen);
    if (status == STATUS_OK) status = tb_check_index(*out, ix, path, err, errlen);
    if (status != STATUS_OK) {
        table_close(*out);
        *out = NULL;
    }
    return status;
}

/* A table missing, corrupt or of another material stays so for the handle's life, and its
 * reason is kept: every later probe that needs it fails at once, without the lock and the
 * system calls of another try, which threads probing a set with a file missing would queue
 * for.  Running out of memory or a failed read may pass, so those are tried again. */
static bool failure_lasts(Status status) {
    return status != STATUS_MEMORY && status != STATUS_IO;
}

/* Opens the table of canonical material m into *out: an open table, a lasting failure
 * (file NULL) or, for a failure that may pass, NULL. */
static Status open_table(const Tablebase *tb, const Material *m, OpenTable **out, char *err,
                         size_t errlen) {
    char path[4200], name[MATERIAL_NAME_MAX];
    tb_path(tb, m, path, sizeof path);
    material_name(m, name, sizeof name);
    OpenTable *t = *out = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "%s: out of memory", path);
        return STATUS_MEMORY;
    }
    Status status = tb_open_indexed(tb->v, m, path, &t->file, &t->ix, err, errlen);
    if (status == STATUS_OK) table_set_cache(t->file, tb->cache);
    if (status == STATUS_MISSING)
        snprintf(err, errlen, "the table of %s is missing (no file %s)", name, path);
    if (status == STATUS_OK) return status;
    t->failure = status;
    if (!failure_lasts(status) || !(t->why = strdup(err))) {
        close_table(t);
        *out = NULL;
    }
    return status;
}

/* t's table into *out, or its lasting failure. */
static Status table_ready(const OpenTable *t, const OpenTable **out, char *err, size_t errlen) {
    *out = t->file ? t : NULL;
    if (t->file) return STATUS_OK;
    snprintf(err, errlen, "%s", t->why);
    return t->failure;
}

/* The open table of canonical material m; double-checked so that probing is lock-free once
 * a file is open or has failed for good.  Cancellation is held off while the lock is held:
 * opening and reading a file are cancellation points, and a thread cancelled there would
 * leave the lock held for good. */
static Status table_for(Tablebase *tb, const Material *m, const OpenTable **out, char *err,
                        size_t errlen) {
    if (!material_has_table_size(m)) {
        char name[MATERIAL_NAME_MAX];
        material_name(m, name, sizeof name);
        snprintf(err, errlen, "the table of %s is missing (no table has over %d pieces a side)",
                 name, MATERIAL_SIDE_MAX);
        *out = NULL;
        return STATUS_MISSING;
    }
    _Atomic(OpenTable *) *slot = &tb->tables[material_key(m)];
    OpenTable *t = atomic_load_explicit(slot, memory_order_acquire);
    if (t) return table_ready(t, out, err, errlen);
    int cancel_state;
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &cancel_state);
    pthread_mutex_lock(&tb->open_lock);
    Status status = STATUS_OK;
    t = atomic_load_explicit(slot, memory_order_relaxed);
    if (!t) {
        status = open_table(tb, m, &t, err, errlen);
        if (t) {
            t->next = tb->opened;
            tb->opened = t;
            atomic_store_explicit(slot, t, memory_order_release);
        }
    }
    pthread_mutex_unlock(&tb->open_lock);
    pthread_setcancelstate(cancel_state, NULL);
    if (status != STATUS_OK) {
        *out = NULL;
        return status;
    }
    return table_ready(t, out, err, errlen);
}

/* The open file of p's material and p's index in it, for value set `set`: that of p
 * reversed where p's material is stored as its twin, or where it is its own twin and the
 * file leaves p's side to move out (the reversed position has the same value). */
static Status locate(Tablebase *tb, const Position *p, int set, TableFile **file, uint64_t *index,
                     char *err, size_t errlen) {
    Position canonical_pos;
    Material m;
    if (material_stored_of(p, &m)) {
        pos_reversed(tb->v->board, p, &canonical_pos);
        p = &canonical_pos;
    }
    const OpenTable *t;
    Status status = table_for(tb, &m, &t, err, errlen);
    if (status != STATUS_OK) return status;
    *file = t->file;
    if ((uint32_t)set >= table_info(*file)->cells_per_position) {
        snprintf(err, errlen, "table %s holds no value set %d", table_info(*file)->material, set);
        return STATUS_MATERIAL;
    }
    *index = idx_encode(&t->ix, p);
    if (!table_stores(*file, *index) && material_self_symmetric(&m)) {
        Position turned;
        pos_reversed(tb->v->board, p, &turned);
        *index = idx_encode(&t->ix, &turned);
    }
    return STATUS_OK;
}

/* A position a probe reads always has a value stored: none (WDL_NONE, what holes and
 * unstored positions may hold) is a corrupt file, whose checksums a crafted one can pass. */
static Status check_stored(Status status, const TableFile *file, uint64_t index, int wdl, char *err,
                           size_t errlen) {
    if (status != STATUS_OK || wdl != WDL_NONE) return status;
    snprintf(err, errlen, "table %s stores no value for position %llu: the file is corrupt",
             table_info(file)->material, (unsigned long long)index);
    return STATUS_CORRUPT;
}

/* The WDL stored for a position a probe reads. */
static Status read_stored_wdl(TableFile *file, uint64_t index, int set, int *out, char *err,
                              size_t errlen) {
    Status status = table_read_wdl(file, index, set, out, err, errlen);
    return check_stored(status, file, index, *out, err, errlen);
}

/* Whether quiet p, at index in file, has no value stored there: its side to move is left
 * out, or it is a bounded threat the file leaves out.  When so, list holds p's legal
 * moves. */
static bool settled_by_search(const Tablebase *tb, const Position *p, const TableFile *file,
                              uint64_t index, MoveList *list) {
    if (table_stores(file, index))
        return table_leaves_threats(file) && threat_bounded(tb->v, p, list);
    movegen_legal(tb->v, p, list);
    return true;
}

/* Reads quiet p's cell, or sets *search where its table has none; list then holds p's
 * legal moves. */
static Status read_stored(Tablebase *tb, const Position *p, int set, MoveList *list, Cell *out,
                          bool *search, char *err, size_t errlen) {
    TableFile *file;
    uint64_t index;
    Status status = locate(tb, p, set, &file, &index, err, errlen);
    if (status != STATUS_OK || (*search = settled_by_search(tb, p, file, index, list)))
        return status;
    status = table_read(file, index, set, out, err, errlen);
    return check_stored(status, file, index, CELL_WDL(*out), err, errlen);
}

Cell tb_negate(Cell child) {
    switch (CELL_WDL(child)) {
    case WDL_WIN:
        return CELL_MAKE(WDL_LOSS, CELL_DTW(child) + 1);
    case WDL_LOSS:
        return CELL_MAKE(WDL_WIN, CELL_DTW(child) + 1);
    default:
        return child;
    }
}

/* Larger is better: wins by speed, then draws, then losses by length. */
static int preference(Cell c) {
    switch (CELL_WDL(c)) {
    case WDL_WIN:
        return 3 * CELL_DTW_MAX - CELL_DTW(c);
    case WDL_DRAW:
        return CELL_DTW_MAX;
    case WDL_LOSS:
        return CELL_DTW(c);
    default:
        return -1;
    }
}

bool tb_better(Cell a, Cell b) {
    return preference(a) > preference(b);
}

/* Cell searches cut off as best_wdl's do, by preference: a search may stop once its best
 * is preferred at least as much as `cut`; NO_CUTOFF makes it exact. */
#define NO_CUTOFF INT_MAX

/* The cut for the search of the position a move leads to, given the best cell so far:
 * the value there, for its side to move, that makes the move no better than best. */
static int move_cut(Cell best) {
    int wdl = CELL_WDL(best), dtw = CELL_DTW(best);
    if (wdl == WDL_NONE) return NO_CUTOFF;
    if (wdl == WDL_DRAW) return preference(best);
    return preference(CELL_MAKE(wdl == WDL_WIN ? WDL_LOSS : WDL_WIN, dtw - 1));
}

/* Where a horizon cuts (draw_cut), a cut above a draw is unsafe: a slow win found first is
 * cut to a draw where the faster one not yet found is not.  A cut at most a draw is safe:
 * draw_cut leaves a draw or better at least a draw, and moves a loss only up. */
static int horizon_safe_cut(int cut, int horizon) {
    return horizon && cut > preference(CELL_MAKE(WDL_DRAW, 0)) ? NO_CUTOFF : cut;
}

static Status probe_cell(Tablebase *tb, const Position *p, int set, int cut, Cell *out, char *err,
                         size_t errlen);

/* The best cell the moves of list give p's side to move (a loss in 0 without moves), or
 * its value set's draw where a horizon cuts (draw_rules.h); or a cell preferred at least as
 * much as `cut` as soon as one is found. */
static Status best_cell(Tablebase *tb, const Position *p, const MoveList *list, int set, int cut,
                        Cell *out, char *err, size_t errlen) {
    Status status = STATUS_OK;
    int horizon = set == VALUES_OFFICIAL ? draw_position_horizon(tb->v, p) : 0;
    cut = horizon_safe_cut(cut, horizon);
    Cell best = list->count ? CELL_MAKE(WDL_NONE, 0) : CELL_MAKE(WDL_LOSS, 0);
    for (int i = 0; i < list->count && status == STATUS_OK && preference(best) < cut; i++) {
        Position next;
        Cell child;
        movegen_play(tb->v, p, &list->move[i], &next);
        status = probe_cell(tb, &next, set, move_cut(best), &child, err, errlen);
        if (status == STATUS_OK && tb_better(tb_negate(child), best)) best = tb_negate(child);
    }
    *out = draw_cut(best, horizon);
    return status;
}

/* The WDL a move to a position of WDL `child` gives the mover. */
static int negate_wdl(int child) {
    static const int negated[4] = {
        [WDL_NONE] = WDL_NONE, [WDL_LOSS] = WDL_WIN, [WDL_DRAW] = WDL_DRAW, [WDL_WIN] = WDL_LOSS};
    return negated[child];
}

static Status probe_wdl(Tablebase *tb, const Position *p, int set, int enough, int *out, char *err,
                        size_t errlen);

/* The best WDL the moves of list give p's side to move, a loss when there are none, or a
 * value of at least `enough` as soon as one is found: the caller has no use for more.
 * WDL_* values rank as results: NONE, LOSS, DRAW, WIN.  This is alpha-beta over three
 * values: each move's position is asked only whether it improves on the best so far, so
 * its own search stops at a reply that shows it does not (after a draw is found, at the
 * opponent's first draw).  Only the answer of the whole search must be exact, and a
 * search asked for WDL_WIN is: it stops at a win, the best there is. */
static Status best_wdl(Tablebase *tb, const Position *p, const MoveList *list, int set, int enough,
                       int *out, char *err, size_t errlen) {
    Status status = STATUS_OK;
    int best = list->count ? WDL_NONE : WDL_LOSS;
    for (int i = 0; i < list->count && status == STATUS_OK && best < enough; i++) {
        Position next;
        int child = WDL_NONE;
        movegen_play(tb->v, p, &list->move[i], &next);
        int child_enough = best == WDL_NONE ? WDL_WIN : negate_wdl(best);
        status = probe_wdl(tb, &next, set, child_enough, &child, err, errlen);
        if (negate_wdl(child) > best) best = negate_wdl(child);
    }
    *out = best;
    return status;
}

Status tb_search_wdl(Tablebase *tb, const Position *p, int set, int *out, char *err,
                     size_t errlen) {
    MoveList *list = thread_list_take(err, errlen);
    if (!list) return STATUS_MEMORY;
    movegen_legal(tb->v, p, list);
    Status status = best_wdl(tb, p, list, set, WDL_WIN, out, err, errlen);
    thread_list_put(list);
    return status;
}

/* A side without pieces has lost; the other cannot be to move in a real game, but give it
 * the win it has. */
static bool game_over(const Position *p, Cell *out) {
    if (pos_pieces(p, p->side) && pos_pieces(p, !p->side)) return false;
    *out = pos_pieces(p, p->side) ? CELL_MAKE(WDL_WIN, 1) : CELL_MAKE(WDL_LOSS, 0);
    return true;
}

/* The best WDL the moves of list give p's side to move.  Where a horizon cuts, the result
 * depends on how long the best line takes, so the search is of cells, and it may stop at a
 * draw but not at a win: a slow win found first is cut to a draw where a faster one was
 * not. */
static Status search_wdl(Tablebase *tb, const Position *p, const MoveList *list, int set,
                         int enough, int *out, char *err, size_t errlen) {
    if (set != VALUES_OFFICIAL || !draw_position_horizon(tb->v, p))
        return best_wdl(tb, p, list, set, enough, out, err, errlen);
    Cell cell;
    int cut = enough == WDL_DRAW ? preference(CELL_MAKE(WDL_DRAW, 0)) : NO_CUTOFF;
    Status status = best_cell(tb, p, list, set, cut, &cell, err, errlen);
    *out = CELL_WDL(cell);
    return status;
}

/* Where a probe reads the value of a position stored in its table. */
typedef struct StoredAt {
    TableFile *file; /* NULL when the probe needed no read */
    uint64_t index;
} StoredAt;

/* A WDL probe up to its read: either *out is p's WDL, or at->file is set and the WDL is
 * to be read where *at says.  The probes generate the captures at once rather than first
 * asking whether there are any: the answer costs as much as the list's first step, and
 * most probes that search have a capture pending.  A quiet position whose side to move its
 * table leaves out, or a bounded threat it leaves out, is searched through all its moves. */
static Status probe_wdl_until_read(Tablebase *tb, const Position *p, int set, int enough, int *out,
                                   StoredAt *at, char *err, size_t errlen) {
    Cell cell;
    at->file = NULL;
    if (game_over(p, &cell)) {
        *out = CELL_WDL(cell);
        return STATUS_OK;
    }
    MoveList *list = thread_list_take(err, errlen);
    if (!list) return STATUS_MEMORY;
    movegen_captures(tb->v, p, list);
    Status status = STATUS_OK;
    if (!list->count) {
        status = locate(tb, p, set, &at->file, &at->index, err, errlen);
        if (status == STATUS_OK && settled_by_search(tb, p, at->file, at->index, list))
            at->file = NULL;
    }
    if (status == STATUS_OK && !at->file)
        status = search_wdl(tb, p, list, set, enough, out, err, errlen);
    thread_list_put(list);
    return status;
}

static Status probe_wdl(Tablebase *tb, const Position *p, int set, int enough, int *out, char *err,
                        size_t errlen) {
    StoredAt at;
    Status status = probe_wdl_until_read(tb, p, set, enough, out, &at, err, errlen);
    if (status == STATUS_OK && at.file)
        status = read_stored_wdl(at.file, at.index, set, out, err, errlen);
    return status;
}

Status tb_probe_wdl(Tablebase *tb, const Position *p, int set, int *out, char *err, size_t errlen) {
    return probe_wdl(tb, p, set, WDL_WIN, out, err, errlen);
}

/* A quiet probe's time is often one read from memory, so each group's reads are only
 * started while its probes run, and made after (bench/RESULTS.md, "Rules, format and
 * probe"). */
enum { WDL_GROUP = 16 };

Status tb_probe_wdl_many(Tablebase *tb, const Position *p, size_t count, int set, int *out,
                         size_t *failed, char *err, size_t errlen) {
    Status status = STATUS_OK;
    for (size_t first = 0; first < count && status == STATUS_OK; first += WDL_GROUP) {
        size_t n = count - first < WDL_GROUP ? count - first : WDL_GROUP, i;
        StoredAt at[WDL_GROUP];
        for (i = 0; i < n && status == STATUS_OK; i++) {
            *failed = first + i;
            status = probe_wdl_until_read(tb, &p[*failed], set, WDL_WIN, &out[*failed], &at[i], err,
                                          errlen);
            if (status == STATUS_OK && at[i].file) table_prefetch_wdl(at[i].file, at[i].index, set);
        }
        for (size_t k = 0; k < i && status == STATUS_OK; k++)
            if (at[k].file) {
                *failed = first + k;
                status = read_stored_wdl(at[k].file, at[k].index, set, &out[*failed], err, errlen);
            }
    }
    return status;
}

Status tb_probe(Tablebase *tb, const Position *p, Cell *out, char *err, size_t errlen) {
    return tb_probe_set(tb, p, VALUES_PURE, out, err, errlen);
}

static Status probe_cell(Tablebase *tb, const Position *p, int set, int cut, Cell *out, char *err,
                         size_t errlen) {
    if (game_over(p, out)) return STATUS_OK;
    MoveList *list = thread_list_take(err, errlen);
    if (!list) return STATUS_MEMORY;
    movegen_captures(tb->v, p, list);
    bool search = list->count > 0;
    Status status = search ? STATUS_OK : read_stored(tb, p, set, list, out, &search, err, errlen);
    if (status == STATUS_OK && search) status = best_cell(tb, p, list, set, cut, out, err, errlen);
    thread_list_put(list);
    return status;
}

Status tb_probe_set(Tablebase *tb, const Position *p, int set, Cell *out, char *err,
                    size_t errlen) {
    return probe_cell(tb, p, set, NO_CUTOFF, out, err, errlen);
}

/* Whether position i of file has its values stored: not a hole, a capture pending, a side
 * to move left out or a bounded threat the file leaves out.  *p is the position, unless a hole. */
static bool stored(const Tablebase *tb, const Indexer *ix, IdxCursor *cur, const TableFile *file,
                   uint64_t i, Position *p, bool *hole, MoveList *list) {
    *hole = !idx_decode_near(ix, cur, i, p);
    return !*hole && table_stores(file, i) && !movegen_has_capture(tb->v, p) &&
           !(table_leaves_threats(file) && threat_bounded(tb->v, p, list));
}

/* A scan of a table (tb_scan) in progress. */
typedef struct Scan {
    Tablebase *tb;
    const OpenTable *t;
    IdxCursor cur;
    MoveList *list;
    TbVisit visit;
    void *ctx;
} Scan;

/* Gives position i, of the cells the file stores for it (none where it stores no side to
 * move), to the scan's visit with the cells a probe gives: a stored value checked, the
 * others probed (read reversed or searched).  A hole is not given. */
static Status visit_position(void *ctx, uint64_t i, const Cell *stored_cells, char *err,
                             size_t errlen) {
    Scan *sc = ctx;
    const TableFile *file = sc->t->file;
    uint32_t sets = table_info(file)->cells_per_position;
    Cell cells[VALUE_SETS_MAX];
    Position p;
    bool hole;
    Status status = STATUS_OK;
    if (stored(sc->tb, &sc->t->ix, &sc->cur, file, i, &p, &hole, sc->list)) {
        memcpy(cells, stored_cells, sets * sizeof *cells);
        for (uint32_t set = 0; set < sets && status == STATUS_OK; set++)
            status = check_stored(STATUS_OK, file, i, CELL_WDL(cells[set]), err, errlen);
    } else { /* as a probe: a side to move left out of a self-symmetric table reversed */
        for (uint32_t set = 0; set < sets && status == STATUS_OK && !hole; set++)
            status = probe_cell(sc->tb, &p, (int)set, NO_CUTOFF, &cells[set], err, errlen);
    }
    if (status != STATUS_OK || hole) return status;
    return sc->visit(sc->ctx, i, &p, cells, err, errlen);
}

Status tb_scan(Tablebase *tb, const Material *m, TbVisit visit, void *ctx, char *err,
               size_t errlen) {
    const OpenTable *t;
    Status status = table_for(tb, m, &t, err, errlen);
    if (status != STATUS_OK) return status;
    Scan sc = {tb, t, IDX_CURSOR_START, thread_list_take(err, errlen), visit, ctx};
    if (!sc.list) return STATUS_MEMORY;
    status = table_scan(t->file, visit_position, &sc, err, errlen);
    sc.cur = IDX_CURSOR_START;
    for (uint64_t i = 0; i < t->ix.size && status == STATUS_OK; i++)
        if (!table_stores(t->file, i)) status = visit_position(&sc, i, NULL, err, errlen);
    thread_list_put(sc.list);
    return status;
}

/* tb_read_all's array, filled by tb_scan. */
typedef struct WholeTable {
    Cell *cells;
    uint32_t sets;
} WholeTable;

static Status put_cells(void *ctx, uint64_t index, const Position *p, const Cell *cells, char *err,
                        size_t errlen) {
    (void)p, (void)err, (void)errlen;
    WholeTable *whole = ctx;
    memcpy(whole->cells + index * whole->sets, cells, whole->sets * sizeof *cells);
    return STATUS_OK;
}

Status tb_read_all(Tablebase *tb, const Material *m, Cell *out, char *err, size_t errlen) {
    const OpenTable *t;
    Status status = table_for(tb, m, &t, err, errlen);
    if (status != STATUS_OK) return status;
    WholeTable whole = {out, table_info(t->file)->cells_per_position};
    for (uint64_t k = 0; k < t->ix.size * whole.sets; k++) out[k] = CELL_MAKE(WDL_NONE, 0);
    return tb_scan(tb, m, put_cells, &whole, err, errlen);
}
