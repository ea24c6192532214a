#include "build.h"

#include "draw_rules.h"
#include "manifest.h"
#include "movegen.h"
#include "parallel.h"
#include "solve.h"
#include "table_writer.h"
#include "tablebase.h"
#include "wall_clock.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static bool listed(const Material *list, int count, const Material *m) {
    for (int i = 0; i < count; i++)
        if (material_equal(&list[i], m)) return true;
    return false;
}

int build_closure(Material *list, int count) {
    Material canonical[BUILD_MAX_MATERIALS];
    int n = 0;
    for (int i = 0; i < count; i++) {
        Material m = material_is_canonical(&list[i]) ? list[i] : material_reversed(&list[i]);
        if (!listed(canonical, n, &m)) canonical[n++] = m;
    }
    for (int i = 0; i < n; i++) {
        Material next[BUILD_MAX_MATERIALS];
        int k = material_successors(&canonical[i], next, BUILD_MAX_MATERIALS);
        for (int j = 0; j < k && n < BUILD_MAX_MATERIALS; j++)
            if (!listed(canonical, n, &next[j])) canonical[n++] = next[j];
    }
    qsort(canonical, (size_t)n, sizeof *canonical, material_dependency_order);
    memcpy(list, canonical, (size_t)n * sizeof *list);
    return n;
}

static int make_dirs(const char *dir, char *err, size_t errlen) {
    char path[4096];
    snprintf(path, sizeof path, "%s", dir);
    for (char *p = path + 1;; p++) {
        bool end = *p == '\0';
        if (*p != '/' && !end) continue;
        *p = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "cannot create folder '%s': %s", path, strerror(errno));
            return 1;
        }
        if (end) return 0;
        *p = '/';
    }
}

/* A table that opens, matches and passes every checksum is not built again. */
static bool up_to_date(const Variant *v, const char *path, const char *name) {
    char err[512];
    TableFile *t;
    if (table_verify_file(path, err, sizeof err) != TABLE_OK) return false;
    if (table_open(path, v, name, &t, err, sizeof err) != TABLE_OK) return false;
    table_close(t);
    return true;
}

/* Marks the positions probes never read: holes of the index and positions with a capture
 * pending.  A stopgap until solve_material reports them, which knows them already: here
 * every position is decoded again, about 0.1 us each, split across the threads. */
typedef struct UnstoredJob {
    const Variant *v;
    const Indexer *ix;
    uint64_t *bits;
} UnstoredJob;

static void mark_unstored(void *ctx, int thread, uint64_t begin, uint64_t end) {
    const UnstoredJob *job = ctx;
    (void)thread;
    for (uint64_t word = begin; word < end; word++)
        for (uint64_t i = 64 * word; i < 64 * word + 64 && i < job->ix->size; i++) {
            Position p;
            if (!idx_decode(job->ix, i, &p) || movegen_has_capture(job->v, &p))
                job->bits[word] |= (uint64_t)1 << (i % 64);
        }
}

static uint64_t *unstored_positions(const Variant *v, const Indexer *ix, int threads) {
    uint64_t words = (ix->size + 63) / 64;
    UnstoredJob job = {v, ix, calloc(words + 1, sizeof(uint64_t))};
    if (job.bits) parallel_for(threads, words, mark_unstored, &job);
    return job.bits;
}

/* Solves every value set of m in turn and hands each to the writer. */
static int solve_all_sets(const Variant *v, Tablebase *tb, const Material *m,
                          const BuildOptions *opt, TableWriter *w, char *err, size_t errlen) {
    Indexer ix;
    idx_init(&ix, v, m);
    uint64_t *unstored = unstored_positions(v, &ix, opt->threads);
    if (!unstored) {
        snprintf(err, errlen, "out of memory for %llu positions", (unsigned long long)ix.size);
        return 1;
    }
    TableStatus st = TABLE_OK;
    for (int set = 0; set < draw_value_sets(v) && st == TABLE_OK; set++) {
        SolveOptions so = {.set = set,
                           .threads = opt->threads,
                           .progress = opt->log,
                           .live = opt->log && isatty(fileno(opt->log))};
        Cell *cells = NULL;
        st = solve_material(v, tb, m, &so, &cells, err, errlen);
        if (st == TABLE_OK) st = table_writer_add_set(w, set, cells, unstored, err, errlen);
        free(cells);
    }
    free(unstored);
    return st != TABLE_OK;
}

static int build_one(const Variant *v, Tablebase *tb, const Material *m, const BuildOptions *opt,
                     char *err, size_t errlen) {
    char path[4200], name[MATERIAL_NAME_MAX];
    tb_path(tb, m, path, sizeof path);
    material_name(m, name, sizeof name);
    if (up_to_date(v, path, name)) {
        if (opt->log) fprintf(opt->log, "%s: up to date\n", name);
        return 0;
    }
    double start = wall_seconds();
    Indexer ix;
    idx_init(&ix, v, m);
    TableInfo info = {.fingerprint = variant_fingerprint(v),
                      .positions = ix.size,
                      .cells_per_position = (uint32_t)draw_value_sets(v)};
    snprintf(info.variant, sizeof info.variant, "%s", v->id);
    snprintf(info.material, sizeof info.material, "%s", name);
    TableWriter *w;
    if (table_writer_begin(path, &info, &w, err, errlen) != TABLE_OK) return 1;
    int failed = solve_all_sets(v, tb, m, opt, w, err, errlen) ||
                 table_writer_commit(w, err, errlen) != TABLE_OK;
    table_writer_free(w);
    if (failed) return 1;
    if (opt->log)
        fprintf(opt->log, "\r%s: %llu positions, %.2f s\n", name, (unsigned long long)ix.size,
                wall_seconds() - start);
    return 0;
}

int build_tables(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                 char *err, size_t errlen) {
    if (make_dirs(opt->dir, err, errlen)) return 1;
    Tablebase *tb = tb_open(v, opt->dir);
    if (!tb) {
        snprintf(err, errlen, "out of memory");
        return 1;
    }
    int result = 0;
    for (int i = 0; i < count && result == 0; i++)
        result = build_one(v, tb, &list[i], opt, err, errlen);
    tb_close(tb);
    return result ? result : manifest_write(v, opt->dir, err, errlen);
}
