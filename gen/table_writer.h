/* Writing table files (layout in format/table_format.h), one value set at a time, so that
 * a writer never needs more than one set's cells in memory. */
#ifndef DTB_TABLE_WRITER_H
#define DTB_TABLE_WRITER_H

#include "material.h"
#include "slice_store.h"
#include "table_file.h"

#include <stddef.h>
#include <stdint.h>

typedef struct TableWriter TableWriter;

/* The decoded size of a table's blocks, in bytes: a WDL block holds four positions a byte, a
 * DTW block one (two bytes each where a half exceeds 255, table_format.h).  Smaller blocks
 * make a probe that misses the cache decode less, for files a little larger (dtb-gen
 * --block-size; format/block_cache.h has the figures).  Any multiple of the step up to the
 * maximum, whose DTW blocks of two bytes a position are the most readers take. */
#define TABLE_BLOCK_BYTES      (32u << 10) /* the default */
#define TABLE_BLOCK_BYTES_STEP (1u << 10)
#define TABLE_BLOCK_BYTES_MAX  (8u << 20)

/* Starts the table described by info (variant, fingerprint, material, positions, value
 * sets in cells_per_position, the sides to move stored, TABLE_SIDES_SMALLER leaving the
 * choice to the writer; the index's parts and their order in the file, all zero leaving
 * the order to the writer; its counts are ignored: the writer counts the cells it is
 * given) at path.  The file is written as path.tmp, synced, then renamed to path by
 * table_writer_commit, so an interrupted run leaves no file under path that looks complete
 * (a stale path.tmp is overwritten by the next run).  The same info and cells always give
 * the same bytes.
 *
 * Returns STATUS_OK with *out to pass to table_writer_free, STATUS_IO (err naming the
 * file and the cause), STATUS_MEMORY, or STATUS_CORRUPT when info is not writable
 * (names empty or too long, value sets not 1 or 2, an odd number of positions).  Not safe
 * to use twice at once for the same path. */
Status table_writer_begin(const char *path, const TableInfo *info, TableWriter **out, char *err,
                          size_t errlen);

/* table_writer_begin with blocks of block_bytes decoded bytes rather than TABLE_BLOCK_BYTES:
 * STATUS_CORRUPT when it is not a multiple of TABLE_BLOCK_BYTES_STEP up to
 * TABLE_BLOCK_BYTES_MAX. */
Status table_writer_begin_sized(const char *path, const TableInfo *info, uint32_t block_bytes,
                                TableWriter **out, char *err, size_t errlen);

/* The most memory a writer of the table info describes fills with blocks of block_bytes
 * and `threads` threads: its batch of compressed blocks, the offset table and each thread's
 * buffers and compression context, as far as the table's size lets them fill (zstd's
 * estimate of a context).  The cells it is given are the caller's. */
uint64_t table_writer_bytes(const TableInfo *info, uint32_t block_bytes, int threads);

/* Makes info store what a full table of m stores: one side to move, mirrored
 * (TableInfo.mirrored), where m is its own twin, else both sides.  The header's counts
 * are still those of both sides. */
void table_writer_full_sides(TableInfo *info, const Material *m);

/* Lets up to `threads` threads compress blocks (1 until called); the bytes written do not
 * change.  STATUS_MEMORY when their contexts cannot be made. */
Status table_writer_set_threads(TableWriter *w, int threads, char *err, size_t errlen);

/* Makes w write fast rather than small, for a table that lives only until its set is
 * complete and it is rewritten (dtb-gen --one-side): the index's order of the parts where
 * info leaves the order to the writer, runs as the only fill, and zstd's fastest level.
 * The values and what a reader makes of them are the same; the header marks the file a
 * draft (TableInfo.draft).  Call before adding a set. */
void table_writer_draft(TableWriter *w);

/* Compresses value set `set` (set 0 first, then 1) into the file: cells[0..positions),
 * which the caller may free afterwards.  Bit i of unstored (unstored[i / 64] >> i % 64 & 1)
 * marks a position the prober never reads (a hole, a capture pending, and in a table of
 * one side to move a bounded threat): its true value
 * counts in the header, but what is stored for it is the writer's choice.  unstored may be
 * NULL: every position is stored.
 *
 * A stored draw (and WDL_NONE) must have DTW 0, a stored win an odd DTW and a stored loss
 * an even one, as every value the rules give does (table_format.h): otherwise
 * STATUS_CORRUPT, with err naming the first such position.  Also STATUS_IO,
 * STATUS_MEMORY, or STATUS_CORRUPT for a set out of turn. */
Status table_writer_add_set(TableWriter *w, int set, const Cell *cells, const uint64_t *unstored,
                            char *err, size_t errlen);

/* table_writer_add_set with the cells and their unstored bits in a store of slice groups
 * (slice_store.h), read through its cache of decoded blocks as the writer walks them:
 * STATUS_IO or STATUS_CORRUPT besides where a block of it cannot be read. */
Status table_writer_add_stored_set(TableWriter *w, int set, SliceStore *store, char *err,
                                   size_t errlen);

/* Makes the header carry these counts ([value set][side to move][WDL_*]) rather than
 * those of the cells added: for a table rewritten from a file, whose unstored positions
 * hold no true values. */
void table_writer_keep_counts(TableWriter *w, const uint64_t counts[2][2][4]);

/* Writes the header, syncs the file and renames it to its path.  Every value set must
 * have been added. */
Status table_writer_commit(TableWriter *w, char *err, size_t errlen);

/* Frees w and removes its temporary file unless committed; NULL does nothing. */
void table_writer_free(TableWriter *w);

#endif
