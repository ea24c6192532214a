#include "claims_file.h"

#include "material.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* What one entry has read so far, to check the required keys at its end. */
typedef struct Reading {
    const char *path;
    int line;
    bool has_variant, has_outcome;
    char err[CLAIMS_FIELD_MAX + 256];
} Reading;

typedef bool (*KeyReader)(Reading *r, const char *value, ClaimEntry *e);

static bool fail(Reading *r, const char *fmt, const char *detail) {
    char what[CLAIMS_FIELD_MAX + 128];
    snprintf(what, sizeof what, fmt, detail);
    snprintf(r->err, sizeof r->err, "%s:%d: %s", r->path, r->line, what);
    return false;
}

static bool copy_field(Reading *r, const char *value, char *field, size_t len) {
    if (strlen(value) >= len) return fail(r, "'%.40s...' is too long", value);
    snprintf(field, len, "%s", value);
    return true;
}

static bool read_title(Reading *r, const char *value, ClaimEntry *e) {
    return copy_field(r, value, e->title, sizeof e->title);
}

static bool read_source(Reading *r, const char *value, ClaimEntry *e) {
    return copy_field(r, value, e->source, sizeof e->source);
}

static bool read_refines(Reading *r, const char *value, ClaimEntry *e) {
    return copy_field(r, value, e->refines, sizeof e->refines);
}

static bool read_variant(Reading *r, const char *value, ClaimEntry *e) {
    /* A second variant would leave the squares of earlier conditions on the wrong board. */
    if (r->has_variant) return fail(r, "a second variant ('variant: %s')", value);
    if (!variant_lookup(value, &e->v)) return fail(r, "unknown variant '%s'", value);
    r->has_variant = true;
    return true;
}

static bool read_material(Reading *r, const char *value, ClaimEntry *e) {
    Material m;
    char why[256];
    if (material_parse(value, &m, why, sizeof why) != STATUS_OK) return fail(r, "%s", why);
    return copy_field(r, value, e->material, sizeof e->material);
}

static bool read_wins(Reading *r, const char *value, ClaimEntry *e) {
    char why[256];
    if (r->has_outcome) return fail(r, "a second outcome ('wins: %s')", value);
    r->has_outcome = true;
    return claim_parse_side("wins", value, &e->claim.outcome, why, sizeof why) ||
           fail(r, "%s", why);
}

static bool read_draw(Reading *r, const char *value, ClaimEntry *e) {
    if (r->has_outcome || *value) return fail(r, "'draw:' takes no value and no 'wins:'%s", "");
    r->has_outcome = true;
    e->claim.outcome = CLAIM_DRAW;
    return true;
}

static bool read_where(Reading *r, const char *value, ClaimEntry *e) {
    char why[CLAIMS_FIELD_MAX + 128];
    if (!r->has_variant) return fail(r, "'where: %s' before 'variant:'", value);
    return claim_add_where(&e->v, value, &e->claim, why, sizeof why) || fail(r, "%s", why);
}

static bool read_to_move(Reading *r, const char *value, ClaimEntry *e) {
    char why[256];
    return claim_parse_side("to-move", value, &e->claim.to_move, why, sizeof why) ||
           fail(r, "%s", why);
}

static bool read_within(Reading *r, const char *value, ClaimEntry *e) {
    char why[256];
    return claim_parse_bound(value, &e->claim, why, sizeof why) || fail(r, "%s", why);
}

static bool read_won_only(Reading *r, const char *value, ClaimEntry *e) {
    if (*value) return fail(r, "'won-only:' takes no value, not '%s'", value);
    e->claim.won_only = true;
    return true;
}

static bool read_rules(Reading *r, const char *value, ClaimEntry *e) {
    if (strcmp(value, "pure") && strcmp(value, "official"))
        return fail(r, "rules is 'pure' or 'official', not '%s'", value);
    e->claim.pure = strcmp(value, "pure") == 0;
    return true;
}

/* The keys of an entry and their readers. */
static const struct {
    const char *key;
    KeyReader read;
} keys[] = {
    {"title", read_title},     {"source", read_source},     {"refines", read_refines},
    {"variant", read_variant}, {"material", read_material}, {"wins", read_wins},
    {"draw", read_draw},       {"where", read_where},       {"to-move", read_to_move},
    {"within", read_within},   {"won-only", read_won_only}, {"rules", read_rules},
};

