/* Predecessors inside one placement of the men: the positions from which a king's quiet
 * move leads to a given position.  Captures and men's moves change the material or the
 * men's placement, so the solver reaches them from the other side, by looking up solved
 * tables and slices (solve.c).
 * Whether a capture was pending in the predecessor (making the quiet move illegal) is not
 * checked: the solver decides such positions before it walks un-moves and skips them,
 * which costs less than a capture test per predecessor. */
#ifndef DTB_UNMOVE_H
#define DTB_UNMOVE_H

#include "index.h"
#include "position.h"

#define UNMOVE_MAX 4096

/* Writes the indices in ix of the predecessors of s into index and returns how many.
 * Every position with a legal quiet king move to s is counted once; so is every position
 * that would have one but for a pending capture.  The positions are not built: each index
 * comes from idx_king_place.  encoder is an encoding cursor the caller keeps from call to
 * call (idx_king_place_side). */
int unmove_king_indices(const Indexer *ix, IdxCursor *encoder, const Position *s, uint64_t *index);

#endif
