#include "build.h"
#include "build_private.h"

#include "atomic_file.h"
#include "build_pool.h"
#include "draw_rules.h"
#include "folder_lock.h"
#include "manifest.h"
#include "memory.h"
#include "solve.h"
#include "table_rewrite.h"
#include "table_writer.h"
#include "tablebase.h"
#include "wall_clock.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

bool build_listed(const Material *list, int count, const Material *m) {
    for (int i = 0; i < count; i++)
        if (material_equal(&list[i], m)) return true;
    return false;
}

int build_closure(Material *list, int count) {
    Material canonical[BUILD_MAX_MATERIALS];
    int n = 0;
    for (int i = 0; i < count; i++) {
        Material m = material_is_canonical(&list[i]) ? list[i] : material_reversed(&list[i]);
        if (!build_listed(canonical, n, &m)) canonical[n++] = m;
    }
    for (int i = 0; i < n; i++) {
        Material next[BUILD_MAX_MATERIALS];
        int k = material_successors(&canonical[i], next, BUILD_MAX_MATERIALS);
        for (int j = 0; j < k && n < BUILD_MAX_MATERIALS; j++)
            if (!build_listed(canonical, n, &next[j])) canonical[n++] = next[j];
    }
    qsort(canonical, (size_t)n, sizeof *canonical, material_dependency_order);
    memcpy(list, canonical, (size_t)n * sizeof *list);
    return n;
}

static Status make_dirs(const char *dir, char *err, size_t errlen) {
    char path[4096];
    snprintf(path, sizeof path, "%s", dir);
    for (char *p = path + (path[0] == '/');; p++) { /* "/" itself is no folder to make */
        bool end = *p == '\0';
        if (*p != '/' && !end) continue;
        *p = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "cannot create folder '%s': %s", path, strerror(errno));
            return STATUS_IO;
        }
        if (end) return STATUS_OK;
        *p = '/';
    }
}

/* A table that opens, lays out this build's index and passes every checksum is not built
 * again, whether it stores one side to move or both. */
static Found find_table(const Variant *v, const char *path, const Material *m) {
    Found f = {.both_sides = false, .draft = false};
    TableFile *t;
    f.status = tb_open_indexed(v, m, path, &t, NULL, f.why, sizeof f.why);
    if (f.status == STATUS_OK) {
        f.both_sides = table_info(t)->sides == TABLE_SIDES_BOTH || table_info(t)->mirrored;
        f.draft = table_info(t)->draft;
        f.status = table_verify(t, f.why, sizeof f.why);
    }
    table_close(t);
    return f;
}

/* Whether a file found under a table's name may be replaced by a table built anew: none,
 * a damaged table, one of an older format or of other rules under this variant's id.
 * Anything else is somebody's data or a fault of this machine: a table of another variant
 * or a newer format, a file that is not a table, one that cannot be read. */
static bool replaceable(Status status) {
    static const Status rebuilt[] = {STATUS_OK,          STATUS_MISSING,   STATUS_VERSION,
                                     STATUS_FINGERPRINT, STATUS_TRUNCATED, STATUS_CHECKSUM,
                                     STATUS_CORRUPT};
    for (size_t i = 0; i < sizeof rebuilt / sizeof rebuilt[0]; i++)
        if (status == rebuilt[i]) return true;
    return false;
}

/* Looks at the file of each material before anything is written, and stops the run at
 * one it may not replace. */
static Status find_tables(const Variant *v, const Tablebase *tb, const Material *list, int count,
                          Found *found, char *err, size_t errlen) {
    for (int i = 0; i < count; i++) {
        char path[4200];
        tb_path(tb, &list[i], path, sizeof path);
        found[i] = find_table(v, path, &list[i]);
        if (!replaceable(found[i].status)) {
            snprintf(err, errlen,
                     "%s; dtb-gen replaces only missing, damaged or outdated tables of this "
                     "variant: move the file or choose another --dir",
                     found[i].why);
            return found[i].status;
        }
    }
    return STATUS_OK;
}

