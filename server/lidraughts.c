/* lidraughts' tablebase client (ui/analyse/src/explorer/: explorerXhr.ts asks
 * {endpoint}/{variant}?fen=, interfaces.ts and explorerView.ts read the answer) takes the
 * lichess shape: for the position and for each move, "wdl" (2 win, 0 draw, -2 loss, null
 * unknown), "dtz" and "dtm" (plies, signed as wdl, null unknown), and "checkmate",
 * "stalemate", "variant_win", "variant_loss", "insufficient_material"; a move adds "uci",
 * "san" and "zeroing".  A move's values are those of the position after it, for the side then
 * to move, as lichess gives them.  dtb's DTW fills both distances: lidraughts labels "dtm"
 * Depth To Win, and its client takes a position whose "dtz" is null for one the tables do
 * not know. */
#include "lidraughts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UCI_MAX (2 * (DTB_PATH_MAX + 1) + 1)

/* lidraughts' variant keys (its modules/draughts/src/main/variant/) and dtb's variant of the
 * same rules, NULL where dtb has none. */
static const struct {
    const char *key, *id;
} variants[] = {
    {"standard", "international"},
    {"fromPosition", "international"}, /* International draughts from a set position */
    {"frisian", "frisian"},
    {"frysk", "frisian"}, /* Frisian from five men a side: the same endgames */
    {"brazilian", "brazilian"},
    {"russian", NULL},
    {"antidraughts", NULL},
    {"breakthrough", NULL},
};

#define VARIANT_COUNT (sizeof variants / sizeof variants[0])

/* lidraughts plays Frisian's draw rules, so its positions take the official values
 * (dtb_position.rules 0, as dtb_parse_fen leaves it). */
static dtb_handle *handle_of(const CatVariant *v) {
    return v->h;
}

static void list_keys(char *buf, size_t len, bool with_tables) {
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < VARIANT_COUNT && used < len; i++)
        if (!with_tables || variants[i].id)
            used +=
                (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "", variants[i].key);
}

/* The variant served for lidraughts' key, or NULL with the error answered. */
static const CatVariant *find_variant(const Catalog *c, const char *key, Response *r) {
    char keys[256];
    for (size_t i = 0; i < VARIANT_COUNT; i++) {
        if (strcmp(variants[i].key, key) != 0) continue;
        const CatVariant *v = variants[i].id ? cat_find(c, variants[i].id) : NULL;
        list_keys(keys, sizeof keys, true);
        if (!variants[i].id)
            response_error(r, 404,
                           "variant: lidraughts' '%s' has rules dtb has no tables for "
                           "(dtb answers %s)",
                           key, keys);
        else if (!v)
            response_error(r, 404,
                           "variant: lidraughts' '%s' is dtb's '%s', whose tables are "
                           "not served here",
                           key, variants[i].id);
        return v;
    }
    list_keys(keys, sizeof keys, false);
    response_error(r, 404, "variant: '%.64s' is not one of lidraughts' (%s)", key, keys);
    return NULL;
}

/* lidraughts' Uci: the start square, then every square the piece lands on, two digits each
 * ("3228", a capture "19283730"). */
static void uci_of(const dtb_move *m, char *buf) {
    int used = snprintf(buf, UCI_MAX, "%02d", m->from);
    for (int i = 0; i < m->path_length; i++)
        used += snprintf(buf + used, (size_t)(UCI_MAX - used), "%02d", m->path[i]);
}

/* A value for the side to move: wdl -1, 0, 1 and the plies to the end. */
static void write_value(JsonWriter *w, dtb_wdl wdl, int plies) {
    static const char *const categories[3] = {"loss", "draw", "win"};
    jw_key_string(w, "category", categories[wdl + 1]);
    jw_key_int(w, "wdl", 2 * (int)wdl);
    jw_key_int(w, "dtz", (int)wdl * plies);
    jw_key_int(w, "dtm", (int)wdl * plies);
}

static void write_unknown_value(JsonWriter *w) {
    jw_key_string(w, "category", "unknown");
    const char *const keys[] = {"wdl", "dtz", "dtm"};
    for (int i = 0; i < 3; i++) {
        jw_key(w, keys[i]);
        jw_null(w);
    }
}

