/* The public API (include/dtb.h) over the internal modules.  Positions cross the edge here:
 * the API numbers squares as the variant shows them, the engine uses its bit layout.  Every
 * failure leaves its detail in a per-thread buffer, so a handle shared by threads never
 * mixes up their messages. */
#include "api_handle.h"
#include "draw_rules.h"
#include "fen.h"
#include "memory.h"
#include "movegen.h"
#include "notation.h"
#include "tablebase.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Moves with their notation paths; too large for a thread's stack in bulk. */
typedef struct Generated {
    MoveList list;
    MovePath paths[MOVE_MAX];
} Generated;

/* A position as the probes take it: the engine's position, the value set its rules pick,
 * and the moves the stronger side has played toward the draw rules' limit. */
typedef struct Probed {
    Position p;
    int rules; /* the public dtb_rules it was asked under, for the positions after its moves */
    int set;   /* VALUES_OFFICIAL or VALUES_PURE */
    int moves_played;
} Probed;

static _Thread_local char last_error[1024];

static const char *const status_messages[] = {
    [DTB_OK] = "success",
    [DTB_ERR_ARGUMENT] = "invalid argument",
    [DTB_ERR_VARIANT] = "unknown variant",
    [DTB_ERR_POSITION] = "malformed FEN or impossible position",
    [DTB_ERR_MISSING_TABLE] = "a table the answer needs is missing",
    [DTB_ERR_CORRUPT] = "a table is corrupt or truncated",
    [DTB_ERR_WRONG_TABLE] = "a table of another variant, rules or material",
    [DTB_ERR_FORMAT] = "not a dtb table, or a newer format",
    [DTB_ERR_IO] = "a table could not be read",
    [DTB_ERR_NO_MEMORY] = "out of memory",
    [DTB_ERR_GAME_OVER] = "the side to move has no legal move",
};

/* The public code of each table status: one row per Status. */
static const dtb_status table_statuses[] = {
    [STATUS_OK] = DTB_OK,
    [STATUS_MISSING] = DTB_ERR_MISSING_TABLE,
    [STATUS_IO] = DTB_ERR_IO,
    [STATUS_MAGIC] = DTB_ERR_FORMAT,
    [STATUS_VERSION] = DTB_ERR_FORMAT,
    [STATUS_VARIANT] = DTB_ERR_WRONG_TABLE,
    [STATUS_FINGERPRINT] = DTB_ERR_WRONG_TABLE,
    [STATUS_MATERIAL] = DTB_ERR_WRONG_TABLE,
    [STATUS_TRUNCATED] = DTB_ERR_CORRUPT,
    [STATUS_CHECKSUM] = DTB_ERR_CORRUPT,
    [STATUS_MEMORY] = DTB_ERR_NO_MEMORY,
    [STATUS_CORRUPT] = DTB_ERR_CORRUPT,
    /* an index beyond the table: the file does not fit the material's index */
    [STATUS_RANGE] = DTB_ERR_CORRUPT,
    [STATUS_NEWER] = DTB_ERR_FORMAT,
};

static const char *const side_names[2] = {"White", "Black"};

int dtb_version_number(void) {
    return DTB_VERSION_NUMBER;
}

const char *dtb_version_string(void) {
    return DTB_VERSION_STRING;
}

const char *dtb_status_message(dtb_status status) {
    size_t n = sizeof status_messages / sizeof status_messages[0];
    return (size_t)status < n ? status_messages[status] : "unknown status";
}

const char *dtb_last_error(void) {
    return last_error;
}

dtb_status api_fail(dtb_status status, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return status;
}

dtb_status api_null_argument(const char *function) {
    return api_fail(DTB_ERR_ARGUMENT, "%s: a required argument is NULL", function);
}

dtb_status api_table_failure(Status s, const char *detail) {
    size_t n = sizeof table_statuses / sizeof table_statuses[0];
    return api_fail((size_t)s < n ? table_statuses[s] : DTB_ERR_CORRUPT, "%s", detail);
}