/* Whether the run will write a table: then the manifest goes first (manifest_retire). */
static bool changes_ahead(const Found *found, int count, bool one_side) {
    for (int i = 0; i < count; i++)
        if (found[i].status != STATUS_OK || found[i].draft || (one_side && found[i].both_sides))
            return true;
    return false;
}

/* Seconds spent solving and writing one table. */
typedef struct Timing {
    double solving, writing;
    bool slices; /* solved in slice groups */
} Timing;

static Tablebase *open_tables(const Variant *v, const char *dir, char *err, size_t errlen) {
    Tablebase *tb = tb_open(v, dir);
    if (!tb) snprintf(err, errlen, "out of memory");
    return tb;
}

/* How value set `set` of a material whose table is at path is solved as need says, reading
 * the tables through tb, whose cache is capped here in slice groups. */
static SolveOptions solve_options(const Need *need, const BuildOptions *opt, int set,
                                  const char *path, Tablebase *tb) {
    uint64_t spare = build_spare_memory(need, opt->memory);
    if (need->slices && need->cache) tb_set_cache_size(tb, need->cache);
    return (SolveOptions){.set = set,
                          .threads = opt->threads,
                          .exit_memory = need->slices ? spare / 2 : spare,
                          .progress = opt->log,
                          .live = opt->log && isatty(fileno(opt->log)),
                          .scratch = need->slices ? path : NULL,
                          .window_extra = spare / 2};
}

/* Solves every value set of m in turn and hands each to the writer, so that only one
 * set's cells are in memory at a time.  Each set reads the successors through a fresh
 * handle, so that the blocks the last set decoded are freed before the next decodes its
 * own (they are other streams of the same files). */
static Status solve_all_sets(const Variant *v, const Material *m, const Need *need,
                             const BuildOptions *opt, const char *path, TableWriter *w,
                             Timing *time, char *err, size_t errlen) {
    Status st = STATUS_OK;
    for (int set = 0; set < draw_value_sets(v) && st == STATUS_OK; set++) {
        Tablebase *tb = open_tables(v, opt->dir, err, errlen);
        if (!tb) return STATUS_MEMORY;
        SolveOptions so = solve_options(need, opt, set, path, tb);
        SolvedTable solved = {NULL, NULL, NULL};
        double start = wall_seconds();
        st = solve_material(v, tb, m, &so, &solved, err, errlen);
        double solved_at = wall_seconds();
        if (st == STATUS_OK)
            st = solved.store
                     ? table_writer_add_stored_set(w, set, solved.store, err, errlen)
                     : table_writer_add_set(w, set, solved.cells, solved.unstored, err, errlen);
        time->solving += solved_at - start;
        time->writing += wall_seconds() - solved_at;
        solved_table_free(&solved);
        tb_close(tb);
    }
    time->slices = need->slices;
    return st;
}

/* Rewrites m's table as table_rewrite does to `sides`, and says so on the log as `done`. */
static Status rewrite(const Variant *v, const Tablebase *tb, const Material *m, uint32_t sides,
                      const char *done, const BuildOptions *opt, char *err, size_t errlen) {
    char path[4200], name[MATERIAL_NAME_MAX];
    tb_path(tb, m, path, sizeof path);
    material_name(m, name, sizeof name);
    struct stat before, after;
    bool rewritten;
    double start = wall_seconds();
    bool sized = stat(path, &before) == 0;
    Status st = table_rewrite(v, m, path, sides, build_block_bytes(opt), opt->threads, &rewritten,
                              err, errlen);
    if (st != STATUS_OK) return st;
    if (rewritten && sized && stat(path, &after) == 0 && opt->log)
        fprintf(opt->log, "%s: %s, %lld -> %lld bytes in %.2f s\n", name, done,
                (long long)before.st_size, (long long)after.st_size, wall_seconds() - start);
    return STATUS_OK;
}

/* A table found sound is kept; a draft (table_rewrite.h) too when the run stores one side to
 * move, since the run rewrites it once the set is complete, and otherwise written in full. */
