/* The slices of a material and the order they are solved in.
 *
 * A slice is every position of one placement of both sides' men, with either side to move:
 * in the index (format/index.h) slice k holds positions [k x size, (k + 1) x size) of each
 * side to move.  Men only step forward, one row a step, so a man's step leads from a slice
 * whose men have r rows to go to their promotion rows (summed over both sides' men) to one
 * with r - 1; a king's move stays in the slice, and a capture or a promotion leaves the
 * material.  Slices are solved group by group, r = 0, 1, 2, ...: group r reads only group
 * r - 1, and the slices of one group do not read each other.  A placement where men of both sides
 * share a square is a hole, in no group. */
#ifndef DTB_SLICE_PLAN_H
#define DTB_SLICE_PLAN_H

#include "index.h"

#include <stdbool.h>
#include <stdint.h>

#define SLICE_ROWS_MAX 255 /* rows to go of a group; more than 8 men x 9 rows */
#define SLICE_HOLE     255 /* the rows of a hole's slice */

typedef struct SlicePlan {
    uint64_t slice_size;                /* positions of a slice with one side to move */
    uint64_t slice_count;               /* holes included */
    uint64_t group[SLICE_ROWS_MAX + 1]; /* [r]: slices r rows to go; [SLICE_HOLE]: holes */
} SlicePlan;

/* The slices of ix's material, holes included, and the positions of one of them with either
 * side to move. */
uint64_t slice_count(const Indexer *ix);
uint64_t slice_positions(const Indexer *ix);

/* Counts the slices of ix's material by group, and when rows is not NULL writes each
 * slice's rows to go there (slice_count entries, SLICE_HOLE for a hole).  False when out
 * of memory. */
bool slice_plan_make(const Indexer *ix, SlicePlan *plan, uint8_t *rows);

#endif