dtb_status api_value_set(const Variant *v, dtb_rules rules, int *set) {
    if (rules != DTB_RULES_OFFICIAL && rules != DTB_RULES_PURE)
        return api_fail(DTB_ERR_ARGUMENT,
                        "rules is %d, not DTB_RULES_OFFICIAL (0) or DTB_RULES_PURE (1)",
                        (int)rules);
    *set = rules == DTB_RULES_OFFICIAL && draw_value_sets(v) > 1 ? VALUES_OFFICIAL : VALUES_PURE;
    return DTB_OK;
}

/* Cells hold WDL_LOSS/DRAW/WIN as 1/2/3, the API -1/0/1. */
static dtb_value value_of(Cell c) {
    dtb_value v = {(dtb_wdl)(CELL_WDL(c) - WDL_DRAW), CELL_WDL(c) == WDL_DRAW ? 0 : CELL_DTW(c)};
    return v;
}

static Cell cell_of(dtb_value v) {
    return CELL_MAKE(v.wdl + WDL_DRAW, v.dtw);
}

/* ---- Positions: shown numbers (bit n-1 = square n) <-> the engine's bits. ---- */

static Bitboard to_bits(const Variant *v, uint64_t numbers) {
    Bitboard bits = 0;
    for (; numbers; numbers &= numbers - 1)
        bits |= bit_at(v->bit_of_number[bit_first(numbers) + 1]);
    return bits;
}

static uint64_t to_numbers(const Variant *v, Bitboard bits) {
    uint64_t numbers = 0;
    for (; bits; bits &= bits - 1) numbers |= (uint64_t)1 << (v->number_of[bit_first(bits)] - 1);
    return numbers;
}

void api_to_public(const Variant *v, const Position *p, dtb_position *out) {
    memset(out, 0, sizeof *out);
    out->white_men = to_numbers(v, p->man[WHITE]);
    out->white_kings = to_numbers(v, p->king[WHITE]);
    out->black_men = to_numbers(v, p->man[BLACK]);
    out->black_kings = to_numbers(v, p->king[BLACK]);
    out->black_to_move = p->side == BLACK;
    for (int side = 0; side < 2; side++) {
        if (p->king_moves_square[side] == NO_SQUARE) continue;
        out->king_moves_square[side] = v->number_of[p->king_moves_square[side]];
        out->king_moves_count[side] = p->king_moves_count[side];
    }
}

/* The four piece sets must lie on the board and never share a square. */
static dtb_status check_squares(const Variant *v, const dtb_position *pos) {
    const uint64_t sets[4] = {pos->white_men, pos->white_kings, pos->black_men, pos->black_kings};
    uint64_t board = ((uint64_t)1 << v->board->squares) - 1, seen = 0;
    for (int i = 0; i < 4; i++) {
        if (sets[i] & ~board)
            return api_fail(DTB_ERR_POSITION, "square %d is off the board (1-%d)",
                            bit_first(sets[i] & ~board) + 1, v->board->squares);
        if (sets[i] & seen)
            return api_fail(DTB_ERR_POSITION, "square %d holds two pieces",
                            bit_first(sets[i] & seen) + 1);
        seen |= sets[i];
    }
    if (pos->black_to_move != 0 && pos->black_to_move != 1)
        return api_fail(DTB_ERR_POSITION, "black_to_move is %d, not 0 or 1", pos->black_to_move);
    int set;
    return api_value_set(v, pos->rules, &set);
}

static dtb_status check_men(const Variant *v, const Position *p) {
    for (int side = 0; side < 2; side++) {
        Bitboard crowned = p->man[side] & v->board->promotion[side];
        if (crowned)
            return api_fail(DTB_ERR_POSITION, "%s man on square %d stands on its promotion rank",
                            side_names[side], v->number_of[bit_first(crowned)]);
    }
    return DTB_OK;
}

