/* Move generation for every variant from its rule parameters.
 *
 * Captures are found by a depth-first search over capture sequences.  Pieces taken stay
 * on the board until the move ends (they block and cannot be taken twice), the moving
 * piece's start square counts as empty, and each complete sequence is scored by the
 * variant's precedence key: only the sequences with the highest key are legal.
 *
 * Speed: the search starts only from the pieces that can capture, found by a bitboard
 * test over all men at once and from the enemy pieces on each king's lines; perft
 * counts the quiet moves of its last ply instead of listing them, and the generator the
 * quiet moves that do not change the material. */
#include "movegen.h"

#include <string.h>

/* Up to this many men, enemy_beside looks at each one's neighbours: beyond it, looking
 * costs more than it saves (bench/RESULTS.md, "Rules, format and probe"). */
#define FEW_MEN 4

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

/* The direction back, for each direction. */
static const int opposite[DIR_COUNT] = {
    [DIR_NW] = DIR_SE, [DIR_NE] = DIR_SW, [DIR_SW] = DIR_NE, [DIR_SE] = DIR_NW,
    [DIR_N] = DIR_S,   [DIR_S] = DIR_N,   [DIR_W] = DIR_E,   [DIR_E] = DIR_W,
};

/* The two steps of a man without capture, for [side]. */
static const int man_step[2][2] = {{DIR_NW, DIR_NE}, {DIR_SW, DIR_SE}};

/* What slides from the squares of `from` in direction d pass over (board_slide). */
static Bitboard ray(const Board *b, Bitboard from, int d, Bitboard empty) {
    Bitboard reach = 0;
    for (; from; from &= from - 1) reach |= board_slide(b, bit_first(from), d, empty);
    return reach;
}

/* Whether an enemy stands next to one of `men`: one table lookup per man, which settles
 * most endgame positions at once.  With more than FEW_MEN men the test by directions in
 * man_capturers costs less, so this answers yes. */
static inline bool enemy_beside(const Board *b, Bitboard men, Bitboard enemy) {
    if (bit_count(men) > FEW_MEN) return true;
    Bitboard near = 0;
    for (; men; men &= men - 1) near |= b->neighbours[bit_first(men)];
    return (near & enemy) != 0;
}

/* Which of `men` can take in each direction of dirs, into by_dir[d] (left alone when none
 * has an enemy beside it).  Found backwards from the enemy pieces with an empty square
 * behind them, for all men at once.  Returns the union. */
static inline Bitboard man_capturers(const Board *b, Bitboard men, DirSet dirs, Bitboard enemy,
                                     Bitboard empty, Bitboard by_dir[DIR_COUNT]) {
    Bitboard found = 0;
    for (dirs = enemy_beside(b, men, enemy) ? dirs : 0; dirs; dirs &= (DirSet)(dirs - 1)) {
        int d = bit_first(dirs), back = opposite[d];
        Bitboard victims = enemy & board_step(b, empty, back);
        by_dir[d] = men & board_step(b, victims, back);
        found |= by_dir[d];
    }
    return found;
}

/* The directions of dirs in which a king on sq can take one of `victims`: the first piece
 * along the line, with an empty square behind it.  Looked for from the victims on sq's
 * lines, which are few in an endgame, rather than along each of up to eight directions. */
static inline DirSet king_takes(const Board *b, int sq, DirSet dirs, Bitboard victims,
                                Bitboard empty) {
    DirSet found = 0;
    for (victims &= b->lines[sq]; victims; victims &= victims - 1) {
        int victim = bit_first(victims), d = b->dir_to[sq][victim];
        Bitboard up_to = b->ray[sq][d] ^ b->ray[victim][d]; /* the victim and what is before */
        bool first = (up_to & ~empty) == bit_at(victim);
        bool behind = (board_step(b, bit_at(victim), d) & empty) != 0;
        found |= (DirSet)((first & behind) << d);
    }
    return found & dirs;
}

/* Which of `kings` can take in each direction of dirs, by the long leap, into by_dir zeroed
 * by the caller.  Returns the directions in which some king can take, which are few. */
static inline DirSet king_capturers(const Board *b, Bitboard kings, DirSet dirs, Bitboard enemy,
                                    Bitboard empty, Bitboard by_dir[DIR_COUNT]) {
    DirSet found = 0;
    for (; kings; kings &= kings - 1) {
        int sq = bit_first(kings);
        DirSet can = king_takes(b, sq, dirs, enemy, empty);
        for (found |= can; can; can &= (DirSet)(can - 1)) by_dir[bit_first(can)] |= bit_at(sq);
    }
    return found;
}

