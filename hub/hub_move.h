/* Hub's move notation: "32-28" for a move, and for a capture its start, its end and every
 * square taken, in any order: "28x19x23" (protocol.txt).  dtb writes the squares taken in
 * increasing order, as Scan does. */
#ifndef HUB_MOVE_H
#define HUB_MOVE_H

#include "dtb.h"
#include "hub_board.h"

#include <stddef.h>
#include <stdint.h>

/* The longest notation: a start, an end and 20 squares taken, three characters each. */
#define HUB_MOVE_TEXT_MAX 80

typedef struct hub_move {
    int from, to;      /* dtb's numbering */
    int is_capture;    /* written with 'x' */
    uint64_t captured; /* the squares taken, as dtb_position's masks */
} hub_move;

/* Writes m in Hub notation into out (HUB_MOVE_TEXT_MAX bytes). */
void hub_move_format(const hub_board *b, const dtb_move *m, char *out);

/* Reads a move in Hub notation.  RETURN: 0, or -1 with err naming what is wrong: a square
 * out of 1..squares, a square taken twice, a capture that names nothing taken, a mix of
 * '-' and 'x'. */
int hub_move_parse(const hub_board *b, const char *text, hub_move *out, char *err, size_t err_len);

#endif