/* docs/rules.md 7.1: a count belongs to a king of a side that also has men, in Frisian only. */
static dtb_status set_king_moves(const Variant *v, const dtb_position *pos, int side, Position *p) {
    int square = pos->king_moves_square[side], count = pos->king_moves_count[side];
    if (square == 0 && count == 0) return DTB_OK;
    const char *name = side_names[side];
    if (!v->king_move_limit)
        return api_fail(DTB_ERR_POSITION, "king-move counts exist only in Frisian, not %s", v->id);
    if (count < 1 || count > 3)
        return api_fail(DTB_ERR_POSITION, "%s's king-move count %d is not 1, 2 or 3", name, count);
    if (square < 1 || square > v->board->squares ||
        !(p->king[side] & bit_at(v->bit_of_number[square])))
        return api_fail(DTB_ERR_POSITION,
                        "%s's king-move count names square %d, which holds no %s king", name,
                        square, name);
    if (!p->man[side])
        return api_fail(DTB_ERR_POSITION,
                        "%s has a king-move count but no men, where no limit applies", name);
    p->king_moves_square[side] = v->bit_of_number[square];
    p->king_moves_count[side] = (uint8_t)count;
    return DTB_OK;
}

/* Checks pos as the FEN parser checks its text, and converts it. */
static dtb_status to_internal(const Variant *v, const dtb_position *pos, Position *p) {
    dtb_status s = check_squares(v, pos);
    if (s != DTB_OK) return s;
    pos_clear(p);
    p->man[WHITE] = to_bits(v, pos->white_men);
    p->king[WHITE] = to_bits(v, pos->white_kings);
    p->man[BLACK] = to_bits(v, pos->black_men);
    p->king[BLACK] = to_bits(v, pos->black_kings);
    p->side = pos->black_to_move ? BLACK : WHITE;
    s = check_men(v, p);
    for (int side = 0; side < 2 && s == DTB_OK; side++) s = set_king_moves(v, pos, side, p);
    return s;
}

/* docs/rules.md 7.2: moves are counted in two kings against one king only, at most 7. */
static dtb_status check_moves_played(const Variant *v, const dtb_position *pos, const Position *p) {
    int moves_played = pos->moves_played;
    if (moves_played == 0) return DTB_OK;
    if (draw_counting_side(v, p) < 0)
        return api_fail(DTB_ERR_POSITION,
                        "moves_played (%d) counts only inside two kings against one king%s",
                        moves_played, v->draw_rules ? "" : ", under Frisian's draw rules");
    if (moves_played < 0 || moves_played > 7)
        return api_fail(DTB_ERR_POSITION, "moves_played is %d, not 0 to 7", moves_played);
    if (draw_horizon_passed(v, p, moves_played))
        return api_fail(DTB_ERR_POSITION,
                        "moves_played is %d with the stronger side to move: its 7 moves are "
                        "spent, "
                        "and the game is drawn",
                        moves_played);
    return DTB_OK;
}

/* A position to probe or play from: valid, and the side not to move still has pieces.  A
 * side to move without pieces has no legal move and has lost (docs/rules.md 5), answered as any
 * position without a move is; a side without pieces that is not to move cannot arise, since
 * taking its last piece ended the game. */
static dtb_status to_playable(const Variant *v, const dtb_position *pos, Probed *q) {
    Position *p = &q->p;
    dtb_status s = to_internal(v, pos, p);
    if (s == DTB_OK) s = check_moves_played(v, pos, p);
    if (s == DTB_OK && !pos_pieces(p, !p->side))
        s = api_fail(
            DTB_ERR_POSITION,
            "%s has no pieces with %s to move: the game ended when its last piece was taken",
            side_names[!p->side], side_names[p->side]);
    q->rules = pos->rules;
    if (s == DTB_OK) s = api_value_set(v, pos->rules, &q->set);
    q->moves_played = pos->moves_played;
    return s;
}

/* ---- Handles, FEN. ---- */

/* dtb.h's default: an eighth of the machine's memory, enough for a whole 5-piece 10x10 set
 * on 16 GiB; 1 GiB where the size is unknown. */
static size_t default_cache_size(void) {
    uint64_t physical = memory_physical();
    return physical ? (size_t)(physical / 8) : (size_t)1 << 30;
}

