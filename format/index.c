/* Index layout, most significant first: side to move, White's men, Black's men, White's
 * kings, Black's kings, White's king-move state, Black's king-move state.  Men are ranked
 * in the combinatorial number system over the squares a man of that side may stand on;
 * kings over the squares the men leave free (Black's also skipping White's kings), so the
 * king part has no holes. */
#include "index.h"

#include <pthread.h>
#include <string.h>

#define BINOMIAL_N 65

static uint64_t binomial[BINOMIAL_N][BINOMIAL_N];
static uint8_t select_in_byte[256][8]; /* [byte][n]: position of its n-th set bit */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_tables(void) {
    for (int n = 0; n < BINOMIAL_N; n++) {
        binomial[n][0] = 1;
        for (int k = 1; k <= n; k++) binomial[n][k] = binomial[n - 1][k - 1] + binomial[n - 1][k];
    }
    for (int byte = 0; byte < 256; byte++)
        for (int bit = 0, n = 0; bit < 8; bit++)
            if (byte & (1 << bit)) select_in_byte[byte][n++] = (uint8_t)bit;
}

/* Position of sq among the squares of domain, counted from the lowest bit. */
static int ordinal(Bitboard domain, int sq) {
    return bit_count(domain & (bit_at(sq) - 1));
}

/* The n-th lowest square of domain (which has more than n), by halving the search. */
static Bitboard nth_square(Bitboard domain, int n) {
    int base = 0;
    for (int width = 32; width >= 8; width /= 2) {
        int low = bit_count(domain & ((bit_at(width)) - 1));
        if (n >= low) {
            n -= low;
            domain >>= width;
            base += width;
        }
    }
    return bit_at(base + select_in_byte[domain & 0xFF][n]);
}

static uint64_t rank_set(Bitboard set, Bitboard domain) {
    uint64_t rank = 0;
    for (int i = 1; set; set &= set - 1, i++) rank += binomial[ordinal(domain, bit_first(set))][i];
    return rank;
}

/* The largest c' <= c with binomial[c'][i] <= rank: the ordinal of the i-th lowest square
 * still to place.  C(c', 1) = c', so the last square needs no search. */
static int highest_ordinal(uint64_t rank, int i, int c) {
    if (i == 1) return (int)rank;
    int low = i - 1, high = c; /* binomial[i - 1][i] = 0 <= rank */
    while (low < high) {
        int mid = (low + high + 1) / 2;
        if (binomial[mid][i] <= rank)
            low = mid;
        else
            high = mid - 1;
    }
    return low;
}

static Bitboard unrank_set(uint64_t rank, int k, Bitboard domain) {
    Bitboard set = 0;
    int c = bit_count(domain);
    for (int i = k; i >= 1; i--) {
        c = highest_ordinal(rank, i, c);
        rank -= binomial[c][i];
        set |= nth_square(domain, c);
    }
    return set;
}

/* The set after `set` (k squares of domain, not the last such set) in the order rank_set
 * counts over the same domain: its lowest square that can move up one square of domain
 * does, and those below it go back to the lowest squares.  Far cheaper than unrank_set
 * where indices are walked in order. */
static Bitboard next_set(Bitboard set, Bitboard domain) {
    Bitboard low = set & (~set + 1), passed = 0;
    for (;;) {
        Bitboard above = domain & ~(low | (low - 1)), next = above & (~above + 1);
        if (!(next & set)) {
            Bitboard reset = 0;
            for (int n = bit_count(passed); n > 0; n--, domain &= domain - 1)
                reset |= domain & (~domain + 1);
            return (set & ~(passed | low)) | next | reset;
        }
        passed |= low;
        low = next;
    }
}

static uint64_t king_moves_state_count(const Variant *v, const Material *m, int side) {
    bool limited = v->king_move_limit && m->men[side] > 0 && m->kings[side] > 0;
    return limited ? 1 + 3 * (uint64_t)m->kings[side] : 1;
}