static bool read_key(Reading *r, char *text, ClaimEntry *e) {
    char *colon = strchr(text, ':');
    if (!colon) return fail(r, "'%s' is not 'key: value'", text);
    *colon = '\0';
    char *value = colon + 1;
    while (isspace((unsigned char)*value)) value++;
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        if (strcmp(text, keys[k].key) == 0) return keys[k].read(r, value, e);
    return fail(r, "unknown key '%s'", text);
}

/* Checks the entry just read: every required key, and a refined form's plain form. */
static bool finish_entry(Reading *r, const ClaimEntry *all, int count) {
    const ClaimEntry *e = &all[count - 1];
    if (!*e->title || !*e->source || !r->has_variant || !*e->material || !r->has_outcome)
        return fail(r, "entry [%s] needs title, source, variant, material and wins or draw", e->id);
    if (e->claim.outcome == CLAIM_DRAW && e->claim.within)
        return fail(r, "entry [%s]: a draw takes no 'within'", e->id);
    if (e->claim.won_only && !e->claim.within)
        return fail(r, "entry [%s]: 'won-only' needs 'within'", e->id);
    bool found = !*e->refines;
    for (int i = 0; i < count - 1 && !found; i++) found = strcmp(all[i].id, e->refines) == 0;
    return found || fail(r, "'refines: %s' names no entry before it", e->refines);
}

/* Starts entry "[id]" at the end of *all. */
static bool start_entry(Reading *r, char *text, ClaimEntry **all, int *count) {
    size_t n = strlen(text);
    static const char id_chars[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-";
    if (n < 3 || text[n - 1] != ']' || n - 2 >= sizeof(*all)->id ||
        strspn(text + 1, id_chars) != n - 2) /* the id is the report's anchor too */
        return fail(r, "'%s' is not an entry's [id] (letters, digits and '-')", text);
    text[n - 1] = '\0';
    for (int i = 0; i < *count; i++)
        if (strcmp((*all)[i].id, text + 1) == 0) return fail(r, "a second entry [%s]", text + 1);
    ClaimEntry *grown = realloc(*all, (size_t)(*count + 1) * sizeof *grown);
    if (!grown) return fail(r, "out of memory%s", "");
    *all = grown;
    ClaimEntry *e = &grown[(*count)++];
    memset(e, 0, sizeof *e);
    snprintf(e->id, sizeof e->id, "%s", text + 1);
    e->claim.to_move = CLAIM_ANY_SIDE;
    r->has_variant = r->has_outcome = false;
    return true;
}

static char *trimmed(char *text) {
    while (isspace((unsigned char)*text)) text++;
    size_t n = strlen(text);
    while (n && isspace((unsigned char)text[n - 1])) text[--n] = '\0';
    return text;
}

static bool read_lines(FILE *f, Reading *r, ClaimEntry **all, int *count) {
    char buf[CLAIMS_FIELD_MAX + 64];
    while (fgets(buf, sizeof buf, f)) {
        r->line++;
        if (!strchr(buf, '\n') && !feof(f)) return fail(r, "a line longer than %s", "1 kB");
        char *text = trimmed(buf);
        if (!*text || *text == '#') continue;
        bool ok = *text == '[' ? (!*count || finish_entry(r, *all, *count)) &&
                                     start_entry(r, text, all, count)
                  : *count ? read_key(r, text, &(*all)[*count - 1])
                           : fail(r, "'%s' comes before the first [id]", text);
        if (!ok) return false;
    }
    if (!*count) return fail(r, "no entry%s", "");
    return finish_entry(r, *all, *count);
}

bool claims_file_read(const char *path, ClaimEntry **out, int *count, char *err, size_t errlen) {
    Reading r = {.path = path};
    *out = NULL;
    *count = 0;
    FILE *f = fopen(path, "r");
    bool ok = f ? read_lines(f, &r, out, count) : fail(&r, "cannot read the file%s", "");
    if (f && ferror(f)) ok = fail(&r, "cannot read the file%s", "");
    if (f) fclose(f);
    if (ok) return true;
    snprintf(err, errlen, "%s", r.err);
    free(*out);
    *out = NULL;
    *count = 0;
    return false;
}
