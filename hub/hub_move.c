#include "hub_move.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

void hub_move_format(const hub_board *b, const dtb_move *m, char *out) {
    int n = snprintf(out, HUB_MOVE_TEXT_MAX, "%d%c%d", hub_square_out(b, m->from),
                     m->captured ? 'x' : '-', hub_square_out(b, m->to));
    int taken[64], count = 0;
    for (int sq = 1; sq <= b->squares; sq++)
        if (m->captured >> (sq - 1) & 1) taken[count++] = hub_square_out(b, sq);
    /* Ascending in the client's numbering, which a1 numbering reorders. */
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && taken[j - 1] > taken[j]; j--) {
            int t = taken[j];
            taken[j] = taken[j - 1];
            taken[j - 1] = t;
        }
    for (int i = 0; i < count && n < HUB_MOVE_TEXT_MAX; i++)
        n += snprintf(out + n, (size_t)(HUB_MOVE_TEXT_MAX - n), "x%d", taken[i]);
}

/* Reads a square number at *s into dtb's numbering, moving *s past it. */
static int read_square(const hub_board *b, const char **s, int *out) {
    if (!isdigit((unsigned char)**s)) return -1;
    int n = 0;
    while (isdigit((unsigned char)**s) && n <= b->squares) n = n * 10 + (*(*s)++ - '0');
    if (n < 1 || n > b->squares || isdigit((unsigned char)**s)) return -1;
    *out = hub_square_in(b, n);
    return 0;
}

int hub_move_parse(const hub_board *b, const char *text, hub_move *out, char *err, size_t err_len) {
    memset(out, 0, sizeof *out);
    const char *s = text;
    if (read_square(b, &s, &out->from) || (*s != '-' && *s != 'x')) goto bad;
    char separator = *s++;
    out->is_capture = separator == 'x';
    if (read_square(b, &s, &out->to)) goto bad;
    while (*s == separator && out->is_capture) {
        s++;
        int sq;
        if (read_square(b, &s, &sq)) goto bad;
        if (out->captured >> (sq - 1) & 1) {
            snprintf(err, err_len, "move '%.40s' takes square %d twice", text,
                     hub_square_out(b, sq));
            return -1;
        }
        out->captured |= 1ull << (sq - 1);
    }
    if (*s) goto bad;
    if (out->is_capture && !out->captured) {
        snprintf(err, err_len,
                 "capture '%.40s' names no square taken (Hub writes from x to x taken...)", text);
        return -1;
    }
    return 0;
bad:
    snprintf(err, err_len,
             "move '%.40s' is not Hub notation (like 32-28 or 28x19x23, squares 1-%d)", text,
             b->squares);
    return -1;
}