static Status keep_found(const Variant *v, const Tablebase *tb, const Material *m,
                         const Found *found, const BuildOptions *opt, char *err, size_t errlen) {
    if (found->draft && !opt->one_side)
        return rewrite(v, tb, m, TABLE_SIDES_BOTH,
                       "a draft that a run cut short left, written in full", opt, err, errlen);
    char name[MATERIAL_NAME_MAX];
    material_name(m, name, sizeof name);
    if (opt->log) fprintf(opt->log, "%s: up to date%s\n", name, found->draft ? " (a draft)" : "");
    return STATUS_OK;
}

/* Builds m unless found says its table is sound, as need says (check_memory). */
static Status build_one(const Variant *v, const Tablebase *tb, const Material *m,
                        const Found *found, const Need *need, const BuildOptions *opt, char *err,
                        size_t errlen) {
    char path[4200], name[MATERIAL_NAME_MAX];
    tb_path(tb, m, path, sizeof path);
    material_name(m, name, sizeof name);
    if (found->status == STATUS_OK) { /* and what a run killed as it wrote it left */
        solve_scratch_remove(path, draw_value_sets(v));
        return keep_found(v, tb, m, found, opt, err, errlen);
    }
    if (found->status != STATUS_MISSING && opt->log)
        fprintf(opt->log, "%s: built again: %s\n", name, found->why);
    Indexer ix;
    idx_init(&ix, v, m);
    TableInfo info = build_table_info(v, &ix);
    if (!opt->one_side) table_writer_full_sides(&info, m); /* a draft stores both */
    TableWriter *w;
    Status st = table_writer_begin_sized(path, &info, build_block_bytes(opt), &w, err, errlen);
    if (st != STATUS_OK) return st;
    if (opt->one_side) table_writer_draft(w); /* rewritten once the set is complete */
    st = table_writer_set_threads(w, opt->threads, err, errlen);
    if (st != STATUS_OK) {
        table_writer_free(w);
        return st;
    }
    Timing time = {0, 0, false};
    st = solve_all_sets(v, m, need, opt, path, w, &time, err, errlen);
    double commit_start = wall_seconds();
    if (st == STATUS_OK) st = table_writer_commit(w, err, errlen);
    time.writing += wall_seconds() - commit_start;
    table_writer_free(w);
    memory_return_freed(); /* what the next material counts as in use */
    uint64_t scratch = time.slices ? solve_scratch_held(path, draw_value_sets(v)) : 0;
    if (st == STATUS_OK || !solve_scratch_checkpointed(path, draw_value_sets(v)))
        solve_scratch_remove(path, draw_value_sets(v)); /* else the next run resumes */
    if (st != STATUS_OK || !opt->log) return st;
    /* The peak so far, on every material: a run killed before its end still leaves it. */
    char peak[32];
    memory_format(memory_peak(), peak, sizeof peak);
    fprintf(opt->log,
            "\r%s: %llu positions, solved in %.2f s%s, written in %.2f s, peak memory %s\n", name,
            (unsigned long long)ix.size, time.solving, time.slices ? " in slice groups" : "",
            time.writing, peak);
    if (time.slices) { /* what the plan's bound held, for bench/RESULTS.md */
        char held[32], bound[32];
        memory_format(scratch, held, sizeof held);
        memory_format(need->scratch, bound, sizeof bound);
        fprintf(opt->log, "%s: its scratch files held %llu bytes (%s) once solved, of %s planned\n",
                name, (unsigned long long)scratch, held, bound);
    }
    return STATUS_OK;
}

struct BuildRun {
    const Variant *v;
    const Material *list;
    int count;
    const BuildOptions *opt;
    Tablebase *tb; /* only names the files: solving reads through handles of its own */
    Found *found;
    Need *need;     /* how each material is solved, as the check at the run's beginning found */
    char *manifest; /* the folder's manifest when the run began, or NULL (manifest_write) */
    int lock;
};

