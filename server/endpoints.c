/* The JSON API's endpoints.  Values in a response are for one side: a position's category
 * and dtw are the side to move's; a move's are the value the move gives the side that
 * plays it, as dtb_moves gives them (so the best move's equal the position's). */
#include "endpoints.h"

#include "redact.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DRAW_LINE_MAX     20  /* moves of a drawn line shown, as dtb-probe lookup shows */
#define STATS_RETRY_AFTER 2   /* seconds a client waits while another material is counted */
#define BUILD_COMMAND_MAX 128 /* "dtb-gen --variant ID MATERIAL" */

/* Names of dtb_wdl values, indexed by value + 1. */
static const char *const category_names[3] = {"loss", "draw", "win"};
static const char *const rules_names[2] = {
    [DTB_RULES_OFFICIAL] = "official", [DTB_RULES_PURE] = "pure"};
static const char *const side_names[2] = {"white", "black"};

/* The HTTP status of each dtb_status: the client's mistakes 4xx, the tables' faults 5xx. */
static const int http_status_of[] = {
    [DTB_OK] = 200,
    [DTB_ERR_ARGUMENT] = 400,
    [DTB_ERR_VARIANT] = 404,
    [DTB_ERR_POSITION] = 400,
    [DTB_ERR_MISSING_TABLE] = 404,
    [DTB_ERR_CORRUPT] = 500,
    [DTB_ERR_WRONG_TABLE] = 500,
    [DTB_ERR_FORMAT] = 500,
    [DTB_ERR_IO] = 500,
    [DTB_ERR_NO_MEMORY] = 503,
    [DTB_ERR_GAME_OVER] = 400,
};

/* The parameters each kind of request takes. */
static const char *const position_params[] = {"fen", "rules", "moves_played", NULL};
static const char *const stats_params[] = {"rules", NULL};
static const char *const no_params[] = {NULL};

/* A position asked about, with the handle that answers it and the rules it is asked under
 * (also in pos.rules). */
typedef struct Asked {
    const CatVariant *variant;
    dtb_rules rules;
    dtb_handle *h;
    dtb_position pos;
} Asked;

/* How a position stands before its moves are looked at. */
typedef struct Standing {
    dtb_value value;
    const char *over; /* why the game is over, or NULL */
} Standing;

/* An error of the library about v's tables (NULL: any variant's): 'part' names what the
 * request got wrong, or the tables.  The answer names no path of the server; the log does. */
static void fail(Response *r, const CatVariant *v, dtb_status s, const char *part) {
    int status =
        (size_t)s < sizeof http_status_of / sizeof http_status_of[0] ? http_status_of[s] : 500;
    char told[RESPONSE_NOTE_MAX];
    redact_paths(dtb_last_error(), v ? v->dir : "", v ? v->info.id : "", told, sizeof told);
    response_error(r, status ? status : 500, "%s: %s", part, told);
    if (strcmp(told, dtb_last_error()) != 0)
        snprintf(r->log_note, sizeof r->log_note, "%s", dtb_last_error());
}

static int count_bits(uint64_t bits) {
    int n = 0;
    for (; bits; bits &= bits - 1) n++;
    return n;
}

/* A missing table: named, with the dtb-gen command that builds it and every table it
 * converts into (dtb-gen skips those already built).  'or_successor' when the missing one
 * may be a table the material converts into, which the library does not name apart. */
static void fail_missing(Response *r, const CatVariant *v, const char *material,
                         bool or_successor) {
    char build[BUILD_COMMAND_MAX], message[2 * BUILD_COMMAND_MAX];
    snprintf(build, sizeof build, "dtb-gen --variant %s %s", v->info.id, material);
    snprintf(message, sizeof message, "tables: the table of %s%s is missing; '%s' builds it",
             material, or_successor ? " or of a material it converts into" : "", build);
    JsonWriter w;
    jw_init(&w);
    jw_object_begin(&w);
    jw_key_string(&w, "error", message);
    jw_key_string(&w, "missing_table", material);
    jw_key_string(&w, "build", build);
    jw_object_end(&w);
    response_json(r, http_status_of[DTB_ERR_MISSING_TABLE], &w);
    snprintf(r->log_note, sizeof r->log_note, "%s", dtb_last_error()); /* the path, for the log */
}

