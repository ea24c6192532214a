/* Rewriting a table's values with the real writer to measure what another layout would
 * take: the size benchmarks (bench_threats, bench_orders) compare such rewrites. */
#ifndef DTB_BENCH_REWRITE_H
#define DTB_BENCH_REWRITE_H

#include "material.h"
#include "table_file.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct StreamBytes {
    uint64_t wdl, dtw; /* in the file: blocks and offset entries */
} StreamBytes;

/* Writes cells as value set 0 of a table like info (one value set, the sides to move
 * given) to path with `threads` threads, measures its streams into *out and removes the
 * file.  unstored as table_writer_add_set takes it.  False with a message on stderr. */
bool rewrite_sizes(const char *path, const TableInfo *info, uint32_t sides, int threads,
                   const Cell *cells, const uint64_t *unstored, StreamBytes *out);

/* Opens the table of material `name` in dir to rewrite, and sets *m to the material; NULL
 * with a message from `program` on stderr when it cannot, or when the table stores one
 * side to move: that one holds filler, not values, for the other side. */
TableFile *rewrite_open(const Variant *v, const char *dir, const char *name, const char *program,
                        Material *m);

/* Calls measure(ctx, name) for each of the `count` materials in names, or when there are
 * none for each table in dir; returns how many failed (a dir it cannot read counts one, with
 * a message from `program` on stderr). */
int rewrite_each(const char *dir, char **names, int count,
                 bool (*measure)(void *ctx, const char *name), void *ctx, const char *program);

/* A table's value set 0 as WDL alone, for rewriting: a win's DTW 1, every other 0, which
 * the writer takes and which leaves the DTW stream next to nothing.  unstored marks (a bit
 * a position) what tables of both sides leave out, holes and captures pending, whose cells
 * are draws. */
typedef struct WdlTable {
    TableInfo info;
    uint64_t wdl_bytes; /* of the file's WDL stream */
    Cell *cells;
    uint64_t *unstored;
} WdlTable;

/* Reads the table of material `name` in dir (as rewrite_open) into w and closes it; false
 * with a message from `program` on stderr.  Free w with rewrite_free_wdl, either way. */
bool rewrite_load_wdl(const Variant *v, const char *dir, const char *name, const char *program,
                      WdlTable *w);
void rewrite_free_wdl(WdlTable *w);

#endif
