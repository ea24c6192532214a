/* A claim's verdict with its evidence, as dtb-probe claim prints it and as the report's
 * markdown shows it. */
#ifndef DTB_CLAIM_PRINT_H
#define DTB_CLAIM_PRINT_H

#include "claim.h"
#include "dtb.h"

#include <stdio.h>

typedef struct ClaimView {
    const Variant *v;
    const char *material; /* as asked for, like "KKKvK" */
    const Claim *claim;
    const ClaimResult *result;
    dtb_handle *h; /* the same tables and value set: values and best lines of examples */
} ClaimView;

/* The claim in words: "White wins every position of KKKvK (international) where black king
 * off main-diagonal, within 16 moves". */
void claim_statement(const ClaimView *view, char *buf, size_t len);

/* The report of dtb-probe claim (its --help describes it).  A probe's failure stops it,
 * its detail in dtb_last_error(). */
dtb_status claim_print_text(const ClaimView *view, FILE *out);

/* The evidence as markdown: the counts by class, the longest wins and the first failures
 * with their best lines; heat_map, when not NULL, is the picture's path to link.  A probe's
 * failure stops it, as claim_print_text's. */
dtb_status claim_print_markdown(const ClaimView *view, const char *heat_map, FILE *out);

/* Writes the heat map of the failures' key piece to path; returns false when it cannot. */
bool claim_write_heat_map(const ClaimView *view, const char *path);

#endif
