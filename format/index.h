/* Dense index of the positions of one material (the canonical one).
 *
 * index = (((((side * men_white + men_black) * kings_white + kings_black) * king_moves_white) +
 * ...) as laid out in index.c: men are the major part (each side's men as a combination over the
 * squares a man may stand on), kings the minor part (White's then Black's as combinations over the
 * squares the men leave free).  Placements where a white and a black man share a square are holes:
 * idx_decode reports them invalid.  Frisian adds, for each side that has men and kings,
 * the king-move state (none, or which king and its count 1..3: 1 + 3 x kings values). */
#ifndef DTB_INDEX_H
#define DTB_INDEX_H

#include "material.h"
#include "part_order.h"
#include "variant.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct Indexer {
    const Variant *v;
    Material m;        /* canonical */
    uint64_t size;     /* positions, both sides to move */
    uint64_t per_side; /* positions with one side to move */
    uint64_t men_count[2], king_count[2], king_moves_states[2];
    Bitboard man_squares[2]; /* where each side's men may stand */
} Indexer;

/* Prepares the index of material m, which must be canonical. */
void idx_init(Indexer *ix, const Variant *v, const Material *m);

/* The sizes of the index's parts below the side to move, major first (part_order.h). */
void idx_part_sizes(const Indexer *ix, uint64_t size[PART_COUNT]);

/* The index of p, whose material must be ix->m. */
uint64_t idx_encode(const Indexer *ix, const Position *p);

/* Fills p from an index; false for a hole (men overlapping). */
bool idx_decode(const Indexer *ix, uint64_t index, Position *p);

/* Decodes runs of nearby indices faster: the men's placement, the major part of the index,
 * and each side's kings are decoded again only when they change.  Start a cursor with
 * IDX_CURSOR_START; a cursor serves decoding or encoding, not both (each keeps its own part of it).
 */
typedef struct IdxCursor {
    uint64_t men_part; /* side to move and both sides' men, UINT64_MAX for none yet */
    Bitboard man[2];
    int side; /* of men_part, for decoding */
    /* Decoding: each side's king rank last decoded (UINT64_MAX for none) and its kings.
     * In index order Black's kings change at every step, to the next set, and White's
     * seldom. */
    uint64_t king_rank[2];
    Bitboard king[2];
} IdxCursor;
#define IDX_CURSOR_START ((IdxCursor){UINT64_MAX, {0, 0}, 0, {UINT64_MAX, UINT64_MAX}, {0, 0}})

/* idx_decode through cur. */
bool idx_decode_near(const Indexer *ix, IdxCursor *cur, uint64_t index, Position *p);

/* idx_encode through cur (a cursor used for encoding only): positions that share their
 * men and side to move with the previous one rank only their kings. */
uint64_t idx_encode_near(const Indexer *ix, IdxCursor *cur, const Position *p);

/* Encoding cursors for the positions that moves lead to, when positions are taken in index
 * order: consecutive ones mostly share their men, and so do their k-th moves' successors
 * (a king's move keeps them; a man's k-th step moves the same man), so the k-th move is
 * encoded through cursor k, and every move from the last cursor's on through the last. */
#define IDX_MOVE_CURSORS 16
typedef struct IdxMoveCursors {
    IdxCursor move[IDX_MOVE_CURSORS];
} IdxMoveCursors;

void idx_move_cursors_start(IdxMoveCursors *c);

/* idx_encode of p, the position after a position's k-th move, through c.  Inline: the
 * solver encodes a step of a man for each position. */
static inline uint64_t idx_encode_move(const Indexer *ix, IdxMoveCursors *c, int k,
                                       const Position *p) {
    return idx_encode_near(ix, &c->move[k < IDX_MOVE_CURSORS ? k : IDX_MOVE_CURSORS - 1], p);
}

/* The indices of the positions that differ from one only in where one king stands: the
 * solver encodes a dozen of them for each position it passes on (its predecessors by a
 * king's move), and building and encoding each was a large share of its work
 * (bench/RESULTS.md, "Rules, format and probe").  After
 * idx_king_place_side and idx_king_place_start, each index costs a count of bits and a few
 * table lookups. */
#define IDX_KINGS_MAX 16 /* a side's, as material_key counts them */
typedef struct IdxKingPlace {
    /* Shared by the kings of one side (idx_king_place_side): */
    uint64_t base;        /* the index less the moving side's kings' rank (White's: Black's too) */
    uint64_t states;      /* both sides' king-move states, counted below the kings */
    uint64_t state_place; /* what one unit of the moving king's side's king-move state adds */
    uint64_t step;        /* what one unit of the moving side's kings' rank adds */
    Bitboard domain;      /* the squares the moving king is ranked over */
    int owner;            /* whose kings move */
    /* For one king (idx_king_place_start): */
    Bitboard others;  /* the moving king's side's other kings */
    Bitboard shifted; /* when White's king moves, Black's kings, whose ranks depend on it */
    /* [b]: the index less the moving king's term and shifted_part, when b of the others
     * stand below it */
    uint64_t others_part[IDX_KINGS_MAX + 1];
    /* [a]: what Black's kings' rank adds when White's moving king stands below a of them */
    uint64_t shifted_part[IDX_KINGS_MAX + 1];
} IdxKingPlace;

/* Prepares the indices of p with `side` to move and one of owner's kings placed elsewhere.
 * The other side than the owner keeps its king-move state; the owner has none unless
 * idx_king_place_king_moves adds one.  cur is an encoding cursor (idx_encode_near), which
 * keeps the men's rank: the solver passes on many positions of one placement of the men in
 * a row. */
void idx_king_place_side(const Indexer *ix, IdxCursor *cur, const Position *p, int side, int owner,
                         IdxKingPlace *w);

/* Then, for each of owner's kings to move: the one on king_square (p as above). */
void idx_king_place_start(const Indexer *ix, const Position *p, int king_square, IdxKingPlace *w);

/* The index with that king on sq, a square empty in p. */
uint64_t idx_king_place_at(const IdxKingPlace *w, int sq);

/* The indices with that king on each square of `squares` (empty in p), lowest first, into
 * out; returns how many.  Quicker than idx_king_place_at square by square: what w holds
 * stays in registers. */
int idx_king_place_each(const IdxKingPlace *w, Bitboard squares, uint64_t *restrict out);

/* What to add to an index of idx_king_place_at for a king-move state of the king's side:
 * the king on king_moves_square, one of `kings` (that side's kings there), with its count 1..3. */
uint64_t idx_king_place_king_moves(const IdxKingPlace *w, Bitboard kings, int king_moves_square,
                                   int count);

#endif
