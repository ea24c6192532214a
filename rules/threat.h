/* Bounded threats: quiet positions tables of one side to move leave out besides those with
 * a capture pending, because a probe settles them by a search that ends at once.
 *
 * A threat is a position whose side to move has no capture, but whose opponent would have
 * one were it to move.  Kingsrow leaves every threat out and lets its engine's search
 * settle it; a prober that must answer alone would search the moves, and where one of them
 * reaches another threat left out, that search may run round a cycle of king moves for
 * ever.  A bounded threat is one after each of whose legal moves the opponent has a
 * capture: its search is one ply to positions with a capture pending, and every capture
 * leaves the material, so it always ends.  Tables of one side to move, the compact form,
 * leave them out (table_leaves_threats): fewer bytes, for slower probes of those positions
 * (bench/RESULTS.md, "Rules, format and probe"). */
#ifndef DTB_THREAT_H
#define DTB_THREAT_H

#include "movegen.h"

#include <stdbool.h>

/* Whether quiet p (its side to move has no capture) is a bounded threat.  When it is, list
 * holds p's legal moves; otherwise list holds nothing of use. */
bool threat_bounded(const Variant *v, const Position *p, MoveList *list);

#endif