dtb_status dtb_open(const char *variant, const char *dir, dtb_handle **out) {
    if (!out) return api_null_argument(__func__);
    *out = NULL;
    if (!variant || !dir) return api_null_argument(__func__);
    if (!dir[0] || strlen(dir) > TB_DIR_MAX)
        return api_fail(DTB_ERR_ARGUMENT, "dtb_open: the folder name is %s",
                        dir[0] ? "too long" : "empty");
    dtb_handle *h = calloc(1, sizeof *h);
    if (!h) return api_fail(DTB_ERR_NO_MEMORY, "out of memory");
    if (!variant_lookup(variant, &h->v)) {
        char ids[1024];
        variant_list_ids(ids, sizeof ids);
        free(h);
        return api_fail(DTB_ERR_VARIANT, "unknown variant '%s'; valid ids: %s", variant, ids);
    }
    snprintf(h->dir, sizeof h->dir, "%s", dir);
    h->tb = tb_open(&h->v, dir);
    if (!h->tb) {
        free(h);
        return api_fail(DTB_ERR_NO_MEMORY, "out of memory");
    }
    tb_set_cache_size(h->tb, default_cache_size());
    pthread_mutex_init(&h->stats.lock, NULL);
    *out = h;
    return DTB_OK;
}

void dtb_close(dtb_handle *h) {
    if (!h) return;
    tb_close(h->tb);
    pthread_mutex_destroy(&h->stats.lock);
    free(h);
}

dtb_status dtb_set_cache_size(dtb_handle *h, size_t bytes) {
    if (!h) return api_null_argument(__func__);
    tb_set_cache_size(h->tb, bytes);
    return DTB_OK;
}

/* The moves the stronger side has played in two kings against one (docs/rules.md 7.2), from
 * lidraughts' ":H", the plies of both sides since that material arose: half of them, and
 * the odd one when the weaker side is to move (the stronger moved last).  Elsewhere ":H"
 * counts for no rule of dtb's and is left aside; 0 without it.  A count past 7 names the
 * field into err. */
static bool played_from_clock(const Variant *v, const Position *p, int half_moves, int *played,
                              char *err, size_t errlen) {
    int stronger = draw_counting_side(v, p);
    *played = 0;
    if (half_moves < 0 || stronger < 0) return true;
    *played = (half_moves + (stronger != p->side)) / 2;
    if (*played <= 7) return true;
    snprintf(err, errlen,
             "':H%d' in two kings against one gives the stronger side %d moves there, past the "
             "7 after which the game is drawn",
             half_moves, *played);
    return false;
}

dtb_status dtb_parse_fen(const dtb_handle *h, const char *fen, dtb_position *out) {
    if (!h || !fen || !out) return api_null_argument(__func__);
    Position p;
    int half_moves, played = 0;
    char err[512] = "";
    /* The FEN is quoted only as far as a real one goes, so that the reason always fits. */
    if (fen_parse_clock(&h->v, fen, &p, &half_moves, err, sizeof err) != STATUS_OK ||
        !played_from_clock(&h->v, &p, half_moves, &played, err, sizeof err))
        return api_fail(DTB_ERR_POSITION, "bad FEN '%.*s%s': %s", FEN_MAX, fen,
                        strlen(fen) > FEN_MAX ? "..." : "", err);
    api_to_public(&h->v, &p, out);
    out->moves_played = played;
    return DTB_OK;
}

dtb_status dtb_format_fen(const dtb_handle *h, const dtb_position *pos, char *buf, size_t len) {
    if (!h || !pos || !buf) return api_null_argument(__func__);
    Position p;
    dtb_status s = to_internal(&h->v, pos, &p);
    if (s != DTB_OK) return s;
    char fen[FEN_MAX];
    fen_format(&h->v, &p, fen, sizeof fen);
    if (strlen(fen) >= len)
        return api_fail(DTB_ERR_ARGUMENT,
                        "dtb_format_fen: the FEN needs %zu bytes, the buffer has %zu",
                        strlen(fen) + 1, len);
    memcpy(buf, fen, strlen(fen) + 1);
    return DTB_OK;
}

/* ---- Values and moves. ---- */

