/* MANIFEST: one line per table of a built set, so that a rebuilt set can be compared with
 * the committed one byte for byte. */
#ifndef DTB_MANIFEST_H
#define DTB_MANIFEST_H

#include "material.h"
#include "set_manifest.h" /* MANIFEST_NAME, and its reader */
#include "variant.h"

#include <stddef.h>

/* Writes DIR/MANIFEST for every table file in dir, in dependency order: per material, its
 * name, file size, XXH3-64 of the whole file and the W/D/L counts for each side to move and
 * value set.  A manifest that would not change is left as it is (the folder may be
 * read-only).  Returns 0, or 1 with err set. */
int manifest_write(const Variant *v, const char *dir, char *err, size_t errlen);

/* Removes DIR/MANIFEST before tables change, so that a run that stops half-way leaves no
 * manifest describing files that are no longer there as it says.  Returns 0, or 1 with err
 * set. */
int manifest_retire(const char *dir, char *err, size_t errlen);

#endif
