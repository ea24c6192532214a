#include "claim_print.h"

#include "fen.h"
#include "probe_text.h"
#include "svg_plot.h"
#include "svg_text.h"

#include <string.h>

#define LINE_TEXT_MAX 4096

static const char *const side_names[2] = {"White", "Black"};
static const char *const kind_plurals[3] = {"men", "kings", "pieces"}; /* [CLAIM_MAN..] */

void claim_statement(const ClaimView *view, char *buf, size_t len) {
    const Claim *c = view->claim;
    size_t used;
    if (c->outcome == CLAIM_DRAW)
        used = (size_t)snprintf(buf, len, "a draw in every position of %s (%s)", view->material,
                                view->v->id);
    else
        used = (size_t)snprintf(buf, len, "%s wins every position of %s (%s)",
                                side_names[c->outcome], view->material, view->v->id);
    for (int i = 0; i < c->conditions && used < len; i++) {
        char cond[CLAIM_TEXT_MAX];
        claim_condition_text(view->v, &c->condition[i], cond, sizeof cond);
        used += (size_t)snprintf(buf + used, len - used, "%s %s", i ? "," : " where", cond);
    }
    if (c->to_move != CLAIM_ANY_SIDE && used < len)
        used += (size_t)snprintf(buf + used, len - used, ", %s to move", side_names[c->to_move]);
    if (c->within && used < len)
        used += (size_t)snprintf(buf + used, len - used, ", within %d %s", c->within,
                                 c->within_moves ? "moves" : "plies");
    if (c->won_only && used < len)
        used += (size_t)snprintf(buf + used, len - used, ", in every position it wins");
    if (view->v->draw_rules && used < len)
        snprintf(buf + used, len - used, c->pure ? ", pure values" : ", official values");
}

/* The FEN of p, its value and its best line, for an example. */
static dtb_status example_text(const ClaimView *view, const Position *p, char *fen, size_t fen_len,
                               char *value_text, size_t value_len, char *line, size_t line_len) {
    dtb_position pos;
    dtb_value value;
    fen_format(view->v, p, fen, fen_len);
    dtb_status s = dtb_parse_fen(view->h, fen, &pos);
    pos.rules = view->claim->pure ? DTB_RULES_PURE : DTB_RULES_OFFICIAL;
    if (s == DTB_OK) s = dtb_probe(view->h, &pos, &value);
    if (s == DTB_OK) s = probe_line_text(view->h, &pos, value, line, line_len);
    if (s == DTB_OK) probe_value_text(value, value_text, value_len);
    return s;
}

static dtb_status print_examples(const ClaimView *view, const ClaimClass *class, FILE *out) {
    dtb_status s = DTB_OK;
    for (int e = 0; e < class->examples && s == DTB_OK; e++) {
        char fen[FEN_MAX], value[64], line[LINE_TEXT_MAX];
        s = example_text(view, &class->example[e], fen, sizeof fen, value, sizeof value, line,
                         sizeof line);
        if (s == DTB_OK) fprintf(out, "  %s  %s  line: %s\n", fen, value, line);
    }
    return s;
}

static uint64_t both(const uint64_t *count) {
    return count[WHITE] + count[BLACK];
}

static void print_longest(const ClaimView *view, FILE *out) {
    const ClaimResult *r = view->result;
    fprintf(out, "longest win:");
    for (int side = WHITE; side <= BLACK; side++) {
        char fen[FEN_MAX] = "-";
        if (r->longest[side]) fen_format(view->v, &r->longest_at[side], fen, sizeof fen);
        fprintf(out, "%s %s to move %d plies %s", side ? "," : "", side_names[side],
                r->longest[side], fen);
    }
    fputc('\n', out);
}

dtb_status claim_print_text(const ClaimView *view, FILE *out) {
    const Claim *c = view->claim;
    const ClaimResult *r = view->result;
    char statement[CLAIM_TEXT_MAX * 2];
    claim_statement(view, statement, sizeof statement);
    fprintf(out, "claim: %s\npositions: %llu\n", statement, (unsigned long long)r->positions);
    if (c->outcome == CLAIM_DRAW)
        fprintf(out, "drawn: %llu\n", (unsigned long long)r->as_claimed);
    else
        fprintf(out, "won by %s%s: %llu\n", side_names[c->outcome],
                c->within ? " within the bound" : "", (unsigned long long)r->as_claimed);
    dtb_status s = DTB_OK;
    for (int k = 0; k < CLAIM_CLASSES && s == DTB_OK; k++) {
        if (k == CLAIM_SLOW && !c->within) continue;
        const ClaimClass *class = &r->classes[k];
        fprintf(out, "%s: %llu (White to move %llu, Black to move %llu)\n", claim_class_names[k],
                (unsigned long long)both(class->count), (unsigned long long)class->count[WHITE],
                (unsigned long long)class->count[BLACK]);
        s = print_examples(view, class, out);
    }
    if (s != DTB_OK) return s;
    if (c->outcome != CLAIM_DRAW) print_longest(view, out);
    fprintf(out, "claim %s: %llu quiet exceptions", claim_failures(r) ? "fails" : "holds",
            (unsigned long long)both(r->classes[CLAIM_QUIET].count));
    if (c->within)
        fprintf(out, ", %llu won slower than the bound",
                (unsigned long long)both(r->classes[CLAIM_SLOW].count));
    fputc('\n', out);
    return DTB_OK;
}

