/* Keeping the values of a material's exits (probe/value_memo.c) must not change a single
 * cell: every 3-piece material of two variants, solved with no room to keep them (every
 * exit read through the tables, as before they were kept) and with room for all, gives
 * the same cells and the same unstored positions.  Frisian has both value sets, draw
 * horizons and king-move states; Scandinavian 8x8 its long captures. */
#include "build.h"
#include "draw_rules.h"
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static bool same(const SolvedTable *a, const SolvedTable *b, uint64_t size) {
    return memcmp(a->cells, b->cells, size * sizeof(Cell)) == 0 &&
           memcmp(a->unstored, b->unstored, (size + 63) / 64 * sizeof(uint64_t)) == 0;
}

static void solve_both_ways(const Variant *v, Tablebase *tb, const Material *m, int set) {
    char name[MATERIAL_NAME_MAX], err[512];
    material_name(m, name, sizeof name);
    SolvedTable solved[2];
    uint64_t room[2] = {0, UINT64_MAX};
    for (int k = 0; k < 2; k++) {
        SolveOptions opt = {.set = set, .threads = 2, .exit_memory = room[k]};
        if (solve_material(v, tb, m, &opt, &solved[k], err, sizeof err) != STATUS_OK) {
            printf("FAIL %s %s set %d: %s\n", v->id, name, set, err);
            exit(1);
        }
    }
    Indexer ix;
    idx_init(&ix, v, m);
    if (!same(&solved[0], &solved[1], ix.size)) {
        printf("FAIL %s %s set %d: kept exit values change the cells\n", v->id, name, set);
        failures++;
    }
    for (int k = 0; k < 2; k++) free(solved[k].cells), free(solved[k].unstored);
}

static void check_variant(const char *id, const char *root) {
    Variant v;
    Material list[BUILD_MAX_MATERIALS];
    char dir[4096], err[512];
    variant_lookup(id, &v);
    snprintf(dir, sizeof dir, "%s/%s", root, id);
    int count = material_all(3, list, BUILD_MAX_MATERIALS);
    BuildOptions opt = {.dir = dir, .threads = 2, .memory = UINT64_MAX};
    if (build_tables(&v, list, count, &opt, err, sizeof err)) {
        printf("FAIL %s: %s\n", id, err);
        exit(1);
    }
    Tablebase *tb = tb_open(&v, dir);
    for (int i = 0; i < count; i++)
        if (material_pieces(&list[i]) == 3)
            for (int set = 0; set < draw_value_sets(&v); set++)
                solve_both_ways(&v, tb, &list[i], set);
    tb_close(tb);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_value_memo DIR\n");
        return 2;
    }
    check_variant("frisian", argv[1]);
    check_variant("scandinavian-8", argv[1]);
    printf("%s\n", failures ? "FAIL" : "ok");
    return failures != 0;
}
