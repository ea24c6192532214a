/* The on-disk layout of a table file, shared by the reader (probe/table_file.c) and the
 * writer (gen/table_writer.c).
 *
 * Every integer is little-endian and written byte by byte, so a file is the same on every
 * machine and identical when regenerated.  Format version 1:
 *
 *   offset  size  field
 *        0     4  magic TF_MAGIC: the bytes "DTB" 0x1A
 *        4     4  format version
 *        8    32  variant id, NUL-padded
 *       40     8  variant_fingerprint of the rules the table was built under
 *       48    48  material name (canonical), NUL-padded
 *       96     8  positions
 *      104     4  cells per position (1 or 2)
 *      108     4  positions per block
 *      112   128  W/D/L counts: 8 bytes each, [value set][side to move][WDL_*]
 *      240  16 n  offset table, one entry per block (n blocks): the offset where the
 *                 block ends (it starts where the previous one ends) and the XXH3-64 of
 *                 its compressed bytes
 *   T = 240 + 16 n
 *        T     8  XXH3-64 of bytes [0, T): header and offset table
 *    T + 8        the blocks, back to back, up to the end of the file
 *
 * A block is one zstd frame (with its content size, without zstd's own checksum) of the
 * cells of positions per block positions (the last block has the rest), each cell a
 * little-endian uint16 and a position's cells adjacent. */
#ifndef DTB_TABLE_FORMAT_H
#define DTB_TABLE_FORMAT_H

#include "table_file.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#define TF_MAGIC   0x1A425444u /* 0x1A stops a text dump, as in PNG's signature */
#define TF_VERSION 1u

enum {
    TF_OFF_MAGIC = 0,
    TF_OFF_VERSION = 4,
    TF_OFF_VARIANT = 8,
    TF_OFF_FINGERPRINT = 40,
    TF_OFF_MATERIAL = 48,
    TF_OFF_POSITIONS = 96,
    TF_OFF_CELLS_PER_POSITION = 104,
    TF_OFF_BLOCK_POSITIONS = 108,
    TF_OFF_COUNTS = 112,
    TF_HEADER_SIZE = 240,
    TF_ENTRY_SIZE = 16, /* end offset, checksum */
    TF_SUM_SIZE = 8,
};

/* Readers refuse larger blocks, so a crafted header cannot make them allocate much. */
#define TF_BLOCK_BYTES_MAX (16u << 20)

static inline void tf_put_u32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static inline void tf_put_u64(uint8_t *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static inline uint32_t tf_get_u32(const uint8_t *p) {
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

static inline uint64_t tf_get_u64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

static inline uint64_t tf_block_count(uint64_t positions, uint64_t per_block) {
    return positions / per_block + (positions % per_block != 0);
}

/* Where the blocks start: the size of header, offset table and their checksum. */
static inline uint64_t tf_data_start(uint64_t blocks) {
    return TF_HEADER_SIZE + blocks * TF_ENTRY_SIZE + TF_SUM_SIZE;
}

/* The positions in block b. */
static inline uint64_t tf_block_positions(uint64_t positions, uint64_t per_block, uint64_t b) {
    uint64_t rest = positions - b * per_block;
    return rest < per_block ? rest : per_block;
}

static inline void tf_cells_to_le(uint8_t *out, const Cell *cells, size_t n) {
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = (uint8_t)cells[i];
        out[2 * i + 1] = (uint8_t)(cells[i] >> 8);
    }
}

/* In place: the buffer holds n little-endian cells as bytes and ends as n Cells. */
static inline void tf_cells_from_le(Cell *cells, size_t n) {
    const uint8_t *bytes = (const uint8_t *)cells;
    for (size_t i = 0; i < n; i++) cells[i] = (Cell)(bytes[2 * i] | bytes[2 * i + 1] << 8);
}

/* Writes "path: message" into err (when err is not NULL) and returns status. */
static inline TableStatus tf_fail(char *err, size_t errlen, TableStatus status, const char *path,
                                  const char *fmt, ...) {
    if (!err || errlen == 0) return status;
    int n = snprintf(err, errlen, "%s: ", path);
    if (n >= 0 && (size_t)n < errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return status;
}

#endif
