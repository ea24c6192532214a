/* MANIFEST: one line per table of a built set, so that a rebuilt set can be compared with
 * the committed one byte for byte. */
#ifndef DTB_MANIFEST_H
#define DTB_MANIFEST_H

#include "material.h"
#include "set_manifest.h" /* MANIFEST_NAME, and its reader */
#include "status.h"
#include "variant.h"

#include <stddef.h>
#include <stdio.h>

/* Reads DIR/MANIFEST whole into *text (NULL when there is none), for manifest_write to keep
 * the lines of tables not in the folder.  Free *text with free().  STATUS_IO, err set, when
 * the file is there but cannot be read. */
Status manifest_read_text(const char *dir, char **text, char *err, size_t errlen);

/* Writes DIR/MANIFEST for every table file in dir, in dependency order: per material, its
 * name, file size, XXH3-64 of the whole file and the W/D/L counts for each side to move and
 * value set.  The lines of `previous` (a manifest read before the run, or NULL) for
 * materials whose tables are not in the folder are kept, as a set built in part in a folder
 * whose manifest lists a larger one (a fresh clone of the repository) still describes the
 * rest; when previous is of another variant its lines are dropped.  Either is said on log
 * (may be NULL).  A manifest that would not change is left as it is (the folder may be
 * read-only).  On failure err says why. */
Status manifest_write(const Variant *v, const char *dir, const char *previous, FILE *log, char *err,
                      size_t errlen);

/* Removes DIR/MANIFEST before tables change, so that a run that stops half-way leaves no
 * manifest describing files that are no longer there as it says.  STATUS_IO, err set, when
 * it cannot. */
Status manifest_retire(const char *dir, char *err, size_t errlen);

#endif
