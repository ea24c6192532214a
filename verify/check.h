/* Checking a table's stored values against the rules, by forward moves only: nothing here
 * shares code with the generator (gen/), so a mistake there cannot hide itself. */
#ifndef DTB_CHECK_H
#define DTB_CHECK_H

#include "material.h"
#include "tablebase.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define CHECK_SHOWN 5 /* wrong cells a result keeps for display */

typedef struct CheckWrong {
    uint64_t index;
    int set; /* VALUES_PURE or VALUES_OFFICIAL (draw_rules.h) */
    Cell stored, expected;
} CheckWrong;

typedef struct CheckResult {
    uint64_t positions; /* positions valued (the index size less its holes) */
    uint64_t wrong;     /* stored cells that do not follow from their moves */
    int shown;
    CheckWrong first[CHECK_SHOWN]; /* the wrong cells with the lowest indices */
    bool counts_wrong;             /* the header's W/D/L counts do not match the values */
} CheckResult;

typedef struct CheckOptions {
    int threads;
    uint64_t memory;     /* what the check plans by: value sets are checked in the same passes
                            where their cells fit in a quarter of it, and the memos of other
                            materials take up to half of what the cells leave; the blocks
                            those materials decode come on top */
    const char *scratch; /* the folder of the scratch file (cell_scratch.h) that takes the
                            cells where they do not fit in half of memory */
    FILE *progress;      /* progress lines, or NULL */
    FILE *log;           /* where a table's cells go to a scratch file, a line saying so; or
                            NULL */
} CheckOptions;

/* Checks every stored value (of every value set) of canonical material m in its table
 * file in folder dir, and its W/D/L counts, which count the positions it does not store
 * too (those with a capture pending and, in a table of one side to move, the other side
 * and the bounded threats, valued here by their moves, and holes as WDL_NONE).  Successors are
 * valued through the tables in dir: the materials m converts into are trusted here and checked on
 * their own.
 *
 * Returns STATUS_OK when the check ran to the end (out says whether the table passed), or
 * the error that stopped it with err naming the file: this table or a successor's missing
 * or unreadable, or out of memory. */
Status check_material(const Variant *v, const char *dir, const Material *m, const CheckOptions *opt,
                      CheckResult *out, char *err, size_t errlen);

/* True when the check ran and found nothing wrong. */
static inline bool check_passed(const CheckResult *r) {
    return !r->wrong && !r->counts_wrong;
}

/* Writes c as "WIN 12", "DRAW", "LOSS 0" (WDL and DTW in plies) or "NONE". */
void check_cell_text(Cell c, char *buf, size_t len);

#endif
