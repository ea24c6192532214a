/* Checks hand-derived rule cases (tests/data/rules.txt, fen_errors.txt).  Each line is
 *   kind | variant | FEN | expected | reason
 * moves:  expected is the exact set of legal moves in notation, "-" for none;
 * play:   "MOVE => FEN": the position after the legal move MOVE;
 * format: the text fen_format writes, which must parse back to the same position;
 * error:  fen_parse must reject FEN with a message containing expected;
 * threat: "bounded" or "stored": whether the position is a bounded threat.
 * Usage: test_rules FILE...; prints ok/FAIL per case and "N passed, M failed". */
#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "threat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FIELD_KIND, FIELD_VARIANT, FIELD_FEN, FIELD_EXPECTED, FIELD_REASON, FIELD_COUNT };

typedef struct Case {
    char *field[FIELD_COUNT];
    Variant v;
    char detail[2048]; /* why a case failed */
} Case;

typedef struct Check {
    const char *kind;
    bool (*run)(Case *c);
} Check;

/* Moves in notation; for the generated list, text[i] is move i of `list`. */
typedef struct Notations {
    int count;
    char text[MOVE_MAX][NOTATION_MAX];
} Notations;

static MoveList list;
static MovePath paths[MOVE_MAX];
static Notations got;

static char *trim(char *s) {
    while (*s == ' ' || *s == '\t') s++;
    char *end = s + strlen(s);
    while (end > s && strchr(" \t\r\n", end[-1])) *--end = '\0';
    return s;
}

static int compare_text(const void *a, const void *b) {
    return strcmp(a, b);
}

static bool parse(Case *c, const char *fen, Position *p) {
    char err[256];
    if (fen_parse(&c->v, fen, p, err, sizeof err) == STATUS_OK) return true;
    snprintf(c->detail, sizeof c->detail, "FEN '%s' rejected: %s", fen, err);
    return false;
}

static void legal_notations(const Variant *v, const Position *p) {
    notation_legal_moves(v, p, &list, paths);
    got.count = list.count;
    for (int i = 0; i < list.count; i++)
        notation_format(v, &list, i, got.text[i], sizeof got.text[i]);
}

static void sort_notations(Notations *n) {
    qsort(n->text, (size_t)n->count, sizeof n->text[0], compare_text);
}

/* Splits a space-separated move list ("-" for none). */
static void split_moves(char *text, Notations *out) {
    out->count = 0;
    for (char *tok = strtok(text, " "); tok && out->count < MOVE_MAX; tok = strtok(NULL, " "))
        if (strcmp(tok, "-") != 0) snprintf(out->text[out->count++], NOTATION_MAX, "%s", tok);
}

