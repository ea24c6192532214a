/* Probes agree with the solver position by position.  Every material of up to 3 pieces of
 * three variants is built in both forms, with both sides to move stored and with one
 * (--one-side), solved again in memory, and every position's tb_probe_set and
 * tb_probe_wdl answers, in every value set, compared with the solver's cell.  The tables
 * leave out holes and captures pending, and those of one side the other side and the
 * bounded threats (rules/threat.h); probes settle those by searching their moves, while
 * the solver values every position by retrograde analysis, so the two meet only where both
 * are right.  Each variant must have bounded threats, or the test would show nothing
 * about them.
 * Usage: test_settled DIR */
#include "build.h"
#include "draw_rules.h"
#include "solve.h"
#include "threat.h"

#include <stdio.h>
#include <stdlib.h>

#define SHOWN 5

typedef struct Tally {
    long probes, bounded, differ;
} Tally;

static bool same_value(Cell a, Cell b) {
    return CELL_WDL(a) == CELL_WDL(b) && (CELL_WDL(a) == WDL_DRAW || CELL_DTW(a) == CELL_DTW(b));
}

static void compare(Tablebase *tb, const Position *p, int set, Cell solved, uint64_t i,
                    const char *name, Tally *t) {
    char err[512];
    Cell probed;
    int wdl;
    if (tb_probe_set(tb, p, set, &probed, err, sizeof err) != STATUS_OK ||
        tb_probe_wdl(tb, p, set, &wdl, err, sizeof err) != STATUS_OK) {
        printf("FAIL %s index %llu: %s\n", name, (unsigned long long)i, err);
        exit(1);
    }
    t->probes++;
    if (same_value(probed, solved) && wdl == CELL_WDL(solved)) return;
    if (t->differ++ < SHOWN)
        printf("FAIL %s index %llu set %d: solved %d/%d, probed %d/%d, WDL %d\n", name,
               (unsigned long long)i, set, CELL_WDL(solved), CELL_DTW(solved), CELL_WDL(probed),
               CELL_DTW(probed), wdl);
}

static void compare_material(const Variant *v, Tablebase *tb, const Material *m, MoveList *list,
                             Tally *t) {
    char name[MATERIAL_NAME_MAX], err[512];
    material_name(m, name, sizeof name);
    Indexer ix;
    idx_init(&ix, v, m);
    for (int set = 0; set < draw_value_sets(v); set++) {
        SolveOptions opt = {.set = set, .threads = 2};
        SolvedTable solved;
        if (solve_material(v, tb, m, &opt, &solved, err, sizeof err) != STATUS_OK) {
            printf("FAIL %s %s set %d: %s\n", v->id, name, set, err);
            exit(1);
        }
        for (uint64_t i = 0; i < ix.size; i++) {
            Position p;
            if (!idx_decode(&ix, i, &p)) continue;
            compare(tb, &p, set, solved.cells[i], i, name, t);
            t->bounded += set == 0 && !movegen_has_capture(v, &p) && threat_bounded(v, &p, list);
        }
        free(solved.cells);
        free(solved.unstored);
    }
}

static bool check_form(const Variant *v, const char *root, bool one_side, MoveList *list) {
    Material all[BUILD_MAX_MATERIALS];
    char dir[4096], err[512];
    const char *form = one_side ? "one side" : "both sides";
    snprintf(dir, sizeof dir, "%s/%s-%s", root, v->id, one_side ? "one" : "both");
    int count = material_all(3, all, BUILD_MAX_MATERIALS);
    BuildOptions opt = {.dir = dir, .threads = 2, .memory = UINT64_MAX, .one_side = one_side};
    if (build_tables(v, all, count, &opt, err, sizeof err)) {
        printf("FAIL %s, %s: %s\n", v->id, form, err);
        exit(1);
    }
    Tablebase *tb = tb_open(v, dir);
    if (!tb) {
        printf("FAIL %s, %s: out of memory\n", v->id, form);
        exit(1);
    }
    Tally t = {0};
    for (int i = 0; i < count; i++) compare_material(v, tb, &all[i], list, &t);
    tb_close(tb);
    bool ok = t.differ == 0 && t.bounded > 0;
    printf("%s %s, %s: %ld probes, %ld differ, %ld bounded threats\n", ok ? "ok  " : "FAIL", v->id,
           form, t.probes, t.differ, t.bounded);
    return ok;
}

static bool check_variant(const char *id, const char *root, MoveList *list) {
    Variant v;
    if (!variant_lookup(id, &v)) {
        printf("FAIL unknown variant %s\n", id);
        exit(1);
    }
    bool both = check_form(&v, root, false, list);
    return check_form(&v, root, true, list) && both;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_settled DIR\n");
        return 2;
    }
    static MoveList list;
    bool ok = true;
    ok &= check_variant("brazilian", argv[1], &list);
    ok &= check_variant("frisian", argv[1], &list);
    ok &= check_variant("scandinavian-8", argv[1], &list);
    printf("%s\n", ok ? "ok" : "FAIL");
    return !ok;
}
