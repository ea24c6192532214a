/* Four threads probe one handle whose cache holds about one decoded block, so that blocks are
 * evicted all the time while other threads read them: random positions, each asked by
 * dtb_probe_wdl and dtb_probe, and in batches by dtb_probe_wdl_many (whose reads are
 * prefetched first), every answer compared with the one a handle without a budget
 * gave on the main thread before.  Built with ThreadSanitizer (DTB_TSAN) it also proves
 * the reads race with no eviction; the suite runs it there (scripts/test.sh).
 *
 * Usage: test_cache_threads VARIANT DIR (a folder of every table of up to 3 pieces) */
#include "dtb.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { THREADS = 4, POSITIONS = 20000, ROUNDS = 3, BATCH = 16 };
#define BUDGET ((size_t)40 << 10) /* about one block */

typedef struct Expected {
    dtb_position pos;
    dtb_value value;
} Expected;

typedef struct Worker {
    dtb_handle *h;
    const Expected *expected;
    int count, first;
    long mismatches, errors;
} Worker;

static uint64_t next_random(uint64_t *state) {
    *state ^= *state << 13, *state ^= *state >> 7, *state ^= *state << 17;
    return *state;
}

/* A random position of 2 or 3 pieces on `squares` squares, men kept off both back rows
 * (a man on its promotion row is no position); it may still be refused, as one without a
 * move for a side. */
static dtb_position random_position(int squares, uint64_t *state) {
    dtb_position pos;
    memset(&pos, 0, sizeof pos);
    uint64_t *sets[4] = {&pos.white_men, &pos.white_kings, &pos.black_men, &pos.black_kings};
    int row = squares == 50 ? 5 : 4, pieces = 2 + (int)(next_random(state) % 2), placed = 0;
    uint64_t taken = 0;
    while (placed < pieces) {
        int sq = (int)(next_random(state) % (uint64_t)squares),
            kind = (int)(next_random(state) % 4);
        bool man = kind % 2 == 0, back_row = sq < row || sq >= squares - row;
        if ((taken >> sq & 1) || (man && back_row)) continue;
        if (placed < 2) kind = (kind & 1) | (placed << 1); /* one piece a side at least */
        *sets[kind] |= (uint64_t)1 << sq;
        taken |= (uint64_t)1 << sq;
        placed++;
    }
    pos.black_to_move = (int)(next_random(state) % 2);
    return pos;
}

/* Fills expected with positions the uncapped handle h answers, and their values; returns
 * how many. */
static int draw_expected(dtb_handle *h, int squares, Expected *expected) {
    uint64_t state = 0x9E3779B97F4A7C15u;
    int n = 0;
    for (long tries = 0; n < POSITIONS && tries < 50L * POSITIONS; tries++) {
        expected[n].pos = random_position(squares, &state);
        if (dtb_probe(h, &expected[n].pos, &expected[n].value) == DTB_OK) n++;
    }
    return n;
}

/* Asks dtb_probe_wdl_many the WDLs of the BATCH positions from `first` on. */
static void probe_batch(Worker *w, int first) {
    dtb_position pos[BATCH];
    dtb_wdl wdl[BATCH];
    for (int i = 0; i < BATCH; i++) pos[i] = w->expected[(first + i) % w->count].pos;
    if (dtb_probe_wdl_many(w->h, pos, BATCH, wdl) != DTB_OK) {
        w->errors++;
        return;
    }
    for (int i = 0; i < BATCH; i++)
        w->mismatches += wdl[i] != w->expected[(first + i) % w->count].value.wdl;
}

/* Probes every position ROUNDS times one by one and once more in batches, each thread from
 * its own place. */
static void *probe_all(void *arg) {
    Worker *w = arg;
    for (int k = 0; k < w->count; k += BATCH) probe_batch(w, w->first + k);
    for (int k = 0; k < ROUNDS * w->count; k++) {
        const Expected *e = &w->expected[(w->first + k) % w->count];
        dtb_value v;
        dtb_wdl wdl;
        if (dtb_probe_wdl(w->h, &e->pos, &wdl) != DTB_OK || dtb_probe(w->h, &e->pos, &v) != DTB_OK)
            w->errors++;
        else if (wdl != e->value.wdl || v.wdl != e->value.wdl || v.dtw != e->value.dtw)
            w->mismatches++;
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: test_cache_threads VARIANT DIR\n");
        return 2;
    }
    dtb_handle *reference = NULL, *shared = NULL;
    dtb_variant_info info;
    if (dtb_open(argv[1], argv[2], &reference) != DTB_OK ||
        dtb_open(argv[1], argv[2], &shared) != DTB_OK ||
        dtb_get_variant_info(reference, &info) != DTB_OK ||
        dtb_set_cache_size(reference, 0) != DTB_OK ||
        dtb_set_cache_size(shared, BUDGET) != DTB_OK) {
        fprintf(stderr, "FAIL opening %s in %s: %s\n", argv[1], argv[2], dtb_last_error());
        return 1;
    }
    static Expected expected[POSITIONS];
    int n = draw_expected(reference, info.squares, expected);
    Worker w[THREADS];
    pthread_t ids[THREADS];
    for (int t = 0; t < THREADS; t++) {
        w[t] = (Worker){shared, expected, n, t * n / THREADS, 0, 0};
        pthread_create(&ids[t], NULL, probe_all, &w[t]);
    }
    long mismatches = 0, errors = 0;
    for (int t = 0; t < THREADS; t++) {
        pthread_join(ids[t], NULL);
        mismatches += w[t].mismatches, errors += w[t].errors;
    }
    printf("%d positions, %d threads x %d rounds and one in batches at a budget of %zu bytes: "
           "%ld answers differ, %ld probes failed\n",
           n, THREADS, ROUNDS, BUDGET, mismatches, errors);
    bool ok = n == POSITIONS && !mismatches && !errors;
    printf("%s\n", ok ? "ok" : "FAIL");
    dtb_close(shared);
    dtb_close(reference);
    return ok ? 0 : 1;
}
