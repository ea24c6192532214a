/* The claims file the report reads (claims/claims.txt): entries of "key: value" lines, each
 * opened by "[id]".  The format is described at the top of claims/claims.txt. */
#ifndef DTB_CLAIMS_FILE_H
#define DTB_CLAIMS_FILE_H

#include "claim_spec.h"

#include <stdbool.h>
#include <stddef.h>

#define CLAIMS_FIELD_MAX 1024

typedef struct ClaimEntry {
    char id[64];
    char title[CLAIMS_FIELD_MAX];
    char source[CLAIMS_FIELD_MAX]; /* the book's words with where they are from */
    char refines[64];              /* the id of the plain form this entry restates, or "" */
    char material[48];
    Variant v;
    Claim claim;
} ClaimEntry;

/* Reads every entry of the file at path into a new array (*out, *count; the caller frees
 * it).  On an error returns false with a message naming the file, line and bad part. */
bool claims_file_read(const char *path, ClaimEntry **out, int *count, char *err, size_t errlen);

#endif
