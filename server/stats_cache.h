/* dtb_material_stats results kept per variant, value set and material: each reads a whole
 * table (seconds for a 5-piece 10x10 material), so each is computed once, and one at a time
 * over the whole server, so that requests for statistics cannot take every thread or core.
 * The library's own memo (dtb_material_stats) keeps the last material alone, for a call with
 * the other rules; this one keeps every material asked for. */
#ifndef DTB_SERVER_STATS_CACHE_H
#define DTB_SERVER_STATS_CACHE_H

#include "dtb.h"

#include <pthread.h>
#include <stdbool.h>

typedef struct StatsEntry StatsEntry;

typedef struct StatsCache {
    pthread_mutex_t lock;    /* guards entries */
    pthread_mutex_t compute; /* held while one material is counted */
    StatsEntry *entries;
} StatsCache;

typedef enum StatsResult {
    STATS_DONE,   /* *out filled */
    STATS_BUSY,   /* another material is being counted: ask again later */
    STATS_FAILED, /* dtb_material_stats failed with *status; dtb_last_error() says why */
} StatsResult;

/* RETURN: false when the locks cannot be made. */
bool stats_cache_init(StatsCache *c);
void stats_cache_free(StatsCache *c);

/* The statistics of material under variant and rules, through h (a handle of that
 * variant), from the cache or counted now. */
StatsResult stats_cache_get(StatsCache *c, dtb_handle *h, const char *variant, dtb_rules rules,
                            const char *material, dtb_stats *out, dtb_status *status);

#endif
