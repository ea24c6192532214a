/* The JSON writer (RFC 8259): escaping, UTF-8 checking and separators. */
#include "json_writer.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A UTF-8 lead byte's sequence: its length and the range its second byte must fall in
 * (RFC 3629's table, which rules out overlong forms, surrogates and code points past
 * U+10FFFF); later bytes are 0x80..0xBF. */
typedef struct Utf8Lead {
    unsigned char first, last; /* lead bytes of this row */
    int length;
    unsigned char low, high; /* the second byte's range */
} Utf8Lead;

static const Utf8Lead utf8_leads[] = {
    {0xC2, 0xDF, 2, 0x80, 0xBF}, {0xE0, 0xE0, 3, 0xA0, 0xBF}, {0xE1, 0xEC, 3, 0x80, 0xBF},
    {0xED, 0xED, 3, 0x80, 0x9F}, {0xEE, 0xEF, 3, 0x80, 0xBF}, {0xF0, 0xF0, 4, 0x90, 0xBF},
    {0xF1, 0xF3, 4, 0x80, 0xBF}, {0xF4, 0xF4, 4, 0x80, 0x8F},
};

/* Escapes of the characters JSON does not allow raw, beside \u00XX for other controls. */
static const char *const short_escapes[128] = {
    ['"'] = "\\\"", ['\\'] = "\\\\", ['\b'] = "\\b", ['\f'] = "\\f",
    ['\n'] = "\\n", ['\r'] = "\\r",  ['\t'] = "\\t",
};

void jw_init(JsonWriter *w) {
    memset(w, 0, sizeof *w);
}

void jw_free(JsonWriter *w) {
    free(w->buf);
    jw_init(w);
}

static void put(JsonWriter *w, const char *s, size_t n) {
    if (w->failed) return;
    if (w->len + n + 1 > w->cap) {
        size_t cap = w->cap ? w->cap : 256;
        while (w->len + n + 1 > cap) cap *= 2;
        char *grown = realloc(w->buf, cap);
        if (!grown) {
            w->failed = true;
            return;
        }
        w->buf = grown;
        w->cap = cap;
    }
    memcpy(w->buf + w->len, s, n);
    w->len += n;
    w->buf[w->len] = '\0';
}

static void put_str(JsonWriter *w, const char *s) {
    put(w, s, strlen(s));
}

/* Before a value: a comma after the container's earlier items; a value inside an object
 * must follow its key. */
static void begin_value(JsonWriter *w) {
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    if (w->depth == 0 && w->len > 0) w->failed = true; /* one document, one value */
    if (w->depth > 0 && w->in_object[w->depth - 1]) w->failed = true;
    if (w->depth > 0 && w->items[w->depth - 1]++ > 0) put(w, ",", 1);
}

static void open_container(JsonWriter *w, bool object) {
    begin_value(w);
    if (w->depth == JW_DEPTH_MAX) w->failed = true;
    if (w->failed) return;
    w->in_object[w->depth] = object;
    w->items[w->depth] = 0;
    w->depth++;
    put(w, object ? "{" : "[", 1);
}

static void close_container(JsonWriter *w, bool object) {
    if (w->depth == 0 || w->in_object[w->depth - 1] != object || w->after_key) w->failed = true;
    if (w->failed) return;
    w->depth--;
    put(w, object ? "}" : "]", 1);
}

void jw_object_begin(JsonWriter *w) {
    open_container(w, true);
}

void jw_object_end(JsonWriter *w) {
    close_container(w, true);
}

void jw_array_begin(JsonWriter *w) {
    open_container(w, false);
}

void jw_array_end(JsonWriter *w) {
    close_container(w, false);
}

/* The length of the valid UTF-8 sequence at s (n bytes left), or 0 when it is not one. */
static size_t utf8_sequence(const unsigned char *s, size_t n) {
    if (s[0] < 0x80) return 1;
    for (size_t row = 0; row < sizeof utf8_leads / sizeof utf8_leads[0]; row++) {
        const Utf8Lead *lead = &utf8_leads[row];
        if (s[0] < lead->first || s[0] > lead->last) continue;
        size_t len = (size_t)lead->length;
        if (n < len || s[1] < lead->low || s[1] > lead->high) return 0;
        for (size_t k = 2; k < len; k++)
            if (s[k] < 0x80 || s[k] > 0xBF) return 0;
        return len;
    }
    return 0;
}

static void put_escaped(JsonWriter *w, const unsigned char *s, size_t n) {
    put(w, "\"", 1);
    for (size_t i = 0; i < n;) {
        size_t len = utf8_sequence(s + i, n - i);
        if (len == 0) {
            put_str(w, "\\ufffd");
            i++;
        } else if (s[i] < 0x20 || s[i] == '"' || s[i] == '\\') {
            char code[8];
            snprintf(code, sizeof code, "\\u%04x", s[i]);
            put_str(w, short_escapes[s[i]] ? short_escapes[s[i]] : code);
            i++;
        } else {
            put(w, (const char *)s + i, len);
            i += len;
        }
    }
    put(w, "\"", 1);
}

void jw_key(JsonWriter *w, const char *key) {
    if (w->depth == 0 || !w->in_object[w->depth - 1] || w->after_key) w->failed = true;
    if (w->failed) return;
    if (w->items[w->depth - 1]++ > 0) put(w, ",", 1);
    put_escaped(w, (const unsigned char *)key, strlen(key));
    put(w, ":", 1);
    w->after_key = true;
}

void jw_string_n(JsonWriter *w, const char *s, size_t n) {
    begin_value(w);
    put_escaped(w, (const unsigned char *)s, n);
}

void jw_string(JsonWriter *w, const char *s) {
    jw_string_n(w, s, strlen(s));
}

void jw_int(JsonWriter *w, long long v) {
    char text[32];
    snprintf(text, sizeof text, "%lld", v);
    begin_value(w);
    put_str(w, text);
}

void jw_uint(JsonWriter *w, uint64_t v) {
    char text[32];
    snprintf(text, sizeof text, "%" PRIu64, v);
    begin_value(w);
    put_str(w, text);
}

void jw_bool(JsonWriter *w, bool v) {
    begin_value(w);
    put_str(w, v ? "true" : "false");
}

void jw_null(JsonWriter *w) {
    begin_value(w);
    put_str(w, "null");
}

void jw_key_string(JsonWriter *w, const char *key, const char *s) {
    jw_key(w, key);
    jw_string(w, s);
}

void jw_key_int(JsonWriter *w, const char *key, long long v) {
    jw_key(w, key);
    jw_int(w, v);
}

void jw_key_uint(JsonWriter *w, const char *key, uint64_t v) {
    jw_key(w, key);
    jw_uint(w, v);
}

void jw_key_bool(JsonWriter *w, const char *key, bool v) {
    jw_key(w, key);
    jw_bool(w, v);
}

bool jw_finish(JsonWriter *w, char **out, size_t *len) {
    if (w->failed || w->depth != 0 || w->after_key || !w->buf) {
        jw_free(w);
        return false;
    }
    *out = w->buf;
    *len = w->len;
    jw_init(w);
    return true;
}
