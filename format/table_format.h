/* The on-disk layout of a table file, shared by the reader (format/table_file.c) and the
 * writer (gen/table_writer.c).
 *
 * Every integer is little-endian and written byte by byte, so a file is the same on every
 * machine and identical when regenerated.  Format version 5:
 *
 *   offset  size  field
 *        0     4  magic TF_MAGIC: the bytes "DTB" 0x1A
 *        4     4  format version
 *        8    32  variant id, NUL-padded
 *       40     8  variant_fingerprint of the rules the table was built under
 *       48    48  material name (canonical), NUL-padded
 *       96     8  positions
 *      104     4  value sets (1 or 2)
 *      108     4  sides to move stored: TABLE_SIDES_BOTH (0), _WHITE (1) or _BLACK (2)
 *      112   128  W/D/L counts: 8 bytes each, [value set][side to move][WDL_*], counting the
 *                 true value of every position (a hole as WDL_NONE), stored or not
 *      240    32  stream table, TF_STREAMS rows of 8 bytes: positions per block (4 bytes)
 *                 and encoding (4 bytes); all zero for the streams of a value set the
 *                 table does not have
 *      272    48  the sizes of the index's PART_COUNT parts, 8 bytes each (part_order.h),
 *                 whose product is half the positions
 *      320     7  the order the positions lay them out in: PART_COUNT bytes, the part
 *                 placed first (major) first, then zero bytes
 *      327     1  flags: TF_FLAG_DRAFT (1) for a draft, written fast to be rewritten once
 *                 its set is complete (dtb-gen --one-side); one found later is what a run
 *                 cut short left, and dtb-gen writes it again; TF_FLAG_MIRRORED (2) for
 *                 one side to move stored whole, threats included, of a material that is
 *                 its own twin (TableInfo.mirrored).  Other bits are zero
 *      328  16 n  offset table, one entry per block (n blocks in all streams, stream by
 *                 stream): the offset where the block ends (it starts where the previous
 *                 one ends) and the XXH3-64 of its compressed bytes
 *   T = 328 + 16 n
 *        T     8  XXH3-64 of bytes [0, T): header, stream table and offset table
 *    T + 8        the blocks, in the order of the offset table, up to the end of the file
 *
 * The stored positions are those of the sides to move stored, in the file's order of the
 * index (part_order.h): White to move, then Black; with one side, the half where it is to
 * move.
 * Value set s has a WDL stream (stream 2 s) and a DTW stream (2 s + 1) over the stored
 * positions, each cut into blocks of its own positions per block (the last block has the
 * rest).  A block is one zstd frame (with its
 * content size, without zstd's own checksum) of its positions encoded as the stream's
 * encoding says:
 *   1 TF_WDL_2BIT    2 bits a position, its WDL_* value; four positions a byte, the first
 *                    in the lowest bits (positions per block is a multiple of 4);
 *   2 TF_DTW_HALF8   one byte a position, its DTW halved: a win's DTW is odd and a loss's
 *                    even (the side to move makes the last move of a win, and a lost
 *                    position without moves is LOSS 0), so DTW = 2 byte + 1 for a win and
 *                    2 byte for a loss;
 *   3 TF_DTW_HALF16  the same in two bytes, little-endian, when a half exceeds 255.
 * A draw's DTW is 0 and is not stored: its DTW value is unused, as is every value of a
 * position the prober never reads (a hole of the index, a position with a capture
 * pending, and in a table of one side to move a bounded threat: threat.h).  The writer
 * fills those with whatever compresses best, and readers give back what it chose.
 * Version 5 is the first whose tables of one side leave bounded threats out: a reader of
 * version 4 would take their fill for values. */
#ifndef DTB_TABLE_FORMAT_H
#define DTB_TABLE_FORMAT_H

#include "part_order.h"
#include "value.h"

#include <stdint.h>

/* Which sides to move a file stores values for (TableInfo.sides).  With one, a probe of
 * the other side searches its moves, which all reach the stored side or another
 * material: Kingsrow's tables do so, and Syzygy's DTZ tables.  TABLE_SIDES_SMALLER asks
 * the writer for whichever side's WDL compresses smaller. */
enum {
    TABLE_SIDES_BOTH = 0,
    TABLE_SIDES_WHITE = 1,
    TABLE_SIDES_BLACK = 2,
    TABLE_SIDES_SMALLER = 3
};

