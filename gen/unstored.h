/* The positions a table leaves unstored: holes of the index, and the positions a probe
 * settles by searching their moves, those with a capture pending and the bounded threats
 * (threat.h).  The writer fills them with whatever compresses best. */
#ifndef DTB_UNSTORED_H
#define DTB_UNSTORED_H

#include "index.h"

#include <stdint.h>

/* A bitmap of ix's unstored positions (position i is bit i % 64 of word i / 64), found on
 * `threads` threads; NULL when out of memory.  free() it. */
uint64_t *unstored_positions(const Variant *v, const Indexer *ix, int threads);

#endif
