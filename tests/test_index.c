/* The index is a bijection between its valid indices and the positions of a material, and
 * the number of valid indices is the number of positions counted by hand. */
#include "index.h"

#include <stdio.h>
#include <string.h>

typedef struct Case {
    const char *variant, *material;
    unsigned long long positions; /* both sides to move, counted by hand below */
} Case;

/* 10x10: 50 squares, 45 for each side's men (all but its promotion row), 40 for both.
 * 8x8: 32 squares, 28 for men, 24 for both.  Frisian multiplies by the king-move states of
 * each side with men and kings: 1 + 3 x kings. */
static const Case cases[] = {
    {"international", "KvK", 2ULL * 50 * 49},
    {"international", "MvM", 2ULL * (45 * 45 - 40)},
    {"international", "KKvK", 2ULL * (50 * 49 / 2) * 48},
    {"international", "KMvK", 2ULL * 45 * 49 * 48},
    {"brazilian", "MMvK", 2ULL * (28 * 27 / 2) * 30},
    {"scandinavian-8", "KMvM", 2ULL * (28 * 28 - 24) * 30},
    {"frisian", "KMvK", 2ULL * 45 * 49 * 48 * 4},
    {"frisian", "KMvM", 2ULL * (45 * 45 - 40) * 48 * 4},
    {"frisian", "KKMvK", 2ULL * 45 * (49 * 48 / 2) * 47 * 7},
};

static int check(const Case *c) {
    Variant v;
    Material m;
    Indexer ix;
    char err[128];
    variant_lookup(c->variant, &v);
    material_parse(c->material, &m, err, sizeof err);
    idx_init(&ix, &v, &m);
    unsigned long long valid = 0, wrong = 0;
    for (uint64_t i = 0; i < ix.size; i++) {
        Position p;
        if (!idx_decode(&ix, i, &p)) continue;
        Material got = material_of(&p);
        valid++;
        wrong += idx_encode(&ix, &p) != i || !material_equal(&got, &m) ||
                 (p.man[WHITE] & v.board->promotion[WHITE]) ||
                 (p.man[BLACK] & v.board->promotion[BLACK]);
    }
    bool ok = valid == c->positions && wrong == 0;
    printf("%s %s %s: %llu positions (by hand %llu), %llu not round-tripping\n", ok ? "ok  " : "FAIL",
           c->variant, c->material, valid, c->positions, wrong);
    return ok;
}

int main(void) {
    int passed = 0, total = (int)(sizeof cases / sizeof cases[0]);
    for (int i = 0; i < total; i++) passed += check(&cases[i]);
    printf("%d passed, %d failed\n", passed, total - passed);
    return passed == total ? 0 : 1;
}
