#include "read_guard.h"

#include "thread_key.h"

#include <sched.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

/* A thread's record.  Alone in its cache line, so that a reader's stores never slow
 * another reader. */
typedef struct Reader {
    alignas(64) _Atomic uint64_t sections; /* entries plus exits: odd while inside */
    atomic_bool taken;                     /* by a live thread */
    struct Reader *next;                   /* in the list of all records, never unlinked */
} Reader;

/* Every record ever made.  Records are only added, so a waiter walks the list without a
 * lock; they stay reachable, and the process's end frees them. */
static _Atomic(Reader *) all_readers;

static _Thread_local Reader *mine;

/* Gives the record of a thread that ends to the next thread that needs one. */
static void release_reader(void *record) {
    Reader *r = record;
    atomic_store_explicit(&r->taken, false, memory_order_release);
    mine = NULL;
}

static ThreadKey reader_key = THREAD_KEY_INIT(release_reader);

/* A record no live thread holds, or a new one; NULL when out of memory. */
static Reader *claim_reader(void) {
    for (Reader *r = atomic_load_explicit(&all_readers, memory_order_acquire); r; r = r->next) {
        bool free_record = false;
        if (atomic_compare_exchange_strong_explicit(&r->taken, &free_record, true,
                                                    memory_order_acquire, memory_order_relaxed))
            return r;
    }
    Reader *r = aligned_alloc(alignof(Reader), sizeof *r);
    if (!r) return NULL;
    atomic_init(&r->sections, 0);
    atomic_init(&r->taken, true);
    r->next = atomic_load_explicit(&all_readers, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&all_readers, &r->next, r, memory_order_release,
                                                  memory_order_relaxed)) {
    }
    return r;
}

/* The calling thread's record, claimed on first use.  One that cannot be kept under the
 * thread's key (out of keys) stays claimed: a record of one cache line. */
static Reader *thread_reader(void) {
    if (mine) return mine;
    mine = claim_reader();
    if (mine) thread_key_set(&reader_key, mine);
    return mine;
}

bool guard_enter(void) {
    Reader *r = thread_reader();
    if (!r) return false;
    /* Sequentially consistent, like the waiter's loads of it and the unlinking of the
     * memory: either the waiter sees this section, or this section's load of the shared
     * pointer sees it unlinked. */
    uint64_t n = atomic_load_explicit(&r->sections, memory_order_relaxed);
    atomic_store_explicit(&r->sections, n + 1, memory_order_seq_cst);
    return true;
}

void guard_leave(void) {
    uint64_t n = atomic_load_explicit(&mine->sections, memory_order_relaxed);
    atomic_store_explicit(&mine->sections, n + 1, memory_order_release);
}

/* A section lasts a few reads from memory, unless its thread was descheduled there: spin
 * that long, then give the processor away. */
enum { SPINS = 64 };

void guard_wait(void) {
    atomic_thread_fence(memory_order_seq_cst);
    for (Reader *r = atomic_load_explicit(&all_readers, memory_order_acquire); r; r = r->next) {
        uint64_t seen = atomic_load_explicit(&r->sections, memory_order_seq_cst);
        for (int spins = 0;
             seen % 2 && atomic_load_explicit(&r->sections, memory_order_seq_cst) == seen; spins++)
            if (spins >= SPINS) sched_yield();
    }
}