/* The run's tables and the record of what each material's file held and needs. */
static Status run_tables(BuildRun *run, char *err, size_t errlen) {
    run->tb = open_tables(run->v, run->opt->dir, err, errlen);
    if (!run->tb) return STATUS_MEMORY;
    run->found = malloc((size_t)run->count * sizeof *run->found + 1);
    run->need = malloc((size_t)run->count * sizeof *run->need + 1);
    if (run->found && run->need) return STATUS_OK;
    snprintf(err, errlen, "out of memory");
    return STATUS_MEMORY;
}

Status build_run_begin(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                       BuildRun **out, char *err, size_t errlen) {
    BuildRun *run = calloc(1, sizeof *run);
    *out = run;
    if (!run) {
        snprintf(err, errlen, "out of memory");
        return STATUS_MEMORY;
    }
    *run = (BuildRun){.v = v, .list = list, .count = count, .opt = opt, .lock = -1};
    Status st = make_dirs(opt->dir, err, errlen);
    if (st != STATUS_OK) return st;
    Status locked = folder_lock(opt->dir, &run->lock, err, errlen);
    if (locked != STATUS_OK) return locked;
    if (run->lock >= 0) { /* unlocked, the folder is read-only */
        atomic_remove_leftovers(opt->dir, TB_FILE_SUFFIX, opt->log);
        atomic_remove_leftovers(opt->dir, MANIFEST_NAME, opt->log);
    }
    st = run_tables(run, err, errlen);
    if (st == STATUS_OK) st = find_tables(v, run->tb, list, count, run->found, err, errlen);
    if (st == STATUS_OK)
        st = build_check_memory_all(v, run->tb, list, run->found, count, opt, run->need, err,
                                    errlen);
    if (st == STATUS_OK) st = manifest_read_text(opt->dir, &run->manifest, err, errlen);
    if (st == STATUS_OK && changes_ahead(run->found, count, opt->one_side))
        st = manifest_retire(opt->dir, err, errlen);
    return st;
}

bool build_run_pending(const BuildRun *run, int i) {
    const Found *f = &run->found[i];
    return f->status != STATUS_OK || (f->draft && !run->opt->one_side);
}

Status build_run_material(BuildRun *run, int i, int threads, char *err, size_t errlen) {
    BuildOptions opt = *run->opt;
    opt.threads = threads;
    return build_one(run->v, run->tb, &run->list[i], &run->found[i], &run->need[i], &opt, err,
                     errlen);
}

uint64_t build_run_bytes(const BuildRun *run, int i) {
    return run->need[i].bytes;
}

Status build_run_end(BuildRun *run, Status result, char *err, size_t errlen) {
    if (!run) return result;
    if (result == STATUS_OK)
        result = manifest_write(run->v, run->opt->dir, run->manifest, run->opt->log, err, errlen);
    free(run->manifest);
    free(run->found);
    free(run->need);
    tb_close(run->tb);
    folder_unlock(run->lock);
    free(run);
    return result;
}

Status build_material(const Variant *v, const Material *m, const BuildOptions *opt, char *err,
                      size_t errlen) {
    Tablebase *tb = open_tables(v, opt->dir, err, errlen);
    Found found;
    Status result = tb ? find_tables(v, tb, m, 1, &found, err, errlen) : STATUS_MEMORY;
    if (result ==
        STATUS_OK) { /* rank 0 checked the memory; this process solves in the way it counts */
        Need need = build_need_of(v, m, &found, opt);
        result = build_one(v, tb, m, &found, &need, opt, err, errlen);
    }
    tb_close(tb);
    return result;
}

bool build_run_sliced(const BuildRun *run, int i) {
    return run->need[i].slices;
}

Status build_share_open(const BuildRun *run, int i, int set, const SliceOrder *order,
                        SliceShare **share, char *err, size_t errlen) {
    char path[4200];
    tb_path(run->tb, &run->list[i], path, sizeof path);
    SolveOptions so = {.set = set,
                       .threads = run->opt->threads,
                       .progress = run->opt->log,
                       .scratch = path,
                       .order = order};
    return slice_share_open(run->v, &run->list[i], &so, share, err, errlen);
}

