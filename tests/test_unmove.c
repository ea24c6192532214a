/* The solver's un-moves (gen/unmove.c) against the move generator, which knows nothing of
 * them: every index unmove_king_indices gives for a position s is a position with a legal
 * quiet king move to s (or one that only a pending capture forbids), each given once; and
 * for every legal quiet king move q -> s, q is among the un-moves of s.  Frisian's
 * king-move limit (docs/rules.md 7.1) decides which moves are legal and what state each
 * predecessor had, so its materials are here with a side, then both, under the limit. */
#include "index.h"
#include "movegen.h"
#include "unmove.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct Case {
    const char *variant, *material;
    uint64_t stride; /* positions taken every `stride` indices */
} Case;

static const Case cases[] = {
    {"frisian", "KMvK", 7},       /* White under the king-move limit */
    {"frisian", "KKMvK", 4001},   /* a count passed between White's kings */
    {"frisian", "KMvKM", 20011},  /* both sides under the limit */
    {"international", "KKvM", 3}, /* flying kings */
    {"scandinavian", "KKvK", 5},  /* kings move along rows and columns too */
    {"stockholm", "KKMvK", 17},   /* 8x8 */
};

/* The positions q's legal quiet king moves lead to, into after; returns how many. */
static int king_step_results(const Variant *v, const Position *q, Position after[MOVE_MAX]) {
    static MoveList list; /* with no paths */
    movegen_legal(v, q, &list);
    int count = 0;
    for (int k = 0; k < list.count; k++)
        if (!list.move[k].captured && (q->king[q->side] & bit_at(list.move[k].from)))
            movegen_play(v, q, &list.move[k], &after[count++]);
    return count;
}

/* Whether one of q's legal quiet king moves leads to the position of index s_index. */
static bool king_moves_to(const Indexer *ix, const Position *q, uint64_t s_index) {
    static Position after[MOVE_MAX];
    int count = king_step_results(ix->v, q, after);
    for (int k = 0; k < count; k++)
        if (idx_encode(ix, &after[k]) == s_index) return true;
    return false;
}

static int compare_index(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The errors among the un-moves of s: a repeat, a hole, or a position with no move to s. */
static unsigned long long unmove_errors(const Indexer *ix, IdxCursor *encoder, const Position *s,
                                        uint64_t s_index) {
    static uint64_t index[UNMOVE_MAX];
    int count = unmove_king_indices(ix, encoder, s, index);
    qsort(index, (size_t)count, sizeof *index, compare_index);
    unsigned long long errors = 0;
    for (int k = 0; k < count; k++) {
        Position q;
        if ((k && index[k] == index[k - 1]) || !idx_decode(ix, index[k], &q)) {
            errors++;
            continue;
        }
        if (!movegen_has_capture(ix->v, &q)) errors += !king_moves_to(ix, &q, s_index);
    }
    return errors;
}

/* The legal quiet king moves of q whose result does not list q among its un-moves once. */
static unsigned long long missed_moves(const Indexer *ix, IdxCursor *encoder, const Position *q,
                                       uint64_t q_index) {
    static uint64_t index[UNMOVE_MAX];
    static Position after[MOVE_MAX];
    int moves = king_step_results(ix->v, q, after);
    unsigned long long missed = 0;
    for (int k = 0; k < moves; k++) {
        int count = unmove_king_indices(ix, encoder, &after[k], index), found = 0;
        for (int j = 0; j < count; j++) found += index[j] == q_index;
        missed += found != 1;
    }
    return missed;
}

static int check(const Case *c) {
    Variant v;
    Material m;
    Indexer ix;
    char err[128];
    if (!variant_lookup(c->variant, &v) ||
        material_parse(c->material, &m, err, sizeof err) != STATUS_OK) {
        printf("FAIL %s %s: no such variant or material\n", c->variant, c->material);
        return 0;
    }
    idx_init(&ix, &v, &m);
    unsigned long long positions = 0, wrong = 0, missed = 0;
    IdxCursor encoder = IDX_CURSOR_START; /* kept over every position, as the solver does */
    for (uint64_t i = 0; i < ix.size; i += c->stride) {
        Position p;
        if (!idx_decode(&ix, i, &p)) continue;
        positions++;
        wrong += unmove_errors(&ix, &encoder, &p, i);
        missed += missed_moves(&ix, &encoder, &p, i);
    }
    bool ok = positions > 0 && wrong == 0 && missed == 0;
    printf("%s %s %s: %llu positions, %llu un-moves without a move back, %llu moves missed\n",
           ok ? "ok  " : "FAIL", c->variant, c->material, positions, wrong, missed);
    return ok;
}

int main(void) {
    int passed = 0, total = (int)(sizeof cases / sizeof cases[0]);
    for (int i = 0; i < total; i++) passed += check(&cases[i]);
    printf("%d passed, %d failed\n", passed, total - passed);
    return passed == total ? 0 : 1;
}
