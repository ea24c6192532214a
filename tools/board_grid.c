#include "board_grid.h"

#include <string.h>

void board_grid(const Variant *v, BoardGrid *out) {
    const Board *b = v->board;
    memset(out, 0, sizeof *out);
    out->size = b->size;
    for (int number = 1; number <= b->squares; number++) {
        int bit = v->bit_of_number[number];
        int col = board_col(b, bit);
        out->number[board_row(b, bit)][v->mirrored ? b->size - 1 - col : col] = (uint8_t)number;
    }
}

BoardPiece board_grid_piece(const dtb_position *pos, int number) {
    const uint64_t sets[BOARD_EMPTY] = {pos->white_men, pos->white_kings, pos->black_men,
                                        pos->black_kings};
    uint64_t bit = (uint64_t)1 << (number - 1);
    for (int piece = 0; piece < BOARD_EMPTY; piece++)
        if (sets[piece] & bit) return (BoardPiece)piece;
    return BOARD_EMPTY;
}