/* The material of p as dtb names tables: White's kings and men, "v", Black's ("KKMvK"). */
static void material_of(const dtb_position *p, char out[DTB_MATERIAL_NAME_MAX]) {
    const uint64_t pieces[4] = {p->white_kings, p->white_men, p->black_kings, p->black_men};
    int len = 0;
    for (int i = 0; i < 4; i++) {
        if (i == 2) out[len++] = 'v';
        for (int n = count_bits(pieces[i]); n > 0 && len < DTB_MATERIAL_NAME_MAX - 2; n--)
            out[len++] = i % 2 ? 'M' : 'K';
    }
    out[len] = '\0';
}

/* The part a probe's error lies in. */
static const char *probe_part(dtb_status s) {
    return s == DTB_ERR_POSITION || s == DTB_ERR_ARGUMENT ? "position" : "tables";
}

/* A probe of a's position failed with s. */
static void fail_position(const Asked *a, Response *r, dtb_status s) {
    if (s != DTB_ERR_MISSING_TABLE) {
        fail(r, a->variant, s, probe_part(s));
        return;
    }
    char material[DTB_MATERIAL_NAME_MAX];
    material_of(&a->pos, material);
    fail_missing(r, a->variant, material, true);
}

static bool allowed(const char *const *names, const char *name) {
    for (; *names; names++)
        if (strcmp(*names, name) == 0) return true;
    return false;
}

static bool check_params(const UrlTarget *t, const char *const *names, Response *r) {
    for (int i = 0; i < t->param_count; i++) {
        if (allowed(names, t->params[i].name)) continue;
        response_error(r, 400, "query: unknown parameter '%.64s'", t->params[i].name);
        return false;
    }
    return true;
}

/* rules=official|pure, official when absent. */
static bool read_rules(const UrlTarget *t, Asked *a, Response *r) {
    const char *given = url_param(t, "rules");
    a->rules = DTB_RULES_OFFICIAL;
    if (given && strcmp(given, "pure") == 0) a->rules = DTB_RULES_PURE;
    if (given && strcmp(given, rules_names[a->rules]) != 0) {
        response_error(r, 400, "rules: '%.64s' is neither official nor pure", given);
        return false;
    }
    return true;
}

/* moves_played=N (0..7, Frisian's two kings against one); 0 when absent. */
static bool read_moves_played(const UrlTarget *t, dtb_position *pos, Response *r) {
    const char *given = url_param(t, "moves_played");
    if (!given) return true;
    if (given[0] < '0' || given[0] > '9' || given[1] != '\0') {
        response_error(r, 400, "moves_played: '%.64s' is not a number from 0 to 7", given);
        return false;
    }
    pos->moves_played = given[0] - '0';
    return true;
}

static bool read_position(const CatVariant *v, const UrlTarget *t, Asked *a, Response *r) {
    memset(a, 0, sizeof *a);
    a->variant = v;
    a->h = v->h;
    if (!check_params(t, position_params, r) || !read_rules(t, a, r)) return false;
    const char *fen = url_param(t, "fen");
    if (!fen) {
        response_error(r, 400, "fen: missing (give the position as ?fen=...)");
        return false;
    }
    dtb_status s = dtb_parse_fen(a->h, fen, &a->pos);
    if (s != DTB_OK) {
        fail(r, a->variant, s, "fen");
        return false;
    }
    a->pos.rules = a->rules;
    return read_moves_played(t, &a->pos, r);
}

static uint64_t kings_of(const dtb_position *p, int side) {
    return side ? p->black_kings : p->white_kings;
}

static uint64_t pieces_of(const dtb_position *p, int side) {
    return side ? p->black_men | p->black_kings : p->white_men | p->white_kings;
}