static void markdown_classes(const ClaimView *view, FILE *out) {
    const ClaimResult *r = view->result;
    fprintf(out, "| positions inside the conditions | as claimed |");
    for (int k = 0; k < CLAIM_CLASSES; k++)
        if (k != CLAIM_SLOW || view->claim->within) fprintf(out, " %s |", claim_class_names[k]);
    fprintf(out, "\n| ---: | ---: |");
    for (int k = 0; k < CLAIM_CLASSES; k++)
        if (k != CLAIM_SLOW || view->claim->within) fprintf(out, " ---: |");
    fprintf(out, "\n| %llu | %llu |", (unsigned long long)r->positions,
            (unsigned long long)r->as_claimed);
    for (int k = 0; k < CLAIM_CLASSES; k++)
        if (k != CLAIM_SLOW || view->claim->within)
            fprintf(out, " %llu (%llu / %llu) |", (unsigned long long)both(r->classes[k].count),
                    (unsigned long long)r->classes[k].count[WHITE],
                    (unsigned long long)r->classes[k].count[BLACK]);
    fprintf(out, "\n\nCounts of each class: in all (White to move / Black to move).\n");
}

static dtb_status markdown_longest(const ClaimView *view, FILE *out) {
    const ClaimResult *r = view->result;
    if (view->claim->outcome == CLAIM_DRAW) return DTB_OK;
    for (int side = WHITE; side <= BLACK; side++) {
        if (!r->longest[side]) {
            fprintf(out, "\nLongest win with %s to move: none.\n", side_names[side]);
            continue;
        }
        char fen[FEN_MAX], value[64], line[LINE_TEXT_MAX];
        dtb_status s = example_text(view, &r->longest_at[side], fen, sizeof fen, value,
                                    sizeof value, line, sizeof line);
        if (s != DTB_OK) return s;
        fprintf(out, "\nLongest win with %s to move: %d plies (%d moves of %s), `%s`: `%s`\n",
                side_names[side], r->longest[side],
                (r->longest[side] + (side == view->claim->outcome)) / 2,
                side_names[view->claim->outcome], fen, line);
    }
    return DTB_OK;
}

static dtb_status markdown_failures(const ClaimView *view, FILE *out) {
    const int failing[2] = {CLAIM_SLOW, CLAIM_QUIET};
    for (int f = 0; f < 2; f++) {
        const ClaimClass *class = &view->result->classes[failing[f]];
        if (!class->examples) continue;
        fprintf(out, "\nFirst failures, %s:\n\n", claim_class_names[failing[f]]);
        for (int e = 0; e < class->examples; e++) {
            char fen[FEN_MAX], value[64], line[LINE_TEXT_MAX];
            dtb_status s = example_text(view, &class->example[e], fen, sizeof fen, value,
                                        sizeof value, line, sizeof line);
            if (s != DTB_OK) return s;
            fprintf(out, "- `%s` (%s for the side to move): `%s`\n", fen, value, line);
        }
    }
    return DTB_OK;
}

dtb_status claim_print_markdown(const ClaimView *view, const char *heat_map, FILE *out) {
    markdown_classes(view, out);
    dtb_status s = markdown_longest(view, out);
    if (s == DTB_OK) s = markdown_failures(view, out);
    if (s != DTB_OK) return s;
    if (heat_map)
        fprintf(out, "\n![where the failures' %s %s stand](%s)\n",
                side_names[view->result->key_side], kind_plurals[view->result->key_kind], heat_map);
    return DTB_OK;
}

bool claim_write_heat_map(const ClaimView *view, const char *path) {
    const ClaimResult *r = view->result;
    char statement[CLAIM_TEXT_MAX * 2], caption[256];
    claim_statement(view, statement, sizeof statement);
    snprintf(caption, sizeof caption, "%llu failures: where %s's %s stand in them",
             (unsigned long long)claim_failures(r), side_names[r->key_side],
             kind_plurals[r->key_kind]);
    char tmp[4200];
    FILE *out = svg_file_open(path, tmp, sizeof tmp);
    if (!out) return false;
    int failed = svg_heat_map(view->v, r->heat, statement, caption, out);
    return svg_file_close(out, tmp, path, failed != 0);
}
