/* Rewriting a table's values with the real writer to measure what another layout would
 * take: the size benchmarks (bench_threats, bench_orders) compare such rewrites. */
#ifndef DTB_BENCH_REWRITE_H
#define DTB_BENCH_REWRITE_H

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

/* Whether a table like info holds values to rewrite: one of one side to move holds
 * filler, not values, for the other side.  False with a message from `program` on
 * stderr. */
bool rewrite_has_values(const TableInfo *info, const char *program);

#endif
