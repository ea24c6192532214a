#include "rewrite.h"

#include "table_writer.h"
#include "tablebase.h"

#include <stdio.h>
#include <unistd.h>

TableFile *rewrite_open(const Variant *v, const char *dir, const char *name, const char *program,
                        Material *m) {
    char err[512];
    TableFile *t = NULL;
    if (!material_parse(name, m, err, sizeof err) ||
        tb_open_file(v, dir, name, &t, err, sizeof err) != TABLE_OK) {
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
    TableStatus s = table_writer_begin(path, &one, &w, err, sizeof err);
    if (s == TABLE_OK) s = table_writer_set_threads(w, threads, err, sizeof err);
    if (s == TABLE_OK) s = table_writer_add_set(w, 0, cells, unstored, err, sizeof err);
    if (s == TABLE_OK) s = table_writer_commit(w, err, sizeof err);
    table_writer_free(w);
    if (s == TABLE_OK) s = table_open(path, NULL, NULL, &t, err, sizeof err);
    if (s != TABLE_OK) return fprintf(stderr, "%s\n", err), false;
    uint64_t decoded;
    table_stream_size(t, 0, false, &out->wdl, &decoded);
    table_stream_size(t, 0, true, &out->dtw, &decoded);
    table_close(t);
    unlink(path);
    return true;
}
