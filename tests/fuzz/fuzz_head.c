/* libFuzzer target: the request heads dtb-serve's front door reads (server/request_head.h),
 * given arbitrary bytes as a client might send them.  Nothing may crash, and:
 *  - request_head_scan gives the same answer, and the same end, whether the bytes come
 *    at once or in pieces (the front door reads them as they come);
 *  - it refuses only with 400, 414 or 431, and parse with those, 505 or nothing;
 *  - a head it lets in holds what RFC 9112 allows, checked here apart from the parser: a
 *    request line of a token, a target without spaces or control characters and HTTP/1.0
 *    or HTTP/1.1; lines ended by CRLF, none folded, no NUL; at most REQUEST_FIELDS_MAX
 *    fields, each a token name and a value without control characters (but tabs) or
 *    spaces at its ends.
 * Input: byte 0 is the size of the pieces the bytes come in (0: all at once); the rest is
 * the head, of at most REQUEST_BYTES_MAX bytes as the front door holds. */
#include "request_head.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Noreturn static void fail(const char *what, const char *detail) {
    fprintf(stderr, "fuzz_head: %s: %.200s\n", what, detail);
    abort();
}

static bool is_token(const char *s) {
    if (!*s) return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && !strchr("!#$%&'*+-.^_`|~", *s)) return false;
    return true;
}

static bool has_control(const char *s, bool tab_allowed) {
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if ((*c < 0x20 && !(tab_allowed && *c == '\t')) || *c == 0x7f) return true;
    return false;
}

/* The lines of the raw head: each ended by CRLF, none folded, no NUL, the last empty. */
static void check_lines(const uint8_t *head, size_t len) {
    if (memchr(head, '\0', len)) fail("a head let in holds a NUL", "");
    for (size_t i = 0; i < len; i++) {
        if (head[i] == '\n' && (i == 0 || head[i - 1] != '\r'))
            fail("a head let in has a bare LF", (const char *)head);
        if (head[i] == '\n' && i + 1 < len && (head[i + 1] == ' ' || head[i + 1] == '\t'))
            fail("a head let in has a folded line", (const char *)head);
    }
    if (len < 4 || memcmp(head + len - 4, "\r\n\r\n", 4) != 0)
        fail("a head let in does not end in a blank line", (const char *)head);
}

static void check_parsed(const RequestHead *h) {
    if (!is_token(h->method)) fail("a method that is not a token", h->method);
    if (!*h->target || strchr(h->target, ' ') || has_control(h->target, false))
        fail("a target with a space or a control character", h->target);
    if (strcmp(h->version, "HTTP/1.0") != 0 && strcmp(h->version, "HTTP/1.1") != 0)
        fail("a version other than HTTP/1.0 and HTTP/1.1", h->version);
    if (h->count < 0 || h->count > REQUEST_FIELDS_MAX) fail("too many fields", "");
    for (int i = 0; i < h->count; i++) {
        const char *name = h->fields[i].name, *value = h->fields[i].value;
        size_t n = strlen(value);
        if (!is_token(name)) fail("a field name that is not a token", name);
        if (has_control(value, true)) fail("a field value with a control character", value);
        if (n && (strchr(" \t", value[0]) || strchr(" \t", value[n - 1])))
            fail("a field value with spaces at an end", value);
    }
}

/* Scans the len bytes as they come in pieces of step bytes, as the front door does. */
static int scan_in_pieces(const char *bytes, size_t len, size_t step, HeadScan *scan) {
    char err[512];
    for (size_t got = step;; got += step) {
        size_t n = got < len ? got : len;
        int status = request_head_scan(bytes, n, scan, err, sizeof err);
        if (status || scan->end || n == len) return status;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* The front door holds no more of a head than REQUEST_BYTES_MAX. */
    if (size < 1 || size - 1 > REQUEST_BYTES_MAX) return 0;
    const char *bytes = (const char *)data + 1;
    size_t len = size - 1;
    char err[512];
    HeadScan whole = {0}, pieces = {0};
    int status = request_head_scan(bytes, len, &whole, err, sizeof err);
    if (status != 0 && status != 400 && status != 414 && status != 431)
        fail("a status scan does not give", err);
    int in_pieces = scan_in_pieces(bytes, len, data[0] ? data[0] : len + 1, &pieces);
    /* In pieces a limit may be passed before a bare LF or the end is in; else the two
     * agree. */
    bool agree = in_pieces == status && pieces.end == whole.end;
    bool sooner = (in_pieces == 414 || in_pieces == 431) && (status == 400 || whole.end);
    if (!agree && !sooner) fail("scan in pieces disagrees with scan at once", bytes);
    if (status || !whole.end) return 0;
    char *head = malloc(whole.end + 1);
    if (!head) return 0;
    memcpy(head, bytes, whole.end);
    RequestHead parsed;
    status = request_head_parse(head, whole.end, &parsed, err, sizeof err);
    if (status != 0 && status != 400 && status != 414 && status != 431 && status != 505)
        fail("a status parse does not give", err);
    if (sooner && status != in_pieces)
        fail("a head refused in pieces for its size is let in whole", bytes);
    if (status == 0) {
        check_lines(data + 1, whole.end);
        check_parsed(&parsed);
    }
    free(head);
    return 0;
}