static int capture_key(const CaptureSearch *cs, Bitboard taken, int len) {
    const Precedence *pr = &cs->v->precedence;
    Bitboard kings_taken = taken & cs->enemy_kings;
    int kings = kings_taken ? bit_count(kings_taken) : 0;
    return pr->king_weight * kings + pr->man_weight * (len - kings) + pr->mover_weight * cs->king;
}

static void fill_path(const CaptureSearch *cs, int len, MovePath *out) {
    out->len = (uint8_t)len;
    for (int i = 0; i < len; i++) out->square[i] = cs->v->number_of[cs->path[i]];
}

static bool path_less(const MovePath *a, const MovePath *b) {
    return memcmp(a->square, b->square, a->len) < 0;
}

/* The index of a listed move equal to this sequence of len captures, or -1.  One capture
 * is fixed by its two ends, so only longer sequences can repeat a move. */
static int find_duplicate(const CaptureSearch *cs, int to, Bitboard taken, int len) {
    if (len < 2) return -1;
    for (int i = 0; i < cs->list->count; i++) {
        const Move *m = &cs->list->move[i];
        if (m->from == cs->from && m->to == to && m->captured == taken) return i;
    }
    return -1;
}

/* Records a complete sequence ending on bit `to` after `len` landings. */
static void emit(CaptureSearch *cs, int to, Bitboard taken, int len) {
    int key = capture_key(cs, taken, len);
    MoveList *list = cs->list;
    if (key < cs->best_key) return;
    if (key > cs->best_key) {
        cs->best_key = key;
        list->count = 0;
    }
    MovePath path;
    if (list->paths) fill_path(cs, len, &path);
    int same = find_duplicate(cs, to, taken, len);
    if (same >= 0) {
        if (list->paths && path_less(&path, &list->paths[same])) list->paths[same] = path;
        return;
    }
    if (list->count == MOVE_MAX) {
        list->overflow = true;
        return;
    }
    list->move[list->count] =
        (Move){.captured = taken, .from = (uint8_t)cs->from, .to = (uint8_t)to};
    if (list->paths) list->paths[list->count] = path;
    list->count++;
}

static inline bool continue_from(CaptureSearch *cs, int sq, Bitboard taken, int depth);

/* A king's capture in direction dir landing on the empty run from `land` on (docs/rules.md 4:
 * it must choose a landing that continues if one exists; with the halt rule it otherwise
 * stops directly behind the victim). */
static void king_landings(CaptureSearch *cs, int dir, Bitboard land, Bitboard taken, int depth) {
    bool continued = false;
    for (Bitboard x = land; x & cs->empty; x = board_step(cs->b, x, dir)) {
        cs->path[depth] = (uint8_t)bit_first(x);
        if (continue_from(cs, bit_first(x), taken, depth + 1)) continued = true;
    }
    if (continued) return;
    for (Bitboard x = land; x & cs->empty; x = board_step(cs->b, x, dir)) {
        cs->path[depth] = (uint8_t)bit_first(x);
        emit(cs, bit_first(x), taken, depth + 1);
        if (cs->v->halt) return;
    }
}

/* What the piece on sq may take in direction dir: a king the first piece along the line,
 * a man the next square. */
static inline Bitboard victim_square(const CaptureSearch *cs, int sq, int dir) {
    return cs->king ? board_first_along(cs->b, sq, dir, ~cs->empty)
                    : board_step(cs->b, bit_at(sq), dir);
}

/* The directions of dirs in which the piece on sq can take: its victim square holds an
 * enemy not yet taken, with an empty square behind it.  A king's are found by king_takes;
 * a man's every direction is tested without a branch, since which ones can take is data the
 * processor cannot predict (bench/RESULTS.md, "Rules, format and probe"). */
static DirSet capture_dirs(const CaptureSearch *cs, int sq, DirSet dirs, Bitboard taken) {
    if (cs->king) return king_takes(cs->b, sq, dirs, cs->enemy & ~taken, cs->empty);
    DirSet found = 0;
    for (; dirs; dirs &= (DirSet)(dirs - 1)) {
        int d = bit_first(dirs);
        Bitboard land = board_step(cs->b, victim_square(cs, sq, d) & cs->enemy & ~taken, d);
        found |= (DirSet)((DirSet)((land & cs->empty) != 0) << d);
    }
    return found;
}

/* Makes the capture from sq in direction dir, which capture_dirs found. */
static void capture_in(CaptureSearch *cs, int sq, int dir, Bitboard taken, int depth) {
    Bitboard x = victim_square(cs, sq, dir), land = board_step(cs->b, x, dir);
    if (cs->king) {
        king_landings(cs, dir, land, taken | x, depth);
    } else {
        cs->path[depth] = (uint8_t)bit_first(land);
        if (!continue_from(cs, bit_first(land), taken | x, depth + 1))
            emit(cs, bit_first(land), taken | x, depth + 1);
    }
}

