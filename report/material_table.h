/* A material's table as the claim command reads it: the canonical material's file, its
 * positions shown with colours swapped when the material asked for is its twin. */
#ifndef DTB_MATERIAL_TABLE_H
#define DTB_MATERIAL_TABLE_H

#include "index.h"
#include "material.h"
#include "position.h"
#include "table_file.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct MaterialTable {
    TableFile *t;
    Indexer ix;
    bool reversed;
    char dir[4096]; /* the folder, whose tables value the positions the file does not store */
} MaterialTable;

/* The file of material `name` (like "KKvK", in either colour order) in dir, into path, its
 * canonical material, and in *reversed whether that swaps the colours.  STATUS_INPUT, err
 * naming it, for a malformed name. */
Status material_table_path(const char *dir, const char *name, Material *canonical, bool *reversed,
                           char *path, size_t len, char *err, size_t errlen);

/* Opens the table of material `name` (like "KKvK", in either colour order) in dir: the
 * errors of material_table_path and of opening the file, err naming it. */
Status material_table_open(const Variant *v, const char *dir, const char *name, MaterialTable *out,
                           char *err, size_t errlen);

#endif
