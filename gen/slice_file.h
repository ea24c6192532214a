/* The scratch file of a material solved in slice groups: one value set's cells in index
 * order, each finished slice written to its place, then mapped whole for the table writer.
 * The file is unlinked as soon as it is made, so that a run cut short leaves nothing behind:
 * its space is freed when it is closed. */
#ifndef DTB_SLICE_FILE_H
#define DTB_SLICE_FILE_H

#include "table_file.h"

#include <stddef.h>
#include <stdint.h>

typedef struct SliceFile SliceFile;

/* Makes a file at path for `positions` cells, all 0 (a hole) until written; then removes
 * its name.  TABLE_ERR_IO with err naming path and the cause, or TABLE_ERR_MEMORY. */
TableStatus slice_file_create(const char *path, uint64_t positions, SliceFile **out, char *err,
                              size_t errlen);

/* Writes cells[0..count) as the cells of positions [first, first + count). */
TableStatus slice_file_put(SliceFile *f, uint64_t first, const Cell *cells, uint64_t count,
                           char *err, size_t errlen);

/* Maps every cell, for reading and changing in place; the map lives until slice_file_free. */
TableStatus slice_file_map(SliceFile *f, Cell **cells, char *err, size_t errlen);

/* Lets the map's pages go (f, a SliceFile, is a void pointer for table_writer_set_release):
 * they stay in the page cache, which the kernel may drop, rather than in the process. */
void slice_file_release(void *f);

/* Unmaps and closes f; NULL does nothing. */
void slice_file_free(SliceFile *f);

#endif
