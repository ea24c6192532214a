/* The public API's questions about a variant and its tables as a whole: the board a
 * program draws, the materials a folder holds, and the results of every position of a
 * material.  Positions are probed one at a time in dtb_api.c; this file reads whole
 * tables. */
#include "api_handle.h"
#include "index.h"
#include "material.h"
#include "set_manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

dtb_status dtb_get_variant_info(const dtb_handle *h, dtb_variant_info *out) {
    if (!h || !out) return api_null_argument(__func__);
    memset(out, 0, sizeof *out);
    snprintf(out->id, sizeof out->id, "%s", h->v.id);
    out->board_size = h->v.board->size;
    out->squares = h->v.board->squares;
    out->mirrored = h->v.mirrored;
    out->king_move_limit = h->v.king_move_limit;
    out->draw_rules = h->v.draw_rules;
    return DTB_OK;
}

/* ---- The materials of a folder. ---- */

typedef struct MaterialList {
    char (*names)[MATERIAL_NAME_MAX];
    size_t count, capacity;
    bool out_of_memory;
} MaterialList;

static bool collect_material(const char *name, void *ctx) {
    MaterialList *list = ctx;
    Material m;
    char err[256];
    if (material_parse(name, &m, err, sizeof err) != STATUS_OK)
        return true; /* not a table's name */
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? 2 * list->capacity : 64;
        void *grown = realloc(list->names, capacity * sizeof *list->names);
        if (!grown) return !(list->out_of_memory = true);
        list->names = grown;
        list->capacity = capacity;
    }
    snprintf(list->names[list->count++], MATERIAL_NAME_MAX, "%s", name);
    return true;
}

static int name_pieces(const char *name) {
    int pieces = 0;
    for (; *name; name++) pieces += *name != 'v';
    return pieces;
}

/* Fewest pieces first, then by name. */
static int compare_materials(const void *a, const void *b) {
    int by_pieces = name_pieces(a) - name_pieces(b);
    return by_pieces ? by_pieces : strcmp(a, b);
}

static size_t join_names(const MaterialList *list, char *buf, size_t len) {
    size_t needed = 1;
    for (size_t i = 0; i < list->count; i++) {
        size_t n = strlen(list->names[i]);
        if (needed + n + (i > 0) <= len) {
            if (i > 0) buf[needed - 1] = ' ';
            memcpy(buf + needed - 1 + (i > 0), list->names[i], n + 1);
        }
        needed += n + (i > 0);
    }
    return needed;
}

dtb_status dtb_materials(const dtb_handle *h, char *buf, size_t len, size_t *needed) {
    if (!h || !buf) return api_null_argument(__func__);
    MaterialList list = {0};
    char err[1024];
    if (tb_each_file(h->dir, collect_material, &list, err, sizeof err) != STATUS_OK) {
        free(list.names);
        return api_fail(DTB_ERR_IO, "%s", err);
    }
    if (list.out_of_memory) {
        free(list.names);
        return api_fail(DTB_ERR_NO_MEMORY, "out of memory listing %s", h->dir);
    }
    if (list.count) /* qsort of NULL is undefined, even for no elements */
        qsort(list.names, list.count, sizeof *list.names, compare_materials);
    if (len) buf[0] = '\0';
    size_t size = join_names(&list, buf, len);
    free(list.names);
    if (needed) *needed = size;
    if (size > len)
        return api_fail(DTB_ERR_ARGUMENT,
                        "dtb_materials: the list needs %zu bytes, the buffer has %zu", size, len);
    return DTB_OK;
}

/* ---- The set as its MANIFEST lists it. ---- */

dtb_status dtb_manifest_missing(const dtb_handle *h, int read_files, char *buf, size_t len,
                                size_t *needed) {
    if (!h || !buf) return api_null_argument(__func__);
    Manifest m;
    MaterialList list = {0};
    char err[TB_DIR_MAX + 256];
    Status read = manifest_read(h->dir, h->v.id, &m, err, sizeof err);
    dtb_status s = read == STATUS_OK ? DTB_OK : api_table_failure(read, err);
    for (int i = 0; s == DTB_OK && i < m.count && !list.out_of_memory; i++) {
        char why[TB_DIR_MAX + 256];
        if (manifest_compare(h->dir, &m.entries[i], read_files, why, sizeof why) != MANIFEST_SAME)
            collect_material(m.entries[i].material, &list);
    }
    manifest_free(&m);
    if (s == DTB_OK && list.out_of_memory)
        s = api_fail(DTB_ERR_NO_MEMORY, "out of memory listing %s", h->dir);
    if (s == DTB_OK) {
        if (len) buf[0] = '\0';
        size_t size = join_names(&list, buf, len);
        if (needed) *needed = size;
        if (size > len)
            s = api_fail(DTB_ERR_ARGUMENT,
                         "dtb_manifest_missing: the list needs %zu bytes, the buffer has %zu", size,
                         len);
    }
    free(list.names);
    return s;
}

/* ---- The results of a whole material. ---- */

static void count_cell(Cell c, int side, uint64_t index, dtb_stats *out, uint64_t *longest_index) {
    static const int bucket_max = DTB_DTW_BUCKETS - 1;
    int dtw = CELL_DTW(c) < bucket_max ? (int)CELL_DTW(c) : bucket_max;
    switch (CELL_WDL(c)) {
    case WDL_WIN:
        out->wins[side]++;
        out->win_dtw[dtw]++;
        /* Of the longest, the first in the index's order, whatever order the scan takes. */
        if ((int)CELL_DTW(c) > out->longest_win ||
            ((int)CELL_DTW(c) == out->longest_win && index < *longest_index)) {
            out->longest_win = CELL_DTW(c);
            *longest_index = index;
        }
        break;
    case WDL_DRAW:
        out->draws[side]++;
        break;
    case WDL_LOSS:
        out->losses[side]++;
        out->loss_dtw[dtw]++;
        break;
    default:
        break; /* a hole of the index: no position */
    }
}