#define TF_MAGIC   0x1A425444u /* 0x1A stops a text dump, as in PNG's signature */
#define TF_VERSION 6u

enum {
    TF_OFF_MAGIC = 0,
    TF_OFF_VERSION = 4,
    TF_OFF_VARIANT = 8,
    TF_OFF_FINGERPRINT = 40,
    TF_OFF_MATERIAL = 48,
    TF_OFF_POSITIONS = 96,
    TF_OFF_SETS = 104,
    TF_OFF_SIDES = 108,
    TF_OFF_COUNTS = 112,
    TF_OFF_STREAMS = 240,
    TF_STREAM_ROW = 8, /* positions per block, encoding */
    TF_OFF_PARTS = 272,
    TF_OFF_ORDER = 320,
    TF_OFF_FLAGS = 327,
    TF_HEADER_SIZE = 328,
    TF_ENTRY_SIZE = 16, /* end offset, checksum */
    TF_SUM_SIZE = 8,
};

_Static_assert(TF_OFF_ORDER - TF_OFF_PARTS == 8 * PART_COUNT &&
                   PART_COUNT <= TF_OFF_FLAGS - TF_OFF_ORDER,
               "the parts' sizes and order fill their fields");

enum { TF_FLAG_DRAFT = 1, TF_FLAG_MIRRORED = 2 };

enum { TF_STREAMS = 4 }; /* [2 * value set + TF_WDL or TF_DTW] */
enum { TF_WDL = 0, TF_DTW = 1 };

enum {
    TF_WDL_2BIT = 1,
    TF_DTW_HALF8 = 2,
    TF_DTW_HALF16 = 3,
};

/* Readers refuse larger decoded blocks, so a crafted header cannot make them allocate
 * much. */
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

/* The first stored position and how many there are, for a table of `positions` (even)
 * storing `sides` (TABLE_SIDES_*, not _SMALLER). */
static inline void tf_stored_range(uint64_t positions, uint32_t sides, uint64_t *first,
                                   uint64_t *count) {
    *first = sides == TABLE_SIDES_BLACK ? positions / 2 : 0;
    *count = sides == TABLE_SIDES_BOTH ? positions : positions / 2;
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

/* The bytes that n positions take in a stream of the given encoding, 0 for an encoding
 * this version does not have. */
static inline uint64_t tf_encoded_bytes(uint32_t encoding, uint64_t n) {
    switch (encoding) {
    case TF_WDL_2BIT:
        return (n + 3) / 4;
    case TF_DTW_HALF8:
        return n;
    case TF_DTW_HALF16:
        return 2 * n;
    default:
        return 0;
    }
}

/* The byte of a decoded block where position k's value starts. */
static inline uint64_t tf_decoded_byte(uint32_t encoding, uint64_t k) {
    return encoding == TF_WDL_2BIT ? k / 4 : encoding == TF_DTW_HALF8 ? k : 2 * k;
}

/* The value stored at position k of a decoded block: a WDL or a DTW half. */
static inline unsigned tf_decoded_value(uint32_t encoding, const uint8_t *block, uint64_t k) {
    const uint8_t *at = block + tf_decoded_byte(encoding, k);
    switch (encoding) {
    case TF_WDL_2BIT:
        return *at >> (2 * (k % 4)) & 3;
    case TF_DTW_HALF8:
        return *at;
    default:
        return (unsigned)(at[0] | at[1] << 8);
    }
}

/* Stores value at position k of a block being encoded, whose bytes start zeroed. */
static inline void tf_put_value(uint32_t encoding, uint8_t *block, uint64_t k, unsigned value) {
    switch (encoding) {
    case TF_WDL_2BIT:
        block[k / 4] |= (uint8_t)(value << (2 * (k % 4)));
        break;
    case TF_DTW_HALF8:
        block[k] = (uint8_t)value;
        break;
    default:
        block[2 * k] = (uint8_t)value;
        block[2 * k + 1] = (uint8_t)(value >> 8);
    }
}

/* The DTW a stored half gives for a position of value wdl. */
static inline unsigned tf_dtw_of_half(int wdl, unsigned half) {
    return wdl == WDL_WIN ? 2 * half + 1 : wdl == WDL_LOSS ? 2 * half : 0;
}

#endif
