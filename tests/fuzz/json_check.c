/* The strict JSON parser of the fuzz targets: a recursive descent over the grammar of
 * RFC 8259, section 2 onwards, decoding strings as it goes. */
#include "json_check.h"

#include <stdint.h>
#include <string.h>

#define DEPTH_MAX 64

typedef struct Cursor {
    const unsigned char *p, *end;
    int depth;
    unsigned char *out; /* decoded string bytes, or NULL */
    size_t out_len;
} Cursor;

static bool value(Cursor *c);

static void skip_space(Cursor *c) {
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
        c->p++;
}

static bool take(Cursor *c, char ch) {
    if (c->p == c->end || *c->p != (unsigned char)ch) return false;
    c->p++;
    return true;
}

/* One code point of UTF-8 at s (n bytes left): its length, or 0 when invalid. */
static size_t utf8_length(const unsigned char *s, size_t n) {
    size_t len = s[0] < 0x80       ? 1
                 : s[0] >> 5 == 6  ? 2
                 : s[0] >> 4 == 14 ? 3
                 : s[0] >> 3 == 30 ? 4
                                   : 0;
    if (len == 0 || len > n) return 0;
    uint32_t cp = len == 1 ? s[0] : s[0] & (0x7F >> len);
    for (size_t k = 1; k < len; k++) {
        if (s[k] >> 6 != 2) return 0;
        cp = cp << 6 | (s[k] & 0x3F);
    }
    static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000}; /* shortest form's floor */
    if (cp < least[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return len;
}

bool json_check_utf8(const unsigned char *s, size_t n) {
    for (size_t i = 0, len; i < n; i += len)
        if ((len = utf8_length(s + i, n - i)) == 0) return false;
    return true;
}

static void emit(Cursor *c, const unsigned char *bytes, size_t n) {
    if (!c->out) return;
    memcpy(c->out + c->out_len, bytes, n);
    c->out_len += n;
}

static void emit_code_point(Cursor *c, uint32_t cp) {
    unsigned char b[4];
    size_t n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    static const unsigned char lead[5] = {0, 0, 0xC0, 0xE0, 0xF0};
    for (size_t k = n - 1; k > 0; k--, cp >>= 6) b[k] = (unsigned char)(0x80 | (cp & 0x3F));
    b[0] = (unsigned char)(lead[n] | cp);
    emit(c, b, n);
}

static bool hex4(Cursor *c, uint32_t *v) {
    *v = 0;
    for (int k = 0; k < 4; k++, c->p++) {
        if (c->p == c->end) return false;
        unsigned char h = *c->p;
        int d = h >= '0' && h <= '9'   ? h - '0'
                : h >= 'a' && h <= 'f' ? h - 'a' + 10
                : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                       : -1;
        if (d < 0) return false;
        *v = *v << 4 | (uint32_t)d;
    }
    return true;
}

/* After "\u": one code point, a surrogate pair taking two escapes. */
static bool unicode_escape(Cursor *c) {
    uint32_t cp, low;
    if (!hex4(c, &cp) || (cp >= 0xDC00 && cp <= 0xDFFF)) return false;
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        if (!take(c, '\\') || !take(c, 'u') || !hex4(c, &low) || low < 0xDC00 || low > 0xDFFF)
            return false;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    emit_code_point(c, cp);
    return true;
}

static bool escape(Cursor *c) {
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    if (c->p == c->end) return false;
    const char *hit = *c->p ? strchr(from, *c->p) : NULL;
    c->p++;
    if (c->p[-1] == 'u') return unicode_escape(c);
    if (!hit) return false;
    emit(c, (const unsigned char *)&to[hit - from], 1);
    return true;
}

static bool string(Cursor *c) {
    if (!take(c, '"')) return false;
    while (c->p < c->end && *c->p != '"') {
        size_t len;
        if (*c->p < 0x20) return false;
        if (*c->p == '\\') {
            c->p++;
            if (!escape(c)) return false;
        } else if ((len = utf8_length(c->p, (size_t)(c->end - c->p))) == 0) {
            return false;
        } else {
            emit(c, c->p, len);
            c->p += len;
        }
    }
    return take(c, '"');
}

static bool digits(Cursor *c) {
    const unsigned char *start = c->p;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9') c->p++;
    return c->p > start;
}

/* -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)? */
static bool number(Cursor *c) {
    take(c, '-');
    if (c->p < c->end && *c->p == '0')
        c->p++;
    else if (c->p == c->end || *c->p < '1' || *c->p > '9' || !digits(c))
        return false;
    if (take(c, '.') && !digits(c)) return false;
    if (c->p < c->end && (*c->p == 'e' || *c->p == 'E')) {
        c->p++;
        if (!take(c, '+')) take(c, '-');
        if (!digits(c)) return false;
    }
    return true;
}

static bool literal(Cursor *c, const char *word) {
    size_t n = strlen(word);
    if ((size_t)(c->end - c->p) < n || memcmp(c->p, word, n) != 0) return false;
    c->p += n;
    return true;
}

/* The members or elements of a container opened by its first character, up to close. */
static bool container(Cursor *c, bool object) {
    char close = object ? '}' : ']';
    if (++c->depth > DEPTH_MAX) return false;
    c->p++;
    skip_space(c);
    if (take(c, close)) return c->depth--, true;
    do {
        skip_space(c);
        if (object && (!string(c) || (skip_space(c), !take(c, ':')))) return false;
        if (!value(c)) return false;
        skip_space(c);
    } while (take(c, ','));
    c->depth--;
    return take(c, close);
}

static bool value(Cursor *c) {
    skip_space(c);
    if (c->p == c->end) return false;
    unsigned char *out = c->out;
    c->out = NULL; /* only a document's own string is decoded */
    bool ok = *c->p == '{'   ? container(c, true)
              : *c->p == '[' ? container(c, false)
              : *c->p == '"' ? string(c)
              : *c->p == 't' ? literal(c, "true")
              : *c->p == 'f' ? literal(c, "false")
              : *c->p == 'n' ? literal(c, "null")
                             : number(c);
    c->out = out;
    return ok;
}

bool json_check(const char *text, size_t len) {
    Cursor c = {(const unsigned char *)text, (const unsigned char *)text + len, 0, NULL, 0};
    if (!value(&c)) return false;
    skip_space(&c);
    return c.p == c.end;
}

bool json_check_string(const char *text, size_t len, char *out, size_t *out_len) {
    Cursor c = {(const unsigned char *)text, (const unsigned char *)text + len, 0,
                (unsigned char *)out, 0};
    skip_space(&c);
    if (!string(&c)) return false;
    skip_space(&c);
    *out_len = c.out_len;
    return c.p == c.end;
}
