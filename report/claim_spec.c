#include "claim_spec.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define BOUND_MAX 1000 /* plies or moves: far beyond any table's longest win */

static const char *const side_words[2] = {"white", "black"};
static const char *const kind_words[3] = {"man", "king", "piece"}; /* [CLAIM_MAN..] */
static const char *const place_words[2] = {"off", "on"};           /* [on] */

/* The index of word in words, or -1. */
static int word_index(const char *word, const char *const *words, int count) {
    for (int i = 0; i < count; i++)
        if (strcasecmp(word, words[i]) == 0) return i;
    return -1;
}

Bitboard claim_main_diagonal(const Variant *v) {
    /* The long diagonal runs from the dark corner a1 to the opposite corner; boards are
     * built in standard orientation (mirroring renumbers squares only), where a1 is dark
     * and the diagonal holds the squares whose row from the top and column add to n - 1. */
    const Board *b = v->board;
    Bitboard set = 0;
    for (int number = 1; number <= b->squares; number++) {
        int bit = v->bit_of_number[number];
        if (board_row(b, bit) + board_col(b, bit) == b->size - 1) set |= bit_at(bit);
    }
    return set;
}

/* One item of a square list: "N" or "A-B"; false with a message on a bad one. */
static bool parse_square_item(const Variant *v, const char *item, Bitboard *set, char *err,
                              size_t errlen) {
    int squares = v->board->squares;
    char *end;
    errno = 0;
    long from = strtol(item, &end, 10), to = from;
    if (end != item && *end == '-') {
        const char *second = end + 1;
        to = strtol(second, &end, 10);
        if (end == second) from = -1;
    }
    if (end == item || *end || errno || from < 1 || to < from || to > squares) {
        snprintf(err, errlen, "'%s' is not a square or range of %s's squares 1-%d", item, v->id,
                 squares);
        return false;
    }
    for (long n = from; n <= to; n++) *set |= bit_at(v->bit_of_number[n]);
    return true;
}

/* A list like "4,8,11-15" or the name main-diagonal. */
static bool parse_squares(const Variant *v, const char *text, Bitboard *out, char *err,
                          size_t errlen) {
    *out = 0;
    if (strcasecmp(text, CLAIM_SQUARES_NAME) == 0) {
        *out = claim_main_diagonal(v);
        return true;
    }
    char copy[CLAIM_TEXT_MAX];
    snprintf(copy, sizeof copy, "%s", text);
    char *rest = copy;
    for (char *item; (item = strsep(&rest, ","));)
        if (!parse_square_item(v, item, out, err, errlen)) return false;
    return true;
}

bool claim_parse_where(const Variant *v, const char *text, ClaimCondition *out, char *err,
                       size_t errlen) {
    char side[16], kind[16], place[16], squares[CLAIM_TEXT_MAX], extra;
    int n = sscanf(text, "%15s %15s %15s %1023s %c", side, kind, place, squares, &extra);
    if (n != 4) {
        snprintf(err, errlen,
                 "--where '%s' is not 'white|black man|king|piece on|off SQUARES' (squares "
                 "as 4,8,11-15 with no spaces, or %s)",
                 text, CLAIM_SQUARES_NAME);
        return false;
    }
    const char *bad = NULL;
    if ((out->side = word_index(side, side_words, 2)) < 0)
        bad = side;
    else if ((out->kind = word_index(kind, kind_words, 3)) < 0)
        bad = kind;
    else if (word_index(place, place_words, 2) < 0)
        bad = place;
    if (bad) {
        snprintf(err, errlen,
                 "--where '%s': '%s' is not one of white|black, man|king|piece, on|off", text, bad);
        return false;
    }
    out->on = word_index(place, place_words, 2) == 1;
    char why[512];
    if (parse_squares(v, squares, &out->squares, why, sizeof why)) return true;
    snprintf(err, errlen, "--where '%s': %s", text, why);
    return false;
}

bool claim_add_where(const Variant *v, const char *text, Claim *c, char *err, size_t errlen) {
    if (c->conditions == CLAIM_CONDITIONS) {
        snprintf(err, errlen, "--where '%s': a claim takes at most %d conditions", text,
                 CLAIM_CONDITIONS);
        return false;
    }
    return claim_parse_where(v, text, &c->condition[c->conditions++], err, errlen);
}

