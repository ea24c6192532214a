/* A material solved in slice groups and resumed from its checkpoint gives the cells and
 * unstored positions of a solve in memory, whatever the store of cells holds past the
 * checkpoint.  A run killed mid-material (tests/slices/resume.sh) has written correct cells
 * after its last checkpoint, which would hide a resume that skips slices; here the store
 * gets records of every slice the checkpoint does not count as finished, all a value no
 * solve writes (a win in 511 plies) and every other position unstored, before the solve is
 * run again.  The store is checked to be compressed, under half the cells' bytes and
 * within the bound the plan counts on, and to be, with the checkpoint, the only scratch
 * file: the unstored bits are in it.  The slices it
 * counts are the first of the order, which is group by group (slice_plan.h) and, inside a group, by
 * index; holes are left as they are, 0, as no solve writes them. */
#include "build.h"
#include "draw_rules.h"
#include "slice_store.h"
#include "solve.h"

#include <dirent.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int failures;

static void die(const char *what, const char *err) {
    printf("FAIL %s: %s\n", what, err);
    exit(1);
}

/* The number on the line of the checkpoint at path that begins with `key`. */
static uint64_t checkpoint_line(const char *path, const char *key) {
    FILE *f = fopen(path, "r");
    char line[256];
    unsigned long long value = 0;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, key, strlen(key)) == 0 && sscanf(line + strlen(key), "%llu", &value))
            break;
    if (f) fclose(f);
    if (!value) die(path, "no checkpoint with slices solved");
    return value;
}

/* Cuts the store to the bytes the checkpoint says it holds, and appends records of every
 * slice but the first `kept` of the order, all their cells spoiled: a resume that read them,
 * rather than cut them off, would take them for finished.  The order is group by group
 * (fewest rows to go first) and by index inside a group, holes last (slice_plan.h). */
static void spoil_unfinished(const Indexer *ix, const char *cells_path, uint64_t kept,
                             uint64_t stored) {
    SlicePlan plan;
    uint64_t count = ix->men_count[WHITE] * ix->men_count[BLACK], size = ix->per_side / count;
    uint8_t *rows = malloc(count);
    uint32_t *order = malloc(count * sizeof *order);
    if (!rows || !order || !slice_plan_make(ix, &plan, rows)) die(cells_path, "out of memory");
    uint64_t solved = 0;
    for (int r = 0; r <= SLICE_HOLE; r++)
        for (uint64_t k = 0; k < count; k++)
            if (rows[k] == r) order[solved++] = (uint32_t)k;
    solved = count - plan.group[SLICE_HOLE]; /* holes are never stored: they read 0 */
    uint64_t spoiled = (solved - kept) * size, words = spoiled / 64 + 1;
    Cell *garbage = malloc(spoiled * sizeof *garbage + 1);
    uint64_t *bits = malloc(words * sizeof *bits);
    if (!garbage || !bits) die(cells_path, "out of memory");
    for (uint64_t i = 0; i < spoiled; i++) garbage[i] = CELL_MAKE(WDL_WIN, 511);
    for (uint64_t w = 0; w < words; w++) bits[w] = 0x5555555555555555u;
    SliceStore *store;
    char err[512];
    if (slice_store_open(cells_path, ix, order, false, stored, 1 << 20, &store, err, sizeof err))
        die(cells_path, err);
    for (int side = 0; side < 2 && kept < solved; side++)
        if (slice_store_put(store, side, kept, solved - kept, garbage, bits, 0, err, sizeof err))
            die(cells_path, err);
    slice_store_free(store);
    free(garbage);
    free(bits);
    free(order);
    free(rows);
}

/* The bytes of the file at path. */
static uint64_t file_bytes(const char *path) {
    struct stat info;
    if (stat(path, &info) != 0) die(path, "cannot read its size");
    return (uint64_t)info.st_size;
}

/* Whether the store holds the cells and unstored bits of a solve in memory, read one by
 * one and through a cursor. */
static bool same_cells(const SolvedTable *whole, SliceStore *store, uint64_t positions) {
    StoreCursor cursor = STORE_CURSOR_START;
    bool same = true;
    for (uint64_t i = 0; i < positions; i++) {
        Cell c;
        char err[512];
        if (slice_store_read(store, i, &c, err, sizeof err)) die("read", err);
        bool unstored = whole->unstored[i / 64] >> (i % 64) & 1;
        same &= c == whole->cells[i] && slice_store_at(store, &cursor, i) == c &&
                store_cursor_unstored(&cursor, i) == unstored;
    }
    return same;
}

/* Whether the files beside the table at path, named as it with something added, are the
 * store and the checkpoint of value set `set` alone. */