void idx_init(Indexer *ix, const Variant *v, const Material *m) {
    pthread_once(&tables_once, build_tables);
    const Board *b = v->board;
    int free_squares = b->squares - m->men[WHITE] - m->men[BLACK];
    ix->v = v;
    ix->m = *m;
    for (int side = 0; side < 2; side++) {
        ix->man_squares[side] = b->all & ~b->promotion[side];
        ix->men_count[side] = binomial[bit_count(ix->man_squares[side])][m->men[side]];
        ix->king_moves_states[side] = king_moves_state_count(v, m, side);
    }
    ix->king_count[WHITE] = binomial[free_squares][m->kings[WHITE]];
    ix->king_count[BLACK] = binomial[free_squares - m->kings[WHITE]][m->kings[BLACK]];
    ix->per_side = 1;
    for (int side = 0; side < 2; side++)
        ix->per_side *= ix->men_count[side] * ix->king_count[side] * ix->king_moves_states[side];
    ix->size = 2 * ix->per_side;
}

/* The king-move state's digit: 0 for none, else which king (its ordinal among kings) and
 * its count. */
static uint64_t king_moves_digit(Bitboard kings, int king_moves_square, int count) {
    return 1 + 3 * (uint64_t)ordinal(kings, king_moves_square) + (uint64_t)count - 1;
}

static uint64_t king_moves_part(const Position *p, int side) {
    if (p->king_moves_square[side] == NO_SQUARE) return 0;
    return king_moves_digit(p->king[side], p->king_moves_square[side], p->king_moves_count[side]);
}

static uint64_t men_part(const Indexer *ix, const Position *p) {
    uint64_t i = (uint64_t)p->side;
    i = i * ix->men_count[WHITE] + rank_set(p->man[WHITE], ix->man_squares[WHITE]);
    return i * ix->men_count[BLACK] + rank_set(p->man[BLACK], ix->man_squares[BLACK]);
}

/* Inlined: the solver encodes about ten predecessors a position, and the call's register
 * saves were a large share of each (bench/RESULTS.md, "Rules, format and probe"). */
static inline __attribute__((always_inline)) uint64_t
encode_after_men(const Indexer *ix, uint64_t men, const Position *p) {
    Bitboard free = ix->v->board->all & ~(p->man[WHITE] | p->man[BLACK]);
    uint64_t i = men * ix->king_count[WHITE] + rank_set(p->king[WHITE], free);
    i = i * ix->king_count[BLACK] + rank_set(p->king[BLACK], free & ~p->king[WHITE]);
    i = i * ix->king_moves_states[WHITE] + king_moves_part(p, WHITE);
    return i * ix->king_moves_states[BLACK] + king_moves_part(p, BLACK);
}

void idx_part_sizes(const Indexer *ix, uint64_t size[PART_COUNT]) {
    const uint64_t parts[PART_COUNT] = {ix->men_count[WHITE],         ix->men_count[BLACK],
                                        ix->king_count[WHITE],        ix->king_count[BLACK],
                                        ix->king_moves_states[WHITE], ix->king_moves_states[BLACK]};
    memcpy(size, parts, sizeof parts);
}

uint64_t idx_encode(const Indexer *ix, const Position *p) {
    return encode_after_men(ix, men_part(ix, p), p);
}

/* men_part through an encoding cursor, which keeps the men with the side to move as a flag
 * above the board's bits. */
static uint64_t men_part_near(const Indexer *ix, IdxCursor *cur, const Position *p) {
    Bitboard key = p->man[BLACK] | (Bitboard)p->side << 63;
    if (cur->men_part == UINT64_MAX || cur->man[WHITE] != p->man[WHITE] || cur->man[BLACK] != key) {
        cur->men_part = men_part(ix, p);
        cur->man[WHITE] = p->man[WHITE];
        cur->man[BLACK] = key;
    }
    return cur->men_part;
}

uint64_t idx_encode_near(const Indexer *ix, IdxCursor *cur, const Position *p) {
    return encode_after_men(ix, men_part_near(ix, cur, p), p);
}

