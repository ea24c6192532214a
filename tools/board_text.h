/* A board diagram for the terminal, on the geometry of board_grid.h (the SVG diagram's too):
 * a mirrored board (Scandinavian) comes out with a1 light and square 1 in the top-left
 * corner. */
#ifndef DTB_BOARD_TEXT_H
#define DTB_BOARD_TEXT_H

#include "dtb.h"
#include "variant.h"

#define BOARD_TEXT_LINES 11 /* the file letters, then one line a rank */
#define BOARD_TEXT_WIDTH 40

typedef struct BoardText {
    int count;
    char line[BOARD_TEXT_LINES][BOARD_TEXT_WIDTH];
} BoardText;

/* Draws pos: w/W white man/king, b/B black man/king, '.' an empty dark square, a blank a
 * light one; each rank ends with the square numbers it holds ("1-4"). */
void board_text(const Variant *v, const dtb_position *pos, BoardText *out);

#endif