static bool store_and_checkpoint_alone(const char *table, int set) {
    char folder[4200], name[4300], store[4400], checkpoint[4400];
    snprintf(folder, sizeof folder, "%s", table);
    snprintf(name, sizeof name, "%s.", strrchr(table, '/') ? strrchr(table, '/') + 1 : table);
    snprintf(store, sizeof store, "%s%s.cells.zst.tmp", name, set ? "rules" : "pure");
    snprintf(checkpoint, sizeof checkpoint, "%s%s.checkpoint", name, set ? "rules" : "pure");
    DIR *dir = opendir(dirname(folder));
    if (!dir) die(table, "cannot list its folder");
    bool alone = true;
    for (struct dirent *e = readdir(dir); e; e = readdir(dir))
        if (strncmp(e->d_name, name, strlen(name)) == 0 && strcmp(e->d_name, store) != 0 &&
            strcmp(e->d_name, checkpoint) != 0) {
            printf("FAIL a scratch file beside the store: %s\n", e->d_name);
            alone = false;
        }
    closedir(dir);
    return alone;
}

static void solve(const Variant *v, Tablebase *tb, const Material *m, const SolveOptions *opt,
                  SolvedTable *out) {
    char err[512];
    if (solve_material(v, tb, m, opt, out, err, sizeof err) != STATUS_OK) die("solve", err);
}

/* The store holds its cells compressed: once solved, its file is under half the 2 bytes a
 * position of the material's cells, and within the bound --plan counts on
 * (slice_store_estimate); and it holds the bytes its checkpoint counts. */
static void check_compressed(const char *name, int set, const char *path, uint64_t stored,
                             const Indexer *ix) {
    uint64_t held = file_bytes(path), plain = ix->size * sizeof(Cell);
    SlicePlan plan;
    uint64_t groups = 0;
    if (!slice_plan_make(ix, &plan, NULL)) die(path, "out of memory");
    for (int r = 0; r < SLICE_HOLE; r++) groups += plan.group[r] > 0;
    uint64_t bound = slice_store_estimate(ix, groups);
    bool ok = held >= stored && held < plain / 2 && held <= bound;
    printf("%s %s set %d: the store holds %llu bytes once solved, %.1f%% of %llu "
           "uncompressed, its bound %llu; %llu at its checkpoint\n",
           ok ? "ok  " : "FAIL", name, set, (unsigned long long)held,
           100.0 * (double)held / (double)plain, (unsigned long long)plain,
           (unsigned long long)bound, (unsigned long long)stored);
    failures += !ok;
}

/* Solves m's value set `set` in memory, then in slice groups one slice a chunk, spoils the
 * store past its checkpoint and solves again: the second must resume and give the same
 * cells and unstored positions as the first. */
static void check_resume(const Variant *v, Tablebase *tb, const Material *m, int set) {
    char name[MATERIAL_NAME_MAX], table[4200], path[4400];
    material_name(m, name, sizeof name);
    tb_path(tb, m, table, sizeof table);
    Indexer ix;
    idx_init(&ix, v, m);
    SolvedTable whole, first, resumed;
    SolveOptions opt = {.set = set, .threads = 2};
    solve(v, tb, m, &opt, &whole);
    opt.scratch = table;
    solve(v, tb, m, &opt, &first);
    failures += !store_and_checkpoint_alone(table, set);
    solved_table_free(&first);
    snprintf(path, sizeof path, "%s.%s.checkpoint", table, set ? "rules" : "pure");
    uint64_t kept = checkpoint_line(path, "solved "), stored = checkpoint_line(path, "stored ");
    snprintf(path, sizeof path, "%s.%s.cells.zst.tmp", table, set ? "rules" : "pure");
    check_compressed(name, set, path, stored, &ix);
    spoil_unfinished(&ix, path, kept, stored);
    char log[1024] = "";
    opt.progress = fmemopen(log, sizeof log - 1, "w");
    solve(v, tb, m, &opt, &resumed);
    fclose((FILE *)opt.progress);
    bool said = strstr(log, ": resuming at slice ") != NULL;
    bool same = same_cells(&whole, resumed.store, ix.size);
    printf("%s %s %s set %d: resumed after %llu slices%s\n", said && same ? "ok  " : "FAIL", v->id,
           name, set, (unsigned long long)kept,
           !said  ? ", not said"
           : same ? ""
                  : ", cells differ from a solve in memory");
    failures += !(said && same);
    solved_table_free(&whole);
    solved_table_free(&resumed);
    solve_scratch_remove(table, draw_value_sets(v));
}

static void check_variant(const char *id, int pieces, const char *material, const char *root) {
    Variant v;
    Material list[BUILD_MAX_MATERIALS], m;
    char dir[4096], err[512];
    variant_lookup(id, &v);
    snprintf(dir, sizeof dir, "%s/%s", root, id);
    int count = material_all(pieces, list, BUILD_MAX_MATERIALS);
    BuildOptions opt = {.dir = dir, .threads = 2, .memory = UINT64_MAX};
    if (build_tables(&v, list, count, &opt, err, sizeof err)) die(id, err);
    if (material_parse(material, &m, err, sizeof err) != STATUS_OK) die(material, err);
    Tablebase *tb = tb_open(&v, dir);
    for (int set = 0; set < draw_value_sets(&v); set++) check_resume(&v, tb, &m, set);
    tb_close(tb);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_slice_resume DIR\n");
        return 2;
    }
    check_variant("brazilian", 4, "KMvKM", argv[1]);
    check_variant("frisian", 3, "KMvM", argv[1]);
    return failures != 0;
}