/* pos as "fen", and Frisian's count of moves in two kings against one beside it. */
static dtb_status write_fen(JsonWriter *w, const Asked *a, const dtb_position *pos) {
    char fen[DTB_FEN_MAX];
    dtb_status s = dtb_format_fen(a->h, pos, fen, sizeof fen);
    if (s != DTB_OK) return s;
    jw_key_string(w, "fen", fen);
    if (a->variant->info.draw_rules) jw_key_int(w, "moves_played", pos->moves_played);
    return DTB_OK;
}

/* Where m goes: its start, end, every landing square and the squares of the pieces taken. */
static void write_squares(JsonWriter *w, const dtb_move *m) {
    jw_key_int(w, "from", m->from);
    jw_key_int(w, "to", m->to);
    jw_key(w, "path");
    jw_array_begin(w);
    for (int i = 0; i < m->path_length; i++) jw_int(w, m->path[i]);
    jw_array_end(w);
    jw_key(w, "captured");
    jw_array_begin(w);
    for (int square = 1; square <= (int)(8 * sizeof m->captured); square++)
        if (m->captured >> (square - 1) & 1) jw_int(w, square);
    jw_array_end(w);
}

/* A move of the position before: its value for the side that plays it. */
static dtb_status write_move(JsonWriter *w, const Asked *a, const dtb_position *before,
                             const dtb_move *m) {
    int mover = before->black_to_move;
    jw_object_begin(w);
    jw_key_string(w, "move", m->notation);
    write_squares(w, m);
    dtb_status s = write_fen(w, a, &m->after);
    jw_key_string(w, "category", category_names[m->value.wdl + 1]);
    jw_key_int(w, "dtw", m->value.dtw);
    jw_key_bool(w, "capture", strchr(m->notation, 'x') != NULL);
    /* Only a promotion adds a king to the mover's side. */
    jw_key_bool(w, "promotion",
                count_bits(kings_of(&m->after, mover)) > count_bits(kings_of(before, mover)));
    jw_object_end(w);
    return s;
}

/* How a stands: over when the side to move has no move (a loss in 0 plies), said as why. */
static dtb_status stand(const Asked *a, Standing *st, dtb_move *moves, int *count) {
    static const char *const over_reasons[2] = {"the side to move has no pieces",
                                                "the side to move has no legal move"};
    memset(st, 0, sizeof *st);
    *count = 0;
    dtb_status s = dtb_probe(a->h, &a->pos, &st->value);
    if (s == DTB_OK) s = dtb_moves(a->h, &a->pos, moves, DTB_MOVES_MAX, count);
    if (s == DTB_OK && *count == 0)
        st->over = over_reasons[pieces_of(&a->pos, a->pos.black_to_move) != 0];
    return s;
}

/* The fields every position answer starts with. */
static dtb_status write_head(JsonWriter *w, const Asked *a, const Standing *st) {
    jw_object_begin(w);
    jw_key_string(w, "variant", a->variant->info.id);
    jw_key_string(w, "rules", rules_names[a->rules]);
    dtb_status s = write_fen(w, a, &a->pos);
    jw_key_string(w, "category", category_names[st->value.wdl + 1]);
    jw_key_int(w, "dtw", st->value.dtw);
    jw_key_bool(w, "game_over", st->over != NULL);
    if (st->over) jw_key_string(w, "game_over_reason", st->over);
    return s;
}

/* The line of best moves from a's position under key, as move objects. */
static dtb_status write_line(JsonWriter *w, const Asked *a, const Standing *st, const char *key) {
    jw_key(w, key);
    jw_array_begin(w);
    int max = st->value.wdl == DTB_DRAW ? DRAW_LINE_MAX : st->value.dtw, count = 0;
    dtb_move *line = st->over ? NULL : malloc((size_t)max * sizeof *line);
    dtb_status s = st->over ? DTB_OK
                   : line   ? dtb_line(a->h, &a->pos, line, max, &count)
                            : DTB_ERR_NO_MEMORY;
    for (int i = 0; i < count && s == DTB_OK; i++)
        s = write_move(w, a, i ? &line[i - 1].after : &a->pos, &line[i]);
    free(line);
    jw_array_end(w);
    return s;
}

