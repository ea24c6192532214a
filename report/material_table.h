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

/* The file of material `name` (like "KKvK", in either colour order) in dir, into path, and
 * its canonical material; returns true when that swaps the colours.  Exits 2 for a
 * malformed name. */
bool material_table_path(const char *dir, const char *name, Material *canonical, char *path,
                         size_t len);

/* Opens the table of material `name` (like "KKvK", in either colour order) in dir; on an
 * error exits with error_status (2 for a malformed name). */
void material_table_open(const Variant *v, const char *dir, const char *name, int error_status,
                         MaterialTable *out);

#endif