/* The need of a worker solving ranges of m: in slice groups, whatever this process would
 * choose (rank 0 began them), and its range's segment (its directory). */
static Need range_need(const Variant *v, const Material *m, const BuildOptions *opt) {
    BuildOptions sliced = *opt;
    sliced.slices = SLICES_ALWAYS;
    Need n = build_memory_needed(v, m, &sliced);
    Indexer ix;
    idx_init(&ix, v, m);
    uint64_t segment = slice_store_bytes(&ix) - slice_store_cache_bytes(&ix); /* no cache */
    n.bytes += segment;
    n.group += segment;
    return n;
}

/* What a worker solving ranges keeps from one to the next of the same material and value
 * set: the tables they read, with the blocks they decoded, the values of exits looked up
 * (value_memo.h), the slices' order, and how the material is solved.  Made afresh for each
 * range, the order alone took about a second a range of Frisian's MMMvMMM (2e8 slices). */
struct RangeWork {
    Material m;
    int set;
    Tablebase *tb; /* NULL: nothing kept */
    SliceOrder *order;
    Need need;
    SolveOptions so; /* with the order and the values of exits */
    char path[4200];
};

RangeWork *range_work_new(void) {
    return calloc(1, sizeof(RangeWork));
}

static void range_work_close(RangeWork *work) {
    value_memo_free(work->so.exits);
    slice_order_free(work->order);
    tb_close(work->tb);
    work->so = (SolveOptions){.exits = NULL};
    work->order = NULL;
    work->tb = NULL;
}

void range_work_free(RangeWork *work) {
    if (work) range_work_close(work);
    free(work);
}

/* Makes work hold what solving ranges of m's value set `set` needs, kept when it does. */
static Status range_work_for(RangeWork *work, const Variant *v, const Material *m,
                             const BuildOptions *opt, int set, char *err, size_t errlen) {
    if (work->tb && material_equal(&work->m, m) && work->set == set) return STATUS_OK;
    range_work_close(work);
    work->tb = open_tables(v, opt->dir, err, errlen);
    if (!work->tb) return STATUS_MEMORY;
    work->m = *m;
    work->set = set;
    tb_path(work->tb, m, work->path, sizeof work->path);
    work->need = range_need(v, m, opt);
    work->so = solve_options(&work->need, opt, set, work->path, work->tb);
    Indexer ix;
    idx_init(&ix, v, m);
    work->so.order = work->order = slice_order_new(&ix);
    work->so.exits = value_memo_new(work->tb, v, set, work->so.exit_memory);
    if (work->need.slices && work->so.order && work->so.exits) return STATUS_OK;
    snprintf(err, errlen, "out of memory");
    range_work_close(work);
    return STATUS_MEMORY;
}

Status build_slice_range(const Variant *v, const Material *m, const BuildOptions *opt, int set,
                         uint64_t begin, uint64_t count, RangeWork *work, char *err,
                         size_t errlen) {
    Status st = range_work_for(work, v, m, opt, set, err, errlen);
    if (st != STATUS_OK) return st;
    return solve_slice_range(v, work->tb, m, &work->so, begin, count, err, errlen);
}

Status build_one_side(const Variant *v, const Material *m, const BuildOptions *opt, char *err,
                      size_t errlen) {
    Tablebase *tb = open_tables(v, opt->dir, err, errlen);
    Status result =
        tb ? rewrite(v, tb, m, TABLE_SIDES_SMALLER, "one side to move stored", opt, err, errlen)
           : STATUS_MEMORY;
    tb_close(tb);
    return result;
}

/* With opt->one_side, the set is complete before any table is rewritten (table_rewrite.h). */
Status build_tables(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                    char *err, size_t errlen) {
    BuildRun *run;
    Status result = build_run_begin(v, list, count, opt, &run, err, errlen);
    if (result == STATUS_OK) result = build_pool_run(run, v, list, count, opt, err, errlen);
    for (int i = 0; i < count && result == STATUS_OK && opt->one_side; i++)
        result = build_one_side(v, &list[i], opt, err, errlen);
    return build_run_end(run, result, err, errlen);
}
