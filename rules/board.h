/* Board geometry: squares as bits, directions as shifts.
 *
 * Layout (as Scan and Kingsrow do it): the dark squares in reading order from White's
 * side, n/2 bits a row, with one unused "ghost" bit after every two rows.  Square s
 * (0-based, standard numbering s+1) sits at bit s + s / n.  With the ghosts every
 * diagonal step is one shift by a constant, and an orthogonal step (two columns or two
 * rows, docs/rules.md 2) is a shift too.  A per-direction mask of the squares that have a
 * neighbour in that direction keeps steps from wrapping or leaving the board. */
#ifndef DTB_BOARD_H
#define DTB_BOARD_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t Bitboard;

/* Absolute directions; "north" is towards Black's side (rank n), White's forward. */
enum { DIR_NW, DIR_NE, DIR_SW, DIR_SE, DIR_N, DIR_S, DIR_W, DIR_E, DIR_COUNT };

typedef uint8_t DirSet; /* bit d set: direction d allowed */

#define DIRS_DIAGONAL     ((DirSet)0x0F)
#define DIRS_ORTHOGONAL   ((DirSet)0xF0)
#define DIRS_ALL          ((DirSet)0xFF)
#define BOARD_MAX_SQUARES 50
#define NO_SQUARE         0xFF

typedef struct Board {
    int size;                          /* 10 or 8 */
    int squares;                       /* 50 or 32 */
    Bitboard all;                      /* every real square */
    Bitboard promotion[2];             /* the row where a side's men promote: [WHITE], [BLACK] */
    int shift[DIR_COUNT];              /* bit offset of one step; negative is a right shift */
    Bitboard can_step[DIR_COUNT];      /* squares with a neighbour in that direction */
    uint8_t bit_of[BOARD_MAX_SQUARES]; /* 0-based standard number -> bit */
    uint8_t index_of[64];              /* bit -> 0-based standard number, NO_SQUARE for ghosts */
    Bitboard ray[64][DIR_COUNT];       /* [bit][d]: every square beyond it in direction d */
    Bitboard lines[64];                /* [bit]: its rays in every direction together */
    Bitboard neighbours[64];           /* [bit]: one step from it in every direction */
    uint8_t dir_to[64][64];            /* [from][to]: its direction, DIR_COUNT off the lines */
} Board;

/* The two boards, built on first use; never NULL for size 10 or 8. */
const Board *board_get(int size);

/* A rotation rather than a shift: can_step leaves no bit that would wrap around, and one
 * rotation serves both signs without a branch on the direction, which loops over
 * directions mispredict. */
static inline Bitboard board_step(const Board *b, Bitboard set, int dir) {
    Bitboard from = set & b->can_step[dir];
    unsigned r = (unsigned)b->shift[dir] & 63;
    return from << r | from >> (-r & 63);
}

static inline int bit_first(Bitboard x) {
    return __builtin_ctzll(x);
}

/* The first square of `blockers` seen from bit sq in direction dir, as a bit, or 0: the
 * nearest of the ray's squares is its lowest bit when steps shift left, else its highest.
 * One lookup instead of a step a square, for the long moves of flying kings. */
static inline Bitboard board_first_along(const Board *b, int sq, int dir, Bitboard blockers) {
    Bitboard hit = b->ray[sq][dir] & blockers;
    if (!hit) return 0;
    return b->shift[dir] > 0 ? hit & (~hit + 1) : (Bitboard)1 << (63 - __builtin_clzll(hit));
}

/* The squares a slide from bit sq in direction dir passes over, up to and including the
 * first square that is not empty. */
static inline Bitboard board_slide(const Board *b, int sq, int dir, Bitboard empty) {
    Bitboard stop = board_first_along(b, sq, dir, ~empty);
    return b->ray[sq][dir] & ~(stop ? b->ray[bit_first(stop)][dir] : 0);
}

static inline int bit_count(Bitboard x) {
    return __builtin_popcountll(x);
}
static inline Bitboard bit_at(int sq) {
    return (Bitboard)1 << sq;
}

/* Row of a bit from the top (0 = Black's back rank, rank n) and column from the left,
 * in standard orientation. */
int board_row(const Board *b, int sq);
int board_col(const Board *b, int sq);

#endif