bool claim_parse_side(const char *what, const char *text, int *out, char *err, size_t errlen) {
    if ((*out = word_index(text, side_words, 2)) >= 0) return true;
    snprintf(err, errlen, "%s is 'white' or 'black', not '%s'", what, text);
    return false;
}

bool claim_parse_bound(const char *text, Claim *c, char *err, size_t errlen) {
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    while (isspace((unsigned char)*end)) end++;
    bool moves = strcasecmp(end, "moves") == 0;
    bool plies = !*end || strcasecmp(end, "plies") == 0;
    if (end == text || errno || n < 1 || n > BOUND_MAX || !(moves || plies)) {
        snprintf(err, errlen, "--within is N, 'N plies' or 'N moves' with N from 1 to %d, not '%s'",
                 BOUND_MAX, text);
        return false;
    }
    c->within = (int)n;
    c->within_moves = moves;
    return true;
}

static Bitboard kind_set(const Position *p, int side, int kind) {
    static const bool has_men[3] = {true, false, true}, has_kings[3] = {false, true, true};
    return (has_men[kind] ? p->man[side] : 0) | (has_kings[kind] ? p->king[side] : 0);
}

bool claim_applies(const Claim *c, const Position *p) {
    if (c->to_move != CLAIM_ANY_SIDE && p->side != c->to_move) return false;
    for (int i = 0; i < c->conditions; i++) {
        const ClaimCondition *cond = &c->condition[i];
        bool stands = (kind_set(p, cond->side, cond->kind) & cond->squares) != 0;
        if (stands != cond->on) return false;
    }
    return true;
}

bool claim_within_bound(const Claim *c, int dtw, bool winner_to_move) {
    if (!c->within) return true;
    /* A win of dtw plies ends on the winner's move: with the winner to move it makes
     * (dtw + 1) / 2 of them, with the loser to move dtw / 2. */
    int used = c->within_moves ? (dtw + winner_to_move) / 2 : dtw;
    return used <= c->within;
}

/* Appends to buf like snprintf at its end; text cut at len. */
__attribute__((format(printf, 3, 4))) static void append(char *buf, size_t len, const char *fmt,
                                                         ...) {
    size_t used = strlen(buf);
    if (used + 1 >= len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

void claim_condition_text(const Variant *v, const ClaimCondition *cond, char *buf, size_t len) {
    snprintf(buf, len, "%s %s %s ", side_words[cond->side], kind_words[cond->kind],
             place_words[cond->on]);
    if (cond->squares == claim_main_diagonal(v)) {
        append(buf, len, "%s", CLAIM_SQUARES_NAME);
        return;
    }
    const char *comma = "";
    for (int n = 1; n <= v->board->squares; n++) {
        if (!(cond->squares & bit_at(v->bit_of_number[n]))) continue;
        int last = n;
        while (last < v->board->squares && cond->squares & bit_at(v->bit_of_number[last + 1]))
            last++;
        if (last == n)
            append(buf, len, "%s%d", comma, n);
        else
            append(buf, len, "%s%d-%d", comma, n, last);
        comma = ",";
        n = last;
    }
}

void claim_options_text(const Variant *v, const Claim *c, char *buf, size_t len) {
    if (c->outcome == CLAIM_DRAW)
        snprintf(buf, len, "--draw");
    else
        snprintf(buf, len, "--wins %s", side_words[c->outcome]);
    for (int i = 0; i < c->conditions; i++) {
        char cond[CLAIM_TEXT_MAX];
        claim_condition_text(v, &c->condition[i], cond, sizeof cond);
        append(buf, len, " --where '%s'", cond);
    }
    if (c->to_move != CLAIM_ANY_SIDE) append(buf, len, " --to-move %s", side_words[c->to_move]);
    if (c->within)
        append(buf, len, " --within '%d %s'", c->within, c->within_moves ? "moves" : "plies");
    if (c->won_only) append(buf, len, " --won-only");
    if (c->pure) append(buf, len, " --rules pure");
}
