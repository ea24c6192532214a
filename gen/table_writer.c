/* Writing table files (layout in probe/table_format.h): blocks are compressed one at a time
 * and written after room left for the header and offset table, which are filled in last;
 * the file appears under its name only when complete (atomic_file.h). */
#include "table_writer.h"
#include "atomic_file.h"
#include "table_format.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

/* 128 KiB of cells per block, zstd's largest internal block.  Decoding one on first touch
 * takes about 0.1 ms and the offset table costs 16 bytes per block; on test data smaller
 * blocks compressed a little worse and larger ones no better.  The size is stored in each
 * file, so it can change without a new format version. */
#define BLOCK_BYTES (128u << 10)

/* Tables are written once and read often, and zstd decodes about equally fast at every
 * level.  On test data level 9 was 9% smaller than the default 3 at 60-90 MB/s; level 19
 * was another 12% smaller but ran at 2-4 MB/s, too slow for tables of many gigabytes.
 * Changing it changes the bytes written, not the format. */
#define ZSTD_LEVEL 9

typedef struct Writer {
    char *tmp; /* the temporary file (atomic_file.h) */
    int fd;
    const TableInfo *info;
    uint64_t per_block, block_count, data_start;
    uint8_t *head;   /* header, offset table and their checksum: data_start bytes */
    uint8_t *raw;    /* one block's cells as little-endian bytes */
    uint8_t *packed; /* one compressed block */
    size_t packed_cap;
    ZSTD_CCtx *cctx;
} Writer;

static bool name_fits(const char *name, size_t field) {
    size_t n = strnlen(name, field);
    return n > 0 && n < field;
}

static TableStatus check_info(const TableInfo *info, const char *path, char *err, size_t errlen) {
    uint32_t cpp = info->cells_per_position;
    if (!name_fits(info->variant, sizeof info->variant) ||
        !name_fits(info->material, sizeof info->material) || cpp < 1 || cpp > 2 ||
        info->positions > SIZE_MAX / (cpp * sizeof(Cell)))
        return tf_fail(err, errlen, TABLE_ERR_CORRUPT, path,
                       "cannot write: empty or unterminated name, or bad cell count");
    return TABLE_OK;
}

/* Zstd's settings are pinned here so that the same cells always give the same bytes:
 * one thread, the content size in each frame, no zstd checksum (each block has ours). */
static bool set_compression(ZSTD_CCtx *cctx) {
    return !ZSTD_isError(ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, ZSTD_LEVEL)) &&
           !ZSTD_isError(ZSTD_CCtx_setParameter(cctx, ZSTD_c_nbWorkers, 0)) &&
           !ZSTD_isError(ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, 1)) &&
           !ZSTD_isError(ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 0));
}

static TableStatus writer_init(Writer *w, const TableInfo *info, const char *path, char *err,
                               size_t errlen) {
    memset(w, 0, sizeof *w);
    w->fd = -1;
    w->info = info;
    w->per_block = BLOCK_BYTES / (sizeof(Cell) * info->cells_per_position);
    w->block_count = tf_block_count(info->positions, w->per_block);
    w->data_start = tf_data_start(w->block_count);
    w->packed_cap = ZSTD_compressBound(BLOCK_BYTES);
    w->head = calloc(w->data_start, 1);
    w->raw = malloc(BLOCK_BYTES);
    w->packed = malloc(w->packed_cap);
    w->cctx = ZSTD_createCCtx();
    if (!w->head || !w->raw || !w->packed || !w->cctx || !set_compression(w->cctx))
        return tf_fail(err, errlen, TABLE_ERR_MEMORY, path, "out of memory");
    return atomic_create(path, &w->tmp, &w->fd, err, errlen);
}

/* Frees w, and removes the temporary file unless it was committed. */
static void writer_free(Writer *w) {
    if (w->fd >= 0) atomic_abort(w->fd, w->tmp);
    free(w->tmp);
    ZSTD_freeCCtx(w->cctx);
    free(w->packed);
    free(w->raw);
    free(w->head);
}