/* Tries the captures from sq in dirs; returns whether there was one. */
static bool search_from(CaptureSearch *cs, int sq, DirSet dirs, Bitboard taken, int depth) {
    DirSet found = capture_dirs(cs, sq, dirs, taken);
    for (DirSet left = found; left; left &= (DirSet)(left - 1))
        capture_in(cs, sq, bit_first(left), taken, depth);
    return found != 0;
}

/* Goes on from sq after a capture; returns whether it could.  The way back needs no test
 * of its own: the piece just taken blocks it.  A piece with no enemy left on any line
 * through sq cannot go on: one test, made before the call to search the directions,
 * settles most of a king's landing squares. */
static inline bool continue_from(CaptureSearch *cs, int sq, Bitboard taken, int depth) {
    if (depth >= PATH_MAX_LEN || !(cs->b->lines[sq] & cs->enemy & ~taken)) return false;
    return search_from(cs, sq, cs->dirs[PHASE_CONTINUATION], taken, depth);
}

/* Runs the search from each piece and direction of by_dir, the capturers found for the
 * immediate directions, in the directions `first` (those of by_dir that may hold any). */
static void search_pieces(CaptureSearch *cs, const Bitboard by_dir[DIR_COUNT], DirSet first,
                          Bitboard empty, bool king, const DirSet *dirs) {
    cs->king = king;
    cs->dirs = dirs;
    for (; first; first &= (DirSet)(first - 1)) {
        int d = bit_first(first);
        for (Bitboard pieces = by_dir[d]; pieces; pieces &= pieces - 1) {
            cs->from = bit_first(pieces);
            cs->empty = empty | bit_at(cs->from);
            capture_in(cs, cs->from, d, 0, 0);
        }
    }
}

static void gen_captures(const Variant *v, const Position *p, MoveList *list) {
    int us = p->side, them = !us;
    const Board *b = v->board;
    Bitboard empty = b->all & ~pos_occupied(p), enemy = pos_pieces(p, them);
    Bitboard men_dirs[DIR_COUNT], king_dirs[DIR_COUNT] = {0};
    DirSet men_first = v->man_capture[us][PHASE_IMMEDIATE];
    Bitboard men = man_capturers(b, p->man[us], men_first, enemy, empty, men_dirs);
    DirSet king_first =
        king_capturers(b, p->king[us], v->king_capture[PHASE_IMMEDIATE], enemy, empty, king_dirs);
    if (!men && !king_first) return;
    CaptureSearch cs = {
        .v = v, .b = b, .enemy = enemy, .enemy_kings = p->king[them], .best_key = -1, .list = list};
    if (men) search_pieces(&cs, men_dirs, men_first, empty, false, v->man_capture[us]);
    if (king_first) search_pieces(&cs, king_dirs, king_first, empty, true, v->king_capture);
}

static void add_quiet(MoveList *list, int from, int to) {
    if (list->count == MOVE_MAX) {
        list->overflow = true;
        return;
    }
    list->move[list->count++] = (Move){.captured = 0, .from = (uint8_t)from, .to = (uint8_t)to};
}

/* The kings that may make a non-capturing move: all but the one at the king-move limit
 * (docs/rules.md 7.1). */
static Bitboard free_kings(const Variant *v, const Position *p) {
    int us = p->side;
    if (!v->king_move_limit || !p->man[us] || p->king_moves_square[us] == NO_SQUARE)
        return p->king[us];
    return p->king_moves_count[us] >= 3 ? p->king[us] & ~bit_at(p->king_moves_square[us])
                                        : p->king[us];
}

static void add_man_steps(const Variant *v, const Position *p, MoveList *list) {
    const Board *b = v->board;
    Bitboard onto = b->all & ~pos_occupied(p);
    for (int i = 0; i < 2; i++) {
        int d = man_step[p->side][i];
        for (Bitboard to = board_step(b, p->man[p->side], d) & onto; to; to &= to - 1)
            add_quiet(list, bit_first(to) - b->shift[d], bit_first(to));
    }
}

static void gen_quiet(const Variant *v, const Position *p, MoveList *list) {
    const Board *b = v->board;
    Bitboard empty = b->all & ~pos_occupied(p);
    add_man_steps(v, p, list);
    for (Bitboard kings = free_kings(v, p); kings; kings &= kings - 1) {
        int from = bit_first(kings);
        for (DirSet dirs = v->king_move; dirs; dirs &= (DirSet)(dirs - 1))
            for (Bitboard to = ray(b, bit_at(from), bit_first(dirs), empty) & empty; to;
                 to &= to - 1)
                add_quiet(list, from, bit_first(to));
    }
}

