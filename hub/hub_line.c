#include "hub_line.h"

#include <stdio.h>
#include <string.h>

static int is_blank(char c) {
    return c == ' ' || c == '\t';
}

static int fail(char *err, size_t err_len, const char *why) {
    snprintf(err, err_len, "%s", why);
    return -1;
}

/* Copies the word at *src into *dst up to a blank (or to the closing quote of a quoted
 * value), ends it with a NUL, and moves both on.  stop_at_equals ends a name at '='. */
static int take_word(const char **src, char **dst, int stop_at_equals, char *err, size_t err_len) {
    const char *s = *src;
    char *d = *dst;
    if (*s == '"') {
        const char *end = strchr(s + 1, '"');
        if (!end) return fail(err, err_len, "a quoted value is not closed");
        if (end[1] && !is_blank(end[1]))
            return fail(err, err_len, "a quoted value is followed by more than a space");
        memcpy(d, s + 1, (size_t)(end - s - 1));
        d += end - s - 1;
        s = end + 1;
    } else {
        while (*s && !is_blank(*s) && !(stop_at_equals && *s == '=')) *d++ = *s++;
    }
    *d++ = '\0';
    *src = s;
    *dst = d;
    return 0;
}

int hub_line_parse(const char *line, hub_line *out, char *err, size_t err_len) {
    size_t n = strlen(line);
    if (n >= HUB_LINE_MAX) return fail(err, err_len, "the line is too long");
    if (n && line[n - 1] == '\r') n--; /* a line ended by CR LF */
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)line[i] < 0x20 && line[i] != '\t')
            return fail(err, err_len, "the line holds a control character");
    char copy[HUB_LINE_MAX];
    memcpy(copy, line, n);
    copy[n] = '\0';

    const char *s = copy;
    char *d = out->text;
    out->arg_count = 0;
    while (is_blank(*s)) s++;
    out->command = d;
    if (*s == '"' || *s == '=') return fail(err, err_len, "the line starts without a command");
    if (take_word(&s, &d, 1, err, err_len)) return -1;
    for (;;) {
        while (is_blank(*s)) s++;
        if (!*s) return 0;
        if (out->arg_count == HUB_ARGS_MAX) return fail(err, err_len, "too many arguments");
        if (*s == '=' || *s == '"') return fail(err, err_len, "an argument has no name");
        hub_arg *a = &out->args[out->arg_count++];
        a->name = d;
        if (take_word(&s, &d, 1, err, err_len)) return -1;
        a->value = "";
        if (*s == '=') {
            s++;
            a->value = d;
            if (take_word(&s, &d, 0, err, err_len)) return -1;
        }
    }
}

const char *hub_line_value(const hub_line *line, const char *name) {
    for (int i = line->arg_count - 1; i >= 0; i--)
        if (strcmp(line->args[i].name, name) == 0) return line->args[i].value;
    return NULL;
}

void hub_quote(const char *value, char *out, size_t len) {
    if (len == 0) return;
    int quoted = !*value || strpbrk(value, " \t=\"") != NULL;
    size_t o = 0;
    if (quoted && o + 1 < len) out[o++] = '"';
    for (const char *s = value; *s && o + 1 + (size_t)quoted < len; s++)
        out[o++] = (unsigned char)*s < 0x20 && *s != '\t' ? ' ' : *s == '"' ? '\'' : *s;
    if (quoted && o + 1 < len) out[o++] = '"';
    out[o] = '\0';
}
