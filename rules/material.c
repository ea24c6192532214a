#include "material.h"

#include <stdio.h>
#include <string.h>

/* Reads one side's letters: kings (K) first, then men (M). */
static const char *parse_side(const char *s, int *kings, int *men) {
    *kings = *men = 0;
    while (*s == 'K') (*kings)++, s++;
    while (*s == 'M') (*men)++, s++;
    return s;
}

Status material_parse(const char *text, Material *out, char *err, size_t errlen) {
    const char *s = parse_side(text, &out->kings[WHITE], &out->men[WHITE]);
    if (*s != 'v') {
        snprintf(err, errlen,
                 "bad material '%s': expected White's kings (K) then men (M), 'v', then Black's, "
                 "like KKMvK",
                 text);
        return STATUS_INPUT;
    }
    s = parse_side(s + 1, &out->kings[BLACK], &out->men[BLACK]);
    if (*s) {
        snprintf(err, errlen, "bad material '%s': unexpected '%c'", text, *s);
        return STATUS_INPUT;
    }
    for (int side = 0; side < 2; side++)
        if (out->kings[side] + out->men[side] == 0) {
            snprintf(err, errlen, "bad material '%s': each side needs a piece", text);
            return STATUS_INPUT;
        }
    if (!material_has_table_size(out)) {
        snprintf(err, errlen, "bad material '%s': a side has at most %d pieces", text,
                 MATERIAL_SIDE_MAX);
        return STATUS_INPUT;
    }
    return STATUS_OK;
}

void material_name(const Material *m, char *buf, size_t len) {
    size_t used = 0;
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < m->kings[side] && used + 1 < len; i++) buf[used++] = 'K';
        for (int i = 0; i < m->men[side] && used + 1 < len; i++) buf[used++] = 'M';
        if (side == WHITE && used + 1 < len) buf[used++] = 'v';
    }
    buf[used] = '\0';
}

Material material_of(const Position *p) {
    Material m;
    for (int side = 0; side < 2; side++) {
        m.kings[side] = bit_count(p->king[side]);
        m.men[side] = bit_count(p->man[side]);
    }
    return m;
}

Material material_reversed(const Material *m) {
    Material r = {{m->kings[BLACK], m->kings[WHITE]}, {m->men[BLACK], m->men[WHITE]}};
    return r;
}

bool material_equal(const Material *a, const Material *b) {
    return memcmp(a, b, sizeof *a) == 0;
}

/* Orders sides by pieces, then kings: the stronger side is White in a canonical name. */
static int side_strength(const Material *m, int side) {
    return (m->kings[side] + m->men[side]) * 64 + m->kings[side];
}

bool material_is_canonical(const Material *m) {
    return side_strength(m, WHITE) >= side_strength(m, BLACK);
}

bool material_stored_of(const Position *p, Material *out) {
    *out = material_of(p);
    if (material_is_canonical(out)) return false;
    *out = material_reversed(out);
    return true;
}

static Material canonical(const Material *m) {
    return material_is_canonical(m) ? *m : material_reversed(m);
}

static int add_unique(Material *out, int count, int max, const Material *m) {
    Material c = canonical(m);
    for (int i = 0; i < count; i++)
        if (material_equal(&out[i], &c)) return count;
    if (count < max) out[count++] = c;
    return count;
}

int material_captures(const Material *m, int side, Material *out, int max) {
    int count = 0, them = !side;
    for (int promote = 0; promote <= (m->men[side] > 0); promote++)
        for (int k = 0; k <= m->kings[them]; k++)
            for (int n = 0; n <= m->men[them]; n++) {
                bool none_taken = k == m->kings[them] && n == m->men[them];
                if (none_taken || k + n == 0 || count == max) continue;
                Material s = *m;
                s.kings[them] = k;
                s.men[them] = n;
                s.men[side] -= promote;
                s.kings[side] += promote;
                out[count++] = s;
            }
    return count;
}

int material_exits(const Material *m, int side, Material *out, int max) {
    int count = material_captures(m, side, out, max);
    if (m->men[side] && count < max) {
        out[count] = *m;
        out[count].men[side]--;
        out[count++].kings[side]++;
    }
    return count;
}

int material_successors(const Material *m, Material *out, int max) {
    int count = 0;
    for (int side = 0; side < 2; side++) {
        Material next[MATERIAL_EXITS_MAX];
        int n = material_exits(m, side, next, MATERIAL_EXITS_MAX);
        for (int i = 0; i < n; i++) count = add_unique(out, count, max, &next[i]);
    }
    return count;
}

int material_dependency_order(const void *a, const void *b) {
    const Material *x = a, *y = b;
    int d = material_pieces(x) - material_pieces(y);
    if (!d) d = x->men[WHITE] + x->men[BLACK] - y->men[WHITE] - y->men[BLACK];
    return d ? d : memcmp(x, y, sizeof *x);
}

int material_all(int pieces, Material *out, int max) {
    int count = 0;
    /* Fewer pieces first; among equal counts fewer men first, as promotion only removes men. */
    for (int total = 2; total <= pieces; total++)
        for (int men = 0; men <= total; men++)
            for (int wk = 0; wk <= total; wk++)
                for (int wm = 0; wm <= men; wm++) {
                    int bm = men - wm, bk = total - men - wk;
                    Material m = {{wk, bk}, {wm, bm}};
                    if (bk < 0 || wk + wm == 0 || bk + bm == 0) continue;
                    if (material_is_canonical(&m) && count < max) out[count++] = m;
                }
    return count;
}

static Bitboard rotate(const Board *b, Bitboard set) {
    Bitboard out = 0;
    for (; set; set &= set - 1) {
        int index = b->index_of[bit_first(set)];
        out |= bit_at(b->bit_of[b->squares - 1 - index]);
    }
    return out;
}

void pos_reversed(const Board *b, const Position *p, Position *out) {
    Position r;
    for (int side = 0; side < 2; side++) {
        r.man[side] = rotate(b, p->man[!side]);
        r.king[side] = rotate(b, p->king[!side]);
        int sq = p->king_moves_square[!side];
        r.king_moves_square[side] =
            sq == NO_SQUARE ? NO_SQUARE : (uint8_t)bit_first(rotate(b, bit_at(sq)));
        r.king_moves_count[side] = p->king_moves_count[!side];
    }
    r.side = !p->side;
    *out = r;
}
