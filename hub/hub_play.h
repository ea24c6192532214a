/* Plays the moves of pos's moves= on the position before them.  A Hub move names its start,
 * its end and every square it takes, which is all it takes to play it: no move generation,
 * so that a game's moves are followed from any position, in the tables or not.  Whether a
 * move is legal is the client's business; what it names must fit the board (a piece of the
 * side to move on its start, an empty end, pieces of the other side taken).
 *
 * On the way it keeps what Frisian's rules need to know of the game (docs/rules.md 7):
 *  - the king-move counters: a king's non-capturing move counts 1 more after the same
 *    king's, else 1; a man's move or any capture clears the mover's count; the count ends
 *    with its king taken or its side's last man gone;
 *  - in two kings against one king, the moves the side with two kings played there since
 *    the material arose.
 * What happened before the pos= position cannot be seen, so both start from none there:
 * a king that had moved twice in a row before it counts from 0 (the limit comes a move or
 * two late), and a 2-v-1 ending already under way counts its moves from that position on. */
#ifndef HUB_PLAY_H
#define HUB_PLAY_H

#include "dtb.h"
#include "hub_board.h"
#include "hub_move.h"

#include <stddef.h>

/* Plays m on *pos.  RETURN: 0, or -1 with err saying what does not fit (pos unchanged). */
int hub_play(const hub_board *b, dtb_position *pos, const hub_move *m, char *err, size_t err_len);

#endif
