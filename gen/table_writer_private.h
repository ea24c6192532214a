/* What the table writer's files share (table_writer.c, table_scan.c, table_layout.c): the
 * writer itself, its threads' tools and a stream's job.  Private to gen/. */
#ifndef DTB_TABLE_WRITER_PRIVATE_H
#define DTB_TABLE_WRITER_PRIVATE_H

#include "slice_store.h"
#include "table_format.h"
#include "table_writer.h"

#include <stdbool.h>
#include <stdint.h>
#include <zstd.h>

#define THREADS_MAX 64

/* One thread's tools: a compression context, a block's values (gather), its encoded bytes,
 * a block compressed only to be sized (writer_pick_layout), and where it reads cells in a
 * store. */
typedef struct Packer {
    ZSTD_CCtx *cctx;
    uint16_t *values;
    uint8_t *raw, *sized;
    StoreCursor cursor;
} Packer;

/* The cells of a value set being written and the bitmap of those left unstored
 * (table_writer_add_set): in memory, or both in a store (slice_store.h) read through each
 * reader's cursor.  A reader of a store checks writer_source_failed after its pass. */
typedef struct CellSource {
    const Cell *cells;        /* or NULL */
    const uint64_t *unstored; /* with cells, or NULL: every position stored */
    SliceStore *store;
} CellSource;

/* Position i's cell, and whether it is left unstored. */
static inline Cell writer_cell(const CellSource *src, StoreCursor *cursor, uint64_t i,
                               bool *unstored) {
    if (src->cells) {
        *unstored = src->unstored && src->unstored[i / 64] >> (i % 64) & 1;
        return src->cells[i];
    }
    Cell c = slice_store_at(src->store, cursor, i);
    *unstored = store_cursor_unstored(cursor, i);
    return c;
}

/* The first failure of reading src's store, STATUS_OK when none. */
Status writer_source_failed(const CellSource *src, char *err, size_t errlen);

/* A block of a batch: the last value its stream stores in it (-1 for none), the value
 * stored before it, and its bytes: bytes[best] is written, the other holds a trial of the
 * other way of filling (better_fill). */
typedef struct Packed {
    int last_inside;
    unsigned before;
    uint8_t *bytes[2];
    size_t size[2];
    int best;
} Packed;

struct TableWriter {
    char *path, *tmp; /* the file and its temporary name (atomic_file.h) */
    int fd;
    TableInfo info;
    uint64_t stored_first, stored_count; /* the positions stored (tf_stored_range) */
    PartOrder order;                     /* of the positions in the streams */
    bool counts_kept;                    /* the header takes kept_counts, not those counted */
    uint64_t kept_counts[2][2][4];
    bool draft; /* table_writer_draft */
    int sets_added;
    uint32_t block_bytes; /* decoded, of the smallest encoding (table_writer_begin_sized) */
    uint32_t per_block[TF_STREAMS], encoding[TF_STREAMS];
    uint64_t block_count; /* of all streams */
    uint64_t next_block;  /* the number of the next block written */
    uint64_t offset;      /* where it goes */
    uint8_t *head;        /* header, offset table and their checksum */
    size_t raw_cap, packed_cap, values_cap;
    int threads; /* packers made */
    Packer packer[THREADS_MAX];
    Packed *batch;
    int batch_count;
};

/* A stream being written in batches of blocks, or sized on a sample of its blocks
 * (writer_pick_layout), laid out by order over its stored places. */
typedef struct StreamJob {
    TableWriter *w;
    int i; /* the stream */
    const CellSource *src;
    const PartOrder *order;
    uint64_t stored_first, stored_count, per_block;
    unsigned common;      /* the set's most common WDL */
    uint64_t first_block; /* of the batch, counted in the stream */
    unsigned before;      /* the last value stored before the batch */
} StreamJob;

/* The fill a WDL block compresses better with (1 for the common value), judged at
 * PICK_LEVEL: the pick is then compressed again at the stream's level.  A fast level picks
 * almost always as the stream's level would, at a fraction of the time (bench/RESULTS.md,
 * "The table writer"). */
enum { PICK_LEVEL = 1 };

bool writer_picks_order(const TableInfo *info);
unsigned writer_first_stored(const PartOrder *order, int kind, const CellSource *src,
                             uint64_t begin, uint64_t end);
StreamJob writer_stream_job(TableWriter *w, int i, const CellSource *src);
void writer_block_range(const StreamJob *job, uint64_t block, uint64_t *begin, uint64_t *n);
int writer_last_stored(const StreamJob *job, uint64_t block);
void writer_gather(const StreamJob *job, Packer *p, uint64_t begin, uint64_t n);
size_t writer_pack_block(const StreamJob *job, Packer *p, uint64_t n, unsigned last,
                         const unsigned *constant, int level, uint8_t *out);

/* table_scan.c: counts set `set` into w's header and checks its stored cells. */
Status writer_scan_set(TableWriter *w, int set, const CellSource *src, unsigned *max_half,
                       unsigned *common, char *err, size_t errlen);

/* table_layout.c: the side to move stored and the order of the parts, where w is left them. */
Status writer_pick_layout(TableWriter *w, const CellSource *src, char *err, size_t errlen);

#endif
