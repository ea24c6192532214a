#include "position.h"

#include <string.h>

void pos_clear(Position *p) {
    memset(p, 0, sizeof *p);
    p->side = WHITE;
    p->streak_king[WHITE] = p->streak_king[BLACK] = NO_SQUARE;
}
