/* Writing table files (layout in probe/table_format.h). */
#ifndef DTB_TABLE_WRITER_H
#define DTB_TABLE_WRITER_H

#include "table_file.h"

#include <stddef.h>

/* Writes the table described by info with the given cells (info->positions *
 * info->cells_per_position of them, a position's cells adjacent) to path.
 *
 * The file is written as path.tmp, synced, then renamed to path, so an interrupted run
 * leaves no file under path that looks complete (a stale path.tmp is overwritten by the
 * next run).  The same info and cells always give the same bytes.
 *
 * Returns TABLE_OK, TABLE_ERR_IO (with err naming the file and the cause), TABLE_ERR_MEMORY,
 * or TABLE_ERR_CORRUPT when info is not writable (names empty or too long, cells per
 * position not 1 or 2).  Not safe to call twice at once for the same path. */
TableStatus table_write(const char *path, const TableInfo *info, const Cell *cells, char *err,
                        size_t errlen);

#endif
