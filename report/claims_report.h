/* The report's section on a claims file: a table of every claim with its verdict, then each
 * claim with its source, the command that checks it and its evidence, as markdown. */
#ifndef DTB_CLAIMS_REPORT_H
#define DTB_CLAIMS_REPORT_H

#include "claims_file.h"
#include "status.h"

#include <stdio.h>

/* Checks each entry on the tables of sets/VARIANT (an entry whose table is not there is
 * listed as not checked) and writes the section to out; with pictures (a folder, or NULL),
 * each failing claim's heat map goes to pictures/claim-ID.svg, linked as
 * report/claim-ID.svg.  A table that cannot be read, a picture that cannot be written or want
 * of memory stops it: its status, err naming the file. */
Status claims_report(const ClaimEntry *entries, int count, const char *sets, const char *pictures,
                     FILE *out, char *err, size_t errlen);

#endif