/* A table whose cell for a real position is empty was built wrong or tampered with.  The
 * reads of stored values refuse such a cell first (tablebase.c); this is the last defence,
 * for whatever reaches the API. */
static dtb_status covered(Cell c) {
    if (CELL_WDL(c) != WDL_NONE) return DTB_OK;
    return api_fail(DTB_ERR_CORRUPT, "a table holds no value for a position it should cover");
}

/* q's value, cut where the stronger side's moves played leave a shorter horizon
 * (draw_rules.h). */
static dtb_status probe_cell(dtb_handle *h, const Probed *q, Cell *out) {
    char err[512] = "";
    Status s = tb_probe_set(h->tb, &q->p, q->set, out, err, sizeof err);
    if (s != STATUS_OK) return api_table_failure(s, err);
    if (q->set == VALUES_OFFICIAL)
        *out = draw_cut_moves_played(&h->v, &q->p, *out, q->moves_played);
    return covered(*out);
}

dtb_status dtb_probe(dtb_handle *h, const dtb_position *pos, dtb_value *out) {
    if (!h || !pos || !out) return api_null_argument(__func__);
    Probed q;
    Cell cell;
    dtb_status s = to_playable(&h->v, pos, &q);
    if (s == DTB_OK) s = probe_cell(h, &q, &cell);
    if (s == DTB_OK) *out = value_of(cell);
    return s;
}

static dtb_status probe_wdl_only(dtb_handle *h, const Probed *q, Cell *out) {
    char err[512] = "";
    int wdl = WDL_NONE;
    Status s = tb_probe_wdl(h->tb, &q->p, q->set, &wdl, err, sizeof err);
    *out = CELL_MAKE(wdl, 0);
    return s != STATUS_OK ? api_table_failure(s, err) : covered(*out);
}

/* Moves already played toward the draw rules' limit make the DTW matter (draw_cut_moves_played). */
static bool wdl_needs_dtw(const Probed *q) {
    return q->set == VALUES_OFFICIAL && q->moves_played > 0;
}

dtb_status dtb_probe_wdl(dtb_handle *h, const dtb_position *pos, dtb_wdl *out) {
    if (!h || !pos || !out) return api_null_argument(__func__);
    Probed q;
    Cell cell;
    dtb_status s = to_playable(&h->v, pos, &q);
    if (s == DTB_OK && wdl_needs_dtw(&q))
        s = probe_cell(h, &q, &cell);
    else if (s == DTB_OK)
        s = probe_wdl_only(h, &q, &cell);
    if (s == DTB_OK) *out = value_of(cell).wdl;
    return s;
}

/* dtb_probe_wdl_many converts and probes this many positions at a time, so that it needs
 * no memory in proportion to the count. */
enum { WDL_MANY_GROUP = 64 };

/* The positions of one value set within a group, probed together into out[where[k]]; on
 * an error *failed is the failing one. */
static dtb_status probe_wdl_together(dtb_handle *h, const Position *p, size_t together,
                                     const size_t *where, int set, dtb_wdl *out, size_t *failed) {
    int wdl[WDL_MANY_GROUP];
    char err[512] = "";
    size_t bad = 0;
    Status ts = tb_probe_wdl_many(h->tb, p, together, set, wdl, &bad, err, sizeof err);
    if (ts != STATUS_OK) {
        *failed = where[bad];
        return api_table_failure(ts, err);
    }
    for (size_t k = 0; k < together; k++) {
        Cell cell = CELL_MAKE(wdl[k], 0);
        *failed = where[k];
        dtb_status s = covered(cell);
        if (s != DTB_OK) return s;
        out[where[k]] = value_of(cell).wdl;
    }
    return DTB_OK;
}

/* The positions of one group, pos[0..n-1]; on an error *failed is the failing one.  Those
 * that need the DTW are probed one by one, the others together, a value set at a time. */
