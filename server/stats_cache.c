/* The statistics cache: a list searched under a lock, filled by one counter at a time. */
#include "stats_cache.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct StatsEntry {
    char key[96]; /* "variant/rules/material" */
    dtb_stats stats;
    StatsEntry *next;
};

bool stats_cache_init(StatsCache *c) {
    c->entries = NULL;
    if (pthread_mutex_init(&c->lock, NULL) != 0) return false;
    if (pthread_mutex_init(&c->compute, NULL) == 0) return true;
    pthread_mutex_destroy(&c->lock);
    return false;
}

void stats_cache_free(StatsCache *c) {
    for (StatsEntry *e = c->entries, *next; e; e = next) {
        next = e->next;
        free(e);
    }
    pthread_mutex_destroy(&c->compute);
    pthread_mutex_destroy(&c->lock);
    c->entries = NULL;
}

static bool lookup(StatsCache *c, const char *key, dtb_stats *out) {
    pthread_mutex_lock(&c->lock);
    const StatsEntry *e = c->entries;
    while (e && strcmp(e->key, key) != 0) e = e->next;
    if (e) *out = e->stats;
    pthread_mutex_unlock(&c->lock);
    return e != NULL;
}

/* Keeps a copy of stats; a cache that cannot grow only counts again next time. */
static void insert(StatsCache *c, const char *key, const dtb_stats *stats) {
    StatsEntry *e = malloc(sizeof *e);
    if (!e) return;
    snprintf(e->key, sizeof e->key, "%s", key);
    e->stats = *stats;
    pthread_mutex_lock(&c->lock);
    e->next = c->entries;
    c->entries = e;
    pthread_mutex_unlock(&c->lock);
}

StatsResult stats_cache_get(StatsCache *c, dtb_handle *h, const char *variant, dtb_rules rules,
                            const char *material, dtb_stats *out, dtb_status *status) {
    char key[96];
    snprintf(key, sizeof key, "%s/%d/%s", variant, (int)rules, material);
    if (lookup(c, key, out)) return STATS_DONE;
    if (pthread_mutex_trylock(&c->compute) != 0) return STATS_BUSY;
    /* Another thread may have counted it between the lookup and the lock. */
    StatsResult result = STATS_DONE;
    if (!lookup(c, key, out)) {
        *status = dtb_material_stats(h, material, rules, out);
        if (*status == DTB_OK)
            insert(c, key, out);
        else
            result = STATS_FAILED;
    }
    pthread_mutex_unlock(&c->compute);
    return result;
}
