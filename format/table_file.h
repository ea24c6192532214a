/* Table files: reading them without trusting them.
 *
 * A file holds the values of one canonical material: a header (magic, format version,
 * variant id and rule fingerprint, material, index size, W/D/L counts), an offset table,
 * then, for each value set, a WDL stream and a DTW stream of zstd-compressed blocks, each
 * block with an XXH3-64 checksum, and one checksum over header and offset table.  Values
 * the prober never reads (holes of the index, positions with a capture pending, in a
 * table of one side to move the other side and the bounded threats, a draw's DTW) are
 * not kept: what a file holds there is arbitrary.  See table_format.h for the
 * layout. */
#ifndef DTB_TABLE_FILE_H
#define DTB_TABLE_FILE_H

#include "block_cache.h"
#include "part_order.h"
#include "status.h"
#include "table_format.h"
#include "value.h"
#include "variant.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct TableInfo {
    char variant[32];
    uint64_t fingerprint;
    char material[48];
    uint64_t positions;             /* of the index, both sides to move, stored or not */
    uint32_t cells_per_position;    /* 1, or 2 where a second value set is stored (Frisian) */
    uint32_t sides;                 /* TABLE_SIDES_* */
    uint64_t counts[2][2][4];       /* [value set][side to move][WDL_*]; set 1 zero if unused */
    uint64_t part_size[PART_COUNT]; /* of the index's parts, in its order (part_order.h) */
    /* The order the file lays them out in, major first; all zero asks the writer for the
     * order whose WDL compresses smallest. */
    uint8_t part_order[PART_COUNT];
    bool draft; /* read from a file: written fast, to be rewritten (table_writer_draft) */
    /* One side to move stored, every position of it, of a material that is its own twin
     * (material_self_symmetric): a probe of the other side reads the reversed position,
     * with no search.  Not with TABLE_SIDES_BOTH. */
    bool mirrored;
} TableInfo;

typedef struct TableFile TableFile;

/* Opens and checks the header of a table for variant v and material (canonical name).
 * On error *out is NULL and err names the file and the problem.  v or material NULL
 * accepts any (for tools that inspect files).  The caller should also compare
 * table_info(t)->positions with its index size.  The file stays open until table_close. */
Status table_open(const char *path, const Variant *v, const char *material, TableFile **out,
                  char *err, size_t errlen);
const TableInfo *table_info(const TableFile *t);

/* Whether the file stores a value for position index (its side to move is stored). */
bool table_stores(const TableFile *t, uint64_t index);

/* Whether the file leaves bounded threats (threat.h) unstored too.  Tables of one side to
 * move do, but mirrored ones: they are the compact form, whose probes search anyway.  Tables of
 * both store them: a probe of one would search its moves, which made quiet positions' probes
 * much slower (bench/RESULTS.md, "Rules, format and probe"). */
bool table_leaves_threats(const TableFile *t);

/* Makes the blocks this file decodes from now on go through cache, which keeps them within
 * its budget (block_cache.h); without, they stay until table_close.  Before any read. */
void table_set_cache(TableFile *t, BlockCache *cache);

/* Reads the cell of position index in value set `set` (WDL and DTW, a draw with DTW 0).
 * Safe to call from many threads at once on one TableFile.  The first read of a block
 * checks and decodes it and keeps it decoded, until table_close or until the file's cache
 * evicts it, so a file read all over comes to hold a quarter byte a position for each WDL
 * stream and one (rarely two) for each DTW stream (table_stream_size); later reads take no
 * lock.  A WDL stream also keeps, from a block's first read to table_close, a summary of
 * a 256th of its decoded size (see table_file.c), through which a read of a position in a
 * run of one value needs no decoded block.  Positions whose value is
 * not stored give arbitrary cells; an index of a side to move the file leaves out is an
 * error (STATUS_RANGE). */
Status table_read(TableFile *t, uint64_t index, int set, Cell *out, char *err, size_t errlen);

/* The same for the WDL alone (a WDL_* value), which touches only the WDL stream. */
Status table_read_wdl(TableFile *t, uint64_t index, int set, int *out, char *err, size_t errlen);

/* Starts moving the WDL of a stored position into the caches, for a table_read_wdl soon
 * after; does nothing where its block is not decoded yet, or for what the table lacks. */
void table_prefetch_wdl(TableFile *t, uint64_t index, int set);

/* Reads every cell, positions * cells_per_position of them, a position's cells adjacent,
 * into out (decoding every block anew, and keeping none).  Stops at the first bad block.  The cells
 * of positions whose value is not stored are arbitrary, those of a side to move the file leaves out
 * WDL_NONE. */
Status table_read_all(TableFile *t, Cell *out, char *err, size_t errlen);

/* What table_scan calls for each position the file stores: its index and its cells, one a
 * value set (arbitrary for a position whose value is not stored).  A status other than
 * STATUS_OK stops the scan, which returns it. */
typedef Status (*TableVisit)(void *ctx, uint64_t index, const Cell *cells, char *err,
                             size_t errlen);

/* Calls visit for every position the file stores, in the file's order, decoding each block
 * once and keeping one block a stream: a whole table read in little memory.  Stops at the
 * first bad block. */
Status table_scan(TableFile *t, TableVisit visit, void *ctx, char *err, size_t errlen);

/* Reads the cells of value set `set` alone, one a position, like table_read_all. */
Status table_read_set(TableFile *t, int set, Cell *out, char *err, size_t errlen);

/* The size of value set `set`'s WDL stream (dtw false) or DTW stream: in the file (its
 * blocks and their offset entries) and decoded (what table_read keeps once it has touched
 * every block). */
void table_stream_size(const TableFile *t, int set, bool dtw, uint64_t *file_bytes,
                       uint64_t *decoded_bytes);

/* Checks every block's checksum of an open table without decoding values for use; the
 * error names the first bad block by number (from 0). */
Status table_verify(const TableFile *t, char *err, size_t errlen);

/* Opens the file at path as a table of any variant and material and checks every checksum
 * (table_verify). */
Status table_verify_file(const char *path, char *err, size_t errlen);

/* Closes t; NULL does nothing. */
void table_close(TableFile *t);

#endif
