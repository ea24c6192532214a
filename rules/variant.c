/* The rule table.  Direction sets are written from White's side; Black's are the same
 * sets turned upside down. */
#include "variant.h"

#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#define NW (1 << DIR_NW)
#define NE (1 << DIR_NE)
#define SW (1 << DIR_SW)
#define SE (1 << DIR_SE)
#define N  (1 << DIR_N)
#define S  (1 << DIR_S)
#define W  (1 << DIR_W)
#define E  (1 << DIR_E)

#define DIAG (NW | NE | SW | SE)
#define ALL  (DIAG | N | S | W | E)

/* Precedence keys (Precedence's fields), as initializers: C11 takes no const object in
 * the initializer of a static table, which only GCC allows. */
// clang-format off
#define MOST_PIECES {1, 1, 0}
/* 2 per king, 1 per man; on a tie more men; then a king's sequence (docs/rules.md 6.1). */
#define FRISIAN_VALUE {256, 130, 1}
/* Most pieces; then most kings; then a king's sequence (docs/rules.md 6.3). */
#define FRISIAN2_ORDER {130, 128, 1}
// clang-format on
static const Precedence FREE_LINE = {0, 0, 0};

typedef struct Rules {
    const char *id;
    int size;
    bool mirrored;
    DirSet man_capture[2]; /* immediate, continuation; from White's side */
    DirSet king_move;
    DirSet king_capture[2];
    bool halt;
    Precedence precedence;
    bool king_move_limit, draw_rules;
    bool has_8x8, has_free_line; /* the "-8" and "-free" options exist */
} Rules;

/* One row per variant of docs/rules.md section 6. */
// clang-format off
static const Rules rule_table[] = {
    {"international", 10, false, {DIAG, DIAG}, DIAG, {DIAG, DIAG}, false, MOST_PIECES, false, false, false, false},
    {"brazilian", 8, false, {DIAG, DIAG}, DIAG, {DIAG, DIAG}, false, MOST_PIECES, false, false, false, false},
    {"frisian", 10, false, {ALL, ALL}, DIAG, {ALL, ALL}, false, FRISIAN_VALUE, true, true, false, false},
    {"scandinavian", 10, true, {ALL, ALL}, ALL, {ALL, ALL}, false, MOST_PIECES, false, false, true, true},
    {"scandinavian-medium", 10, true, {NW | N | NE | W | E, NW | N | NE | W | E}, ALL, {ALL, ALL}, false, MOST_PIECES, false, false, true, true},
    {"scandinavian-weak", 10, true, {NW | N | NE, NW | N | NE}, ALL, {ALL, ALL}, false, MOST_PIECES, false, false, true, true},
    {"stockholm", 8, false, {NW | NE, DIAG}, DIAG, {DIAG, DIAG}, false, MOST_PIECES, false, false, false, true},
    {"stockholm-halt", 8, false, {NW | NE, DIAG}, DIAG, {DIAG, DIAG}, true, MOST_PIECES, false, false, false, false},
    {"frisian2", 10, false, {DIAG, ALL}, DIAG, {DIAG, ALL}, true, FRISIAN2_ORDER, false, false, true, false},
};
// clang-format on

#define RULE_COUNT (sizeof rule_table / sizeof rule_table[0])

static DirSet upside_down(DirSet set) {
    static const int flipped[DIR_COUNT] = {DIR_SW, DIR_SE, DIR_NW, DIR_NE,
                                           DIR_S,  DIR_N,  DIR_W,  DIR_E};
    DirSet out = 0;
    for (int d = 0; d < DIR_COUNT; d++)
        if (set & (1 << d)) out |= (DirSet)(1 << flipped[d]);
    return out;
}

static bool strip_suffix(char *id, const char *suffix) {
    size_t n = strlen(id), k = strlen(suffix);
    if (n <= k || strcmp(id + n - k, suffix) != 0) return false;
    id[n - k] = '\0';
    return true;
}

static void number_squares(Variant *v) {
    const Board *b = v->board;
    int half = b->size / 2;
    memset(v->number_of, 0, sizeof v->number_of);
    for (int i = 0; i < b->squares; i++) {
        /* Mirroring reflects the board, which reverses each row's numbering. */
        int shown = v->mirrored ? i - i % half + (half - 1 - i % half) : i;
        v->number_of[b->bit_of[i]] = (uint8_t)(shown + 1);
        v->bit_of_number[shown + 1] = b->bit_of[i];
    }
}

static void apply(const Rules *r, bool small, bool free_line, const char *id, Variant *v) {
    memset(v, 0, sizeof *v);
    snprintf(v->id, sizeof v->id, "%s", id);
    v->board = board_get(small ? 8 : r->size);
    v->mirrored = r->mirrored;
    for (int phase = 0; phase < 2; phase++) {
        v->man_capture[WHITE][phase] = r->man_capture[phase];
        v->man_capture[BLACK][phase] = upside_down(r->man_capture[phase]);
        v->king_capture[phase] = r->king_capture[phase];
    }
    v->king_move = r->king_move;
    v->halt = r->halt;
    v->precedence = free_line ? FREE_LINE : r->precedence;
    v->king_move_limit = r->king_move_limit;
    v->draw_rules = r->draw_rules;
    number_squares(v);
}

bool variant_lookup(const char *id, Variant *out) {
    char base[sizeof out->id];
    if (strlen(id) >= sizeof base) return false;
    strcpy(base, id);
    bool free_line = strip_suffix(base, "-free");
    bool small = strip_suffix(base, "-8");
    for (size_t i = 0; i < RULE_COUNT; i++) {
        const Rules *r = &rule_table[i];
        if (strcmp(base, r->id) != 0) continue;
        if ((small && !r->has_8x8) || (free_line && !r->has_free_line)) return false;
        apply(r, small, free_line, id, out);
        return true;
    }
    return false;
}

void variant_list_ids(char *buf, size_t len) {
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < RULE_COUNT; i++) {
        const Rules *r = &rule_table[i];
        for (int small = 0; small <= r->has_8x8; small++)
            for (int free_line = 0; free_line <= r->has_free_line; free_line++) {
                int n = snprintf(buf + used, len - used, "%s%s%s%s", used ? ", " : "", r->id,
                                 small ? "-8" : "", free_line ? "-free" : "");
                if (n < 0 || (size_t)n >= len - used) return;
                used += (size_t)n;
            }
    }
}

uint64_t variant_fingerprint(const Variant *v) {
    int32_t params[] = {v->board->size,
                        v->mirrored,
                        v->man_capture[WHITE][0],
                        v->man_capture[WHITE][1],
                        v->king_capture[0],
                        v->king_capture[1],
                        v->king_move,
                        v->halt,
                        v->precedence.king_weight,
                        v->precedence.man_weight,
                        v->precedence.mover_weight,
                        v->king_move_limit,
                        v->draw_rules};
    /* Hashed as little-endian bytes, so a table's fingerprint is the same on every machine. */
    uint8_t bytes[sizeof params];
    for (size_t i = 0; i < sizeof params; i++)
        bytes[i] = (uint8_t)((uint32_t)params[i / 4] >> (8 * (i % 4)));
    return XXH3_64bits(bytes, sizeof bytes);
}
