/* Frisian's draw rules (docs/rules.md 7.2) as a second set of values.
 *
 * Both rules are a horizon in plies on one material, counted from the move that created
 * it: two kings against one must win by the stronger side's 7th move (ply 13 with the
 * stronger side to move, 14 with the weaker), and one king against one wins only by an
 * immediate capture (ply 1).  Past the horizon the game is drawn, for either side.  The
 * rules value of a position is therefore its DTW over rules-valued successors, kept where it
 * fits the horizon and a draw where it does not: a side that can force the end within h
 * plies is exactly one whose DTW is at most h. */
#ifndef DTB_DRAW_RULES_H
#define DTB_DRAW_RULES_H

#include "material.h"
#include "value.h"
#include "variant.h"

#include <limits.h>

/* The value sets, in the order table files store them (table_format.h): the pure
 * game-theoretic values, then those under the official draw rules.  The public dtb_rules
 * numbers the same two the other way round, official first, so that a zeroed position asks
 * for the official values; api/dtb_api.c maps one to the other. */
enum { VALUES_PURE, VALUES_OFFICIAL, VALUE_SETS_MAX };

/* How many value sets the variant's tables hold: 2 where it has draw rules, else 1. */
int draw_value_sets(const Variant *v);

/* The horizon of canonical material m with `side` to move, 0 for none. */
int draw_horizon(const Variant *v, const Material *m, int side);

/* Whether the horizon of m counts the stronger side's moves already played there. */
bool draw_counts_moves(const Variant *v, const Material *m);

/* c cut at a horizon: a win or loss longer than horizon plies is a draw (0: no horizon). */
Cell draw_cut(Cell c, int horizon);

/* The horizon of p's material (in any colours) for its side to move, 0 for none. */
int draw_position_horizon(const Variant *v, const Position *p);

/* The side whose moves p's horizon counts (the stronger), or -1 where none are counted. */
int draw_counting_side(const Variant *v, const Position *p);

/* The rules value c of p once the stronger side has played `moves_played` moves in p's material:
 * the horizon is that much shorter. */
Cell draw_cut_moves_played(const Variant *v, const Position *p, Cell c, int moves_played);

/* The moves played after a move from p (where `moves_played` were) to next: one more for the
 * stronger side's move inside a counted material, 0 where the material just arose. */
int draw_moves_played_after(const Variant *v, const Position *p, const Position *next,
                            int moves_played);

#define DRAW_NO_HORIZON INT_MAX

/* The plies of p's horizon still to be played, the stronger side having played `moves_played`
 * moves in p's counted material (below 0 once it passed), or DRAW_NO_HORIZON.  With 0 left
 * the game is drawn unless the side to move has already lost: every move from p is played
 * past the horizon, even one that leaves the material.  With 1 left the next move is the
 * last: the game is drawn after it unless it ends the game, where the position after it,
 * seen on its own, may have plies still (one king against one starts anew at every move). */
int draw_plies_left(const Variant *v, const Position *p, int moves_played);

/* Whether the game at p, the stronger side having played `moves_played` moves in p's counted
 * material, is already drawn: its horizon passed without a win. */
bool draw_horizon_passed(const Variant *v, const Position *p, int moves_played);

#endif
