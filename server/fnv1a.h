/* FNV-1a, 64 bits: a hash of a few bytes for tables and tags that are compared, never
 * trusted, where XXH3's speed on long inputs is not needed. */
#ifndef DTB_SERVER_FNV1A_H
#define DTB_SERVER_FNV1A_H

#include <stddef.h>
#include <stdint.h>

#define FNV1A_START 0xcbf29ce484222325u

/* hash with the n bytes at bytes folded in. */
static inline uint64_t fnv1a(uint64_t hash, const void *bytes, size_t n) {
    const unsigned char *b = bytes;
    for (size_t i = 0; i < n; i++) hash = (hash ^ b[i]) * 0x100000001b3u;
    return hash;
}

#endif
