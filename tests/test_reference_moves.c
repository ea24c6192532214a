/* Compares the move generator with a plain reference written from docs/rules.md sections 3-5
 * over random endgame positions of every variant.  The reference walks squares by their
 * column and row one step at a time, keeps the pieces taken in an array, and follows the
 * text: no bitboards, no capturer tests, no lists of victims on a line, so the generator's
 * shortcuts are checked against the rules rather than against themselves.  It shares with
 * the generator the rule parameters (directions, halt, precedence weights), the precedence
 * key as a weighted sum of them, and the map from squares to bits; the hand-derived cases
 * of tests/data/rules.txt check those.  Not covered here: Frisian's king-move counts
 * (docs/rules.md 7.1; the positions carry none) and the capture paths shown in notation.
 * Usage: test_reference_moves [POSITIONS_PER_VARIANT]. */
#include "fen.h"
#include "movegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EMPTY, MAN, KING };

/* Column and row change of one step, rows counted from Black's back rank (docs/rules.md 2: an
 * orthogonal step is two columns or two rows). */
static const int delta[DIR_COUNT][2] = {
    [DIR_NW] = {-1, -1}, [DIR_NE] = {1, -1}, [DIR_SW] = {-1, 1}, [DIR_SE] = {1, 1},
    [DIR_N] = {0, -2},   [DIR_S] = {0, 2},   [DIR_W] = {-2, 0},  [DIR_E] = {2, 0},
};

typedef struct Grid {
    const Variant *v;
    int n;
    int kind[10][10], owner[10][10]; /* [row][col] */
    bool taken[10][10];
} Grid;

typedef struct Found {
    int count;
    Move move[MOVE_MAX];
    int key[MOVE_MAX];
} Found;

static bool on_board(const Grid *g, int col, int row) {
    return col >= 0 && row >= 0 && col < g->n && row < g->n && (col + row) % 2 == 1;
}

static int bit_of(const Grid *g, int col, int row) {
    return g->v->board->bit_of[row * (g->n / 2) + col / 2];
}

static void load(Grid *g, const Variant *v, const Position *p) {
    memset(g, 0, sizeof *g);
    g->v = v;
    g->n = v->board->size;
    for (int row = 0; row < g->n; row++)
        for (int col = 0; col < g->n; col++) {
            if (!on_board(g, col, row)) continue;
            Bitboard at = bit_at(bit_of(g, col, row));
            for (int side = 0; side < 2; side++) {
                if (p->man[side] & at) g->kind[row][col] = MAN, g->owner[row][col] = side;
                if (p->king[side] & at) g->kind[row][col] = KING, g->owner[row][col] = side;
            }
        }
}

static void add(Found *f, Move m, int key) {
    for (int i = 0; i < f->count; i++)
        if (f->move[i].from == m.from && f->move[i].to == m.to &&
            f->move[i].captured == m.captured) {
            if (key > f->key[i]) f->key[i] = key;
            return;
        }
    if (f->count == MOVE_MAX) {
        printf("FAIL the reference found over %d sequences\n", MOVE_MAX);
        exit(1);
    }
    f->key[f->count] = key;
    f->move[f->count++] = m;
}

/* The capture state of one sequence in progress. */
typedef struct Sequence {
    int side, from_col, from_row;
    bool king;
    Bitboard taken_bits;
    int kings_taken, men_taken;
} Sequence;

static int key_of(const Grid *g, const Sequence *s) {
    const Precedence *pr = &g->v->precedence;
    return pr->king_weight * s->kings_taken + pr->man_weight * s->men_taken +
           pr->mover_weight * s->king;
}

static bool empty_for(const Grid *g, const Sequence *s, int col, int row) {
    if (!on_board(g, col, row)) return false;
    if (col == s->from_col && row == s->from_row) return true;
    return g->kind[row][col] == EMPTY;
}

/* The victim and first landing square of a capture from (col, row) in direction d, if the
 * piece can take that way: a man the adjacent square, a king the first piece on the line. */
static bool victim_in(const Grid *g, const Sequence *s, int col, int row, int d, int *vc, int *vr) {
    int c = col + delta[d][0], r = row + delta[d][1];
    while (s->king && empty_for(g, s, c, r)) c += delta[d][0], r += delta[d][1];
    if (!on_board(g, c, r) || empty_for(g, s, c, r)) return false;
    if (g->owner[r][c] == s->side || g->taken[r][c]) return false;
    *vc = c, *vr = r;
    return empty_for(g, s, c + delta[d][0], r + delta[d][1]);
}

