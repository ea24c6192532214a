#include "claim.h"

#include "draw_rules.h"
#include "movegen.h"
#include "tablebase.h"

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

/* A check of a claim over a table (tb_scan): its results, and the indices of the positions
 * kept as examples and as the longest wins, which are the first in the index's order
 * whatever order the scan takes. */
typedef struct ClaimScan {
    const MaterialTable *mt;
    int set;
    const Claim *claim;
    ClaimResult *r;
    uint64_t example_index[CLAIM_CLASSES][CLAIM_EXAMPLES];
    uint64_t longest_index[2];
} ClaimScan;

/* Keeps p, of this index, among the class's examples if it is one of the first by index. */
static void keep_example(ClaimClass *class, uint64_t *kept, uint64_t index, const Position *p) {
    int at = class->examples;
    if (at == CLAIM_EXAMPLES) {
        if (index > kept[at - 1]) return;
        at--; /* the last gives way */
    } else {
        class->examples++;
    }
    for (; at > 0 && kept[at - 1] > index; at--) {
        kept[at] = kept[at - 1];
        class->example[at] = class->example[at - 1];
    }
    kept[at] = index;
    class->example[at] = *p;
}

static void add_exception(ClaimScan *scan, uint64_t index, const Position *p, Cell c) {
    ClaimResult *r = scan->r;
    int k = exception_class(scan->mt->ix.v, scan->claim, p, c);
    keep_example(&r->classes[k], scan->example_index[k], index, p);
    r->classes[k].count[p->side]++;
    if (k == CLAIM_SLOW || k == CLAIM_QUIET) add_heat(scan->mt->ix.v, p, r);
}

static void note_longest(ClaimScan *scan, uint64_t index, const Position *p, Cell c) {
    ClaimResult *r = scan->r;
    int dtw = (int)CELL_DTW(c), side = p->side;
    if (!won_by(scan->claim->outcome, p, c) || dtw == 0 || dtw < r->longest[side]) return;
    if (dtw == r->longest[side] && index > scan->longest_index[side]) return;
    r->longest[side] = dtw;
    r->longest_at[side] = *p;
    scan->longest_index[side] = index;
}

static void choose_key(const Claim *claim, ClaimResult *r) {
    r->key_side = claim->conditions              ? claim->condition[0].side
                  : claim->outcome == CLAIM_DRAW ? BLACK
                                                 : !claim->outcome;
    r->key_kind = claim->conditions ? claim->condition[0].kind : CLAIM_PIECE;
}

/* Counts position `index` of the canonical material, of these cells, where the claim applies. */
static Status check_position(void *ctx, uint64_t index, const Position *canonical,
                             const Cell *cells, char *err, size_t errlen) {
    (void)err, (void)errlen;
    ClaimScan *scan = ctx;
    Position p = *canonical;
    if (scan->mt->reversed) pos_reversed(scan->mt->ix.v->board, canonical, &p);
    Cell c = cells[scan->set];
    const Claim *claim = scan->claim;
    if (!claim_applies(claim, &p) || (claim->won_only && !won_by(claim->outcome, &p, c)))
        return STATUS_OK;
    scan->r->positions++;
    note_longest(scan, index, &p, c);
    if (as_claimed(claim, &p, c))
        scan->r->as_claimed++;
    else
        add_exception(scan, index, &p, c);
    return STATUS_OK;
}

Status claim_check(const MaterialTable *mt, int set, const Claim *claim, ClaimResult *r, char *err,
                   size_t errlen) {
    memset(r, 0, sizeof *r);
    choose_key(claim, r);
    ClaimScan scan = {.mt = mt, .set = set, .claim = claim, .r = r};
    Tablebase *tb = tb_open(mt->ix.v, mt->dir);
    if (!tb) return status_fail(err, errlen, STATUS_MEMORY, mt->dir, "out of memory opening it");
    Status s = tb_scan(tb, &mt->ix.m, check_position, &scan, err, errlen);
    tb_close(tb);
    return s;
}

uint64_t claim_failures(const ClaimResult *r) {
    const uint64_t *slow = r->classes[CLAIM_SLOW].count, *quiet = r->classes[CLAIM_QUIET].count;
    return slow[WHITE] + slow[BLACK] + quiet[WHITE] + quiet[BLACK];
}

Status claim_check_material(const Variant *v, const char *dir, const char *material,
                            const Claim *claim, ClaimResult *out, char *err, size_t errlen) {
    MaterialTable mt;
    Status s = material_table_open(v, dir, material, &mt, err, errlen);
    if (s == STATUS_OK) {
        bool two_sets = table_info(mt.t)->cells_per_position > 1;
        int set = two_sets && !claim->pure ? VALUES_OFFICIAL : VALUES_PURE;
        s = claim_check(&mt, set, claim, out, err, errlen);
    }
    table_close(mt.t);
    return s;
}
