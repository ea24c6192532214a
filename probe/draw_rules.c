#include "draw_rules.h"

typedef struct HorizonRule {
    Material material; /* canonical: the stronger side is White */
    int plies[2];      /* [stronger to move, weaker to move] */
    bool counts_moves; /* the stronger side's moves played there shorten it */
} HorizonRule;

/* The rows of docs/rules.md 7.2. */
static const HorizonRule frisian_rules[] = {
    {{{2, 1}, {0, 0}}, {13, 14}, true}, /* 2 kings v 1: win within 7 moves */
    {{{1, 1}, {0, 0}}, {1, 1}, false},  /* 1 king v 1: only an immediate capture */
};

static const HorizonRule *rule_for(const Variant *v, const Material *m) {
    if (!v->draw_rules) return NULL;
    for (size_t i = 0; i < sizeof frisian_rules / sizeof frisian_rules[0]; i++)
        if (material_equal(&frisian_rules[i].material, m)) return &frisian_rules[i];
    return NULL;
}

int draw_value_sets(const Variant *v) {
    return v->draw_rules ? 2 : 1;
}

int draw_horizon(const Variant *v, const Material *m, int side) {
    const HorizonRule *r = rule_for(v, m);
    return r ? r->plies[side == WHITE ? 0 : 1] : 0;
}

bool draw_counts_moves(const Variant *v, const Material *m) {
    const HorizonRule *r = rule_for(v, m);
    return r && r->counts_moves;
}

static bool decided(Cell c) {
    return CELL_WDL(c) == WDL_WIN || CELL_WDL(c) == WDL_LOSS;
}

Cell draw_cut(Cell c, int horizon) {
    return horizon && decided(c) && CELL_DTW(c) > horizon ? CELL_MAKE(WDL_DRAW, 0) : c;
}

int draw_position_horizon(const Variant *v, const Position *p) {
    Material m;
    bool reversed = material_stored_of(p, &m);
    return draw_horizon(v, &m, reversed ? !p->side : p->side);
}

int draw_counting_side(const Variant *v, const Position *p) {
    Material m;
    bool reversed = material_stored_of(p, &m);
    if (!draw_counts_moves(v, &m)) return -1;
    return reversed ? BLACK : WHITE; /* the stored White is the stronger side */
}

/* The plies left of p's horizon once the stronger side has played `moves_played` moves there. */
static int plies_left(const Variant *v, const Position *p, int moves_played) {
    return draw_position_horizon(v, p) - 2 * moves_played;
}

Cell draw_cut_moves_played(const Variant *v, const Position *p, Cell c, int moves_played) {
    if (moves_played <= 0 || draw_counting_side(v, p) < 0) return c;
    int left = plies_left(v, p, moves_played);
    return left < 0 || (decided(c) && (int)CELL_DTW(c) > left) ? CELL_MAKE(WDL_DRAW, 0) : c;
}

int draw_plies_left(const Variant *v, const Position *p, int moves_played) {
    return draw_position_horizon(v, p) ? plies_left(v, p, moves_played) : DRAW_NO_HORIZON;
}

bool draw_horizon_passed(const Variant *v, const Position *p, int moves_played) {
    return draw_plies_left(v, p, moves_played) < 0;
}

int draw_moves_played_after(const Variant *v, const Position *p, const Position *next,
                            int moves_played) {
    int strong = draw_counting_side(v, next);
    Material before = material_of(p), after = material_of(next);
    if (strong < 0 || !material_equal(&before, &after)) return 0;
    return moves_played + (p->side == strong);
}