void idx_move_cursors_start(IdxMoveCursors *c) {
    for (int k = 0; k < IDX_MOVE_CURSORS; k++) c->move[k] = IDX_CURSOR_START;
}

static void set_king_moves(Position *p, int side, uint64_t part) {
    if (part == 0) return;
    part--;
    p->king_moves_square[side] = (uint8_t)bit_first(nth_square(p->king[side], (int)(part / 3)));
    p->king_moves_count[side] = (uint8_t)(part % 3 + 1);
}

/* Splits off the least significant digit of base `count`.  A division takes tens of
 * cycles, and most counts of king-move states are 1. */
static uint64_t digit(uint64_t *i, uint64_t count) {
    if (count == 1) return 0;
    uint64_t d = *i % count;
    *i /= count;
    return d;
}

bool idx_decode_near(const Indexer *ix, IdxCursor *cur, uint64_t index, Position *p) {
    const Material *m = &ix->m;
    uint64_t i = index;
    pos_clear(p);
    uint64_t black_king_moves = digit(&i, ix->king_moves_states[BLACK]);
    uint64_t white_king_moves = digit(&i, ix->king_moves_states[WHITE]);
    uint64_t black_kings = digit(&i, ix->king_count[BLACK]);
    uint64_t white_kings = digit(&i, ix->king_count[WHITE]);
    if (i != cur->men_part) {
        cur->men_part = i;
        uint64_t black_men = digit(&i, ix->men_count[BLACK]);
        uint64_t white_men = digit(&i, ix->men_count[WHITE]);
        cur->man[WHITE] = unrank_set(white_men, m->men[WHITE], ix->man_squares[WHITE]);
        cur->man[BLACK] = unrank_set(black_men, m->men[BLACK], ix->man_squares[BLACK]);
        cur->side = (int)i;
        cur->king_rank[WHITE] = UINT64_MAX;
    }
    p->side = cur->side;
    p->man[WHITE] = cur->man[WHITE];
    p->man[BLACK] = cur->man[BLACK];
    if (p->man[WHITE] & p->man[BLACK]) return false;
    Bitboard free = ix->v->board->all & ~(p->man[WHITE] | p->man[BLACK]);
    if (white_kings != cur->king_rank[WHITE]) {
        cur->king_rank[WHITE] = white_kings;
        cur->king[WHITE] = unrank_set(white_kings, m->kings[WHITE], free);
        cur->king_rank[BLACK] = UINT64_MAX;
    }
    /* The domain of Black's kings is the one they were decoded over: new men or White's
     * kings reset king_rank[BLACK]. */
    if (black_kings != cur->king_rank[BLACK]) {
        Bitboard domain = free & ~cur->king[WHITE];
        bool next = cur->king_rank[BLACK] != UINT64_MAX && black_kings == cur->king_rank[BLACK] + 1;
        cur->king[BLACK] = next ? next_set(cur->king[BLACK], domain)
                                : unrank_set(black_kings, m->kings[BLACK], domain);
        cur->king_rank[BLACK] = black_kings;
    }
    p->king[WHITE] = cur->king[WHITE];
    p->king[BLACK] = cur->king[BLACK];
    set_king_moves(p, WHITE, white_king_moves);
    set_king_moves(p, BLACK, black_king_moves);
    return true;
}

bool idx_decode(const Indexer *ix, uint64_t index, Position *p) {
    IdxCursor cur = IDX_CURSOR_START;
    return idx_decode_near(ix, &cur, index, p);
}

/* The ordinals in domain of the squares of set, lowest first; returns how many. */
static int ordinals(Bitboard set, Bitboard domain, int out[IDX_KINGS_MAX]) {
    int n = 0;
    for (; set; set &= set - 1) out[n++] = ordinal(domain, bit_first(set));
    return n;
}

/* rank_set of the other kings (ordinals `ordinal`, lowest first) and the moving one, less
 * the moving one's term, for each number b of them below it: those below keep their place
 * in the set, those above move up one.  As base + rank x scale. */
