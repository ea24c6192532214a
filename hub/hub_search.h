/* go for a position in the tables: its value and line, at once.
 *
 * info depth=PLIES score=S wdl=win|draw|loss dtw=PLIES pv="..." then done move=M ponder=P.
 * The score is in men, as Scan's, on the scale pydraughts (and so lidraughts-bot) reads as
 * a forced result: a win in n plies is 100 - n/100 (99.97 for 3 plies), a loss in n plies
 * -(100 - n/100), a draw 0.00.  pydraughts turns |score| * 100 above 9000 into "win in
 * ceil(n/2) moves"; lidraughts-bot's resign_score and offer_draw_score (in hundredths)
 * then resign lost positions and offer draws in drawn ones.  depth is the length of the
 * pv, which for a decided position is the whole game to its end (DTW plies) and for a draw
 * its first HUB_DRAW_PV_MAX plies. */
#ifndef HUB_SEARCH_H
#define HUB_SEARCH_H

#include "dtb.h"
#include "hub_board.h"

#include <stddef.h>

#define HUB_DRAW_PV_MAX 32

/* Whether pos is answered from the tables: 1 when h holds it and it has at most max_pieces
 * pieces (0: any number).  0 with why naming what is missing otherwise. */
int hub_in_tables(dtb_handle *h, const dtb_position *pos, int max_pieces, char *why,
                  size_t why_len);

/* Writes the info and done lines of pos, a position hub_in_tables took.  RETURN: 0, or -1
 * with why (no legal move, a table gone bad since). */
int hub_search(dtb_handle *h, const hub_board *b, const dtb_position *pos, char *why,
               size_t why_len);

#endif
