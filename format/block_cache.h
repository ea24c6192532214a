/* A budget for decoded blocks, shared by the table files of one handle.  A file publishes a
 * block it has decoded in a slot of its own (a pointer that probes read without a lock) and
 * hands the slot to the cache, which keeps the blocks of all its files within the budget:
 * past it, the cache unlinks blocks (sets their slots to NULL) and frees them once no probe
 * can still be reading them (read_guard.h).
 *
 * Which block goes is chosen by CLOCK (second chance): a probe that reads a block marks it
 * referenced with a plain store when it is not marked yet, and the cache's hand, going
 * round the blocks, unmarks a marked block and evicts an unmarked one.  LRU would have every
 * probe move its block in a list under a lock.  Against FIFO, CLOCK keeps the blocks of
 * small tables, read by many probes, and so probes random positions faster at a tight
 * budget, and a search-like walk as fast (bench/RESULTS.md, "The block cache").
 *
 * A probe that misses decodes a whole block, 32 KiB, for one value.  Smaller blocks make
 * that cheaper at tight budgets, but the files larger and the first probes without a cap
 * slower; decoding a block only up to the position asked saves little, and leaves no block
 * to keep (the same section).  The default stays 32 KiB, for the smaller files and first
 * probes; dtb-gen --block-size 8K writes the smaller blocks for users with a tight budget
 * (readers take any size). */
#ifndef DTB_BLOCK_CACHE_H
#define DTB_BLOCK_CACHE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct BlockCache BlockCache;

/* A cache of budget bytes (0: no budget, nothing is evicted); NULL when out of memory. */
BlockCache *cache_new(size_t budget);

/* Frees the cache's bookkeeping and spares, not the blocks it holds: their files free what
 * their slots hold. */
void cache_free(BlockCache *c);

/* Sets the budget, evicting at once down to it.  Not safe while probes run. */
void cache_set_budget(BlockCache *c, size_t budget);

/* The bytes of blocks the cache holds now. */
size_t cache_used(BlockCache *c);

/* A block of `bytes` bytes to decode into, for cache_admit or cache_block_drop: an evicted
 * one of that size where the cache keeps one spare, else a new one (NULL when out of
 * memory).  Thread-safe. */
uint8_t *cache_block_new(BlockCache *c, size_t bytes);

/* Gives back a block of cache_block_new that no other thread can read: kept as a spare, or
 * freed.  Thread-safe. */
void cache_block_drop(BlockCache *c, uint8_t *block, size_t bytes);

typedef enum CacheAdmit {
    CACHE_ADMITTED, /* the slot holds the block now */
    CACHE_HELD,     /* the slot held a block already: the caller drops its own */
    CACHE_NO_MEMORY /* for the cache's bookkeeping: the caller drops its own */
} CacheAdmit;

/* Publishes `block` (of cache_block_new), of `bytes` bytes, in slot (a file's, empty or filled by
 * another thread meanwhile) and keeps it with its referenced mark, evicting others first where it
 * would pass the budget (it alone may).  Thread-safe; waits, after publishing, while probes finish
 * reading the blocks it evicted.  Once admitted, the block may be evicted at any time: the caller
 * reads it only inside a read section (read_guard.h) after loading the slot again. */
CacheAdmit cache_admit(BlockCache *c, _Atomic(uint8_t *) *slot, atomic_bool *referenced,
                       uint8_t *block, size_t bytes);

#endif
