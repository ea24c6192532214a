/* Predecessors inside one material: the positions from which a legal non-capturing,
 * non-promoting move leads to a given position.  Captures and promotions change the
 * material, so the solver reaches them from the other side, by probing solved tables. */
#ifndef DTB_UNMOVE_H
#define DTB_UNMOVE_H

#include "position.h"
#include "variant.h"

#define UNMOVE_MAX 4096

/* Writes the predecessors of s into out and returns how many.  Exact: every position it
 * returns has a legal move to s, and every such position is returned once. */
int unmove_predecessors(const Variant *v, const Position *s, Position *out);

#endif
