/* Rewriting a table of both sides to move as a table of one (dtb-gen --one-side).
 *
 * A set is built with both sides stored and its tables rewritten once it is complete:
 * solving looks up the tables a material converts into at every exit, and an exit into a
 * side left out is a search of its moves (Scandinavian's KKMvKM took 15 times as long
 * to solve against tables of one side).  Those tables of both sides are written as drafts
 * (table_writer_draft), fast, since only the rewrite keeps them. */
#ifndef DTB_ONE_SIDE_H
#define DTB_ONE_SIDE_H

#include "material.h"
#include "table_file.h"
#include "variant.h"

#include <stdbool.h>
#include <stddef.h>

/* Rewrites the table of material m (canonical) at path to store one side to move, the
 * one whose WDL compresses smaller, unless it stores one already (*rewritten false).  The
 * values are the file's, the W/D/L counts its header's; the positions left unstored are
 * found again, now with the bounded threats (threat.h) among them.  The file is replaced
 * atomically. */
TableStatus one_side_rewrite(const Variant *v, const Material *m, const char *path, int threads,
                             bool *rewritten, char *err, size_t errlen);

#endif
