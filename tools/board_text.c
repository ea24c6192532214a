#include "board_text.h"

#include <stdio.h>
#include <string.h>

/* The piece sets in the order of the letters that show them. */
#define GRID 10 /* squares along the larger board */

static const char piece_letters[] = "wWbB";

static char square_letter(const dtb_position *pos, int number) {
    const uint64_t sets[4] = {pos->white_men, pos->white_kings, pos->black_men, pos->black_kings};
    uint64_t bit = (uint64_t)1 << (number - 1);
    for (int i = 0; i < 4; i++)
        if (sets[i] & bit) return piece_letters[i];
    return '.';
}

/* grid[row][col] as seen from White's side, row 0 the top rank. */
static void fill_grid(const Variant *v, const dtb_position *pos, char grid[GRID][GRID]) {
    const Board *b = v->board;
    memset(grid, ' ', GRID * GRID);
    for (int number = 1; number <= b->squares; number++) {
        int bit = v->bit_of_number[number];
        int col = board_col(b, bit);
        grid[board_row(b, bit)][v->mirrored ? b->size - 1 - col : col] = square_letter(pos, number);
    }
}

void board_text(const Variant *v, const dtb_position *pos, BoardText *out) {
    int size = v->board->size, half = size / 2;
    char grid[GRID][GRID];
    fill_grid(v, pos, grid);
    int used = snprintf(out->line[0], BOARD_TEXT_WIDTH, "    ");
    for (int col = 0; col < size; col++)
        used += snprintf(out->line[0] + used, BOARD_TEXT_WIDTH - (size_t)used, " %c", 'a' + col);
    for (int row = 0; row < size; row++) {
        char *line = out->line[row + 1];
        used = snprintf(line, BOARD_TEXT_WIDTH, "%3d ", size - row);
        for (int col = 0; col < size; col++)
            used += snprintf(line + used, BOARD_TEXT_WIDTH - (size_t)used, " %c", grid[row][col]);
        snprintf(line + used, BOARD_TEXT_WIDTH - (size_t)used, "  %d-%d", row * half + 1,
                 (row + 1) * half);
    }
    out->count = size + 1;
}
