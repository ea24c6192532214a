#include "notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool shares_ends(const MoveList *list, int i) {
    const Move *m = &list->move[i];
    for (int j = 0; j < list->count; j++)
        if (j != i && list->move[j].from == m->from && list->move[j].to == m->to) return true;
    return false;
}

void notation_format(const Variant *v, const MoveList *list, int i, char *buf, size_t len) {
    const Move *m = &list->move[i];
    int from = v->number_of[m->from], to = v->number_of[m->to];
    if (!m->captured) {
        snprintf(buf, len, "%d-%d", from, to);
        return;
    }
    if (!shares_ends(list, i)) {
        snprintf(buf, len, "%dx%d", from, to);
        return;
    }
    size_t used = (size_t)snprintf(buf, len, "%d", from);
    const MovePath *path = &list->paths[i];
    for (int k = 0; k < path->len && used < len; k++)
        used += (size_t)snprintf(buf + used, len - used, "x%d", path->square[k]);
}

typedef struct Ranked {
    Move move;
    MovePath path;
    uint8_t key[2]; /* shown start and end */
} Ranked;

static int compare_ranked(const void *a, const void *b) {
    const Ranked *x = a, *y = b;
    int c = memcmp(x->key, y->key, sizeof x->key);
    if (c) return c;
    size_t n = x->path.len < y->path.len ? x->path.len : y->path.len;
    c = memcmp(x->path.square, y->path.square, n);
    return c ? c : x->path.len - y->path.len;
}

bool notation_legal_moves(const Variant *v, const Position *p, MoveList *list, MovePath *paths) {
    list->paths = paths;
    movegen_legal(v, p, list);
    Ranked *r = malloc(sizeof *r * (size_t)(list->count ? list->count : 1));
    if (!r) return false;
    for (int i = 0; i < list->count; i++) {
        r[i].move = list->move[i];
        r[i].path = list->move[i].captured ? paths[i] : (MovePath){0};
        r[i].key[0] = v->number_of[list->move[i].from];
        r[i].key[1] = v->number_of[list->move[i].to];
    }
    qsort(r, (size_t)list->count, sizeof *r, compare_ranked);
    for (int i = 0; i < list->count; i++) {
        list->move[i] = r[i].move;
        paths[i] = r[i].path;
    }
    free(r);
    return true;
}
