#include "fen.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Parser {
    const Variant *v;
    Position *p;
    char *err;
    size_t errlen;
} Parser;

static bool fail(Parser *ps, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ps->err, ps->errlen, fmt, ap);
    va_end(ap);
    return false;
}

static const char side_letter[2] = {'W', 'B'};

/* How a message quotes a token or field: cut, so that the reason after it still fits a
 * caller's buffer when the text is long garbage. */
#define QUOTED "'%.32s'"

/* Reads a square number at *s, advancing past it. */
static bool read_number(Parser *ps, const char **s, const char *token, int *out) {
    if (!isdigit((unsigned char)**s))
        return fail(ps, "bad token " QUOTED ": expected a square number", token);
    const char *digits = *s;
    long n = strtol(digits, (char **)s, 10); /* saturates: a number too long is still too big */
    int length = (int)(*s - digits), squares = ps->v->board->squares;
    if (n < 1 || n > squares)
        return fail(ps, "square %.*s in " QUOTED " is off the board (1-%d)",
                    length < 12 ? length : 12, digits, token, squares);
    *out = (int)n;
    return true;
}

static bool place(Parser *ps, int side, int number, bool king, const char *token) {
    const Board *b = ps->v->board;
    Bitboard sq = bit_at(ps->v->bit_of_number[number]);
    if (pos_occupied(ps->p) & sq)
        return fail(ps, "square %d is listed twice (" QUOTED ")", number, token);
    if (!king && (sq & b->promotion[side]))
        return fail(ps, "%s man on square %d stands on its promotion rank (" QUOTED ")",
                    side ? "black" : "white", number, token);
    if (king)
        ps->p->king[side] |= sq;
    else
        ps->p->man[side] |= sq;
    return true;
}

/* One token of a piece list: "12", "K12", "1-3" or "K1-3". */
static bool parse_token(Parser *ps, int side, const char *token) {
    const char *s = token;
    bool king = *s == 'K';
    if (king) s++;
    int first = 0, last;
    if (!read_number(ps, &s, token, &first)) return false;
    last = first;
    if (*s == '-') {
        if (!*++s) return fail(ps, "bad range " QUOTED ": a range needs its second square", token);
        if (!read_number(ps, &s, token, &last)) return false;
        if (last < first) return fail(ps, "bad range " QUOTED ": it runs backwards", token);
    }
    if (*s) return fail(ps, "unknown token " QUOTED, token);
    for (int n = first; n <= last; n++)
        if (!place(ps, side, n, king, token)) return false;
    return true;
}

/* Splits list at commas and hands each token to fn. */
static bool for_each_token(Parser *ps, int side, char *list,
                           bool (*fn)(Parser *, int, const char *)) {
    if (!*list) return true;
    for (char *tok = list;;) {
        char *comma = strchr(tok, ',');
        if (comma) *comma = '\0';
        if (!*tok) return fail(ps, "empty token in a piece list");
        if (!fn(ps, side, tok)) return false;
        if (!comma) return true;
        tok = comma + 1;
    }
}

/* One count of a ":C" field: "W46=2". */
static bool parse_count(Parser *ps, int unused, const char *token) {
    (void)unused;
    const char *s = token;
    int side = *s == 'W' ? WHITE : *s == 'B' ? BLACK : -1;
    if (side < 0) return fail(ps, "bad count " QUOTED ": expected W or B first", token);
    s++;
    int number = 0;
    if (!read_number(ps, &s, token, &number)) return false;
    if (*s != '=' || !isdigit((unsigned char)s[1]) || s[2])
        return fail(ps, "bad count " QUOTED ": expected side, square, '=' and a count", token);
    int count = s[1] - '0';
    int sq = ps->v->bit_of_number[number];
    Position *p = ps->p;
    if (count < 1 || count > 3)
        return fail(ps, "count %d in " QUOTED " is not 1, 2 or 3", count, token);
    if (!(p->king[side] & bit_at(sq)))
        return fail(ps, "count " QUOTED " names square %d, which holds no %s king", token, number,
                    side ? "black" : "white");
    if (!p->man[side])
        return fail(ps, "count " QUOTED " is for a side without men, where no limit applies",
                    token);
    if (p->king_moves_square[side] != NO_SQUARE)
        return fail(ps, "two counts for one side (" QUOTED ")", token);
    p->king_moves_square[side] = (uint8_t)sq;
    p->king_moves_count[side] = (uint8_t)count;
    return true;
}

