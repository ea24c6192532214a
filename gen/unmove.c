#include "unmove.h"

/* Where the un-moves of one king go under the king-move limit (docs/rules.md 7.1), and the
 * state of its side after the move, which moved the king with the count last. */
typedef struct Unmoves {
    uint64_t *index;
    int count;
    int king_moves_count; /* the count after the move */
    Bitboard kings;       /* the side's kings after the move, less the one that moved */
    IdxKingPlace place;
} Unmoves;

/* Under the king-move limit, the predecessor with the king back on `from`, in each
 * king-move state that allows the move: the same king one count lower, or, when the move
 * started the count, none or any other king with a count of 1..3. */
static void add_limited(Unmoves *u, int from) {
    uint64_t at = idx_king_place_at(&u->place, from);
    Bitboard kings = u->kings | bit_at(from);
    if (u->king_moves_count >= 2) {
        u->index[u->count++] =
            at + idx_king_place_king_moves(&u->place, kings, from, u->king_moves_count - 1);
        return;
    }
    u->index[u->count++] = at;
    for (Bitboard other = u->kings; other; other &= other - 1)
        for (int count = 1; count <= 3; count++)
            u->index[u->count++] =
                at + idx_king_place_king_moves(&u->place, kings, bit_first(other), count);
}

int unmove_king_indices(const Indexer *ix, IdxCursor *encoder, const Position *s, uint64_t *index) {
    const Variant *v = ix->v;
    int mover = !s->side;
    Bitboard empty = v->board->all & ~pos_occupied(s);
    Unmoves u; /* set field by field: an initializer would zero `place`, a cost per call */
    u.index = index, u.count = 0;
    /* Under the limit a king's quiet move gives it the count: no other king moved last. */
    bool limited = v->king_move_limit && s->man[mover];
    Bitboard movers = s->king[mover];
    int counted = s->king_moves_square[mover];
    if (limited) movers &= counted == NO_SQUARE ? 0 : bit_at(counted);
    if (movers) idx_king_place_side(ix, encoder, s, mover, mover, &u.place);
    for (Bitboard k = movers; k; k &= k - 1) {
        int to = bit_first(k);
        idx_king_place_start(ix, s, to, &u.place);
        Bitboard from = 0;
        for (DirSet dirs = v->king_move; dirs; dirs &= (DirSet)(dirs - 1))
            from |= board_slide(v->board, to, bit_first(dirs), empty);
        if (!limited) {
            u.count += idx_king_place_each(&u.place, from & empty, u.index + u.count);
            continue;
        }
        u.king_moves_count = s->king_moves_count[mover];
        u.kings = s->king[mover] & ~bit_at(to);
        for (from &= empty; from; from &= from - 1) add_limited(&u, bit_first(from));
    }
    return u.count;
}
