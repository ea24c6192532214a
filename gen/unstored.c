#include "unstored.h"

#include "movegen.h"
#include "parallel.h"
#include "threat.h"

#include <stdlib.h>

typedef struct Marking {
    const Variant *v;
    const Indexer *ix;
    uint64_t *unstored;
    MoveList **lists; /* one a thread */
} Marking;

static bool unstored(const Marking *mk, IdxCursor *cursor, MoveList *list, uint64_t i) {
    Position p;
    return !idx_decode_near(mk->ix, cursor, i, &p) || movegen_has_capture(mk->v, &p) ||
           threat_bounded(mk->v, &p, list);
}

/* parallel_for's chunks are whole words of the bitmap, so no two threads write the same
 * word. */
static void mark_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    const Marking *mk = ctx;
    IdxCursor cursor = IDX_CURSOR_START;
    for (uint64_t i = begin; i < end; i++)
        if (unstored(mk, &cursor, mk->lists[thread], i))
            mk->unstored[i / 64] |= (uint64_t)1 << (i % 64);
}

uint64_t *unstored_positions(const Variant *v, const Indexer *ix, int threads) {
    if (threads < 1) threads = 1;
    uint64_t *bits = calloc(ix->size / 64 + 1, sizeof *bits);
    MoveList **lists = calloc((size_t)threads, sizeof *lists);
    bool ok = bits && lists;
    for (int t = 0; ok && t < threads; t++)
        if ((ok = (lists[t] = malloc(sizeof *lists[t])) != NULL)) lists[t]->paths = NULL;
    if (ok) parallel_for(threads, ix->size, mark_range, &(Marking){v, ix, bits, lists});
    for (int t = 0; lists && t < threads; t++) free(lists[t]);
    free(lists);
    if (!ok) free(bits);
    return ok ? bits : NULL;
}