static DirSet directions(const Grid *g, const Sequence *s, int phase) {
    return s->king ? g->v->king_capture[phase] : g->v->man_capture[s->side][phase];
}

static bool can_capture(const Grid *g, const Sequence *s, int col, int row, int phase) {
    int vc, vr;
    for (int d = 0; d < DIR_COUNT; d++)
        if ((directions(g, s, phase) >> d & 1) && victim_in(g, s, col, row, d, &vc, &vr))
            return true;
    return false;
}

static void capture_from(Grid *g, Sequence *s, int col, int row, int phase, Found *f);

/* Takes the victim at (vc, vr) in direction d and lands, continuing where it can (docs/rules.md
 * 4): a king that can go on from some landing square must land on one such; if none, it
 * may land on any, or under the halt rule only directly behind the victim. */
static void take(Grid *g, Sequence *s, int vc, int vr, int d, Found *f) {
    Sequence before = *s;
    g->taken[vr][vc] = true;
    s->taken_bits |= bit_at(bit_of(g, vc, vr));
    if (g->kind[vr][vc] == KING)
        s->kings_taken++;
    else
        s->men_taken++;
    int landing[10][2], count = 0, continuing = 0;
    bool goes_on[10];
    for (int c = vc + delta[d][0], r = vr + delta[d][1]; empty_for(g, s, c, r);
         c += delta[d][0], r += delta[d][1]) {
        landing[count][0] = c, landing[count][1] = r;
        goes_on[count] = can_capture(g, s, c, r, PHASE_CONTINUATION);
        continuing += goes_on[count++];
        if (!s->king) break;
    }
    for (int i = 0; i < count; i++) {
        int c = landing[i][0], r = landing[i][1];
        if (goes_on[i]) {
            capture_from(g, s, c, r, PHASE_CONTINUATION, f);
        } else if (!continuing && (i == 0 || !g->v->halt)) {
            Move m = {.captured = s->taken_bits,
                      .from = (uint8_t)bit_of(g, s->from_col, s->from_row),
                      .to = (uint8_t)bit_of(g, c, r)};
            add(f, m, key_of(g, s));
        }
    }
    g->taken[vr][vc] = false;
    *s = before;
}

static void capture_from(Grid *g, Sequence *s, int col, int row, int phase, Found *f) {
    int vc, vr;
    for (int d = 0; d < DIR_COUNT; d++)
        if ((directions(g, s, phase) >> d & 1) && victim_in(g, s, col, row, d, &vc, &vr))
            take(g, s, vc, vr, d, f);
}

static void quiet_moves(const Grid *g, int side, int col, int row, Found *f) {
    bool king = g->kind[row][col] == KING;
    int forward = side == WHITE ? -1 : 1;
    for (int d = 0; d < DIR_COUNT; d++) {
        if (king ? !(g->v->king_move >> d & 1) : delta[d][1] != forward) continue;
        Sequence none = {.side = side, .from_col = -1, .from_row = -1};
        for (int c = col + delta[d][0], r = row + delta[d][1]; empty_for(g, &none, c, r);
             c += delta[d][0], r += delta[d][1]) {
            add(f, (Move){0, (uint8_t)bit_of(g, col, row), (uint8_t)bit_of(g, c, r)}, 0);
            if (!king) break;
        }
    }
}

/* The legal moves of p by the reference: every complete capture sequence, those of the
 * highest precedence key kept; else every move without capture. */
static void reference_moves(const Variant *v, const Position *p, Found *out) {
    Grid g;
    Found all = {0};
    load(&g, v, p);
    for (int row = 0; row < g.n; row++)
        for (int col = 0; col < g.n; col++)
            if (g.kind[row][col] != EMPTY && g.owner[row][col] == p->side) {
                Sequence s = {p->side, col, row, g.kind[row][col] == KING, 0, 0, 0};
                capture_from(&g, &s, col, row, PHASE_IMMEDIATE, &all);
            }
    int best = -1;
    for (int i = 0; i < all.count; i++)
        if (all.key[i] > best) best = all.key[i];
    out->count = 0;
    for (int i = 0; i < all.count; i++)
        if (all.key[i] == best) add(out, all.move[i], best);
    if (out->count) return;
    for (int row = 0; row < g.n; row++)
        for (int col = 0; col < g.n; col++)
            if (g.kind[row][col] != EMPTY && g.owner[row][col] == p->side)
                quiet_moves(&g, p->side, col, row, out);
}