/* Answers a's position through write_body, which writes the fields after the head. */
static void answer_position(const Asked *a, Response *r,
                            dtb_status (*write_body)(JsonWriter *, const Asked *, const Standing *,
                                                     const dtb_move *, int)) {
    dtb_move *moves = malloc(DTB_MOVES_MAX * sizeof *moves);
    if (!moves) {
        response_error(r, 503, "out of memory");
        return;
    }
    Standing st;
    int count;
    dtb_status s = stand(a, &st, moves, &count);
    JsonWriter w;
    jw_init(&w);
    if (s == DTB_OK) s = write_head(&w, a, &st);
    if (s == DTB_OK) s = write_body(&w, a, &st, moves, count);
    jw_object_end(&w);
    free(moves);
    if (s == DTB_OK) {
        response_json(r, 200, &w);
    } else {
        jw_free(&w);
        fail_position(a, r, s);
    }
}

static dtb_status position_body(JsonWriter *w, const Asked *a, const Standing *st,
                                const dtb_move *moves, int count) {
    jw_key(w, "moves");
    jw_array_begin(w);
    dtb_status s = DTB_OK;
    for (int i = 0; i < count && s == DTB_OK; i++) s = write_move(w, a, &a->pos, &moves[i]);
    jw_array_end(w);
    return s == DTB_OK ? write_line(w, a, st, "line") : s;
}

static dtb_status mainline_body(JsonWriter *w, const Asked *a, const Standing *st,
                                const dtb_move *moves, int count) {
    (void)moves, (void)count;
    int winner = st->value.wdl == DTB_WIN ? a->pos.black_to_move : !a->pos.black_to_move;
    jw_key(w, "winner");
    if (st->value.wdl == DTB_DRAW)
        jw_null(w);
    else
        jw_string(w, side_names[winner]);
    return write_line(w, a, st, "mainline");
}

void endpoint_position(const CatVariant *v, const UrlTarget *t, Response *r) {
    Asked a;
    if (read_position(v, t, &a, r)) answer_position(&a, r, position_body);
}

void endpoint_mainline(const CatVariant *v, const UrlTarget *t, Response *r) {
    Asked a;
    if (read_position(v, t, &a, r)) answer_position(&a, r, mainline_body);
}

/* The materials of v's folder as an array of names. */
static dtb_status write_materials(JsonWriter *w, const CatVariant *v) {
    dtb_handle *h = v->h;
    size_t needed = 0;
    char none[1];
    char *list = NULL;
    dtb_status s = dtb_materials(h, none, sizeof none, &needed);
    if (s == DTB_ERR_ARGUMENT) {
        list = malloc(needed);
        s = list ? dtb_materials(h, list, needed, NULL) : DTB_ERR_NO_MEMORY;
    }
    jw_key(w, "materials");
    jw_array_begin(w);
    for (char *name = list, *end; s == DTB_OK && name && *name; name = *end ? end + 1 : end) {
        end = strchr(name, ' ');
        if (!end) end = name + strlen(name);
        jw_string_n(w, name, (size_t)(end - name));
    }
    jw_array_end(w);
    free(list);
    return s;
}

static dtb_status write_variant(JsonWriter *w, const CatVariant *v) {
    const dtb_variant_info *info = &v->info;
    jw_object_begin(w);
    jw_key_string(w, "id", info->id);
    jw_key_int(w, "board_size", info->board_size);
    jw_key_int(w, "squares", info->squares);
    jw_key_bool(w, "mirrored", info->mirrored);
    jw_key_bool(w, "king_move_limit", info->king_move_limit);
    jw_key_bool(w, "draw_rules", info->draw_rules);
    dtb_status s = write_materials(w, v);
    jw_object_end(w);
    return s;
}

