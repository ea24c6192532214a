#include "unmove.h"

typedef struct Unmoves {
    const Variant *v;
    const Position *s;
    Position *out;   /* the predecessors, or NULL for their indices alone */
    uint64_t *index; /* where their indices go when out is NULL */
    const Indexer *ix;
    IdxKingPlace place;
    int count;
    int mover;
} Unmoves;

/* Every king-move state the mover may have had before a move that resets or restarts it
 * (RULES.md 7.1): none, or any of its kings but `except` with a count of 1..3. */
static void add_with_any_streak(Unmoves *u, const Position *p, Bitboard except) {
    int side = u->mover;
    u->out[u->count++] = *p;
    if (!u->v->king_move_limit || !p->man[side]) return;
    for (Bitboard k = p->king[side] & ~except; k; k &= k - 1)
        for (int count = 1; count <= 3; count++) {
            Position q = *p;
            q.streak_king[side] = (uint8_t)bit_first(k);
            q.streak[side] = (uint8_t)count;
            u->out[u->count++] = q;
        }
}

/* The position before the mover's king went from `from` to `to`, in each king-move state
 * that allows the move. */
static void add(Unmoves *u, int from, int to) {
    const Position *s = u->s;
    int side = u->mover;
    /* Built in place, and the king set taken from s, not read back from p: reading a
     * freshly written struct costs a store-forwarding stall. */
    Position *p = &u->out[u->count];
    *p = *s;
    p->side = side;
    p->king[side] = (s->king[side] & ~bit_at(to)) | bit_at(from);
    p->streak_king[side] = NO_SQUARE;
    p->streak[side] = 0;
    if (!u->v->king_move_limit || !s->man[side]) {
        u->count++;
        return;
    }
    Position q = *p;
    if (s->streak_king[side] == to && s->streak[side] >= 2) {
        q.streak_king[side] = (uint8_t)from;
        q.streak[side] = (uint8_t)(s->streak[side] - 1);
        u->out[u->count++] = q;
    } else if (s->streak_king[side] == to) {
        add_with_any_streak(u, &q, bit_at(from));
    }
}

static void unmove_kings(Unmoves *u, Bitboard empty) {
    const Board *b = u->v->board;
    for (Bitboard k = u->s->king[u->mover]; k; k &= k - 1) {
        int to = bit_first(k);
        if (!u->out) idx_king_place_start(u->ix, u->s, u->mover, to, &u->place);
        for (int d = 0; d < DIR_COUNT; d++) {
            if (!(u->v->king_move & (1 << d))) continue;
            for (Bitboard x = board_step(b, bit_at(to), d); x & empty; x = board_step(b, x, d)) {
                if (u->out)
                    add(u, bit_first(x), to);
                else
                    u->index[u->count++] = idx_king_place_at(&u->place, bit_first(x));
            }
        }
    }
}

static int unmove(const Variant *v, const Position *s, Position *out, const Indexer *ix,
                  uint64_t *index) {
    Unmoves u; /* set field by field: an initializer would zero `place`, a cost per call */
    u.v = v, u.s = s, u.out = out, u.index = index, u.ix = ix, u.count = 0, u.mover = !s->side;
    unmove_kings(&u, v->board->all & ~pos_occupied(s));
    return u.count;
}

int unmove_king_predecessors(const Variant *v, const Position *s, Position *out) {
    return unmove(v, s, out, NULL, NULL);
}

int unmove_king_indices(const Indexer *ix, const Position *s, uint64_t *index) {
    return unmove(ix->v, s, NULL, ix, index);
}
