/* The index is a bijection between its valid indices and the positions of a material, and
 * the number of valid indices is the number of positions counted by hand.  The cursors
 * (idx_decode_near, idx_encode_near), walked through every index in order, agree with the
 * plain functions, and so does idx_king_place for every king moved to every empty square
 * with either side to move. */
#include "fen.h"
#include "index.h"
#include "movegen.h"
#include "notation.h"

#include <stdio.h>
#include <string.h>

typedef struct Case {
    const char *variant, *material;
    unsigned long long positions; /* both sides to move, counted by hand below */
} Case;

/* 10x10: 50 squares, 45 for each side's men (all but its promotion row), 40 for both.
 * 8x8: 32 squares, 28 for men, 24 for both.  Frisian multiplies by the king-move states of
 * each side with men and kings: 1 + 3 x kings. */
static const Case cases[] = {
    {"international", "KvK", 2ULL * 50 * 49},
    {"international", "MvM", 2ULL * (45 * 45 - 40)},
    {"international", "KKvK", 2ULL * (50 * 49 / 2) * 48},
    {"international", "KMvK", 2ULL * 45 * 49 * 48},
    {"brazilian", "MMvK", 2ULL * (28 * 27 / 2) * 30},
    {"scandinavian-8", "KMvM", 2ULL * (28 * 28 - 24) * 30},
    {"frisian", "KMvK", 2ULL * 45 * 49 * 48 * 4},
    {"frisian", "KMvM", 2ULL * (45 * 45 - 40) * 48 * 4},
    {"frisian", "KKMvK", 2ULL * 45 * (49 * 48 / 2) * 47 * 7},
    {"international", "KvKKK", 2ULL * 50 * (49 * 48 * 47 / 6)},
    {"scandinavian-8", "MvKK", 2ULL * 28 * (31 * 30 / 2)},
};

static bool same_position(const Position *a, const Position *b) {
    return a->man[WHITE] == b->man[WHITE] && a->man[BLACK] == b->man[BLACK] &&
           a->king[WHITE] == b->king[WHITE] && a->king[BLACK] == b->king[BLACK] &&
           a->side == b->side && memcmp(a->king_moves_square, b->king_moves_square, 2) == 0 &&
           memcmp(a->king_moves_count, b->king_moves_count, 2) == 0;
}

/* The cases name known variants and well-formed materials, so lookups cannot fail. */
static void load(const char *variant, const char *material, Variant *v, Material *m, Indexer *ix) {
    char err[128];
    variant_lookup(variant, v);
    material_parse(material, m, err, sizeof err);
    idx_init(ix, v, m);
}

static int check(const Case *c) {
    Variant v;
    Material m;
    Indexer ix;
    load(c->variant, c->material, &v, &m, &ix);
    unsigned long long valid = 0, wrong = 0;
    IdxCursor decoder = IDX_CURSOR_START, encoder = IDX_CURSOR_START;
    for (uint64_t i = 0; i < ix.size; i++) {
        Position p, near;
        bool near_valid = idx_decode_near(&ix, &decoder, i, &near);
        if (!idx_decode(&ix, i, &p)) {
            wrong += near_valid;
            continue;
        }
        Material got = material_of(&p);
        valid++;
        wrong +=
            !near_valid || !same_position(&near, &p) || idx_encode_near(&ix, &encoder, &p) != i;
        wrong += idx_encode(&ix, &p) != i || !material_equal(&got, &m) ||
                 (p.man[WHITE] & v.board->promotion[WHITE]) ||
                 (p.man[BLACK] & v.board->promotion[BLACK]);
    }
    bool ok = valid == c->positions && wrong == 0;
    printf("%s %s %s: %llu positions (by hand %llu), %llu not round-tripping\n",
           ok ? "ok  " : "FAIL", c->variant, c->material, valid, c->positions, wrong);
    return ok;
}

/* docs/rules.md 7.1 from W:WK46,28:BK43: White's king moves three times in a row; after each the
 * FEN shows its count, the index keeps it, and with count 3 the king has no quiet move. */
static const char *king_walk[][2] = {
    /* White's move, Black's reply: the king 46 walks 46-37-46-37 while Black's king shuffles */
    {"46-37", "43-49"},
    {"37-46", "49-43"},
    {"46-37", NULL},
};
static const char *walk_fens[] = {"B:W28,K37:BK43:CW37=1", "B:W28,K46:BK49:CW46=2",
                                  "B:W28,K37:BK43:CW37=3"};

static bool play_named(const Variant *v, Position *p, const char *name) {
    static MoveList list;
    static MovePath paths[MOVE_MAX];
    notation_legal_moves(v, p, &list, paths);
    for (int i = 0; i < list.count; i++) {
        char text[NOTATION_MAX];
        notation_format(v, &list, i, text, sizeof text);
        if (strcmp(text, name) != 0) continue;
        Position next;
        movegen_play(v, p, &list.move[i], &next);
        *p = next;
        return true;
    }
    return false;
}

