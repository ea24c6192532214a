#include "block_cache.h"

#include "read_guard.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* A block the cache holds; slot NULL for a free entry. */
typedef struct Entry {
    _Atomic(uint8_t *) *slot;
    atomic_bool *referenced;
    size_t bytes;
} Entry;

/* Evicted blocks are kept, up to SPARE_MAX of a size, for the next block decoded of that
 * size rather than freed.  Freed, they stay resident in the allocator's arena of the thread
 * that decoded them, for that thread alone to reuse, and a process probing from several
 * threads grows well past its budget (bench/RESULTS.md, "The block cache").
 *
 * The sizes are those of the tables in use, as their blocks are dropped: a block of a size
 * that has no list takes a list that holds no spares, so that the SPARE_SIZES lists follow
 * the sizes a handle's tables decode to, which are two for a set written with one
 * --block-size (the size, and twice it for a DTW stream of two bytes a position), with room
 * for a second set's.  Only whole KiB are kept: every block of a stream but its last is a
 * whole number of KiB (dtb-gen's --block-size is a multiple of TABLE_BLOCK_BYTES_STEP, 1K,
 * gen/table_writer.h), the last seldom is, and its spare would hold a list until a block of
 * its size is decoded again.  Lists that follow the sizes in use keep a set of small blocks
 * as close to its budget as one of the default size (the same section). */
enum { SPARE_SIZES = 4, SPARE_MAX = 8, SPARE_UNIT = 1024 };

/* Spare blocks of one size, linked through their first bytes. */
typedef struct Spares {
    size_t bytes; /* their size, free to change while count is 0 */
    uint8_t *first;
    int count;
} Spares;

struct BlockCache {
    pthread_mutex_t lock; /* over the blocks held; held only for bookkeeping */
    size_t budget, used;
    Entry *ring; /* the clock's face: entries in no order but the hand's */
    size_t count, capacity;
    size_t hand;
    size_t *free_entries; /* the ring's free entries, a stack */
    size_t free_count;
    pthread_mutex_t spare_lock; /* over the spares */
    Spares spares[SPARE_SIZES];
};

/* Blocks unlinked and not yet freed: they wait for the grace period (read_guard.h), one
 * wait for them all. */
enum { VICTIMS_MAX = 16 };

typedef struct Victims {
    uint8_t *block[VICTIMS_MAX];
    size_t bytes[VICTIMS_MAX];
    size_t count;
} Victims;

BlockCache *cache_new(size_t budget) {
    BlockCache *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    pthread_mutex_init(&c->lock, NULL);
    pthread_mutex_init(&c->spare_lock, NULL);
    c->budget = budget;
    return c;
}

/* The spares of `bytes` bytes, NULL for none. */
static Spares *spares_of(BlockCache *c, size_t bytes) {
    for (int k = 0; k < SPARE_SIZES; k++)
        if (c->spares[k].count && c->spares[k].bytes == bytes) return &c->spares[k];
    return NULL;
}

/* The list a dropped block of `bytes` bytes goes to: its size's, else one without spares;
 * NULL for none, or a size not kept. */
static Spares *spares_for(BlockCache *c, size_t bytes) {
    Spares *list = bytes % SPARE_UNIT ? NULL : spares_of(c, bytes);
    for (int k = 0; k < SPARE_SIZES && !list && bytes % SPARE_UNIT == 0; k++)
        if (!c->spares[k].count) list = &c->spares[k];
    return list;
}

static uint8_t *spares_pop(Spares *list) {
    uint8_t *block = list->first;
    memcpy(&list->first, block, sizeof list->first);
    list->count--;
    return block;
}

uint8_t *cache_block_new(BlockCache *c, size_t bytes) {
    pthread_mutex_lock(&c->spare_lock);
    Spares *list = spares_of(c, bytes);
    uint8_t *block = list ? spares_pop(list) : NULL;
    pthread_mutex_unlock(&c->spare_lock);
    return block ? block : malloc(bytes + 1);
}

void cache_block_drop(BlockCache *c, uint8_t *block, size_t bytes) {
    pthread_mutex_lock(&c->spare_lock);
    Spares *list = spares_for(c, bytes);
    if (list && list->count < SPARE_MAX) {
        memcpy(block, &list->first, sizeof list->first);
        list->first = block;
        list->bytes = bytes;
        list->count++;
        block = NULL;
    }
    pthread_mutex_unlock(&c->spare_lock);
    free(block);
}