static bool parse_field(Parser *ps, char *field, bool seen[3]) {
    int kind = field[0] == 'W' ? 0 : field[0] == 'B' ? 1 : field[0] == 'C' ? 2 : -1;
    if (kind < 0) return fail(ps, "unknown field " QUOTED ": expected W, B or C first", field);
    if (seen[kind]) return fail(ps, "field '%c' appears twice", field[0]);
    seen[kind] = true;
    if (kind < 2) return for_each_token(ps, kind, field + 1, parse_token);
    if (!ps->v->king_move_limit)
        return fail(ps, "field ':C' (king-move counts) exists only in Frisian, not %s", ps->v->id);
    return for_each_token(ps, 0, field + 1, parse_count);
}

bool fen_parse(const Variant *v, const char *text, Position *p, char *err, size_t errlen) {
    Parser ps = {v, p, err, errlen};
    char buf[1024];
    while (isspace((unsigned char)*text)) text++;
    size_t n = strlen(text);
    while (n && isspace((unsigned char)text[n - 1])) n--;
    if (n == 0) return fail(&ps, "empty FEN");
    if (n >= sizeof buf) return fail(&ps, "FEN too long");
    memcpy(buf, text, n);
    buf[n] = '\0';
    pos_clear(p);
    if ((buf[0] != 'W' && buf[0] != 'B') || (buf[1] != ':' && buf[1] != '\0'))
        return fail(&ps, "it must start with the side to move, W or B, then ':'");
    p->side = buf[0] == 'W' ? WHITE : BLACK;
    char *fields[8];
    int count = 0;
    for (char *f = buf[1] ? buf + 2 : NULL; f;) {
        char *colon = strchr(f, ':');
        if (colon) *colon = '\0';
        if (count == 8) return fail(&ps, "too many fields in the FEN");
        fields[count++] = f;
        f = colon ? colon + 1 : NULL;
    }
    bool seen[3] = {false, false, false};
    char *counts = NULL;
    for (int i = 0; i < count; i++) {
        if (!fields[i][0]) return fail(&ps, "empty field in the FEN");
        if (fields[i][0] == 'C' && counts) return fail(&ps, "field 'C' appears twice");
        if (fields[i][0] == 'C')
            counts = fields[i]; /* counts name pieces, so they are read last */
        else if (!parse_field(&ps, fields[i], seen))
            return false;
    }
    return counts ? parse_field(&ps, counts, seen) : true;
}

static size_t append(char *buf, size_t len, size_t used, const char *fmt, ...) {
    if (used >= len) return used;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
    return n < 0 ? used : used + (size_t)n;
}

void fen_format(const Variant *v, const Position *p, char *buf, size_t len) {
    size_t used = append(buf, len, 0, "%c", side_letter[p->side]);
    for (int side = 0; side < 2; side++) {
        used = append(buf, len, used, ":%c", side_letter[side]);
        const char *sep = "";
        for (int number = 1; number <= v->board->squares; number++) {
            Bitboard sq = bit_at(v->bit_of_number[number]);
            if (!(pos_pieces(p, side) & sq)) continue;
            used = append(buf, len, used, "%s%s%d", sep, (p->king[side] & sq) ? "K" : "", number);
            sep = ",";
        }
    }
    const char *sep = ":C";
    for (int side = 0; side < 2; side++) {
        if (p->king_moves_square[side] == NO_SQUARE) continue;
        used = append(buf, len, used, "%s%c%d=%d", sep, side_letter[side],
                      v->number_of[p->king_moves_square[side]], p->king_moves_count[side]);
        sep = ",";
    }
}

void fen_initial(const Variant *v, Position *p) {
    const Board *b = v->board;
    int rows = b->size / 2 - 1; /* 4 rows of men on 10x10, 3 on 8x8 */
    int count = rows * b->size / 2;
    pos_clear(p);
    for (int i = 0; i < count; i++) {
        p->man[BLACK] |= bit_at(b->bit_of[i]);
        p->man[WHITE] |= bit_at(b->bit_of[b->squares - 1 - i]);
    }
}