/* A count of every value set of a canonical material's table (tb_scan), its colours
 * swapped when `reversed`. */
typedef struct Count {
    const Indexer *ix;
    bool reversed;
    uint32_t sets;
    dtb_stats *by_set;
    uint64_t longest_index[VALUE_SETS_MAX];
} Count;

static Status count_position(void *ctx, uint64_t index, const Position *p, const Cell *cells,
                             char *err, size_t errlen) {
    (void)p, (void)err, (void)errlen;
    Count *count = ctx;
    int side = (index >= count->ix->per_side) != count->reversed;
    for (uint32_t set = 0; set < count->sets; set++)
        count_cell(cells[set], side, index, &count->by_set[set], &count->longest_index[set]);
    return STATUS_OK;
}

static void set_longest_win(const dtb_handle *h, const Indexer *ix, uint64_t index, bool reversed,
                            dtb_stats *out) {
    if (!out->longest_win) return;
    Position p, shown;
    idx_decode(ix, index, &p);
    if (reversed)
        pos_reversed(h->v.board, &p, &shown);
    else
        shown = p;
    api_to_public(&h->v, &shown, &out->longest_win_position);
}

/* The canonical form of the material named `name`, and whether that swaps its colours. */
static dtb_status canonical_material(const char *name, Material *out, bool *reversed) {
    Material m;
    char err[256];
    if (material_parse(name, &m, err, sizeof err) != STATUS_OK)
        return api_fail(DTB_ERR_POSITION, "%s", err);
    *reversed = !material_is_canonical(&m);
    *out = *reversed ? material_reversed(&m) : m;
    return DTB_OK;
}

/* The number of value sets m's file stores, from its header, before anything is sized by
 * it: a material of no table gives its missing file's error here. */
static dtb_status stored_sets(const dtb_handle *h, const Material *m, uint32_t *sets) {
    char name[MATERIAL_NAME_MAX], err[1024];
    TableFile *file;
    material_name(m, name, sizeof name);
    Status s = tb_open_file(&h->v, h->dir, name, &file, err, sizeof err);
    if (s != STATUS_OK) return api_table_failure(s, err);
    *sets = table_info(file)->cells_per_position;
    table_close(file);
    return DTB_OK;
}

/* The stats of material in value set `set` from h's memo: false when it has none. */
static bool recall_stats(dtb_handle *h, const char *material, uint32_t set, dtb_stats *out) {
    pthread_mutex_lock(&h->stats.lock);
    bool found = set < h->stats.sets && strcmp(h->stats.material, material) == 0;
    if (found) *out = h->stats.by_set[set];
    pthread_mutex_unlock(&h->stats.lock);
    return found;
}

static void remember_stats(dtb_handle *h, const dtb_stats *by_set, uint32_t sets) {
    pthread_mutex_lock(&h->stats.lock);
    memcpy(h->stats.by_set, by_set, sets * sizeof *by_set);
    h->stats.sets = sets;
    snprintf(h->stats.material, sizeof h->stats.material, "%s", by_set[0].material);
    pthread_mutex_unlock(&h->stats.lock);
}

/* Counts every value set of material m's table (canonical; its colours swapped when
 * `reversed`) into by_set[0..sets), in one scan of the file. */
static dtb_status count_material(dtb_handle *h, const char *material, const Material *m,
                                 bool reversed, uint32_t sets, dtb_stats *by_set) {
    Indexer ix;
    idx_init(&ix, &h->v, m);
    Count count = {.ix = &ix, .reversed = reversed, .sets = sets, .by_set = by_set};
    char err[1024];
    Status ts = tb_scan(h->tb, m, count_position, &count, err, sizeof err);
    if (ts != STATUS_OK) return api_table_failure(ts, err);
    for (uint32_t set = 0; set < sets; set++) {
        dtb_stats *out = &by_set[set];
        snprintf(out->material, sizeof out->material, "%s", material);
        out->positions = out->wins[0] + out->draws[0] + out->losses[0] + out->wins[1] +
                         out->draws[1] + out->losses[1];
        set_longest_win(h, &ix, count.longest_index[set], reversed, out);
    }
    return DTB_OK;
}

dtb_status dtb_material_stats(dtb_handle *h, const char *material, dtb_rules rules,
                              dtb_stats *out) {
    if (!h || !material || !out) return api_null_argument(__func__);
    memset(out, 0, sizeof *out);
    int set = 0;
    Material m;
    bool reversed = false;
    uint32_t sets = 1;
    dtb_status s = api_value_set(&h->v, rules, &set);
    if (s == DTB_OK) s = canonical_material(material, &m, &reversed);
    if (s == DTB_OK) s = stored_sets(h, &m, &sets);
    if (s != DTB_OK) return s;
    if ((uint32_t)set >= sets) set = VALUES_PURE;
    if (!recall_stats(h, material, (uint32_t)set, out)) {
        /* A file's header allows at most VALUE_SETS_MAX sets (table_file.c). */
        dtb_stats *by_set = calloc(sets, sizeof *by_set);
        if (!by_set) return api_fail(DTB_ERR_NO_MEMORY, "out of memory counting %s", material);
        s = count_material(h, material, &m, reversed, sets, by_set);
        if (s == DTB_OK) {
            *out = by_set[set];
            remember_stats(h, by_set, sets);
        }
        free(by_set);
    }
    out->longest_win_position.rules = rules;
    return s;
}
