#include "position.h"

#include <string.h>

void pos_clear(Position *p) {
    memset(p, 0, sizeof *p);
    p->side = WHITE;
    p->king_moves_square[WHITE] = p->king_moves_square[BLACK] = NO_SQUARE;
}