void cache_free(BlockCache *c) {
    if (!c) return;
    for (int k = 0; k < SPARE_SIZES; k++)
        while (c->spares[k].count) free(spares_pop(&c->spares[k]));
    pthread_mutex_destroy(&c->spare_lock);
    pthread_mutex_destroy(&c->lock);
    free(c->ring);
    free(c->free_entries);
    free(c);
}

size_t cache_used(BlockCache *c) {
    pthread_mutex_lock(&c->lock);
    size_t used = c->used;
    pthread_mutex_unlock(&c->lock);
    return used;
}

/* Room for one more entry; false when out of memory. */
static bool reserve_entry(BlockCache *c) {
    if (c->free_count || c->count < c->capacity) return true;
    size_t capacity = c->capacity ? 2 * c->capacity : 256;
    Entry *ring = realloc(c->ring, capacity * sizeof *ring);
    if (ring) c->ring = ring;
    size_t *free_entries = ring ? realloc(c->free_entries, capacity * sizeof *free_entries) : NULL;
    if (free_entries) c->free_entries = free_entries;
    if (!free_entries) return false;
    c->capacity = capacity;
    return true;
}

/* Drops the victims once no probe can read them. */
static void free_victims(BlockCache *c, Victims *victims) {
    if (victims->count) guard_wait();
    for (size_t i = 0; i < victims->count; i++)
        cache_block_drop(c, victims->block[i], victims->bytes[i]);
    victims->count = 0;
}

/* Unlinks the block of entry e into victims, freeing those before when the list is full,
 * and frees the entry. */
static void evict(BlockCache *c, size_t e, Victims *victims) {
    Entry *entry = &c->ring[e];
    if (victims->count == VICTIMS_MAX) free_victims(c, victims);
    victims->bytes[victims->count] = entry->bytes;
    victims->block[victims->count++] = atomic_exchange(entry->slot, NULL);
    c->used -= entry->bytes;
    entry->slot = NULL;
    c->free_entries[c->free_count++] = e;
}

/* Evicts until `bytes` more fit the budget or nothing is left: the hand unmarks the marked
 * blocks it passes and evicts the first unmarked one.  Each turn of the hand unmarks every
 * block, so the next turn finds one. */
static void make_room(BlockCache *c, size_t bytes, Victims *victims) {
    while (c->budget && c->used && c->used + bytes > c->budget) {
        c->hand = c->hand + 1 < c->count ? c->hand + 1 : 0;
        Entry *entry = &c->ring[c->hand];
        if (!entry->slot) continue;
        if (atomic_load_explicit(entry->referenced, memory_order_relaxed))
            atomic_store_explicit(entry->referenced, false, memory_order_relaxed);
        else
            evict(c, c->hand, victims);
    }
}

/* Keeps the block now in slot as a new entry; reserve_entry made room. */
static void add_entry(BlockCache *c, _Atomic(uint8_t *) *slot, atomic_bool *referenced,
                      size_t bytes) {
    size_t e = c->free_count ? c->free_entries[--c->free_count] : c->count++;
    c->ring[e] = (Entry){slot, referenced, bytes};
    c->used += bytes;
}

CacheAdmit cache_admit(BlockCache *c, _Atomic(uint8_t *) *slot, atomic_bool *referenced,
                       uint8_t *block, size_t bytes) {
    Victims victims = {.count = 0};
    pthread_mutex_lock(&c->lock);
    CacheAdmit result = CACHE_ADMITTED;
    if (atomic_load_explicit(slot, memory_order_relaxed))
        result = CACHE_HELD;
    else if (!reserve_entry(c))
        result = CACHE_NO_MEMORY;
    if (result == CACHE_ADMITTED) {
        make_room(c, bytes, &victims);
        atomic_store_explicit(referenced, true, memory_order_relaxed);
        atomic_store_explicit(slot, block, memory_order_release);
        add_entry(c, slot, referenced, bytes);
    }
    pthread_mutex_unlock(&c->lock);
    free_victims(c, &victims);
    return result;
}

void cache_set_budget(BlockCache *c, size_t budget) {
    Victims victims = {.count = 0};
    pthread_mutex_lock(&c->lock);
    c->budget = budget;
    make_room(c, 0, &victims);
    pthread_mutex_unlock(&c->lock);
    free_victims(c, &victims);
}
