/* What the files reading a table share (table_file.c: opening and the header;
 * table_blocks.c: blocks and probes; table_scan.c: whole-table scans): the reader's state,
 * and the helpers more than one uses (the small ones inline: they lie on the probes'
 * path).  Private to format/table_*.c. */
#ifndef DTB_TABLE_READER_H
#define DTB_TABLE_READER_H

#include "table_file.h"
#include "table_format.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <zstd.h>

typedef struct BlockEntry {
    uint64_t end; /* file offset just past the block */
    uint64_t sum; /* XXH3-64 of its compressed bytes */
} BlockEntry;

/* A warm WDL probe over a large set is one read from memory, a cache miss.  Many quiet
 * positions lie in a run of CHUNK positions (one cache line decoded) that all hold one
 * value, fills included (bench/RESULTS.md, "Rules, format and probe"), so a WDL stream
 * keeps a summary of two bits a chunk, its value where the chunk holds one only
 * and WDL_NONE elsewhere: 1/256 of the decoded stream, small enough to stay in the caches,
 * and a probe of a chunk of one value reads no further.
 * The summary is kept in pieces of PIECE bytes, each made when the first of its blocks is
 * decoded: a summary at the start of each block's values fell a block apart, into a few
 * sets of the caches, and gained little; one made whole when the file is opened made cold
 * probes slower, as the heap grew and shrank at every open and close of a large table (the
 * same section). */
enum { CHUNK = 256, PIECE = 4096 };

#define PIECE_POSITIONS ((uint64_t)PIECE * 4 * CHUNK)

/* One stream of blocks (table_format.h). */
typedef struct Stream {
    uint64_t per_block; /* positions per block */
    uint32_t encoding;
    uint64_t blocks;
    uint64_t first;                     /* the number of its first block in the offset table */
    _Atomic(_Atomic uint8_t *) *pieces; /* WDL streams: the summary; see have_summary */
} Stream;

struct TableFile {
    char *path;
    int fd;
    uint64_t size; /* of the file */
    TableInfo info;
    uint64_t stored_first, stored_count; /* the positions stored (tf_stored_range) */
    PartOrder order;                     /* of the positions in the streams */
    Stream streams[TF_STREAMS];          /* 2 per value set */
    uint64_t block_count;                /* of all streams */
    uint64_t data_start;
    BlockEntry *entries;
    /* By block number: the decoded block, NULL until read or once evicted; whether a probe
     * read it since the cache's hand last passed (block_cache.h); whether its values are in
     * its stream's summary. */
    _Atomic(uint8_t *) *blocks;
    atomic_bool *referenced, *summarized;
    BlockCache *cache; /* NULL: blocks are kept until table_close */
};

/* Reads up to len bytes at offset; returns how many (fewer only at the end of the file),
 * or -1 on error. */
ssize_t table_read_at(int fd, void *buf, size_t len, uint64_t offset);

/* The file offset where block number b begins. */
static inline uint64_t table_block_begin(const TableFile *t, uint64_t b) {
    return b == 0 ? t->data_start : t->entries[b - 1].end;
}

/* The stream that block number b belongs to. */
static inline const Stream *table_stream_of(const TableFile *t, uint64_t b) {
    int i = 0;
    while (b >= t->streams[i].first + t->streams[i].blocks) i++;
    return &t->streams[i];
}

/* The bytes block number b decodes to. */
static inline size_t table_decoded_bytes(const TableFile *t, uint64_t b) {
    const Stream *s = table_stream_of(t, b);
    uint64_t n = tf_block_positions(t->stored_count, s->per_block, b - s->first);
    return (size_t)tf_encoded_bytes(s->encoding, n);
}

/* Reads block b's compressed bytes into a new buffer (*out) and checks their checksum. */
Status table_load_packed(const TableFile *t, uint64_t b, uint8_t **out, size_t *len, char *err,
                         size_t errlen);

/* Decodes block b into out, which has room for table_decoded_bytes(t, b). */
Status table_decode_block(TableFile *t, uint64_t b, uint8_t *out, char *err, size_t errlen);

/* The calling thread's decompression context, kept for its later calls (*kept), or where
 * it cannot be kept one the caller frees after use; NULL when out of memory.  Shared by
 * every decoder of the thread: making one costs half as much as decoding a block. */
ZSTD_DCtx *table_thread_dctx(bool *kept);

/* Whether the DTW of this WDL and half is one a table may store: a DTW stream of two bytes
 * a position can store more, which only a crafted file (its checksums made good) does. */
static inline bool table_dtw_fits(unsigned wdl, unsigned half) {
    return tf_dtw_of_half((int)wdl, half) <= CELL_DTW_STORED_MAX;
}

#endif