static void others_ranks(const int *ordinal, int n, uint64_t base, uint64_t scale,
                         uint64_t out[IDX_KINGS_MAX + 1]) {
    for (int b = 0; b <= n; b++) {
        uint64_t rank = 0;
        for (int k = 0; k < n; k++) rank += binomial[ordinal[k]][k + 1 + (k >= b)];
        out[b] = base + rank * scale;
    }
}

/* Black's kings are ranked over the squares White's kings leave free, so when White's
 * king moves, each black king above it has an ordinal one lower than without it: the rank
 * (times scale) for each number a of black kings above it.  Where the lowest black king
 * has ordinal 0, White's king cannot stand below all of them, and a = n is left out. */
static void shifted_ranks(const int *ordinal, int n, uint64_t scale,
                          uint64_t out[IDX_KINGS_MAX + 1]) {
    for (int a = 0; a <= n - (n > 0 && ordinal[0] == 0); a++) {
        uint64_t rank = 0;
        for (int k = 0; k < n; k++) rank += binomial[ordinal[k] - (k >= n - a)][k + 1];
        out[a] = rank * scale;
    }
}

/* Everything that does not depend on which king moves, or where to, is worked out once a
 * side; the rest per king, per count of kings below or above it, so that each index costs
 * a few counts of bits and lookups. */
void idx_king_place_side(const Indexer *ix, IdxCursor *cur, const Position *p, int side, int owner,
                         IdxKingPlace *w) {
    Bitboard free = ix->v->board->all & ~(p->man[WHITE] | p->man[BLACK]);
    Position q = *p;
    q.side = side;
    uint64_t men = men_part_near(ix, cur, &q) * ix->king_count[WHITE];
    uint64_t black_states = ix->king_moves_states[BLACK];
    bool white_moves = owner == WHITE;
    w->owner = owner;
    w->states = ix->king_moves_states[WHITE] * black_states;
    w->state_place = white_moves ? black_states : 1;
    w->step = (white_moves ? ix->king_count[BLACK] : 1) * w->states;
    w->domain = white_moves ? free : free & ~p->king[WHITE];
    uint64_t kings = white_moves ? men : men + rank_set(p->king[WHITE], free);
    uint64_t other_state =
        white_moves ? king_moves_part(p, BLACK) : king_moves_part(p, WHITE) * black_states;
    w->base = kings * ix->king_count[BLACK] * w->states + other_state;
}

void idx_king_place_start(const Indexer *ix, const Position *p, int king_square, IdxKingPlace *w) {
    Bitboard free = ix->v->board->all & ~(p->man[WHITE] | p->man[BLACK]);
    int ordinal[IDX_KINGS_MAX], n;
    w->others = p->king[w->owner] & ~bit_at(king_square);
    w->shifted = w->owner == WHITE ? p->king[BLACK] : 0;
    n = ordinals(w->shifted, free & ~w->others, ordinal);
    shifted_ranks(ordinal, n, w->states, w->shifted_part);
    n = ordinals(w->others, w->domain, ordinal);
    others_ranks(ordinal, n, w->base, w->step, w->others_part);
}

static inline uint64_t king_place_index(const IdxKingPlace *w, int sq) {
    Bitboard below = bit_at(sq) - 1;
    int others_below = bit_count(w->others & below);
    uint64_t term = binomial[ordinal(w->domain, sq)][others_below + 1];
    return w->others_part[others_below] + term * w->step +
           w->shifted_part[bit_count(w->shifted & ~below)];
}

uint64_t idx_king_place_at(const IdxKingPlace *w, int sq) {
    return king_place_index(w, sq);
}

int idx_king_place_each(const IdxKingPlace *w, Bitboard squares, uint64_t *restrict out) {
    int count = 0;
    for (; squares; squares &= squares - 1) out[count++] = king_place_index(w, bit_first(squares));
    return count;
}

uint64_t idx_king_place_king_moves(const IdxKingPlace *w, Bitboard kings, int king_moves_square,
                                   int count) {
    return king_moves_digit(kings, king_moves_square, count) * w->state_place;
}
