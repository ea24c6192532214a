/* Builds the square maps and direction steps of the 10x10 and 8x8 boards from their
 * coordinates, so that no number in board.h is written by hand. */
#include "board.h"

#include <pthread.h>
#include <string.h>

/* Column and row change of one step in each direction, rows counted downwards. */
static const int step_delta[DIR_COUNT][2] = {
    [DIR_NW] = {-1, -1}, [DIR_NE] = {1, -1}, [DIR_SW] = {-1, 1}, [DIR_SE] = {1, 1},
    [DIR_N] = {0, -2},   [DIR_S] = {0, 2},   [DIR_W] = {-2, 0},  [DIR_E] = {2, 0},
};

static Board boards[2];
static pthread_once_t boards_once = PTHREAD_ONCE_INIT;

static int coord_row(int size, int index) {
    return index / (size / 2);
}

static int coord_col(int size, int index) {
    int row = coord_row(size, index);
    return 2 * (index % (size / 2)) + (row % 2 == 0 ? 1 : 0);
}

static int index_at(int size, int col, int row) {
    if (col < 0 || row < 0 || col >= size || row >= size || (col + row) % 2 == 0) return -1;
    return row * (size / 2) + col / 2;
}

static void build(Board *b, int size) {
    b->size = size;
    b->squares = size * size / 2;
    for (int bit = 0; bit < 64; bit++) b->index_of[bit] = NO_SQUARE;
    for (int i = 0; i < b->squares; i++) {
        int bit = i + i / size;
        b->bit_of[i] = (uint8_t)bit;
        b->index_of[bit] = (uint8_t)i;
        b->all |= bit_at(bit);
        if (coord_row(size, i) == 0) b->promotion[0] |= bit_at(bit);
        if (coord_row(size, i) == size - 1) b->promotion[1] |= bit_at(bit);
    }
    for (int d = 0; d < DIR_COUNT; d++) {
        b->shift[d] = 0;
        for (int i = 0; i < b->squares; i++) {
            int to = index_at(size, coord_col(size, i) + step_delta[d][0],
                              coord_row(size, i) + step_delta[d][1]);
            if (to < 0) continue;
            /* The same for every square of the layout (tests/test_rules.c checks it). */
            b->shift[d] = b->bit_of[to] - b->bit_of[i];
            b->can_step[d] |= bit_at(b->bit_of[i]);
        }
    }
    memset(b->dir_to, DIR_COUNT, sizeof b->dir_to);
    for (int i = 0; i < b->squares; i++)
        for (int d = 0; d < DIR_COUNT; d++) {
            int from = b->bit_of[i];
            Bitboard *ray = &b->ray[from][d];
            for (Bitboard x = board_step(b, bit_at(from), d); x; x = board_step(b, x, d)) {
                *ray |= x;
                b->dir_to[from][bit_first(x)] = (uint8_t)d;
            }
            b->neighbours[from] |= board_step(b, bit_at(from), d);
            b->lines[from] |= *ray;
        }
}

static void build_all(void) {
    build(&boards[0], 10);
    build(&boards[1], 8);
}

const Board *board_get(int size) {
    pthread_once(&boards_once, build_all);
    return size == 10 ? &boards[0] : size == 8 ? &boards[1] : NULL;
}

int board_row(const Board *b, int sq) {
    return coord_row(b->size, b->index_of[sq]);
}
int board_col(const Board *b, int sq) {
    return coord_col(b->size, b->index_of[sq]);
}
