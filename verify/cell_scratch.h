/* A table's cells under check kept in a file rather than in the process's memory, for a
 * material whose cells do not fit in it (Frisian's KKKvKKM: 24 GB a value set).  The file
 * is mapped whole and unlinked at once, so the kernel keeps in memory the pages the passes
 * use, which move through the index in order, writes the rest back to disk, and frees the
 * space when the map goes, or the process ends, however it ends: no run leaves it behind. */
#ifndef DTB_CELL_SCRATCH_H
#define DTB_CELL_SCRATCH_H

#include "status.h"
#include "value.h"

#include <stddef.h>
#include <stdint.h>

/* Maps `bytes` bytes of a new file in folder dir into *out, all 0, reserved on disk first
 * so that a lack of space fails here rather than as a fault mid-check.  STATUS_IO with
 * err naming the folder and the cause (with the room needed when there is none). */
Status cell_scratch_map(const char *dir, uint64_t bytes, void **out, char *err, size_t errlen);

/* Unmaps what cell_scratch_map mapped; NULL does nothing. */
void cell_scratch_unmap(void *map, uint64_t bytes);

#endif
