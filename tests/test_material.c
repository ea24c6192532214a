/* The materials moves convert into (material_captures, material_exits) are the ones moves
 * really reach: the lists hold what is counted by hand, and over every position of a few
 * materials the legal moves that leave the material reach exactly the listed ones.  There
 * too, movegen_men_changes (the generator's moves) must count the legal moves and list
 * exactly those that change the material or the men's placement. */
#include "index.h"
#include "movegen.h"

#include <stdio.h>

typedef struct Count {
    const char *material;
    int side, captures, exits;
} Count;

/* Some of the opponent's pieces taken but not all, by a man that promotes or not; exits
 * add a man's promotion without a capture. */
static const Count counts[] = {
    {"KMvKM", WHITE, 2 * 2, 2 * 2 + 1}, /* Black keeps K or M */
    {"KKvK", WHITE, 0, 0},              /* taking Black's only piece ends the game */
    {"MMvMM", BLACK, 1 * 2, 1 * 2 + 1}, /* White keeps one man */
    {"KKMvKK", BLACK, 4, 4},            /* White keeps KK, KM, K or M; no man promotes */
};

static int check_count(const Count *c) {
    Material m, out[MATERIAL_EXITS_MAX];
    char err[128];
    material_parse(c->material, &m, err, sizeof err);
    int captures = material_captures(&m, c->side, out, MATERIAL_EXITS_MAX);
    int exits = material_exits(&m, c->side, out, MATERIAL_EXITS_MAX);
    bool ok = captures == c->captures && exits == c->exits;
    printf("%s %s, %s to move: %d captures, %d exits (want %d, %d)\n", ok ? "ok  " : "FAIL",
           c->material, c->side == WHITE ? "White" : "Black", captures, exits, c->captures,
           c->exits);
    return ok;
}

static int find(const Material *list, int count, const Material *m) {
    for (int i = 0; i < count; i++)
        if (material_equal(&list[i], m)) return i;
    return -1;
}

/* Whether changes holds exactly the moves of legal that change material m or the men's
 * placement of p. */
static bool same_changes(const Variant *v, const Position *p, const Material *m,
                         const MoveList *legal, const MoveList *changes) {
    int changing = 0;
    for (int k = 0; k < legal->count; k++) {
        Position next;
        movegen_play(v, p, &legal->move[k], &next);
        Material after = material_of(&next);
        bool men_kept = next.man[WHITE] == p->man[WHITE] && next.man[BLACK] == p->man[BLACK];
        if (material_equal(&after, m) && men_kept) continue;
        bool listed = false;
        for (int j = 0; j < changes->count; j++)
            listed |= changes->move[j].captured == legal->move[k].captured &&
                      changes->move[j].from == legal->move[k].from &&
                      changes->move[j].to == legal->move[k].to;
        if (!listed) return false;
        changing++;
    }
    return changing == changes->count;
}

/* Every move of every position of m: one that leaves m, other than by taking the last
 * piece (the game is over, no table), must reach a listed exit, a capture a listed
 * capture, and every listed exit must be reached. */
static int check_reached(const char *variant, const char *material) {
    Variant v;
    Material m, exits[2][MATERIAL_EXITS_MAX], captures[2][MATERIAL_EXITS_MAX];
    char err[128];
    variant_lookup(variant, &v);
    material_parse(material, &m, err, sizeof err);
    int exit_count[2], capture_count[2];
    bool reached[2][MATERIAL_EXITS_MAX] = {{false}}, listed = true;
    for (int side = 0; side < 2; side++) {
        exit_count[side] = material_exits(&m, side, exits[side], MATERIAL_EXITS_MAX);
        capture_count[side] = material_captures(&m, side, captures[side], MATERIAL_EXITS_MAX);
    }
    Indexer ix;
    idx_init(&ix, &v, &m);
    static MoveList list, changes;
    list.paths = changes.paths = NULL;
    bool changes_agree = true;
    for (uint64_t i = 0; i < ix.size; i++) {
        Position p, next;
        if (!idx_decode(&ix, i, &p)) continue;
        movegen_legal(&v, &p, &list);
        changes_agree &= movegen_men_changes(&v, &p, &changes) == list.count &&
                         same_changes(&v, &p, &m, &list, &changes);
        for (int k = 0; k < list.count; k++) {
            movegen_play(&v, &p, &list.move[k], &next);
            Material after = material_of(&next);
            bool game_over = after.kings[!p.side] + after.men[!p.side] == 0;
            if (material_equal(&after, &m) || game_over) continue;
            int at = find(exits[p.side], exit_count[p.side], &after);
            listed &= at >= 0 && (!list.move[k].captured ||
                                  find(captures[p.side], capture_count[p.side], &after) >= 0);
            if (at >= 0) reached[p.side][at] = true;
        }
    }
    bool all_reached = true;
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < exit_count[side]; k++) all_reached &= reached[side][k];
    bool ok = listed && all_reached && changes_agree;
    printf("%s %s %s: every move leaving it reaches a listed exit%s, every exit reached%s, "
           "the generator's moves agree%s\n",
           ok ? "ok  " : "FAIL", variant, material, listed ? "" : " (NOT)",
           all_reached ? "" : " (NOT)", changes_agree ? "" : " (NOT)");
    return ok;
}

int main(void) {
    int passed = 0, total = (int)(sizeof counts / sizeof counts[0]) + 3;
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) passed += check_count(&counts[i]);
    passed += check_reached("brazilian", "KMvKM");
    passed += check_reached("frisian2-8", "KMMvM");
    passed += check_reached("frisian", "KMvM"); /* the king-move limit */
    printf("%d passed, %d failed\n", passed, total - passed);
    return passed == total ? 0 : 1;
}
