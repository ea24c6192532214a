/* Checking a claim (claim_spec.h) against every position of a material's table. */
#ifndef DTB_CLAIM_H
#define DTB_CLAIM_H

#include "claim_spec.h"
#include "material_table.h"

#include <stdint.h>

#define CLAIM_EXAMPLES 3 /* example positions kept a class */

/* The classes of the positions inside the conditions that are not as claimed: those won by
 * the claimed side but slower than the bound, and the others by the first of the next
 * classes that fits.  The stronger side is the side the claim says wins; for a draw claim,
 * the side that wins the position.  The claim fails on a slow or a quiet position: a
 * position with a capture pending is not yet the material the books speak of. */
enum {
    CLAIM_CAPTURE,            /* the side to move must capture */
    CLAIM_WEAKER_CAPTURES,    /* the weaker side has a capture, the stronger is to move */
    CLAIM_STRONGER_THREATENS, /* only the stronger side has a capture, the weaker is to move */
    CLAIM_SLOW,               /* won by the claimed side, but slower than the bound */
    CLAIM_QUIET,              /* quiet (no capture for either side), not as claimed */
    CLAIM_CLASSES
};

extern const char *const claim_class_names[CLAIM_CLASSES];

typedef struct ClaimClass {
    uint64_t count[2]; /* [side to move] */
    int examples;
    Position example[CLAIM_EXAMPLES];
} ClaimClass;

typedef struct ClaimResult {
    uint64_t positions;  /* inside the conditions */
    uint64_t as_claimed; /* won by the claimed side within the bound, or drawn */
    ClaimClass classes[CLAIM_CLASSES];
    int longest[2]; /* [side to move]: the longest win of the claimed side, 0 for none */
    Position longest_at[2];
    int key_side, key_kind; /* the piece the heat map counts: the first condition's, else the
                             * losing side's (Black's for a draw claim) pieces of any kind */
    uint64_t heat[BOARD_MAX_SQUARES + 1]; /* [square number]: failures with a key piece there */
} ClaimResult;

/* Checks c over every position of mt in value set `set` (VALUES_PURE or VALUES_OFFICIAL).
 * A table that cannot be read is an error, not a failed claim: its status, err naming it. */
Status claim_check(const MaterialTable *mt, int set, const Claim *c, ClaimResult *out, char *err,
                   size_t errlen);

/* claim_check on the table of material in dir, in the value set the claim names (Frisian's
 * official values unless it says pure); the errors of material_table_open too. */
Status claim_check_material(const Variant *v, const char *dir, const char *material,
                            const Claim *claim, ClaimResult *out, char *err, size_t errlen);

/* The positions that make the claim fail: quiet ones not as claimed, or won too slowly. */
uint64_t claim_failures(const ClaimResult *r);

#endif