void endpoint_variants(const Catalog *c, const UrlTarget *t, Response *r) {
    if (!check_params(t, no_params, r)) return;
    JsonWriter w;
    jw_init(&w);
    jw_object_begin(&w);
    jw_key(&w, "variants");
    jw_array_begin(&w);
    dtb_status s = DTB_OK;
    for (int i = 0; i < c->count && s == DTB_OK; i++) s = write_variant(&w, &c->variants[i]);
    jw_array_end(&w);
    jw_object_end(&w);
    if (s == DTB_OK) {
        response_json(r, 200, &w);
    } else {
        jw_free(&w);
        fail(r, NULL, s, "tables");
    }
}

static void write_side(JsonWriter *w, const dtb_stats *st, int side) {
    jw_key(w, side ? "black_to_move" : "white_to_move");
    jw_object_begin(w);
    jw_key_uint(w, "wins", st->wins[side]);
    jw_key_uint(w, "draws", st->draws[side]);
    jw_key_uint(w, "losses", st->losses[side]);
    jw_object_end(w);
}

/* counts[0..DTB_DTW_BUCKETS-1] up to the last that is not 0. */
static void write_histogram(JsonWriter *w, const char *key, const uint64_t *counts) {
    int used = DTB_DTW_BUCKETS;
    while (used > 0 && counts[used - 1] == 0) used--;
    jw_key(w, key);
    jw_array_begin(w);
    for (int i = 0; i < used; i++) jw_uint(w, counts[i]);
    jw_array_end(w);
}

static dtb_status write_stats(JsonWriter *w, const Asked *a, const dtb_stats *st) {
    jw_object_begin(w);
    jw_key_string(w, "variant", a->variant->info.id);
    jw_key_string(w, "rules", rules_names[a->rules]);
    jw_key_string(w, "material", st->material);
    jw_key_uint(w, "positions", st->positions);
    write_side(w, st, 0);
    write_side(w, st, 1);
    jw_key(w, "longest_win");
    dtb_status s = DTB_OK;
    if (st->longest_win == 0) {
        jw_null(w);
    } else {
        jw_object_begin(w);
        jw_key_int(w, "dtw", st->longest_win);
        s = write_fen(w, a, &st->longest_win_position);
        jw_object_end(w);
    }
    jw_key(w, "histogram");
    jw_object_begin(w);
    jw_key_int(w, "last_bucket", DTB_DTW_BUCKETS - 1);
    write_histogram(w, "win", st->win_dtw);
    write_histogram(w, "loss", st->loss_dtw);
    jw_object_end(w);
    jw_object_end(w);
    return s;
}

void endpoint_stats(const CatVariant *v, StatsCache *cache, const char *material,
                    const UrlTarget *t, Response *r) {
    Asked a = {.variant = v, .h = v->h};
    if (!check_params(t, stats_params, r) || !read_rules(t, &a, r)) return;
    /* Longer names are refused before any table is read. */
    if (strlen(material) >= DTB_MATERIAL_NAME_MAX) {
        response_error(r, 400, "material: '%.64s...' is longer than %d characters", material,
                       DTB_MATERIAL_NAME_MAX - 1);
        return;
    }
    dtb_stats *st = malloc(sizeof *st);
    if (!st) {
        response_error(r, 503, "out of memory");
        return;
    }
    dtb_status s = DTB_OK;
    StatsResult got = stats_cache_get(cache, a.h, v->info.id, a.rules, material, st, &s);
    JsonWriter w;
    jw_init(&w);
    if (got == STATS_DONE) s = write_stats(&w, &a, st);
    free(st);
    if (got == STATS_BUSY) {
        response_error(r, 503, "statistics of another material are being counted; ask again");
        r->retry_after = STATS_RETRY_AFTER;
    } else if (s == DTB_OK) {
        response_json(r, 200, &w);
    } else if (s == DTB_ERR_MISSING_TABLE) {
        jw_free(&w);
        fail_missing(r, v, material, false);
    } else {
        jw_free(&w);
        fail(r, v, s, s == DTB_ERR_POSITION ? "material" : "tables");
    }
}
