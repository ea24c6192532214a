#include "material_table.h"

#include "cli.h"
#include "material.h"
#include "tablebase.h"

#include <stdio.h>
#include <stdlib.h>

bool material_table_path(const char *dir, const char *name, Material *canonical, char *path,
                         size_t len) {
    Material m;
    char err[1024], canonical_name[MATERIAL_NAME_MAX];
    if (!material_parse(name, &m, err, sizeof err)) cli_die(2, "%s", err);
    bool reversed = !material_is_canonical(&m);
    *canonical = reversed ? material_reversed(&m) : m;
    material_name(canonical, canonical_name, sizeof canonical_name);
    snprintf(path, len, "%s/%s%s", dir, canonical_name, TB_FILE_SUFFIX);
    return reversed;
}

void material_table_open(const Variant *v, const char *dir, const char *name, int error_status,
                         MaterialTable *out) {
    Material canonical;
    char err[1024], path[4200];
    out->reversed = material_table_path(dir, name, &canonical, path, sizeof path);
    snprintf(out->dir, sizeof out->dir, "%s", dir);
    if (tb_open_indexed(v, &canonical, path, &out->t, &out->ix, err, sizeof err) != TABLE_OK)
        cli_die(error_status, "%s", err);
}
