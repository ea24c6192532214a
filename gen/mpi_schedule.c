#include "mpi_schedule.h"

#include "build.h"
#include "index.h"

#include <stdlib.h>

/* One material: what it waits on and what waits on it. */
typedef struct Node {
    uint64_t positions;
    uint64_t chain;  /* its positions and those of the longest chain waiting on it */
    int waiting_on;  /* materials of the set it converts into, not complete yet */
    int *dependents; /* the materials of the set that convert into it */
    int dependent_count;
    bool handed_out, complete;
} Node;

struct MpiSchedule {
    Node *nodes;
    int count, complete;
};

static int index_of(const Material *list, int count, const Material *m) {
    for (int i = 0; i < count; i++)
        if (material_equal(&list[i], m)) return i;
    return -1;
}

/* Records that material i converts into each successor of the set. */
static bool link_successors(MpiSchedule *s, const Material *list, int i) {
    Material next[BUILD_MAX_MATERIALS];
    int k = material_successors(&list[i], next, BUILD_MAX_MATERIALS);
    for (int j = 0; j < k; j++) {
        int at = index_of(list, s->count, &next[j]);
        if (at < 0) continue; /* not of this set: its table must be there already */
        Node *succ = &s->nodes[at];
        int *grown = realloc(succ->dependents, (size_t)(succ->dependent_count + 1) * sizeof *grown);
        if (!grown) return false;
        succ->dependents = grown;
        succ->dependents[succ->dependent_count++] = i;
        s->nodes[i].waiting_on++;
    }
    return true;
}

/* Every material comes after its successors in the list, so walking it backwards meets
 * each material's dependents before the material itself. */
static void measure_chains(MpiSchedule *s) {
    for (int i = s->count - 1; i >= 0; i--) {
        Node *n = &s->nodes[i];
        uint64_t longest = 0;
        for (int j = 0; j < n->dependent_count; j++)
            if (s->nodes[n->dependents[j]].chain > longest)
                longest = s->nodes[n->dependents[j]].chain;
        n->chain = n->positions + longest;
    }
}

MpiSchedule *mpi_schedule_new(const Variant *v, const Material *list, int count, bool ordered) {
    MpiSchedule *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->count = count;
    s->nodes = calloc((size_t)count + 1, sizeof *s->nodes);
    bool ok = s->nodes != NULL;
    for (int i = 0; i < count && ok; i++) {
        Indexer ix;
        idx_init(&ix, v, &list[i]);
        s->nodes[i].positions = ix.size;
        ok = !ordered || link_successors(s, list, i);
    }
    if (!ok) {
        mpi_schedule_free(s);
        return NULL;
    }
    measure_chains(s);
    return s;
}

void mpi_schedule_free(MpiSchedule *s) {
    if (!s) return;
    for (int i = 0; s->nodes && i < s->count; i++) free(s->nodes[i].dependents);
    free(s->nodes);
    free(s);
}

int mpi_schedule_next(MpiSchedule *s) {
    int best = -1;
    for (int i = 0; i < s->count; i++) {
        const Node *n = &s->nodes[i];
        if (n->handed_out || n->complete || n->waiting_on > 0) continue;
        if (best < 0 || n->chain > s->nodes[best].chain) best = i;
    }
    if (best >= 0) s->nodes[best].handed_out = true;
    return best;
}

void mpi_schedule_complete(MpiSchedule *s, int i) {
    Node *n = &s->nodes[i];
    if (n->complete) return;
    n->complete = n->handed_out = true;
    s->complete++;
    for (int j = 0; j < n->dependent_count; j++) s->nodes[n->dependents[j]].waiting_on--;
}

bool mpi_schedule_finished(const MpiSchedule *s) {
    return s->complete == s->count;
}

uint64_t mpi_schedule_positions(const MpiSchedule *s, int i) {
    return s->nodes[i].positions;
}