static int compare_moves(const void *a, const void *b) {
    const Move *x = a, *y = b;
    if (x->from != y->from) return x->from - y->from;
    if (x->to != y->to) return x->to - y->to;
    return (x->captured > y->captured) - (x->captured < y->captured);
}

static uint64_t next_random(uint64_t *state) {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* 2 to 9 pieces on random squares, two kings in three, no man on its promotion row. */
static void random_position(const Variant *v, uint64_t *state, Position *p) {
    const Board *b = v->board;
    pos_clear(p);
    int pieces = 2 + (int)(next_random(state) % 8);
    for (int i = 0; i < pieces; i++) {
        int side = i % 2, sq;
        do sq = b->bit_of[next_random(state) % (uint64_t)b->squares];
        while (pos_occupied(p) & bit_at(sq));
        bool king = next_random(state) % 3 != 0 || (b->promotion[side] & bit_at(sq));
        if (king)
            p->king[side] |= bit_at(sq);
        else
            p->man[side] |= bit_at(sq);
    }
    p->side = (int)(next_random(state) & 1);
}

/* Prints the moves of `have` missing from `other`, both sorted, as "from-to" or
 * "fromxto/taken", in shown square numbers. */
static void print_missing(const Variant *v, const char *label, const Move *have, int n,
                          const Move *other, int m) {
    printf("  only the %s has:", label);
    for (int i = 0, j = 0; i < n; i++) {
        while (j < m && compare_moves(&other[j], &have[i]) < 0) j++;
        if (j < m && compare_moves(&other[j], &have[i]) == 0) continue;
        printf(" %d%c%d", v->number_of[have[i].from], have[i].captured ? 'x' : '-',
               v->number_of[have[i].to]);
        if (have[i].captured) printf("/%d", bit_count(have[i].captured));
    }
    printf("\n");
}

/* Checks one position; prints it and returns false on a difference.  Moves are compared
 * field by field: a Move's padding bytes are not set. */
static bool agrees(const Variant *v, const Position *p, MoveList *list, Found *want) {
    movegen_legal(v, p, list);
    reference_moves(v, p, want);
    qsort(list->move, (size_t)list->count, sizeof(Move), compare_moves);
    qsort(want->move, (size_t)want->count, sizeof(Move), compare_moves);
    bool same = !list->overflow && list->count == want->count &&
                movegen_has_capture(v, p) == (want->count && want->move[0].captured);
    for (int i = 0; same && i < want->count; i++)
        same = compare_moves(&list->move[i], &want->move[i]) == 0;
    if (same) return true;
    char fen[FEN_MAX];
    fen_format(v, p, fen, sizeof fen);
    printf("FAIL %s %s: generator %d moves, reference %d\n", v->id, fen, list->count, want->count);
    print_missing(v, "generator", list->move, list->count, want->move, want->count);
    print_missing(v, "reference", want->move, want->count, list->move, list->count);
    return false;
}

int main(int argc, char **argv) {
    char *end = NULL;
    long per_variant = argc > 1 ? strtol(argv[1], &end, 10) : 20000;
    if (argc > 2 || (end && (*end || per_variant < 1))) {
        fprintf(stderr, "usage: test_reference_moves [POSITIONS_PER_VARIANT >= 1]\n");
        return 2;
    }
    char ids[1024];
    variant_list_ids(ids, sizeof ids);
    MoveList *list = malloc(sizeof *list);
    Found *want = malloc(sizeof *want);
    if (!list || !want) return 2;
    list->paths = NULL;
    int failures = 0, variants = 0;
    long captures = 0;
    for (char *id = strtok(ids, ", "); id; id = strtok(NULL, ", ")) {
        Variant v;
        if (!variant_lookup(id, &v)) {
            printf("FAIL unknown variant id %s\n", id);
            return 1;
        }
        uint64_t state = 0x9E3779B97F4A7C15ull + (uint64_t)variants++;
        for (long i = 0; i < per_variant && failures < 10; i++) {
            Position p;
            random_position(&v, &state, &p);
            failures += !agrees(&v, &p, list, want);
            captures += want->count && want->move[0].captured;
        }
    }
    printf("%d variants, %ld positions each, %ld with a capture: %d differences\n", variants,
           per_variant, captures, failures);
    free(list);
    free(want);
    return failures ? 1 : 0;
}
