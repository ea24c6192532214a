#include "board_text.h"

#include "board_grid.h"

#include <stdio.h>

static const char piece_letters[] = "wWbB."; /* indexed by BoardPiece */

static char square_char(const BoardGrid *grid, const dtb_position *pos, int row, int col) {
    int number = grid->number[row][col];
    return number ? piece_letters[board_grid_piece(pos, number)] : ' ';
}

void board_text(const Variant *v, const dtb_position *pos, BoardText *out) {
    BoardGrid grid;
    board_grid(v, &grid);
    int size = grid.size, half = size / 2;
    int used = snprintf(out->line[0], BOARD_TEXT_WIDTH, "    ");
    for (int col = 0; col < size; col++)
        used += snprintf(out->line[0] + used, BOARD_TEXT_WIDTH - (size_t)used, " %c", 'a' + col);
    for (int row = 0; row < size; row++) {
        char *line = out->line[row + 1];
        used = snprintf(line, BOARD_TEXT_WIDTH, "%3d ", size - row);
        for (int col = 0; col < size; col++)
            used += snprintf(line + used, BOARD_TEXT_WIDTH - (size_t)used, " %c",
                             square_char(&grid, pos, row, col));
        snprintf(line + used, BOARD_TEXT_WIDTH - (size_t)used, "  %d-%d", row * half + 1,
                 (row + 1) * half);
    }
    out->count = size + 1;
}
