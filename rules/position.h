/* A position: the pieces, the side to move and, for Frisian, the king-move counts. */
#ifndef DTB_POSITION_H
#define DTB_POSITION_H

#include "board.h"
#include "variant.h"

typedef struct Position {
    Bitboard man[2], king[2]; /* [WHITE], [BLACK] */
    int side;                 /* side to move */
    /* Frisian king-move limit (docs/rules.md 7.1): per side, the king that made the last
     * non-capturing moves in a row (NO_SQUARE for none) and how many (1..3). */
    uint8_t king_moves_square[2];
    uint8_t king_moves_count[2];
} Position;

static inline Bitboard pos_pieces(const Position *p, int side) {
    return p->man[side] | p->king[side];
}

static inline Bitboard pos_occupied(const Position *p) {
    return pos_pieces(p, WHITE) | pos_pieces(p, BLACK);
}

/* An empty board with White to move and no king-move counts. */
void pos_clear(Position *p);

#endif