/* How the game stands; draughts has no stalemate and no ending of chess variants. */
static void write_ending(JsonWriter *w, bool over) {
    jw_key_bool(w, "checkmate", over);
    const char *const never[] = {"stalemate", "variant_win", "variant_loss",
                                 "insufficient_material"};
    for (int i = 0; i < 4; i++) jw_key_bool(w, never[i], false);
}

static bool man_on(const dtb_position *p, int square) {
    uint64_t men = p->black_to_move ? p->black_men : p->white_men;
    return men >> (square - 1) & 1;
}

/* A move of p with the value of the position after it, for the side then to move: the
 * mover's value turned round, one ply (the move) shorter. */
static void write_move(JsonWriter *w, const dtb_position *p, const dtb_move *m) {
    char uci[UCI_MAX];
    uci_of(m, uci);
    int plies = m->value.wdl == DTB_DRAW ? 0 : m->value.dtw - 1;
    jw_object_begin(w);
    jw_key_string(w, "uci", uci);
    jw_key_string(w, "san", m->notation);
    write_value(w, (dtb_wdl)-m->value.wdl, plies);
    /* lichess's zeroing move, a capture or a pawn's, is draughts' capture or man's move. */
    jw_key_bool(w, "zeroing", m->captured != 0 || man_on(p, m->from));
    write_ending(w, m->value.wdl == DTB_WIN && plies == 0);
    jw_object_end(w);
}

/* The answer for pos, whose values are known: s is DTB_OK. */
static void write_known(JsonWriter *w, const dtb_position *pos, dtb_value value,
                        const dtb_move *moves, int count) {
    write_value(w, value.wdl, value.dtw);
    write_ending(w, count == 0);
    jw_key(w, "moves");
    jw_array_begin(w);
    for (int i = 0; i < count; i++) write_move(w, pos, &moves[i]);
    jw_array_end(w);
}

/* A position of a material whose table is missing: unknown, as lichess answers a position
 * beyond its tables (the moves listed are those dtb values, so none). */
static void write_unknown(JsonWriter *w) {
    write_unknown_value(w);
    write_ending(w, false);
    jw_key(w, "moves");
    jw_array_begin(w);
    jw_array_end(w);
}

static void answer_position(dtb_handle *h, const dtb_position *pos, Response *r) {
    dtb_move *moves = malloc(DTB_MOVES_MAX * sizeof *moves);
    dtb_value value;
    int count = 0;
    dtb_status s = moves ? dtb_probe(h, pos, &value) : DTB_ERR_NO_MEMORY;
    if (s == DTB_OK) s = dtb_moves(h, pos, moves, DTB_MOVES_MAX, &count);
    JsonWriter w;
    jw_init(&w);
    jw_object_begin(&w);
    if (s == DTB_OK) write_known(&w, pos, value, moves, count);
    if (s == DTB_ERR_MISSING_TABLE) write_unknown(&w);
    jw_object_end(&w);
    free(moves);
    if (s == DTB_OK || s == DTB_ERR_MISSING_TABLE) {
        response_json(r, 200, &w);
        return;
    }
    jw_free(&w);
    int status = s == DTB_ERR_POSITION ? 400 : s == DTB_ERR_NO_MEMORY ? 503 : 500;
    response_error(r, status, "%s: %s", s == DTB_ERR_POSITION ? "position" : "tables",
                   s == DTB_ERR_NO_MEMORY ? "out of memory" : dtb_last_error());
}

void lidraughts_answer(const Catalog *c, const UrlTarget *t, Response *r) {
    const char *key = t->path + strlen(LIDRAUGHTS_PREFIX);
    const CatVariant *v = find_variant(c, key, r);
    if (!v) return;
    const char *fen = url_param(t, "fen");
    if (!fen) {
        response_error(r, 400, "fen: missing (give the position as ?fen=...)");
        return;
    }
    dtb_handle *h = handle_of(v);
    dtb_position pos;
    if (dtb_parse_fen(h, fen, &pos) != DTB_OK) {
        response_error(r, 400, "fen: %s", dtb_last_error());
        return;
    }
    answer_position(h, &pos, r);
}
