#include "exit_values.h"

#include "index.h"
#include "material.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

/* The answers kept for one material, by index: a cell's complement, so that the zeroed
 * array means "not looked up yet". */
typedef struct Memo {
    Indexer ix;
    Cell *kept;
} Memo;

/* Stands for a material whose answers did not fit the budget. */
static Memo unkept;

struct ExitValues {
    Tablebase *tb;
    const Variant *v;
    int set;
    uint64_t budget;      /* bytes left for arrays; guarded by lock */
    pthread_mutex_t lock; /* held only while a material's array is made */
    _Atomic(Memo *) memo[MATERIAL_KEYS];
};

ExitValues *exit_values_new(Tablebase *tb, const Variant *v, int set, uint64_t budget) {
    ExitValues *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->tb = tb;
    e->v = v;
    e->set = set;
    e->budget = budget;
    pthread_mutex_init(&e->lock, NULL);
    return e;
}

void exit_values_free(ExitValues *e) {
    if (!e) return;
    for (int k = 0; k < MATERIAL_KEYS; k++) {
        Memo *memo = atomic_load(&e->memo[k]);
        if (memo == &unkept || !memo) continue;
        free(memo->kept);
        free(memo);
    }
    pthread_mutex_destroy(&e->lock);
    free(e);
}

static Memo *make_memo(ExitValues *e, const Material *m) {
    Indexer ix;
    idx_init(&ix, e->v, m);
    uint64_t bytes = ix.size * sizeof(Cell);
    if (bytes > e->budget) return &unkept;
    Memo *memo = malloc(sizeof *memo);
    Cell *kept = calloc(ix.size, sizeof *kept);
    if (!memo || !kept) {
        free(memo);
        free(kept);
        return NULL;
    }
    e->budget -= bytes;
    *memo = (Memo){ix, kept};
    return memo;
}

/* m's array, made on first use; double-checked so that lookups take no lock. */
static Memo *memo_for(ExitValues *e, const Material *m) {
    _Atomic(Memo *) *slot = &e->memo[material_key(m)];
    Memo *memo = atomic_load_explicit(slot, memory_order_acquire);
    if (memo) return memo;
    pthread_mutex_lock(&e->lock);
    memo = atomic_load_explicit(slot, memory_order_relaxed);
    if (!memo) {
        memo = make_memo(e, m);
        if (memo) atomic_store_explicit(slot, memo, memory_order_release);
    }
    pthread_mutex_unlock(&e->lock);
    return memo;
}

/* Two threads may look up the same position at once; both store the same answer. */
TableStatus exit_values_probe(ExitValues *e, const Position *p, Cell *out, char *err,
                              size_t errlen) {
    if (!pos_pieces(p, WHITE) || !pos_pieces(p, BLACK))
        return tb_probe_set(e->tb, p, e->set, out, err, errlen);
    Material m;
    Position turned;
    const Position *stored = p;
    if (material_stored_of(p, &m)) {
        pos_reversed(e->v->board, p, &turned);
        stored = &turned;
    }
    Memo *memo = memo_for(e, &m);
    if (!memo) return TABLE_ERR_MEMORY;
    if (memo == &unkept) return tb_probe_set(e->tb, p, e->set, out, err, errlen);
    Cell *kept = &memo->kept[idx_encode(&memo->ix, stored)];
    Cell complement = __atomic_load_n(kept, __ATOMIC_RELAXED);
    if (complement) {
        *out = (Cell)~complement;
        return TABLE_OK;
    }
    TableStatus status = tb_probe_set(e->tb, p, e->set, out, err, errlen);
    if (status == TABLE_OK) __atomic_store_n(kept, (Cell) ~*out, __ATOMIC_RELAXED);
    return status;
}
