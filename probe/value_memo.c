#include "value_memo.h"

#include "index.h"
#include "material.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

/* The answers kept for one material, by index: a cell's complement, so that the zeroed
 * array means "not looked up yet". */
typedef struct Kept {
    Indexer ix;
    Cell *cells;
} Kept;

/* Stands for a material whose answers did not fit the budget. */
static Kept unkept;

struct ValueMemo {
    Tablebase *tb;
    const Variant *v;
    int set;
    uint64_t budget;      /* bytes left for arrays; guarded by lock */
    pthread_mutex_t lock; /* held only while a material's array is made */
    _Atomic(Kept *) kept[MATERIAL_KEYS];
};

ValueMemo *value_memo_new(Tablebase *tb, const Variant *v, int set, uint64_t budget) {
    ValueMemo *memo = calloc(1, sizeof *memo);
    if (!memo) return NULL;
    memo->tb = tb;
    memo->v = v;
    memo->set = set;
    memo->budget = budget;
    pthread_mutex_init(&memo->lock, NULL);
    return memo;
}

void value_memo_free(ValueMemo *memo) {
    if (!memo) return;
    for (int k = 0; k < MATERIAL_KEYS; k++) {
        Kept *kept = atomic_load(&memo->kept[k]);
        if (kept == &unkept || !kept) continue;
        free(kept->cells);
        free(kept);
    }
    pthread_mutex_destroy(&memo->lock);
    free(memo);
}

static Kept *make_kept(ValueMemo *memo, const Material *m) {
    Indexer ix;
    idx_init(&ix, memo->v, m);
    uint64_t bytes = ix.size * sizeof(Cell);
    if (bytes > memo->budget) return &unkept;
    Kept *kept = malloc(sizeof *kept);
    Cell *cells = calloc(ix.size, sizeof *cells);
    if (!kept || !cells) {
        free(kept);
        free(cells);
        return NULL;
    }
    memo->budget -= bytes;
    *kept = (Kept){ix, cells};
    return kept;
}

/* m's array, made on first use; double-checked so that lookups take no lock.  m comes from
 * a material the generator or verifier parsed, so it has a table's size (material.h). */
static Kept *kept_for(ValueMemo *memo, const Material *m) {
    _Atomic(Kept *) *slot = &memo->kept[material_key(m)];
    Kept *kept = atomic_load_explicit(slot, memory_order_acquire);
    if (kept) return kept;
    pthread_mutex_lock(&memo->lock);
    kept = atomic_load_explicit(slot, memory_order_relaxed);
    if (!kept) {
        kept = make_kept(memo, m);
        if (kept) atomic_store_explicit(slot, kept, memory_order_release);
    }
    pthread_mutex_unlock(&memo->lock);
    return kept;
}

/* Two threads may look up the same position at once; both store the same answer. */
Status value_memo_probe(ValueMemo *memo, const Position *p, Cell *out, char *err, size_t errlen) {
    if (!pos_pieces(p, WHITE) || !pos_pieces(p, BLACK))
        return tb_probe_set(memo->tb, p, memo->set, out, err, errlen);
    Material m;
    Position turned;
    const Position *stored = p;
    if (material_stored_of(p, &m)) {
        pos_reversed(memo->v->board, p, &turned);
        stored = &turned;
    }
    Kept *kept = kept_for(memo, &m);
    if (!kept) {
        snprintf(err, errlen, "out of memory keeping the values of a successor table");
        return STATUS_MEMORY;
    }
    if (kept == &unkept) return tb_probe_set(memo->tb, p, memo->set, out, err, errlen);
    Cell *cell = &kept->cells[idx_encode(&kept->ix, stored)];
    Cell complement = __atomic_load_n(cell, __ATOMIC_RELAXED);
    if (complement) {
        *out = (Cell)~complement;
        return STATUS_OK;
    }
    Status status = tb_probe_set(memo->tb, p, memo->set, out, err, errlen);
    if (status == STATUS_OK) __atomic_store_n(cell, (Cell) ~*out, __ATOMIC_RELAXED);
    return status;
}
