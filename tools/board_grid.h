/* The geometry the board diagrams share (text and SVG): where each square is drawn and what
 * stands on it.  Rows and columns count from the top-left corner as seen from White's side,
 * so a mirrored board (Scandinavian) comes out with a1 light and square 1 top left. */
#ifndef DTB_BOARD_GRID_H
#define DTB_BOARD_GRID_H

#include "dtb.h"
#include "variant.h"

#include <stdint.h>

#define BOARD_GRID_MAX 10 /* squares along the larger board */

typedef struct BoardGrid {
    int size;                                       /* 10 or 8 */
    uint8_t number[BOARD_GRID_MAX][BOARD_GRID_MAX]; /* [row][col]: square number, 0 if light */
} BoardGrid;

/* What stands on a square; the order of the piece kinds is the order of pos's masks. */
typedef enum BoardPiece {
    BOARD_WHITE_MAN,
    BOARD_WHITE_KING,
    BOARD_BLACK_MAN,
    BOARD_BLACK_KING,
    BOARD_EMPTY
} BoardPiece;

void board_grid(const Variant *v, BoardGrid *out);

/* What stands on square number (1-based) of pos. */
BoardPiece board_grid_piece(const dtb_position *pos, int number);

#endif
