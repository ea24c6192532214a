/* Rewriting a table from its own values: to store one side to move (dtb-gen --one-side),
 * or in full a draft that a run cut short left.
 *
 * dtb-gen --one-side builds a set with both sides stored and rewrites its tables once it
 * is complete: solving looks up the tables a material converts into at every exit, and an
 * exit into a side left out is a search of its moves (Scandinavian's KKMvKM took 15 times
 * as long to solve against tables of one side).  Those tables of both sides are written
 * as drafts (table_writer_draft), fast, since only the rewrite keeps them; a run stopped
 * before it leaves drafts, which a later run without --one-side writes in full. */
#ifndef DTB_TABLE_REWRITE_H
#define DTB_TABLE_REWRITE_H

#include "material.h"
#include "table_file.h"
#include "variant.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Rewrites the table of material m (canonical) at path, atomically, as `sides` asks:
 *   TABLE_SIDES_SMALLER  to store the side to move whose WDL compresses smaller, unless it
 *                        stores one already; the bounded threats (threat.h) are left out
 *                        too;
 *   TABLE_SIDES_BOTH     a draft as a table of both sides written in full, as dtb-gen
 *                        writes one it solved; any other table is kept.
 * *rewritten says whether it was.  The values are the file's, the W/D/L counts its
 * header's; the positions left unstored are found again.  The new file's blocks decode to
 * block_bytes (table_writer_begin_sized), as the run that asks for it writes its tables. */
Status table_rewrite(const Variant *v, const Material *m, const char *path, uint32_t sides,
                     uint32_t block_bytes, int threads, bool *rewritten, char *err, size_t errlen);

#endif
