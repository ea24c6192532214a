/* The finished cells of a value set solved in slice groups (solver.h), each with its bit
 * of the bitmap of positions the table leaves unstored (a capture pending, a hole), kept
 * compressed in a scratch file and read back through a bounded cache of decompressed
 * blocks.
 *
 * Cells went to scratch uncompressed once, 2 bytes a position, and a 6-piece material
 * needed more disk than a node has; a slice's cells compress to a fraction, most of them
 * draws or a few values repeated along the kings' placements (bench/RESULTS.md, "Scratch
 * of slice groups").  The bitmap, a bit a position, was a file of its own, uncompressed:
 * a fifth of the scratch planned for Frisian's KKMvKKM.  Only the table writer reads the
 * bits; the solver reads the cells, those of positions left unstored too.  The store is
 * append-only, so a chunk of slices finished is one sequential write, wherever its slices
 * lie in the index.
 *
 * Layout.  The file is a sequence of records, each the slices of a chunk with one side to
 * move (solver_put_chunk), in the order solved, wherever they lie in the index:
 *
 *     magic "dtbS", the side to move (u32), where its slices begin in the order of
 *     slices (slice_plan.h), their count and the blocks' (u64 each), the XXH3-64 of those
 *     and the sizes that follow (u64); the compressed size of each block (u32); then the
 *     blocks, each a zstd frame with its checksum.
 *
 * A block of n cells decompresses to three planes: the cells' low bytes (n), their high
 * bytes (n), and their unstored bits, (n + 7) / 8 bytes, cell k's bit k % 8 of byte k / 8
 * (the last byte's bits past n are 0).  The bits are in the cells' frame, so that a block
 * is one read and one decompression, but in a zstd block of their own after the cells'
 * planes: their bytes are nothing like the cells'.
 *
 * The record's cells, its slices one after another, are cut into blocks of
 * STORE_BLOCK_CELLS (the last shorter), so that a slice of a few positions (Frisian's men
 * alone: one) costs no block, no header and no number of its own.  The directory in memory
 * keeps, for each slice, its place in the order (4 bytes: a material of men alone has
 * billions of slices); for each side to move, each record's span of places and its first
 * block, sorted by place, where a read finds its slice's record (none: never written, a
 * hole, read as 0 and unstored); and for each block where its bytes lie.  A chunk holds
 * at least a block's worth of slices where its group has them (slice_store_least_slices),
 * so that records are few beside the blocks.

 * Reading.  Decoded blocks live in a cache of format/block_cache.h, published in a slot
 * per block that readers load lock-free inside a read section (read_guard.h), as a table
 * file's blocks are: threads that solve and the writer's threads share them, within one
 * budget counted in the memory plan (slice_store_bytes).  Solving reads a few blocks at a
 * time, those its slices' men step to; the table writer's walk in a file order with the men
 * minor reads one block of every slice before it comes back to the first, so the budget
 * holds a block of each slice side with one side to move, beside a floor, up to a ceiling
 * that keeps materials of many slices within a node's memory (past it such a walk decodes
 * blocks again), and no more than the material's cells.
 *
 * Recovery.  A record is written blocks first, header last, so that a reader of a file
 * still being appended to (slice_store_open with no length) stops at the first record
 * whose header does not check.  A checkpoint records the store's length once synced; a run
 * resumed truncates the file there and rebuilds the directory from the records' headers.
 *
 * Slice ranges of other processes (solve_slice_range, dtb-gen --mpi) each write a segment,
 * a store file of their own, which the sharing process appends to the value set's store
 * (slice_store_append_file) when the range is done: its readers then find it as their
 * own. */
#ifndef DTB_SLICE_STORE_H
#define DTB_SLICE_STORE_H

#include "index.h"
#include "status.h"
#include "value.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Cells a block: as a table's default block, 32 KiB decoded (gen/table_writer.h). */
#define STORE_BLOCK_CELLS (16u << 10)

typedef struct SliceStore SliceStore;

/* Opens the store at path of a material of this index, whose slices are solved in `order`
 * (read by the store as it opens, not after): made anew when fresh; else the file
 * there, cut to `length` bytes (what a checkpoint says is durable), or with length
 * SLICE_STORE_ALL read as far as its records are whole.  cache_bytes is the budget of
 * decoded blocks.  STATUS_IO with err naming path and the cause (STATUS_MISSING when it is
 * not there), STATUS_CORRUPT when a record before `length` does not check, STATUS_INPUT
 * for a material of more slices than 32 bits number, or STATUS_MEMORY. */