static void join(const Notations *n, char *buf, size_t len) {
    size_t used = (size_t)snprintf(buf, len, "%s", n->count ? "" : "-");
    for (int i = 0; i < n->count && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", n->text[i]);
}

static bool same_notations(const Notations *a, const Notations *b) {
    if (a->count != b->count) return false;
    for (int i = 0; i < a->count; i++)
        if (strcmp(a->text[i], b->text[i]) != 0) return false;
    return true;
}

static bool check_moves(Case *c) {
    static Notations want;
    Position p;
    if (!parse(c, c->field[FIELD_FEN], &p)) return false;
    legal_notations(&c->v, &p);
    split_moves(c->field[FIELD_EXPECTED], &want);
    sort_notations(&got);
    sort_notations(&want);
    if (same_notations(&want, &got)) return true;
    char w[900], g[900];
    join(&want, w, sizeof w);
    join(&got, g, sizeof g);
    snprintf(c->detail, sizeof c->detail, "expected {%s}, generated {%s}", w, g);
    return false;
}

static bool same_position(const Position *a, const Position *b) {
    bool same = a->side == b->side;
    for (int s = 0; s < 2; s++)
        same = same && a->man[s] == b->man[s] && a->king[s] == b->king[s] &&
               a->king_moves_square[s] == b->king_moves_square[s] &&
               (a->king_moves_square[s] == NO_SQUARE ||
                a->king_moves_count[s] == b->king_moves_count[s]);
    return same;
}

static void describe_mismatch(Case *c, const Position *p, const char *want) {
    char text[FEN_MAX];
    fen_format(&c->v, p, text, sizeof text);
    snprintf(c->detail, sizeof c->detail, "expected %s, got %s", want, text);
}

/* The index in `list` of the legal move written `move`, or -1. */
static int find_move(const Variant *v, const Position *p, const char *move) {
    legal_notations(v, p);
    for (int i = 0; i < got.count; i++)
        if (strcmp(got.text[i], move) == 0) return i;
    return -1;
}

static bool check_play(Case *c) {
    char *arrow = strstr(c->field[FIELD_EXPECTED], "=>");
    Position before, after, want;
    if (!arrow) {
        snprintf(c->detail, sizeof c->detail, "bad case: expected 'MOVE => FEN'");
        return false;
    }
    *arrow = '\0';
    char *move = trim(c->field[FIELD_EXPECTED]), *want_fen = trim(arrow + 2);
    if (!parse(c, c->field[FIELD_FEN], &before) || !parse(c, want_fen, &want)) return false;
    int i = find_move(&c->v, &before, move);
    if (i < 0) {
        snprintf(c->detail, sizeof c->detail, "%s is not a legal move", move);
        return false;
    }
    movegen_play(&c->v, &before, &list.move[i], &after);
    if (same_position(&after, &want)) return true;
    describe_mismatch(c, &after, want_fen);
    return false;
}

static bool check_format(Case *c) {
    Position p, again;
    char text[FEN_MAX];
    if (!parse(c, c->field[FIELD_FEN], &p)) return false;
    fen_format(&c->v, &p, text, sizeof text);
    if (strcmp(text, c->field[FIELD_EXPECTED]) != 0) {
        snprintf(c->detail, sizeof c->detail, "formatted as %s", text);
        return false;
    }
    if (!parse(c, text, &again)) return false;
    if (same_position(&p, &again)) return true;
    snprintf(c->detail, sizeof c->detail, "%s parses back to another position", text);
    return false;
}

static bool check_error(Case *c) {
    Position p;
    char err[256];
    if (fen_parse(&c->v, c->field[FIELD_FEN], &p, err, sizeof err) == STATUS_OK) {
        snprintf(c->detail, sizeof c->detail, "accepted");
        return false;
    }
    if (strstr(err, c->field[FIELD_EXPECTED])) return true;
    snprintf(c->detail, sizeof c->detail, "message '%s' lacks '%s'", err, c->field[FIELD_EXPECTED]);
    return false;
}

/* threat: whether threat_bounded holds, and then that it leaves p's legal moves in the
 * list. */
static bool check_threat(Case *c) {
    Position p;
    if (!parse(c, c->field[FIELD_FEN], &p)) return false;
    bool bounded = threat_bounded(&c->v, &p, &list);
    int listed = list.count;
    const char *want = c->field[FIELD_EXPECTED];
    if (strcmp(want, bounded ? "bounded" : "stored") != 0) {
        snprintf(c->detail, sizeof c->detail, "expected %s, found %s", want,
                 bounded ? "bounded" : "stored");
        return false;
    }
    legal_notations(&c->v, &p);
    if (!bounded || listed == got.count) return true;
    snprintf(c->detail, sizeof c->detail, "listed %d moves of %d legal", listed, got.count);
    return false;
}

static const Check checks[] = {
    {"moves", check_moves}, {"play", check_play},     {"format", check_format},
    {"error", check_error}, {"threat", check_threat},
};

static const Check *find_check(const char *kind) {
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
        if (strcmp(checks[i].kind, kind) == 0) return &checks[i];
    return NULL;
}

/* Runs the case on one line; returns true when it passes. */
static bool run_line(char *line) {
    static Case c;
    int n = 0;
    for (char *s = line, *bar; n < FIELD_COUNT; s = bar + 1) {
        bar = strchr(s, '|');
        if (bar) *bar = '\0';
        c.field[n++] = trim(s);
        if (!bar) break;
    }
    c.detail[0] = '\0';
    const Check *check = n == FIELD_COUNT ? find_check(c.field[FIELD_KIND]) : NULL;
    if (!check || !variant_lookup(c.field[FIELD_VARIANT], &c.v)) {
        printf("FAIL bad test line '%s...': it needs 5 fields, a known kind and variant\n",
               c.field[FIELD_KIND]);
        return false;
    }
    bool ok = check->run(&c);
    printf("%s %s %s %s: %s%s%s\n", ok ? "ok  " : "FAIL", c.field[FIELD_KIND],
           c.field[FIELD_VARIANT], c.field[FIELD_FEN], c.field[FIELD_REASON], ok ? "" : "\n     ",
           c.detail);
    return ok;
}

/* Every step of a direction is the one shift board.h promises: from each square that can
 * step, square + shift lies one step away, by the board's rows and columns (docs/rules.md 2:
 * diagonals change both by one; orthogonal steps, two columns or two rows).  Returns the
 * number of wrong steps. */
static int wrong_steps(const Board *b) {
    static const int delta[DIR_COUNT][2] = {
        /* column, row (rows counted downwards) */
        [DIR_NW] = {-1, -1}, [DIR_NE] = {1, -1}, [DIR_SW] = {-1, 1}, [DIR_SE] = {1, 1},
        [DIR_N] = {0, -2},   [DIR_S] = {0, 2},   [DIR_W] = {-2, 0},  [DIR_E] = {2, 0}};
    int wrong = 0;
    for (int d = 0; d < DIR_COUNT; d++)
        for (Bitboard from = b->can_step[d]; from; from &= from - 1) {
            int sq = bit_first(from), to = sq + b->shift[d];
            bool ok = to >= 0 && to < 64 && (b->all & bit_at(to)) &&
                      board_col(b, to) - board_col(b, sq) == delta[d][0] &&
                      board_row(b, to) - board_row(b, sq) == delta[d][1];
            if (!ok)
                printf("FAIL %dx%d board: direction %d from bit %d\n", b->size, b->size, d, sq);
            wrong += !ok;
        }
    return wrong;
}

int main(int argc, char **argv) {
    int passed = 0, failed = 0;
    for (int size = 8; size <= 10; size += 2) {
        int wrong = wrong_steps(board_get(size));
        passed += !wrong;
        failed += wrong;
    }
    for (int a = 1; a < argc; a++) {
        FILE *f = fopen(argv[a], "r");
        if (!f) {
            perror(argv[a]);
            return 2;
        }
        char line[2048];
        while (fgets(line, sizeof line, f)) {
            if (line[0] == '#' || trim(line)[0] == '\0') continue;
            if (run_line(line))
                passed++;
            else
                failed++;
        }
        fclose(f);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed || passed == 0 ? 1 : 0;
}
