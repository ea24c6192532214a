#include "one_side.h"
#include "index.h"
#include "table_writer.h"
#include "unstored.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static TableStatus copy_sets(TableFile *file, TableWriter *w, uint64_t *unstored, Cell *cells,
                             char *err, size_t errlen) {
    TableStatus s = TABLE_OK;
    for (uint32_t set = 0; set < table_info(file)->cells_per_position && s == TABLE_OK; set++) {
        s = table_read_set(file, (int)set, cells, err, errlen);
        if (s == TABLE_OK) s = table_writer_add_set(w, (int)set, cells, unstored, err, errlen);
    }
    return s;
}

TableStatus one_side_rewrite(const Variant *v, const Material *m, const char *path, int threads,
                             bool *rewritten, char *err, size_t errlen) {
    char name[MATERIAL_NAME_MAX];
    material_name(m, name, sizeof name);
    TableFile *file;
    *rewritten = false;
    TableStatus s = table_open(path, v, name, &file, err, errlen);
    if (s != TABLE_OK || table_info(file)->sides != TABLE_SIDES_BOTH) {
        table_close(file);
        return s;
    }
    Indexer ix;
    idx_init(&ix, v, m);
    TableInfo info = *table_info(file);
    info.sides = TABLE_SIDES_SMALLER;
    memset(info.part_order, 0, sizeof info.part_order); /* the best for one side */
    uint64_t *unstored = unstored_positions(v, &ix, threads);
    Cell *cells = malloc(ix.size * sizeof *cells + 1);
    TableWriter *w = NULL;
    s = unstored && cells ? table_writer_begin(path, &info, &w, err, errlen) : TABLE_ERR_MEMORY;
    if (s == TABLE_ERR_MEMORY) snprintf(err, errlen, "%s: out of memory", path);
    if (s == TABLE_OK) s = table_writer_set_threads(w, threads, err, errlen);
    if (s == TABLE_OK) {
        table_writer_keep_counts(w, info.counts);
        s = copy_sets(file, w, unstored, cells, err, errlen);
    }
    table_close(file);
    if (s == TABLE_OK) s = table_writer_commit(w, err, errlen);
    table_writer_free(w);
    free(cells);
    free(unstored);
    *rewritten = s == TABLE_OK;
    return s;
}
