#include "rewrite.h"

#include "movegen.h"
#include "table_writer.h"
#include "tablebase.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

TableFile *rewrite_open(const Variant *v, const char *dir, const char *name, const char *program,
                        Material *m) {
    char err[512];
    TableFile *t = NULL;
    if (material_parse(name, m, err, sizeof err) != STATUS_OK ||
        tb_open_file(v, dir, name, &t, err, sizeof err) != STATUS_OK) {
        fprintf(stderr, "%s: %s\n", program, err);
        return NULL;
    }
    if (table_info(t)->sides == TABLE_SIDES_BOTH) return t;
    fprintf(stderr, "%s: %s stores one side to move: its other side has no values to rewrite\n",
            program, name);
    table_close(t);
    return NULL;
}

bool rewrite_sizes(const char *path, const TableInfo *info, uint32_t sides, int threads,
                   const Cell *cells, const uint64_t *unstored, StreamBytes *out) {
    char err[512];
    TableInfo one = *info;
    one.cells_per_position = 1;
    one.sides = sides;
    TableWriter *w = NULL;
    TableFile *t = NULL;
    Status s = table_writer_begin(path, &one, &w, err, sizeof err);
    if (s == STATUS_OK) s = table_writer_set_threads(w, threads, err, sizeof err);
    if (s == STATUS_OK) s = table_writer_add_set(w, 0, cells, unstored, err, sizeof err);
    if (s == STATUS_OK) s = table_writer_commit(w, err, sizeof err);
    table_writer_free(w);
    if (s == STATUS_OK) s = table_open(path, NULL, NULL, &t, err, sizeof err);
    if (s != STATUS_OK) return fprintf(stderr, "%s\n", err), false;
    uint64_t decoded;
    table_stream_size(t, 0, false, &out->wdl, &decoded);
    table_stream_size(t, 0, true, &out->dtw, &decoded);
    table_close(t);
    unlink(path);
    return true;
}

static bool is_set(const uint64_t *bits, uint64_t i) {
    return bits[i / 64] >> (i % 64) & 1;
}

static void mark(uint64_t *bits, uint64_t i) {
    bits[i / 64] |= (uint64_t)1 << (i % 64);
}

static bool read_wdl(const Variant *v, const Indexer *ix, TableFile *t, WdlTable *w,
                     const char *program) {
    char err[512];
    if (table_read_set(t, 0, w->cells, err, sizeof err) != STATUS_OK)
        return fprintf(stderr, "%s: %s\n", program, err), false;
    IdxCursor cur = IDX_CURSOR_START;
    for (uint64_t i = 0; i < ix->size; i++) {
        Position p;
        if (!idx_decode_near(ix, &cur, i, &p) || movegen_has_capture(v, &p)) mark(w->unstored, i);
        int wdl = is_set(w->unstored, i) ? WDL_DRAW : CELL_WDL(w->cells[i]);
        w->cells[i] = CELL_MAKE(wdl, wdl == WDL_WIN);
    }
    return true;
}

bool rewrite_load_wdl(const Variant *v, const char *dir, const char *name, const char *program,
                      WdlTable *w) {
    *w = (WdlTable){0};
    Material m;
    TableFile *t = rewrite_open(v, dir, name, program, &m);
    if (!t) return false;
    w->info = *table_info(t);
    uint64_t n = w->info.positions, decoded;
    table_stream_size(t, 0, false, &w->wdl_bytes, &decoded);
    Indexer ix;
    idx_init(&ix, v, &m);
    w->cells = malloc(n * sizeof *w->cells);
    w->unstored = calloc((n + 63) / 64, sizeof *w->unstored);
    bool ok = w->cells && w->unstored;
    if (!ok) fprintf(stderr, "%s: %s: out of memory\n", program, name);
    if (ok && n != ix.size)
        ok = false, fprintf(stderr, "%s: %s holds %llu positions, its index %llu\n", program, name,
                            (unsigned long long)n, (unsigned long long)ix.size);
    ok = ok && read_wdl(v, &ix, t, w, program);
    table_close(t);
    return ok;
}

void rewrite_free_wdl(WdlTable *w) {
    free(w->cells);
    free(w->unstored);
}

typedef struct EachTable {
    bool (*measure)(void *ctx, const char *name);
    void *ctx;
    int failed;
} EachTable;

static bool measure_table(const char *name, void *each) {
    EachTable *e = each;
    e->failed += !e->measure(e->ctx, name);
    return true;
}

int rewrite_each(const char *dir, char **names, int count,
                 bool (*measure)(void *ctx, const char *name), void *ctx, const char *program) {
    EachTable each = {measure, ctx, 0};
    for (int k = 0; k < count; k++) measure_table(names[k], &each);
    char err[1024];
    if (count == 0 && tb_each_file(dir, measure_table, &each, err, sizeof err) != STATUS_OK) {
        fprintf(stderr, "%s: %s\n", program, err);
        each.failed++;
    }
    return each.failed;
}
