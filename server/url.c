/* Request targets: RFC 3986 percent-decoding, and query strings as HTML forms send them
 * ('&' between parameters, '+' for a space). */
#include "url.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes the n bytes of in into out (room for n + 1), '+' as a space where plus_space;
 * what names the part for errors.  RETURN: the decoded length, or -1 with err written. */
static long decode(const char *in, size_t n, bool plus_space, const char *what, char *out,
                   char *err, size_t errlen) {
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        char c = in[i];
        if (c == '%') {
            int high = i + 2 < n ? hex_digit(in[i + 1]) : -1;
            int low = i + 2 < n ? hex_digit(in[i + 2]) : -1;
            if (high < 0 || low < 0) {
                snprintf(err, errlen, "%s: bad percent escape '%.3s' (a %% needs two hex digits)",
                         what, in + i);
                return -1;
            }
            c = (char)(high * 16 + low);
            if (c == '\0') {
                snprintf(err, errlen, "%s: %%00 (a NUL byte) is not allowed", what);
                return -1;
            }
            i += 2;
        } else if (c == '+' && plus_space) {
            c = ' ';
        }
        out[len++] = c;
    }
    out[len] = '\0';
    return (long)len;
}

static int refuse(int status, char *err, size_t errlen, const char *message) {
    snprintf(err, errlen, "%s", message);
    return status;
}

/* Adds the parameter "name=value" (n bytes, not decoded) at *used of query_text. */
static int add_param(UrlTarget *t, const char *piece, size_t n, size_t *used, char *err,
                     size_t errlen) {
    if (t->param_count == URL_PARAMS_MAX) {
        snprintf(err, errlen, "query: more than %d parameters", URL_PARAMS_MAX);
        return 400;
    }
    const char *eq = memchr(piece, '=', n);
    size_t name_len = eq ? (size_t)(eq - piece) : n;
    char *name = t->query_text + *used;
    long got = decode(piece, name_len, true, "query parameter name", name, err, errlen);
    if (got < 0) return 400;
    if (got == 0) return refuse(400, err, errlen, "query: a parameter has no name");
    if (url_param(t, name)) {
        snprintf(err, errlen, "query: parameter '%.64s' is given twice", name);
        return 400;
    }
    char *value = name + got + 1;
    char what[96];
    snprintf(what, sizeof what, "query parameter '%.64s'", name);
    size_t value_len = eq ? n - name_len - 1 : 0;
    got = decode(eq ? eq + 1 : "", value_len, true, what, value, err, errlen);
    if (got < 0) return 400;
    *used += (size_t)(value - name) + (size_t)got + 1;
    t->params[t->param_count].name = name;
    t->params[t->param_count].value = value;
    t->param_count++;
    return 0;
}

static int parse_query(UrlTarget *t, const char *query, size_t n, char *err, size_t errlen) {
    if (n > URL_QUERY_MAX) {
        snprintf(err, errlen, "query: %zu bytes, over the limit of %d", n, URL_QUERY_MAX);
        return 414;
    }
    size_t used = 0;
    for (size_t start = 0; start < n;) {
        const char *amp = memchr(query + start, '&', n - start);
        size_t piece = amp ? (size_t)(amp - (query + start)) : n - start;
        int status = piece ? add_param(t, query + start, piece, &used, err, errlen) : 0;
        if (status) return status;
        start += piece + 1;
    }
    return 0;
}

int url_parse(const char *target, UrlTarget *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    size_t len = strlen(target);
    if (len > URL_TARGET_MAX) {
        snprintf(err, errlen, "the request target is %zu bytes, over the limit of %d", len,
                 URL_TARGET_MAX);
        return 414;
    }
    if (target[0] != '/')
        return refuse(400, err, errlen, "the request target does not start with '/'");
    for (const unsigned char *c = (const unsigned char *)target; *c; c++)
        if (*c <= ' ' || *c == 0x7f)
            return refuse(400, err, errlen,
                          "the request target holds a space or a control character");
    const char *query = strchr(target, '?');
    size_t path_len = query ? (size_t)(query - target) : len;
    if (decode(target, path_len, false, "path", out->path, err, errlen) < 0) return 400;
    return query ? parse_query(out, query + 1, len - path_len - 1, err, errlen) : 0;
}

const char *url_param(const UrlTarget *t, const char *name) {
    for (int i = 0; i < t->param_count; i++)
        if (strcmp(t->params[i].name, name) == 0) return t->params[i].value;
    return NULL;
}
