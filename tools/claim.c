#include "claim.h"

#include "draw_rules.h"
#include "movegen.h"

#include <stdlib.h>
#include <string.h>

const char *const claim_class_names[CLAIM_CLASSES] = {
    "capture pending", "weaker side captures first", "stronger side threatens",
    "won, but slower than the bound", "quiet"};

/* The side that wins position p of value c (a decided one). */
static int winner_of(const Position *p, Cell c) {
    return CELL_WDL(c) == WDL_WIN ? p->side : !p->side;
}

/* Whether side wins position p of value c. */
static bool won_by(int side, const Position *p, Cell c) {
    return CELL_WDL(c) != WDL_DRAW && winner_of(p, c) == side;
}

/* The class of p, a position not as claimed (see claim.h). */
static int exception_class(const Variant *v, const Claim *claim, const Position *p, Cell c) {
    if (won_by(claim->outcome, p, c)) return CLAIM_SLOW; /* won, so only the bound failed */
    if (movegen_has_capture(v, p)) return CLAIM_CAPTURE;
    Position waiting = *p; /* the side not to move, as if it were to move */
    waiting.side = !p->side;
    int stronger = claim->outcome == CLAIM_DRAW ? winner_of(p, c) : claim->outcome;
    if (movegen_has_capture(v, &waiting))
        return waiting.side == stronger ? CLAIM_STRONGER_THREATENS : CLAIM_WEAKER_CAPTURES;
    return CLAIM_QUIET;
}

/* Whether p, of value c, is as the claim states. */
static bool as_claimed(const Claim *claim, const Position *p, Cell c) {
    if (claim->outcome == CLAIM_DRAW) return CELL_WDL(c) == WDL_DRAW;
    if (!won_by(claim->outcome, p, c)) return false;
    return claim_within_bound(claim, (int)CELL_DTW(c), p->side == claim->outcome);
}

static void add_heat(const Variant *v, const Position *p, ClaimResult *r) {
    static const bool has_men[3] = {true, false, true}, has_kings[3] = {false, true, true};
    Bitboard key = (has_men[r->key_kind] ? p->man[r->key_side] : 0) |
                   (has_kings[r->key_kind] ? p->king[r->key_side] : 0);
    for (; key; key &= key - 1) r->heat[v->number_of[bit_first(key)]]++;
}

static void add_exception(const Variant *v, const Claim *claim, const Position *p, Cell c,
                          ClaimResult *r) {
    int k = exception_class(v, claim, p, c);
    ClaimClass *class = &r->classes[k];
    if (class->examples < CLAIM_EXAMPLES) class->example[class->examples++] = *p;
    class->count[p->side]++;
    if (k == CLAIM_SLOW || k == CLAIM_QUIET) add_heat(v, p, r);
}

static void note_longest(const Claim *claim, const Position *p, Cell c, ClaimResult *r) {
    if (!won_by(claim->outcome, p, c) || (int)CELL_DTW(c) <= r->longest[p->side]) return;
    r->longest[p->side] = (int)CELL_DTW(c);
    r->longest_at[p->side] = *p;
}

static void choose_key(const Claim *claim, ClaimResult *r) {
    r->key_side = claim->conditions              ? claim->condition[0].side
                  : claim->outcome == CLAIM_DRAW ? BLACK
                                                 : !claim->outcome;
    r->key_kind = claim->conditions ? claim->condition[0].kind : CLAIM_PIECE;
}

void claim_check(const MaterialTable *mt, int set, const Claim *claim, ClaimResult *r) {
    uint32_t cpp = table_info(mt->t)->cells_per_position;
    Cell *cells = material_table_cells(mt, 2); /* an error, not a failed claim */
    memset(r, 0, sizeof *r);
    choose_key(claim, r);
    for (uint64_t i = 0; i < mt->ix.size; i++) {
        Position p;
        if (!material_table_position(mt, i, &p) || !claim_applies(claim, &p)) continue;
        Cell c = cells[i * cpp + (uint32_t)set];
        if (claim->won_only && !won_by(claim->outcome, &p, c)) continue;
        r->positions++;
        note_longest(claim, &p, c, r);
        if (as_claimed(claim, &p, c))
            r->as_claimed++;
        else
            add_exception(mt->ix.v, claim, &p, c, r);
    }
    free(cells);
}

uint64_t claim_failures(const ClaimResult *r) {
    const uint64_t *slow = r->classes[CLAIM_SLOW].count, *quiet = r->classes[CLAIM_QUIET].count;
    return slow[WHITE] + slow[BLACK] + quiet[WHITE] + quiet[BLACK];
}

void claim_check_material(const Variant *v, const char *dir, const char *material,
                          const Claim *claim, ClaimResult *out) {
    MaterialTable mt;
    material_table_open(v, dir, material, 2, &mt);
    bool two_sets = table_info(mt.t)->cells_per_position > 1;
    claim_check(&mt, two_sets && !claim->pure ? VALUES_RULES : VALUES_PURE, claim, out);
    table_close(mt.t);
}