/* The number of moves gen_quiet lists, from the same bitboards. */
int movegen_quiet_count(const Variant *v, const Position *p) {
    const Board *b = v->board;
    Bitboard empty = b->all & ~pos_occupied(p), kings = free_kings(v, p);
    int count = 0;
    for (int i = 0; i < 2; i++)
        count += bit_count(board_step(b, p->man[p->side], man_step[p->side][i]) & empty);
    for (DirSet dirs = kings ? v->king_move : 0; dirs; dirs &= (DirSet)(dirs - 1))
        count += bit_count(ray(b, kings, bit_first(dirs), empty) & empty);
    return count;
}

static void clear_list(MoveList *list) {
    list->count = 0;
    list->overflow = false;
}

void movegen_captures(const Variant *v, const Position *p, MoveList *list) {
    clear_list(list);
    gen_captures(v, p, list);
}

void movegen_legal(const Variant *v, const Position *p, MoveList *list) {
    movegen_captures(v, p, list);
    if (list->count == 0) gen_quiet(v, p, list);
}

int movegen_men_changes(const Variant *v, const Position *p, MoveList *list) {
    movegen_captures(v, p, list);
    if (list->count) return list->count;
    add_man_steps(v, p, list);
    return movegen_quiet_count(v, p);
}

/* The capture whose first step is the piece on `from` taking in direction d.  Its victim
 * is the first piece along the line, for a man as for a king (a man's is next to it); the
 * squares before the victim and the one behind it must be empty. */
static void witness_of(const Board *b, int from, int d, Bitboard empty, CaptureWitness *w) {
    Bitboard victim = board_first_along(b, from, d, ~empty);
    Bitboard up_to = b->ray[from][d] ^ b->ray[bit_first(victim)][d]; /* the victim and before */
    w->victim = victim;
    w->must_stay_empty = (up_to & ~victim) | board_step(b, victim, d);
}

/* The side to move's pieces that can take, by direction into by_dir (zeroed by the
 * caller): its men's if any can, else its kings'.  Returns the directions to look in for
 * them, none when no capture is pending. */
static DirSet capturers(const Variant *v, const Position *p, Bitboard empty,
                        Bitboard by_dir[DIR_COUNT]) {
    int us = p->side;
    Bitboard enemy = pos_pieces(p, !us);
    DirSet men_dirs = v->man_capture[us][PHASE_IMMEDIATE];
    if (man_capturers(v->board, p->man[us], men_dirs, enemy, empty, by_dir)) return men_dirs;
    return king_capturers(v->board, p->king[us], v->king_capture[PHASE_IMMEDIATE], enemy, empty,
                          by_dir);
}

bool movegen_has_capture(const Variant *v, const Position *p) {
    Bitboard by_dir[DIR_COUNT] = {0};
    return capturers(v, p, v->board->all & ~pos_occupied(p), by_dir) != 0;
}

bool movegen_capture_witness(const Variant *v, const Position *p, CaptureWitness *w) {
    Bitboard empty = v->board->all & ~pos_occupied(p), by_dir[DIR_COUNT] = {0};
    DirSet dirs = capturers(v, p, empty, by_dir);
    if (!dirs) return false;
    while (!by_dir[bit_first(dirs)]) dirs &= (DirSet)(dirs - 1);
    witness_of(v->board, bit_first(by_dir[bit_first(dirs)]), bit_first(dirs), empty, w);
    return true;
}

static void update_king_moves(const Variant *v, const Position *p, const Move *m, Position *out) {
    int us = p->side, them = !us;
    bool quiet_king = !m->captured && (p->king[us] & bit_at(m->from));
    out->king_moves_square[us] = NO_SQUARE;
    out->king_moves_count[us] = 0;
    if (v->king_move_limit && quiet_king && out->man[us]) {
        bool same = p->king_moves_square[us] == m->from;
        out->king_moves_count[us] = (uint8_t)(same ? p->king_moves_count[us] + 1 : 1);
        out->king_moves_square[us] = m->to;
    }
    int counted = p->king_moves_square[them];
    if (counted != NO_SQUARE && ((m->captured & bit_at(counted)) || !out->man[them])) {
        out->king_moves_square[them] = NO_SQUARE;
        out->king_moves_count[them] = 0;
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
    update_king_moves(v, p, m, out);
    out->side = them;
}

/* The number of legal moves of p: the last ply of perft, where quiet moves need no list. */
static int64_t count_legal(const Variant *v, const Position *p) {
    MoveList list;
    list.paths = NULL;
    clear_list(&list);
    gen_captures(v, p, &list);
    if (list.overflow) return -1;
    return list.count ? list.count : movegen_quiet_count(v, p);
}

int64_t movegen_perft(const Variant *v, const Position *p, int depth) {
    if (depth == 0) return 1;
    if (depth == 1) return count_legal(v, p);
    MoveList list;
    list.paths = NULL;
    movegen_legal(v, p, &list);
    if (list.overflow) return -1;
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
