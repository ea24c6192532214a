/* The order in which dtb-gen --mpi hands out materials (gen/mpi_schedule.h), over
 * Brazilian's 23 materials of up to 4 pieces.  KvK, which converts into no other material
 * (its captures end the game, it has no men to crown), must be the only one ready at first;
 * played out with two workers, each material is handed out once, only after every material
 * of the set it converts into is complete, and the schedule finishes.  The rewrites of
 * --one-side, which wait on nothing, are all ready at once, largest first.  (That the
 * order builds correct tables is tests/mpi/same_tables.sh's part.) */
#include "build.h"
#include "check.h"
#include "mpi_schedule.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int find(const Material *list, int count, const char *name) {
    Material m;
    char err[128];
    if (material_parse(name, &m, err, sizeof err) != STATUS_OK) return -1;
    for (int i = 0; i < count; i++)
        if (material_equal(&list[i], &m)) return i;
    return -1;
}

/* Whether every successor of list[i] that the list holds is complete. */
static bool successors_complete(const Material *list, int count, int i, const bool *complete) {
    Material next[BUILD_MAX_MATERIALS];
    int k = material_successors(&list[i], next, BUILD_MAX_MATERIALS);
    for (int j = 0; j < k; j++)
        for (int at = 0; at < count; at++)
            if (material_equal(&list[at], &next[j]) && !complete[at]) return false;
    return true;
}

/* Two workers: each takes the next ready material; the one handed out first finishes first. */
static void play_out(const Variant *v, const Material *list, int count) {
    MpiSchedule *s = mpi_schedule_new(v, list, count, true);
    bool complete[BUILD_MAX_MATERIALS] = {false};
    int handed[BUILD_MAX_MATERIALS] = {0}, hand[2] = {-1, -1}, rounds = 0;
    check(s != NULL, "a schedule is made");
    check(mpi_schedule_next(s) == find(list, count, "KvK"), "KvK is handed out first");
    check(mpi_schedule_next(s) == -1, "nothing else is ready before KvK is complete");
    hand[0] = find(list, count, "KvK");
    handed[hand[0]]++;
    while (!mpi_schedule_finished(s) && rounds++ < 10 * count) {
        for (int w = 0; w < 2; w++)
            if (hand[w] < 0 && (hand[w] = mpi_schedule_next(s)) >= 0) {
                handed[hand[w]]++;
                check(successors_complete(list, count, hand[w], complete),
                      "a material is handed out after its successors are complete");
            }
        int done = hand[0] >= 0 ? 0 : 1;
        check(hand[done] >= 0, "some material is in hand while the schedule is not finished");
        if (hand[done] < 0) break;
        complete[hand[done]] = true;
        mpi_schedule_complete(s, hand[done]);
        hand[done] = -1;
    }
    check(mpi_schedule_finished(s), "the schedule finishes");
    for (int i = 0; i < count; i++) check(handed[i] == 1, "each material is handed out once");
    mpi_schedule_free(s);
}

static void unordered(const Variant *v, const Material *list, int count) {
    MpiSchedule *s = mpi_schedule_new(v, list, count, false);
    uint64_t last = UINT64_MAX;
    int n = 0;
    for (int i; (i = mpi_schedule_next(s)) >= 0; n++) {
        check(mpi_schedule_positions(s, i) <= last, "unordered: largest first");
        last = mpi_schedule_positions(s, i);
    }
    check(n == count, "unordered: every material ready at once");
    mpi_schedule_free(s);
}

int main(void) {
    Variant v;
    static Material list[BUILD_MAX_MATERIALS];
    variant_lookup("brazilian", &v);
    int count = material_all(4, list, BUILD_MAX_MATERIALS);
    check(count == 23, "Brazilian has 23 materials of up to 4 pieces");
    play_out(&v, list, count);
    unordered(&v, list, count);
    return check_summary();
}