static int check_king_walk(void) {
    Variant v;
    Position p;
    Indexer ix;
    char err[128], fen[FEN_MAX];
    variant_lookup("frisian", &v);
    fen_parse(&v, "W:WK46,28:BK43", &p, err, sizeof err);
    Material m = material_of(&p);
    idx_init(&ix, &v, &m);
    int failures = 0;
    for (int step = 0; step < 3; step++) {
        failures += !play_named(&v, &p, king_walk[step][0]);
        fen_format(&v, &p, fen, sizeof fen);
        Position back;
        idx_decode(&ix, idx_encode(&ix, &p), &back);
        char back_fen[FEN_MAX];
        fen_format(&v, &back, back_fen, sizeof back_fen);
        bool ok = strcmp(fen, walk_fens[step]) == 0 && strcmp(back_fen, fen) == 0;
        printf("%s king walk %d: %s (want %s), through the index %s\n", ok ? "ok  " : "FAIL",
               step + 1, fen, walk_fens[step], back_fen);
        failures += !ok;
        if (king_walk[step][1]) failures += !play_named(&v, &p, king_walk[step][1]);
    }
    /* Black moves; then White's king on 37 (count 3) may not move, only the man on 28. */
    failures += !play_named(&v, &p, "43-49");
    static MoveList list;
    list.paths = NULL;
    movegen_legal(&v, &p, &list);
    bool frozen = true;
    for (int i = 0; i < list.count; i++) frozen &= v.number_of[list.move[i].from] == 28;
    printf("%s king with count 3 has no quiet move (%d moves, all by the man on 28)\n",
           frozen && list.count == 2 ? "ok  " : "FAIL", list.count);
    return failures + !(frozen && list.count == 2);
}

/* Materials for idx_king_place: with several kings a side, so that the moving king passes
 * its own side's kings and Black's, and with one side without kings; positions taken
 * every `stride` indices. */
typedef struct PlaceCase {
    const char *variant, *material;
    uint64_t stride;
} PlaceCase;

static const PlaceCase place_cases[] = {
    {"international", "KKvK", 1},
    {"international", "KMvM", 1},
    {"international", "MMvK", 1},
    {"frisian", "KKvK", 1},     /* no side with men and kings: no king-move states */
    {"frisian", "KMvKM", 1999}, /* king-move states for both sides */
    {"frisian", "KKMvK", 4999},
    {"scandinavian-8", "KKvKK", 1},
    {"stockholm", "KKMvKM", 61},
    {"scandinavian", "KKKvKK", 997},
    {"scandinavian-medium", "KMvKKM", 1009},
};

/* The errors of idx_king_place over q, whose king on sq moved there from p, with no
 * king-move state for that king's side and, where the material has them, with each. */
static unsigned long long state_errors(const Indexer *ix, const IdxKingPlace *place, Position *q,
                                       int owner, int sq) {
    uint64_t at = idx_king_place_at(place, sq);
    q->king_moves_square[owner] = NO_SQUARE;
    q->king_moves_count[owner] = 0;
    unsigned long long errors = at != idx_encode(ix, q);
    if (ix->king_moves_states[owner] == 1) return errors;
    for (Bitboard k = q->king[owner]; k; k &= k - 1)
        for (int count = 1; count <= 3; count++) {
            q->king_moves_square[owner] = (uint8_t)bit_first(k);
            q->king_moves_count[owner] = (uint8_t)count;
            uint64_t king_moves =
                idx_king_place_king_moves(place, q->king[owner], bit_first(k), count);
            errors += at + king_moves != idx_encode(ix, q);
        }
    return errors;
}

/* The errors of idx_king_place over the kings of `owner` in p, with `side` to move and
 * every empty square, the side's part prepared once for all its kings as the solver does;
 * and where idx_king_place_each gives another index than idx_king_place_at. */
static unsigned long long side_errors(const Indexer *ix, IdxCursor *encoder, const Position *p,
                                      int side, int owner) {
    unsigned long long errors = 0;
    Bitboard empty = ix->v->board->all & ~pos_occupied(p);
    IdxKingPlace place;
    idx_king_place_side(ix, encoder, p, side, owner, &place);
    for (Bitboard kings = p->king[owner]; kings; kings &= kings - 1) {
        int from = bit_first(kings), k = 0;
        idx_king_place_start(ix, p, from, &place);
        uint64_t each[64];
        int count = idx_king_place_each(&place, empty, each);
        errors += count != bit_count(empty);
        for (Bitboard to = empty; to; to &= to - 1) {
            errors += k < count && each[k++] != idx_king_place_at(&place, bit_first(to));
            Position q = *p;
            q.side = side;
            q.king[owner] = (q.king[owner] & ~bit_at(from)) | (to & (~to + 1));
            errors += state_errors(ix, &place, &q, owner, bit_first(to));
        }
    }
    return errors;
}

/* The errors of idx_king_place over all p's kings, both sides to move, through an encoding
 * cursor kept from position to position. */
static unsigned long long place_errors(const Indexer *ix, IdxCursor *encoder, const Position *p) {
    unsigned long long errors = 0;
    for (int side = 0; side < 2; side++)
        for (int owner = 0; owner < 2; owner++) errors += side_errors(ix, encoder, p, side, owner);
    return errors;
}

static int check_king_place(const PlaceCase *c) {
    Variant v;
    Material m;
    Indexer ix;
    load(c->variant, c->material, &v, &m, &ix);
    unsigned long long positions = 0, errors = 0;
    IdxCursor encoder = IDX_CURSOR_START;
    for (uint64_t i = 0; i < ix.size; i += c->stride) {
        Position p;
        if (!idx_decode(&ix, i, &p)) continue;
        positions++;
        errors += place_errors(&ix, &encoder, &p);
    }
    bool ok = positions > 0 && errors == 0;
    printf("%s %s %s: king places from %llu positions, %llu differ from idx_encode\n",
           ok ? "ok  " : "FAIL", c->variant, c->material, positions, errors);
    return ok;
}

int main(void) {
    int passed = 0, total = (int)(sizeof cases / sizeof cases[0]);
    for (int i = 0; i < total; i++) passed += check(&cases[i]);
    int place_total = (int)(sizeof place_cases / sizeof place_cases[0]);
    for (int i = 0; i < place_total; i++) passed += check_king_place(&place_cases[i]);
    total += place_total;
    int walk_failures = check_king_walk();
    passed += !walk_failures;
    total++;
    printf("%d passed, %d failed\n", passed, total - passed);
    return passed == total ? 0 : 1;
}
