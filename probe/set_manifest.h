/* Reading a folder's MANIFEST, which dtb-gen writes once a set is complete (gen/manifest.h):
 * a comment line naming the variant, then one line per table, "MATERIAL size=N xxh3=HEX"
 * followed by its W/D/L counts.  A set is complete when every table it lists is in the
 * folder with that size and XXH3-64; a folder without one cannot be shown complete, since a
 * build removes it before it changes any table. */
#ifndef DTB_SET_MANIFEST_H
#define DTB_SET_MANIFEST_H

#include "material.h"
#include "table_file.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MANIFEST_NAME "MANIFEST"

typedef struct ManifestEntry {
    char material[MATERIAL_NAME_MAX]; /* the name of its table file, less TB_FILE_SUFFIX */
    uint64_t size, xxh3;
} ManifestEntry;

typedef struct Manifest {
    char variant[64]; /* the id its first line names */
    ManifestEntry *entries;
    int count;
} Manifest;

/* How a listed table's file compares with its line. */
typedef enum ManifestMatch {
    MANIFEST_SAME = 0,
    MANIFEST_NO_FILE,
    MANIFEST_SIZE_DIFFERS,
    MANIFEST_XXH3_DIFFERS,
    MANIFEST_UNREADABLE,
} ManifestMatch;

/* Reads DIR/MANIFEST into *out (free it with manifest_free, also after a failure).
 * Returns STATUS_OK; STATUS_MISSING when the folder has none; STATUS_IO when it cannot
 * be read; STATUS_CORRUPT naming the first line that is not as dtb-gen writes it;
 * STATUS_VARIANT when it lists the tables of another variant than `variant` (an id;
 * NULL accepts any); STATUS_MEMORY.  err names the file in every failure. */
Status manifest_read(const char *dir, const char *variant, Manifest *out, char *err, size_t errlen);

void manifest_free(Manifest *m);

/* The entry of the table file named material, or NULL when the MANIFEST does not list it. */
const ManifestEntry *manifest_find(const Manifest *m, const char *material);

/* Compares the table file of e in dir with e: its presence and size, and its XXH3-64 too
 * when read_files (which reads the file whole).  err says how it differs, naming the file. */
ManifestMatch manifest_compare(const char *dir, const ManifestEntry *e, bool read_files, char *err,
                               size_t errlen);

/* The size and XXH3-64 of the whole file at path; false when it cannot be read. */
bool manifest_file_digest(const char *path, uint64_t *size, uint64_t *digest);

#endif
