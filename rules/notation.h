/* Move notation (docs/rules.md 1): "32-28", "19x30", and the full path "19x28x37x30" where two
 * captures of one list share start and end. */
#ifndef DTB_NOTATION_H
#define DTB_NOTATION_H

#include "movegen.h"

#include <stdbool.h>

#define NOTATION_MAX 128

/* Writes move i of list, which must have been generated with paths. */
void notation_format(const Variant *v, const MoveList *list, int i, char *buf, size_t len);

/* Generates the legal moves with paths and sorts them by notation order (start, end,
 * then path); paths must have room for MOVE_MAX entries.  False when out of memory for the
 * sort, and then the moves are in no particular order. */
bool notation_legal_moves(const Variant *v, const Position *p, MoveList *list, MovePath *paths);

#endif
