#include "hub_params.h"

#include "hub_line.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The names lidraughts-bot (its parse_variant), pydraughts and Scan send for the variants
 * dtb has, then dtb's own ids of the variants only dtb has. */
static const struct {
    const char *client, *dtb;
} variant_names[] = {
    {"normal", "international"},
    {"standard", "international"},
    {"frysk", "frisian"},
    {"frysk!", "frisian"},
};

#define DTB_ONLY_VARIANTS                                                                          \
    "scandinavian scandinavian-8 scandinavian-free scandinavian-8-free scandinavian-medium "       \
    "scandinavian-medium-8 scandinavian-medium-free scandinavian-medium-8-free scandinavian-weak " \
    "scandinavian-weak-8 scandinavian-weak-free scandinavian-weak-8-free stockholm "               \
    "stockholm-free stockholm-halt frisian2 frisian2-8"

static const struct {
    const char *name, *default_value, *type;
    const char *values; /* an enum's, "" when any is taken */
    long min, max;      /* an int's */
} params[HUB_PARAM_COUNT] = {
    [HUB_VARIANT] = {"variant", "normal", "enum",
                     "normal standard international frisian frysk brazilian " DTB_ONLY_VARIANTS, 0,
                     0},
    [HUB_TABLES] = {"tables", "tables", "string", "", 0, 0},
    [HUB_RULES] = {"rules", "official", "enum", "official pure", 0, 0},
    [HUB_MAX_PIECES] = {"max-pieces", "0", "int", "", 0, 64},
    [HUB_FALLBACK] = {"fallback", "", "string", "", 0, 0},
    [HUB_MOVE_NUMBERING] = {"move-numbering", "dtb", "enum", "dtb a1", 0, 0},
};

void hub_params_init(hub_params *p) {
    for (int i = 0; i < HUB_PARAM_COUNT; i++)
        snprintf(p->value[i], HUB_VALUE_MAX, "%s", params[i].default_value);
}

int hub_param_find(const char *name) {
    for (int i = 0; i < HUB_PARAM_COUNT; i++)
        if (strcmp(params[i].name, name) == 0) return i;
    return -1;
}

const char *hub_param_name(int which) {
    return params[which].name;
}

static int is_word_of(const char *word, const char *list) {
    size_t n = strlen(word);
    for (const char *s = list; (s = strstr(s, word)); s += n)
        if ((s == list || s[-1] == ' ') && (s[n] == ' ' || s[n] == '\0')) return n > 0;
    return 0;
}

int hub_params_set(hub_params *p, int which, const char *value, char *err, size_t err_len) {
    const char *name = params[which].name;
    if (strlen(value) >= HUB_VALUE_MAX) {
        snprintf(err, err_len, "the value of %s is longer than %d characters", name,
                 HUB_VALUE_MAX - 1);
        return -1;
    }
    /* variant takes dtb's ids beyond the list too: dtb_open judges them at init. */
    if (which != HUB_VARIANT && params[which].values[0] &&
        !is_word_of(value, params[which].values)) {
        snprintf(err, err_len, "%s takes one of %s, not '%.64s'", name, params[which].values,
                 value);
        return -1;
    }
    if (strcmp(params[which].type, "int") == 0) {
        char *end;
        errno = 0;
        long n = strtol(value, &end, 10);
        if (errno || end == value || *end || n < params[which].min || n > params[which].max) {
            snprintf(err, err_len, "%s takes a number from %ld to %ld, not '%.64s'", name,
                     params[which].min, params[which].max, value);
            return -1;
        }
    }
    snprintf(p->value[which], HUB_VALUE_MAX, "%s", value);
    return 0;
}

void hub_param_line(const hub_params *p, int which, char *out, size_t len) {
    char value[HUB_VALUE_MAX + 2], values[1024];
    hub_quote(p->value[which], value, sizeof value);
    int n = snprintf(out, len, "param name=%s value=%s type=%s", params[which].name, value,
                     params[which].type);
    if (n < 0 || (size_t)n >= len) return;
    if (params[which].values[0]) {
        hub_quote(params[which].values, values, sizeof values);
        snprintf(out + n, len - (size_t)n, " values=%s", values);
    } else if (strcmp(params[which].type, "int") == 0) {
        snprintf(out + n, len - (size_t)n, " min=%ld max=%ld", params[which].min,
                 params[which].max);
    }
}

const char *hub_variant_id(const char *client_name) {
    for (size_t i = 0; i < sizeof variant_names / sizeof *variant_names; i++)
        if (strcmp(variant_names[i].client, client_name) == 0) return variant_names[i].dtb;
    return client_name;
}