#define SLICE_STORE_ALL UINT64_MAX
Status slice_store_open(const char *path, const Indexer *ix, const uint32_t *order, bool fresh,
                        uint64_t length, uint64_t cache_bytes, SliceStore **out, char *err,
                        size_t errlen);

/* The most bytes the store of a material of this index, of slices in `groups` groups,
 * takes on disk, as far as measured (slice_store.c): its cells are not known before they
 * are solved, and a store that outgrows it fails as a full disk does, resumably
 * (slice_store_put). */
uint64_t slice_store_estimate(const Indexer *ix, uint64_t groups);

/* The budget of decoded blocks a store of a material of this index keeps, and the bytes of
 * its directory: what it takes in memory beside a block being packed. */
uint64_t slice_store_cache_bytes(const Indexer *ix);
uint64_t slice_store_bytes(const Indexer *ix);

/* Appends the cells of the slices order[first, first + count) with `side` to move, one
 * after another in cells, each with its unstored bit: that of cells[j] is bit from + j of
 * unstored (unstored[(from + j) / 64] >> (from + j) % 64 & 1).  None stored before (else
 * STATUS_CORRUPT).  Not safe beside another append or a read: it may move the directory
 * that reads search.  STATUS_IO naming the file and, when the disk is full, the bytes it
 * may still need. */
Status slice_store_put(SliceStore *st, int side, uint64_t first, uint64_t count, const Cell *cells,
                       const uint64_t *unstored, uint64_t from, char *err, size_t errlen);

/* The fewest slices a chunk of a material of this index stores at once where its group has
 * them: a block's worth. */
uint64_t slice_store_least_slices(const Indexer *ix);

/* Appends the records of the store file at path (a segment) and removes that file: as
 * slice_store_put, not safe beside another append or a read. */
Status slice_store_append_file(SliceStore *st, const char *path, char *err, size_t errlen);

/* Makes what was appended durable; the bytes the file holds. */
Status slice_store_sync(SliceStore *st, char *err, size_t errlen);
uint64_t slice_store_length(const SliceStore *st);

/* The cell of position index (0, a hole, where its slice side was never written):
 * thread-safe.  STATUS_IO or STATUS_CORRUPT where its block cannot be read or decoded. */
Status slice_store_read(SliceStore *st, uint64_t index, Cell *out, char *err, size_t errlen);

/* A reader's copy of a few cells in a row of a store, and of their unstored bits, for a
 * pass that reads many in a row: a read within it takes no read section and no division.
 * Start one zeroed (STORE_CURSOR_START), one for each thread. */
enum { STORE_CURSOR_CELLS = 256 };
typedef struct StoreCursor {
    uint64_t first, end; /* the positions copied */
    Cell cell[STORE_CURSOR_CELLS];
    uint64_t unstored[STORE_CURSOR_CELLS / 64]; /* bit j: that of position first + j */
} StoreCursor;
#define STORE_CURSOR_START                                                                         \
    {                                                                                              \
        0, 0, {0}, {                                                                               \
            0                                                                                      \
        }                                                                                          \
    }

/* Copies the cells from index on, as far as STORE_CURSOR_CELLS or its block go, and their
 * bits, to c, and returns index's; on a failure, which is kept for slice_store_failed, 0
 * (stored). */
Cell slice_store_fill(SliceStore *st, StoreCursor *c, uint64_t index);

/* The cell of position index read through c. */
static inline Cell slice_store_at(SliceStore *st, StoreCursor *c, uint64_t index) {
    return index - c->first < c->end - c->first ? c->cell[index - c->first]
                                                : slice_store_fill(st, c, index);
}

/* Whether position index is left unstored, read through c right after slice_store_at
 * read its cell. */
static inline bool store_cursor_unstored(const StoreCursor *c, uint64_t index) {
    uint64_t j = index - c->first;
    return c->unstored[j / 64] >> (j % 64) & 1;
}

/* The first failure of slice_store_fill, copied to err; STATUS_OK when none. */
Status slice_store_failed(SliceStore *st, char *err, size_t errlen);

/* From now on every cell read is draw_cut(cell, horizon[its side to move]) (draw_rules.h),
 * for the writer of the rules values: the blocks decoded before are let go.  Not safe
 * while others read. */
void slice_store_cut(SliceStore *st, const int horizon[2]);

/* Closes st; NULL does nothing.  The file stays. */
void slice_store_free(SliceStore *st);

#endif
