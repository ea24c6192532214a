#include "draw_rules.h"

typedef struct HorizonRule {
    Material material;    /* canonical: the stronger side is White */
    int plies[2];         /* [stronger to move, weaker to move] */
    bool counts_moves;    /* the stronger side's moves played there shorten it */
} HorizonRule;

/* The rows of RULES.md 7.2. */
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

int draw_value_sets(const Variant *v) { return v->draw_rules ? 2 : 1; }

int draw_horizon(const Variant *v, const Material *m, int side) {
    const HorizonRule *r = rule_for(v, m);
    return r ? r->plies[side == WHITE ? 0 : 1] : 0;
}

bool draw_counts_moves(const Variant *v, const Material *m) {
    const HorizonRule *r = rule_for(v, m);
    return r && r->counts_moves;
}

Cell draw_cut(Cell c, int horizon) {
    int wdl = CELL_WDL(c);
    bool decided = wdl == WDL_WIN || wdl == WDL_LOSS;
    return horizon && decided && CELL_DTW(c) > horizon ? CELL_MAKE(WDL_DRAW, 0) : c;
}
