/* Move generation for every variant from its rule parameters.
 *
 * Captures are found by a depth-first search over capture sequences.  Pieces taken stay
 * on the board until the move ends (they block and cannot be taken twice), the moving
 * piece's start square counts as empty, and each complete sequence is scored by the
 * variant's precedence key: only the sequences with the highest key are legal. */
#include "movegen.h"

#include <string.h>

typedef struct CaptureSearch {
    const Variant *v;
    const Board *b;
    Bitboard enemy, enemy_kings;
    Bitboard empty; /* empty squares, the mover's start square included */
    int from;
    bool king;
    const DirSet *dirs; /* [phase] */
    int best_key;
    MoveList *list;
    uint8_t path[PATH_MAX_LEN]; /* landing bits so far */
} CaptureSearch;

static int capture_key(const CaptureSearch *cs, Bitboard taken) {
    const Precedence *pr = &cs->v->precedence;
    return pr->king_weight * bit_count(taken & cs->enemy_kings) +
           pr->man_weight * bit_count(taken & ~cs->enemy_kings) + pr->mover_weight * cs->king;
}

static void fill_path(const CaptureSearch *cs, int len, MovePath *out) {
    out->len = (uint8_t)len;
    for (int i = 0; i < len; i++) out->square[i] = cs->v->number_of[cs->path[i]];
}

static bool path_less(const MovePath *a, const MovePath *b) {
    return memcmp(a->square, b->square, a->len) < 0;
}

/* Records a complete sequence ending on bit `to` after `len` landings. */
static void emit(CaptureSearch *cs, int to, Bitboard taken, int len) {
    int key = capture_key(cs, taken);
    MoveList *list = cs->list;
    if (key < cs->best_key) return;
    if (key > cs->best_key) {
        cs->best_key = key;
        list->count = 0;
    }
    MovePath path;
    if (list->paths) fill_path(cs, len, &path);
    for (int i = 0; i < list->count; i++) {
        const Move *m = &list->move[i];
        if (m->from != cs->from || m->to != to || m->captured != taken) continue;
        if (list->paths && path_less(&path, &list->paths[i])) list->paths[i] = path;
        return;
    }
    if (list->count == MOVE_MAX) {
        list->overflow = true;
        return;
    }
    list->move[list->count] = (Move){.captured = taken, .from = (uint8_t)cs->from, .to = (uint8_t)to};
    if (list->paths) list->paths[list->count] = path;
    list->count++;
}

static bool search_from(CaptureSearch *cs, int sq, Bitboard taken, int depth);

/* A king's capture over `victim` landing on the empty run from `land` on (RULES.md 4:
 * it must choose a landing that continues if one exists; with the halt rule it otherwise
 * stops directly behind the victim). */
static void king_landings(CaptureSearch *cs, int dir, Bitboard land, Bitboard taken, int depth) {
    bool continued = false;
    for (Bitboard x = land; x & cs->empty; x = board_step(cs->b, x, dir)) {
        cs->path[depth] = (uint8_t)bit_first(x);
        if (search_from(cs, bit_first(x), taken, depth + 1)) continued = true;
    }
    if (continued) return;
    for (Bitboard x = land; x & cs->empty; x = board_step(cs->b, x, dir)) {
        cs->path[depth] = (uint8_t)bit_first(x);
        emit(cs, bit_first(x), taken, depth + 1);
        if (cs->v->halt) return;
    }
}

/* Tries every capture from sq; returns whether there was one. */
static bool search_from(CaptureSearch *cs, int sq, Bitboard taken, int depth) {
    if (depth >= PATH_MAX_LEN) return false;
    DirSet dirs = cs->dirs[depth == 0 ? PHASE_IMMEDIATE : PHASE_CONTINUATION];
    Bitboard victims = cs->enemy & ~taken;
    bool found = false;
    for (int d = 0; d < DIR_COUNT; d++) {
        if (!(dirs & (1 << d))) continue;
        Bitboard x = board_step(cs->b, bit_at(sq), d);
        if (cs->king)
            while (x & cs->empty) x = board_step(cs->b, x, d);
        if (!(x & victims)) continue;
        Bitboard land = board_step(cs->b, x, d);
        if (!(land & cs->empty)) continue;
        found = true;
        if (cs->king) {
            king_landings(cs, d, land, taken | x, depth);
        } else {
            cs->path[depth] = (uint8_t)bit_first(land);
            if (!search_from(cs, bit_first(land), taken | x, depth + 1))
                emit(cs, bit_first(land), taken | x, depth + 1);
        }
    }
    return found;
}

static void search_pieces(CaptureSearch *cs, Bitboard pieces, Bitboard empty, bool king,
                          const DirSet *dirs) {
    cs->king = king;
    cs->dirs = dirs;
    for (; pieces; pieces &= pieces - 1) {
        cs->from = bit_first(pieces);
        cs->empty = empty | bit_at(cs->from);
        search_from(cs, cs->from, 0, 0);
    }
}

static void gen_captures(const Variant *v, const Position *p, MoveList *list) {
    int us = p->side, them = !us;
    Bitboard empty = v->board->all & ~pos_occupied(p);
    CaptureSearch cs = {.v = v, .b = v->board, .enemy = pos_pieces(p, them),
                        .enemy_kings = p->king[them], .best_key = -1, .list = list};
    search_pieces(&cs, p->man[us], empty, false, v->man_capture[us]);
    search_pieces(&cs, p->king[us], empty, true, v->king_capture);
}

