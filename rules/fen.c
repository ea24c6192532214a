#include "fen.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct Parser {
    const Variant *v;
    Position *p;
    char *err;
    size_t errlen;
    int half_moves; /* lidraughts' ":H", -1 without one */
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

/* WHITE or BLACK for a side's letter in either case, -1 for another character. */
static int side_of(char c) {
    c = (char)toupper((unsigned char)c);
    return c == 'W' ? WHITE : c == 'B' ? BLACK : -1;
}

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

/* One token of a piece list: "12", "K12", "1-3" or "K1-3" (k in either case). */
static bool parse_token(Parser *ps, int side, const char *token) {
    const char *s = token;
    char mark = (char)toupper((unsigned char)*s);
    if (mark == 'G' || mark == 'P')
        return fail(ps,
                    "ghost piece " QUOTED ": lidraughts' FEN of a capture still being played, "
                    "which has no value until the capture ends",
                    token);
    bool king = mark == 'K';
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

/* Sets side's king-move count: `count` non-capturing moves in a row by its king on square
 * `number`. */
static bool set_count(Parser *ps, int side, int number, int count, const char *token) {
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

/* One count of a ":C" field: "W46=2". */
static bool parse_count(Parser *ps, int unused, const char *token) {
    (void)unused;
    const char *s = token;
    int side = side_of(*s);
    if (side < 0) return fail(ps, "bad count " QUOTED ": expected W or B first", token);
    s++;
    int number = 0;
    if (!read_number(ps, &s, token, &number)) return false;
    if (*s != '=' || !isdigit((unsigned char)s[1]) || s[2])
        return fail(ps, "bad count " QUOTED ": expected side, square, '=' and a count", token);
    return set_count(ps, side, number, s[1] - '0', token);
}

/* One side's part of lidraughts' king-move field: the count alone ("0"), or the count and
 * the king's square in two digits ("205").  lidraughts keeps a count after its king was
 * taken, and for a side that lost its men; no limit applies to either (docs/rules.md 7.1), so
 * such a count is dropped. */
static bool parse_lidraughts_count(Parser *ps, int side, const char *part, const char *field) {
    size_t length = strlen(part);
    bool digits = strspn(part, "0123456789") == length;
    if (!digits || (length != 1 && length != 3))
        return fail(ps,
                    "bad king-move field " QUOTED ": each side's part is a count, then "
                    "the king's square in two digits",
                    field);
    int count = part[0] - '0', number = 0;
    if (count > 3) return fail(ps, "count %d in " QUOTED " is not 0 to 3", count, field);
    if (count == 0) return true;
    if (length == 1) return fail(ps, "count %d in " QUOTED " names no king's square", count, field);
    const char *s = part + 1;
    if (!read_number(ps, &s, field, &number)) return false;
    bool counted_king = ps->p->king[side] & bit_at(ps->v->bit_of_number[number]);
    return counted_king && ps->p->man[side] ? set_count(ps, side, number, count, field) : true;
}

/* lidraughts' Frisian king-move field, Black's count first: "+0+0", "+0+246", "+105+0". */
static bool parse_lidraughts_counts(Parser *ps, const char *field) {
    const char *second = strchr(field + 1, '+');
    char black[8];
    size_t length = second ? (size_t)(second - field - 1) : 0;
    if (!second || length >= sizeof black || strchr(second + 1, '+'))
        return fail(ps,
                    "bad king-move field " QUOTED ": expected '+', Black's count, '+' and "
                    "White's",
                    field);
    memcpy(black, field + 1, length);
    black[length] = '\0';
    return parse_lidraughts_count(ps, BLACK, black, field) &&
           parse_lidraughts_count(ps, WHITE, second + 1, field);
}

/* lidraughts' ":H" (half-moves since the material of a draw rule arose) or ":F" (the move
 * number): a whole number. */
static bool parse_clock(Parser *ps, int *out, const char *field) {
    const char *digits = field + 1;
    size_t length = strlen(digits);
    if (length == 0 || length > 6 || strspn(digits, "0123456789") != length)
        return fail(ps, "bad field " QUOTED ": '%c' needs a whole number", field, field[0]);
    *out = atoi(digits);
    return true;
}

/* The fields of a FEN after the side to move: dtb's W, B and C (docs/rules.md 1, 7.1), and
 * lidraughts' H, F and king-move counts. */
enum {
    FIELD_WHITE,
    FIELD_BLACK,
    FIELD_COUNTS,
    FIELD_HALF_MOVES,
    FIELD_MOVE_NUMBER,
    FIELD_LIDRAUGHTS_COUNTS,
    FIELD_KINDS
};

static const char field_letter[FIELD_KINDS + 1] = "WBCHF+";

static int field_kind(const char *field) {
    const char *at = strchr(field_letter, toupper((unsigned char)field[0]));
    return at ? (int)(at - field_letter) : -1;
}

/* Counts name pieces, so both kinds of count are read after the pieces. */
static bool read_last(int kind) {
    return kind == FIELD_COUNTS || kind == FIELD_LIDRAUGHTS_COUNTS;
}

static bool parse_field(Parser *ps, char *field, int kind) {
    int move_number;
    switch (kind) {
    case FIELD_WHITE:
    case FIELD_BLACK:
        return for_each_token(ps, kind == FIELD_WHITE ? WHITE : BLACK, field + 1, parse_token);
    case FIELD_HALF_MOVES:
        return parse_clock(ps, &ps->half_moves, field);
    case FIELD_MOVE_NUMBER:
        return parse_clock(ps, &move_number, field);
    }
    if (!ps->v->king_move_limit)
        return fail(ps, "field ':%c' (king-move counts) exists only in Frisian, not %s",
                    field_letter[kind], ps->v->id);
    if (kind == FIELD_COUNTS) return for_each_token(ps, 0, field + 1, parse_count);
    return parse_lidraughts_counts(ps, field);
}

static const char *skip_blanks(const char *s) {
    return s + strspn(s, " \t");
}

/* The FEN inside a PDN tag line, [FEN "..."], as its start and length. */
static bool untag(Parser *ps, const char **text, size_t *n) {
    const char *s = skip_blanks(*text + 1), *end = *text + *n - 1;
    bool tagged = *end == ']' && strncasecmp(s, "FEN", 3) == 0;
    if (tagged) s = skip_blanks(s + 3);
    while (end > s && isspace((unsigned char)end[-1])) end--;
    if (!tagged || *s != '"' || end - s < 2 || end[-1] != '"')
        return fail(ps, "a PDN tag must read [FEN \"...\"]");
    *text = s + 1;
    *n = (size_t)(end - 1 - *text);
    return true;
}

/* Parses the fields after the side to move, in two passes: the pieces, then the counts. */
static bool parse_fields(Parser *ps, char **fields, int count) {
    bool seen[FIELD_KINDS] = {false};
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < count; i++) {
            if (!fields[i][0]) return fail(ps, "empty field in the FEN");
            int kind = field_kind(fields[i]);
            if (kind < 0)
                return fail(ps,
                            "unknown field " QUOTED ": expected W, B or C first (or "
                            "lidraughts' H, F or +)",
                            fields[i]);
            if (read_last(kind) != (pass == 1)) continue;
            if (seen[kind]) return fail(ps, "field '%c' appears twice", field_letter[kind]);
            if (read_last(kind) && (seen[FIELD_COUNTS] || seen[FIELD_LIDRAUGHTS_COUNTS]))
                return fail(ps, "two fields of king-move counts (':C' and lidraughts' ':+')");
            seen[kind] = true;
            if (!parse_field(ps, fields[i], kind)) return false;
        }
    return true;
}

/* Copies text into buf without the spaces around it, a PDN tag's wrapping or a final '.',
 * which PDN allows. */
static bool unwrap(Parser *ps, const char *text, char *buf, size_t size) {
    while (isspace((unsigned char)*text)) text++;
    size_t n = strlen(text);
    while (n && isspace((unsigned char)text[n - 1])) n--;
    if (n && text[0] == '[' && !untag(ps, &text, &n)) return false;
    if (n && text[n - 1] == '.') n--;
    if (n == 0) return fail(ps, "empty FEN");
    if (n >= size) return fail(ps, "FEN too long");
    memcpy(buf, text, n);
    buf[n] = '\0';
    return true;
}

static bool parse_fen(const Variant *v, const char *text, Position *p, int *half_moves, char *err,
                      size_t errlen) {
    Parser ps = {v, p, err, errlen, -1};
    char buf[1024];
    pos_clear(p);
    *half_moves = -1;
    if (!unwrap(&ps, text, buf, sizeof buf)) return false;
    if (side_of(buf[0]) < 0 || (buf[1] != ':' && buf[1] != '\0'))
        return fail(&ps, "it must start with the side to move, W or B, then ':'");
    p->side = side_of(buf[0]);
    char *fields[8];
    int count = 0;
    for (char *f = buf[1] ? buf + 2 : NULL; f;) {
        char *colon = strchr(f, ':');
        if (colon) *colon = '\0';
        if (count == 8) return fail(&ps, "too many fields in the FEN");
        fields[count++] = f;
        f = colon ? colon + 1 : NULL;
    }
    if (!parse_fields(&ps, fields, count)) return false;
    *half_moves = ps.half_moves;
    return true;
}

Status fen_parse_clock(const Variant *v, const char *text, Position *p, int *half_moves, char *err,
                       size_t errlen) {
    return parse_fen(v, text, p, half_moves, err, errlen) ? STATUS_OK : STATUS_INPUT;
}

Status fen_parse(const Variant *v, const char *text, Position *p, char *err, size_t errlen) {
    int half_moves;
    return fen_parse_clock(v, text, p, &half_moves, err, errlen);
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
