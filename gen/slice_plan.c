/* Each side's placements of men are listed once with their rows to go; a slice's rows are
 * the sum of its two sides', so counting the groups needs no position decoded per slice. */
#include "slice_plan.h"

#include <stdlib.h>
#include <string.h>

static int row_of(const Board *b, int bit) {
    return b->index_of[bit] / (b->size / 2);
}

/* The rows `side`'s men in set have to go to their promotion row. */
static int rows_to_go(const Board *b, Bitboard set, int side) {
    int goal = row_of(b, bit_first(b->promotion[side])), rows = 0;
    for (; set; set &= set - 1) rows += abs(row_of(b, bit_first(set)) - goal);
    return rows;
}

/* One side's placements of men, in the order of their rank in the index. */
typedef struct SideSets {
    Bitboard *men;
    uint8_t *rows;
} SideSets;

static bool side_sets(const Indexer *ix, uint64_t slice_size, int side, SideSets *out) {
    uint64_t count = ix->men_count[side];
    uint64_t stride = (side == WHITE ? ix->men_count[BLACK] : 1) * slice_size;
    out->men = malloc(count * sizeof *out->men);
    out->rows = malloc(count);
    if (!out->men || !out->rows) return false;
    IdxCursor cur = IDX_CURSOR_START;
    for (uint64_t k = 0; k < count; k++) {
        Position p;
        idx_decode_near(ix, &cur, k * stride, &p); /* a hole's men are decoded too */
        out->men[k] = p.man[side];
        out->rows[k] = (uint8_t)rows_to_go(ix->v->board, p.man[side], side);
    }
    return true;
}

uint64_t slice_count(const Indexer *ix) {
    return ix->men_count[WHITE] * ix->men_count[BLACK];
}

uint64_t slice_positions(const Indexer *ix) {
    return 2 * (ix->per_side / slice_count(ix));
}

bool slice_plan_make(const Indexer *ix, SlicePlan *plan, uint8_t *rows) {
    memset(plan, 0, sizeof *plan);
    plan->slice_count = slice_count(ix);
    plan->slice_size = ix->per_side / plan->slice_count;
    SideSets white = {NULL, NULL}, black = {NULL, NULL};
    bool ok = side_sets(ix, plan->slice_size, WHITE, &white) &&
              side_sets(ix, plan->slice_size, BLACK, &black);
    for (uint64_t w = 0; ok && w < ix->men_count[WHITE]; w++)
        for (uint64_t b = 0; b < ix->men_count[BLACK]; b++) {
            bool hole = white.men[w] & black.men[b];
            int r = hole ? SLICE_HOLE : white.rows[w] + black.rows[b];
            plan->group[r]++;
            if (rows) rows[w * ix->men_count[BLACK] + b] = (uint8_t)r;
        }
    free(white.men);
    free(white.rows);
    free(black.men);
    free(black.rows);
    return ok;
}