static dtb_status probe_wdl_group(dtb_handle *h, const dtb_position *pos, size_t n, dtb_wdl *out,
                                  size_t *failed) {
    Position p[VALUE_SETS_MAX][WDL_MANY_GROUP];
    size_t together[VALUE_SETS_MAX] = {0}, where[VALUE_SETS_MAX][WDL_MANY_GROUP];
    for (size_t i = 0; i < n; i++) {
        *failed = i;
        Probed q;
        dtb_status s = to_playable(&h->v, &pos[i], &q);
        if (s == DTB_OK && wdl_needs_dtw(&q)) {
            s = dtb_probe_wdl(h, &pos[i], &out[i]);
        } else if (s == DTB_OK) {
            p[q.set][together[q.set]] = q.p;
            where[q.set][together[q.set]++] = i;
        }
        if (s != DTB_OK) return s;
    }
    dtb_status s = DTB_OK;
    for (int set = 0; set < VALUE_SETS_MAX && s == DTB_OK; set++)
        if (together[set])
            s = probe_wdl_together(h, p[set], together[set], where[set], set, out, failed);
    return s;
}

dtb_status dtb_probe_wdl_many(dtb_handle *h, const dtb_position *pos, size_t count, dtb_wdl *out) {
    if (!h || (count && (!pos || !out))) return api_null_argument(__func__);
    for (size_t first = 0; first < count; first += WDL_MANY_GROUP) {
        size_t n = count - first < WDL_MANY_GROUP ? count - first : WDL_MANY_GROUP, failed = 0;
        dtb_status s = probe_wdl_group(h, pos + first, n, out + first, &failed);
        if (s != DTB_OK) {
            char detail[sizeof last_error];
            snprintf(detail, sizeof detail, "%s", last_error);
            return api_fail(s, "pos[%zu] (of %zu): %s", first + failed, count, detail);
        }
    }
    return DTB_OK;
}

/* The plies the draw rules leave q (draw_plies_left), under its value set. */
static int rules_plies_left(const dtb_handle *h, const Probed *q) {
    return q->set == VALUES_OFFICIAL ? draw_plies_left(&h->v, &q->p, q->moves_played)
                                     : DRAW_NO_HORIZON;
}

_Static_assert(PATH_MAX_LEN <= DTB_PATH_MAX, "dtb_move.path holds every capture path");
_Static_assert(MOVE_MAX <= DTB_MOVES_MAX, "DTB_MOVES_MAX moves hold every legal move");
_Static_assert(MATERIAL_NAME_MAX == DTB_MATERIAL_NAME_MAX, "one limit of material names");

/* The squares of move i of list for the public dtb_move: ends, landings, pieces taken. */
static void describe_move(const Variant *v, const MoveList *list, int i, dtb_move *out) {
    const Move *m = &list->move[i];
    out->from = v->number_of[m->from];
    out->to = v->number_of[m->to];
    out->captured = to_numbers(v, m->captured);
    const MovePath *path = &list->paths[i];
    if (!m->captured) {
        out->path_length = 1;
        out->path[0] = out->to;
        return;
    }
    out->path_length = path->len;
    for (int k = 0; k < path->len; k++) out->path[k] = path->square[k];
}

static dtb_status value_move(dtb_handle *h, const Probed *q, const Generated *g, int i,
                             dtb_move *out) {
    Probed next = *q;
    Cell child;
    movegen_play(&h->v, &q->p, &g->list.move[i], &next.p);
    next.moves_played = draw_moves_played_after(&h->v, &q->p, &next.p, q->moves_played);
    dtb_status s = probe_cell(h, &next, &child);
    if (s != DTB_OK) return s;
    int left = rules_plies_left(h, q);
    if (left == 0 || (left == 1 && CELL_DTW(child) > 0)) child = CELL_MAKE(WDL_DRAW, 0);
    notation_format(&h->v, &g->list, i, out->notation, sizeof out->notation);
    describe_move(&h->v, &g->list, i, out);
    api_to_public(&h->v, &next.p, &out->after);
    out->after.rules = q->rules;
    out->after.moves_played = next.moves_played;
    out->value = value_of(tb_negate(child));
    return DTB_OK;
}

