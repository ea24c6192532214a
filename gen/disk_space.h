/* What a filesystem has free, for the scratch files of slice groups: checked before a
 * material is built (build_memory.c) and named when one outgrows it (slice_store.c). */
#ifndef DTB_DISK_SPACE_H
#define DTB_DISK_SPACE_H

#include <stdbool.h>
#include <stdint.h>

/* Sets *free_bytes to what the filesystem of path has free for this user (statvfs).
 * False when it cannot say: statvfs fails, or it counts no blocks at all (ramfs, some FUSE
 * filesystems), which is no lack of space. */
bool disk_space(const char *path, uint64_t *free_bytes);

#endif