static void add_quiet(MoveList *list, int from, int to) {
    if (list->count == MOVE_MAX) {
        list->overflow = true;
        return;
    }
    list->move[list->count++] = (Move){.captured = 0, .from = (uint8_t)from, .to = (uint8_t)to};
}

/* The king that may not make another non-capturing move (RULES.md 7.1), or none. */
static Bitboard frozen_king(const Variant *v, const Position *p) {
    int us = p->side;
    if (!v->king_move_limit || !p->man[us] || p->streak_king[us] == NO_SQUARE) return 0;
    return p->streak[us] >= 3 ? bit_at(p->streak_king[us]) : 0;
}

static void gen_quiet(const Variant *v, const Position *p, MoveList *list) {
    const Board *b = v->board;
    int us = p->side;
    Bitboard empty = b->all & ~pos_occupied(p);
    static const int man_dirs[2][2] = {{DIR_NW, DIR_NE}, {DIR_SW, DIR_SE}};
    for (int i = 0; i < 2; i++) {
        int d = man_dirs[us][i];
        for (Bitboard to = board_step(b, p->man[us], d) & empty; to; to &= to - 1)
            add_quiet(list, bit_first(to) - b->shift[d], bit_first(to));
    }
    for (Bitboard kings = p->king[us] & ~frozen_king(v, p); kings; kings &= kings - 1) {
        int from = bit_first(kings);
        for (int d = 0; d < DIR_COUNT; d++) {
            if (!(v->king_move & (1 << d))) continue;
            for (Bitboard x = board_step(b, bit_at(from), d); x & empty; x = board_step(b, x, d))
                add_quiet(list, from, bit_first(x));
        }
    }
}

void movegen_legal(const Variant *v, const Position *p, MoveList *list) {
    list->count = 0;
    list->overflow = false;
    gen_captures(v, p, list);
    if (list->count == 0) gen_quiet(v, p, list);
}

/* Whether a piece on one of `from` can take in a direction of dirs, by the short leap or,
 * for kings, the long one. */
static bool can_take(const Board *b, Bitboard from, bool king, DirSet dirs, Bitboard enemy,
                     Bitboard empty) {
    for (int d = 0; d < DIR_COUNT; d++) {
        if (!(dirs & (1 << d))) continue;
        Bitboard x = board_step(b, from, d);
        if (king)
            for (Bitboard ray = x; ray & empty;) x |= ray = board_step(b, ray, d);
        if (board_step(b, x & enemy, d) & empty) return true;
    }
    return false;
}

bool movegen_has_capture(const Variant *v, const Position *p) {
    int us = p->side, them = !us;
    Bitboard empty = v->board->all & ~pos_occupied(p);
    Bitboard enemy = pos_pieces(p, them);
    if (can_take(v->board, p->man[us], false, v->man_capture[us][PHASE_IMMEDIATE], enemy, empty))
        return true;
    for (Bitboard k = p->king[us]; k; k &= k - 1)
        if (can_take(v->board, k & -k, true, v->king_capture[PHASE_IMMEDIATE], enemy, empty))
            return true;
    return false;
}

static void update_streaks(const Variant *v, const Position *p, const Move *m, Position *out) {
    int us = p->side, them = !us;
    bool quiet_king = !m->captured && (p->king[us] & bit_at(m->from));
    out->streak_king[us] = NO_SQUARE;
    out->streak[us] = 0;
    if (v->king_move_limit && quiet_king && out->man[us]) {
        bool same = p->streak_king[us] == m->from;
        out->streak[us] = (uint8_t)(same ? p->streak[us] + 1 : 1);
        out->streak_king[us] = m->to;
    }
    int counted = p->streak_king[them];
    if (counted != NO_SQUARE && ((m->captured & bit_at(counted)) || !out->man[them])) {
        out->streak_king[them] = NO_SQUARE;
        out->streak[them] = 0;
    }
}

void movegen_play(const Variant *v, const Position *p, const Move *m, Position *out) {
    int us = p->side, them = !us;
    Bitboard from = bit_at(m->from), to = bit_at(m->to);
    *out = *p;
    if (p->king[us] & from) {
        out->king[us] = (out->king[us] & ~from) | to;
    } else {
        out->man[us] &= ~from;
        if (to & v->board->promotion[us])
            out->king[us] |= to;
        else
            out->man[us] |= to;
    }
    out->man[them] &= ~m->captured;
    out->king[them] &= ~m->captured;
    update_streaks(v, p, m, out);
    out->side = them;
}

int64_t movegen_perft(const Variant *v, const Position *p, int depth) {
    if (depth == 0) return 1;
    MoveList list;
    list.paths = NULL;
    movegen_legal(v, p, &list);
    if (list.overflow) return -1;
    if (depth == 1) return list.count;
    int64_t total = 0;
    for (int i = 0; i < list.count; i++) {
        Position next;
        movegen_play(v, p, &list.move[i], &next);
        int64_t n = movegen_perft(v, &next, depth - 1);
        if (n < 0) return -1;
        total += n;
    }
    return total;
}
