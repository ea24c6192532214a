/* A scratch file of a material solved in slice groups, mapped whole: the cells of one value
 * set in index order, each finished slice written to its place and read back by the slices
 * after it; or the bitmap of the positions the prober never reads.  The pages read or
 * written are let go of at times (slice_file_release), so that the process holds only those
 * in use: the rest stay in the page cache, which the kernel may drop.  The file is unlinked
 * as soon as it is made, so that a run cut short leaves nothing behind: its space is freed
 * when it is closed. */
#ifndef DTB_SLICE_FILE_H
#define DTB_SLICE_FILE_H

#include "table_file.h"

#include <stddef.h>
#include <stdint.h>

typedef struct SliceFile SliceFile;

/* Makes a file at path of `bytes` bytes, all 0 (a hole, a position stored) until written,
 * maps it, then removes its name.  TABLE_ERR_IO with err naming path and the cause, or
 * TABLE_ERR_MEMORY. */
TableStatus slice_file_create(const char *path, uint64_t bytes, SliceFile **out, char *err,
                              size_t errlen);

/* The file's bytes, mapped for reading and writing until slice_file_free. */
void *slice_file_data(const SliceFile *f);

/* Writes len bytes of data at offset: as fast as copying them into the map, and the
 * pages written are not the process's. */
TableStatus slice_file_put(SliceFile *f, uint64_t offset, const void *data, uint64_t len, char *err,
                           size_t errlen);

/* Lets the map's pages go: they stay in the page cache, written back when changed.  Safe
 * while other threads read or write the map: they fault the pages in again. */
void slice_file_release(SliceFile *f);

/* Unmaps and closes f; NULL does nothing. */
void slice_file_free(SliceFile *f);

#endif
