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

#endif