/* Insertion sort: stable, so equal values keep notation order. */
static void sort_best_first(dtb_move *moves, int count) {
    for (int i = 1; i < count; i++) {
        dtb_move m = moves[i];
        int j = i;
        for (; j > 0 && tb_better(cell_of(m.value), cell_of(moves[j - 1].value)); j--)
            moves[j] = moves[j - 1];
        moves[j] = m;
    }
}

static dtb_status rank_moves(dtb_handle *h, const Probed *q, dtb_move *moves, int max, int *count) {
    Generated *g = malloc(sizeof *g);
    if (!g) return api_fail(DTB_ERR_NO_MEMORY, "out of memory");
    if (!notation_legal_moves(&h->v, &q->p, &g->list, g->paths)) {
        free(g);
        return api_fail(DTB_ERR_NO_MEMORY, "out of memory");
    }
    int n = g->list.count;
    dtb_status s = DTB_OK;
    if (g->list.overflow)
        s = api_fail(DTB_ERR_POSITION, "the position has more than %d legal moves", MOVE_MAX);
    else if (n > max)
        s = api_fail(DTB_ERR_ARGUMENT, "the position has %d legal moves, room for %d", n, max);
    for (int i = 0; i < n && s == DTB_OK; i++) s = value_move(h, q, g, i, &moves[i]);
    free(g);
    if (s != DTB_OK) return s;
    sort_best_first(moves, n);
    *count = n;
    return DTB_OK;
}

dtb_status dtb_moves(dtb_handle *h, const dtb_position *pos, dtb_move *moves, int max, int *count) {
    if (!h || !pos || !moves || !count) return api_null_argument(__func__);
    *count = 0;
    if (max < 0) return api_fail(DTB_ERR_ARGUMENT, "dtb_moves: max is %d", max);
    Probed q;
    dtb_status s = to_playable(&h->v, pos, &q);
    return s == DTB_OK ? rank_moves(h, &q, moves, max, count) : s;
}

/* The best move of q into *out; *found false (and no error) when q has no legal move. */
static dtb_status best_of(dtb_handle *h, const Probed *q, dtb_move *out, bool *found) {
    dtb_move *moves = malloc(MOVE_MAX * sizeof *moves);
    if (!moves) return api_fail(DTB_ERR_NO_MEMORY, "out of memory");
    int count = 0;
    dtb_status s = rank_moves(h, q, moves, MOVE_MAX, &count);
    *found = s == DTB_OK && count > 0;
    if (*found) *out = moves[0];
    free(moves);
    return s;
}

dtb_status dtb_best_move(dtb_handle *h, const dtb_position *pos, dtb_move *out) {
    if (!h || !pos || !out) return api_null_argument(__func__);
    Probed q;
    bool found = false;
    dtb_status s = to_playable(&h->v, pos, &q);
    if (s == DTB_OK) s = best_of(h, &q, out, &found);
    if (s == DTB_OK && !found)
        s = api_fail(DTB_ERR_GAME_OVER, "%s to move has no legal move and has lost",
                     side_names[q.p.side]);
    return s;
}

dtb_status dtb_line(dtb_handle *h, const dtb_position *pos, dtb_move *line, int max, int *count) {
    if (!h || !pos || !line || !count) return api_null_argument(__func__);
    *count = 0;
    if (max < 0) return api_fail(DTB_ERR_ARGUMENT, "dtb_line: max is %d", max);
    Probed q;
    dtb_status s = to_playable(&h->v, pos, &q);
    bool found = true;
    /* The draw rules end the line where no ply is left, or after the last one. */
    for (int left; s == DTB_OK && *count < max && (left = rules_plies_left(h, &q)) > 0;) {
        s = best_of(h, &q, &line[*count], &found);
        if (s != DTB_OK || !found) break;
        /* Positions the engine made have valid squares, so only the conversion is needed; a
         * finished game among them ends the line at the next best_of. */
        s = to_internal(&h->v, &line[*count].after, &q.p);
        if (s != DTB_OK) break;
        q.moves_played = line[*count].after.moves_played;
        ++*count;
        if (left == 1) break;
    }
    return s;
}
