#include "material_table.h"

#include "material.h"
#include "tablebase.h"

#include <stdio.h>
#include <stdlib.h>

Status material_table_path(const char *dir, const char *name, Material *canonical, bool *reversed,
                           char *path, size_t len, char *err, size_t errlen) {
    Material m;
    char canonical_name[MATERIAL_NAME_MAX];
    if (material_parse(name, &m, err, errlen) != STATUS_OK) return STATUS_INPUT;
    *reversed = !material_is_canonical(&m);
    *canonical = *reversed ? material_reversed(&m) : m;
    material_name(canonical, canonical_name, sizeof canonical_name);
    tb_file_path(dir, canonical_name, path, len);
    return STATUS_OK;
}

Status material_table_open(const Variant *v, const char *dir, const char *name, MaterialTable *out,
                           char *err, size_t errlen) {
    Material canonical;
    char path[4200];
    out->t = NULL;
    snprintf(out->dir, sizeof out->dir, "%s", dir);
    Status s =
        material_table_path(dir, name, &canonical, &out->reversed, path, sizeof path, err, errlen);
    if (s == STATUS_OK) s = tb_open_indexed(v, &canonical, path, &out->t, &out->ix, err, errlen);
    return s;
}
