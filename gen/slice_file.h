/* A scratch file of a material solved in slice groups, mapped whole: the cells of one value
 * set in index order, each finished slice written to its place and read back by the slices
 * after it; or the bitmap of the positions the prober never reads.  The pages read or
 * written are let go of at times (slice_file_release), so that the process holds only those
 * in use: the rest stay in the page cache, which the kernel may drop.  The file keeps its
 * name, so that a run cut short can be continued from it (slice_checkpoint.h); the
 * solver's caller removes it once the table is written or the build failed before a
 * checkpoint. */
#ifndef DTB_SLICE_FILE_H
#define DTB_SLICE_FILE_H

#include "status.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct SliceFile SliceFile;

/* Maps the file at path of `bytes` bytes: made anew, all 0 (a hole, a position stored)
 * until written, when `fresh`; else the file there as it is, which must have that size.
 * Either way its bytes are reserved on disk first, its contents kept, where the filesystem
 * can (fallocate), so that a lack of space shows at once.  STATUS_IO with err naming
 * path and the cause (STATUS_MISSING when it is not there; when there is no room, the
 * bytes it needs and those free on its filesystem), STATUS_CORRUPT when it has another
 * size, or STATUS_MEMORY. */
Status slice_file_open(const char *path, uint64_t bytes, bool fresh, SliceFile **out, char *err,
                       size_t errlen);

/* Sets *free_bytes to what the filesystem of path has free for this user (statvfs).
 * False when it cannot say: statvfs fails, or it counts no blocks at all (ramfs, some FUSE
 * filesystems), which is no lack of space. */
bool slice_file_space(const char *path, uint64_t *free_bytes);

/* The file's bytes, mapped for reading and writing until slice_file_free. */
void *slice_file_data(const SliceFile *f);

/* Writes len bytes of data at offset: as fast as copying them into the map, and the
 * pages written are not the process's. */
Status slice_file_put(SliceFile *f, uint64_t offset, const void *data, uint64_t len, char *err,
                      size_t errlen);

/* Makes what was written to f, through the map or slice_file_put, durable: on the disk
 * before the call returns. */
Status slice_file_sync(SliceFile *f, char *err, size_t errlen);

/* Lets the map's pages go: they stay in the page cache, written back when changed.  Safe
 * while other threads read or write the map: they fault the pages in again. */
void slice_file_release(SliceFile *f);

/* Unmaps and closes f; NULL does nothing.  The file stays. */
void slice_file_free(SliceFile *f);

#endif