static TableStatus write_at(const Writer *w, const uint8_t *buf, size_t len, uint64_t offset,
                            char *err, size_t errlen) {
    while (len > 0) {
        ssize_t n = pwrite(w->fd, buf, len, (off_t)offset);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return tf_fail(err, errlen, TABLE_ERR_IO, w->tmp, "%s", strerror(errno));
        buf += n;
        len -= (size_t)n;
        offset += (uint64_t)n;
    }
    return TABLE_OK;
}

/* Compresses and writes block b at *offset, records it in the offset table, and moves
 * *offset past it. */
static TableStatus write_block(Writer *w, const Cell *cells, uint64_t b, uint64_t *offset,
                               char *err, size_t errlen) {
    uint32_t cpp = w->info->cells_per_position;
    size_t n = (size_t)(tf_block_positions(w->info->positions, w->per_block, b) * cpp);
    tf_cells_to_le(w->raw, cells + b * w->per_block * cpp, n);
    size_t size = ZSTD_compress2(w->cctx, w->packed, w->packed_cap, w->raw, n * sizeof(Cell));
    if (ZSTD_isError(size))
        return tf_fail(err, errlen, TABLE_ERR_MEMORY, w->tmp, "zstd: %s", ZSTD_getErrorName(size));
    TableStatus s = write_at(w, w->packed, size, *offset, err, errlen);
    *offset += size;
    uint8_t *entry = w->head + TF_HEADER_SIZE + b * TF_ENTRY_SIZE;
    tf_put_u64(entry, *offset);
    tf_put_u64(entry + 8, XXH3_64bits(w->packed, size));
    return s;
}

static void encode_header(uint8_t *h, const TableInfo *info, uint64_t per_block) {
    tf_put_u32(h + TF_OFF_MAGIC, TF_MAGIC);
    tf_put_u32(h + TF_OFF_VERSION, TF_VERSION);
    memcpy(h + TF_OFF_VARIANT, info->variant, strlen(info->variant));
    tf_put_u64(h + TF_OFF_FINGERPRINT, info->fingerprint);
    memcpy(h + TF_OFF_MATERIAL, info->material, strlen(info->material));
    tf_put_u64(h + TF_OFF_POSITIONS, info->positions);
    tf_put_u32(h + TF_OFF_CELLS_PER_POSITION, info->cells_per_position);
    tf_put_u32(h + TF_OFF_BLOCK_POSITIONS, (uint32_t)per_block);
    for (int k = 0; k < 16; k++)
        tf_put_u64(h + TF_OFF_COUNTS + 8 * k, info->counts[k / 8][k / 4 % 2][k % 4]);
}

static TableStatus write_table(Writer *w, const Cell *cells, char *err, size_t errlen) {
    uint64_t offset = w->data_start;
    for (uint64_t b = 0; b < w->block_count; b++) {
        TableStatus s = write_block(w, cells, b, &offset, err, errlen);
        if (s != TABLE_OK) return s;
    }
    encode_header(w->head, w->info, w->per_block);
    uint64_t covered = w->data_start - TF_SUM_SIZE;
    tf_put_u64(w->head + covered, XXH3_64bits(w->head, covered));
    return write_at(w, w->head, w->data_start, 0, err, errlen);
}

TableStatus table_write(const char *path, const TableInfo *info, const Cell *cells, char *err,
                        size_t errlen) {
    TableStatus s = check_info(info, path, err, errlen);
    if (s != TABLE_OK) return s;
    Writer w;
    s = writer_init(&w, info, path, err, errlen);
    if (s == TABLE_OK) s = write_table(&w, cells, err, errlen);
    if (s == TABLE_OK) {
        s = atomic_commit(w.fd, w.tmp, path, err, errlen);
        w.fd = -1;
    }
    writer_free(&w);
    return s;
}
