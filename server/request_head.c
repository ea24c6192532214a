/* Request heads: their syntax (RFC 9112, sections 2 to 5), size and framing (section 6). */
#include "request_head.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define QUOTED_MAX 32 /* bytes of a field's value quoted back in an error */
/* The characters of a token (RFC 9110, 5.6.2) besides letters and digits. */
#define TOKEN_MARKS "!#$%&'*+-.^_`|~"

static int refuse(const HeaderField *f, const char *why, char *err, size_t errlen) {
    snprintf(err, errlen, "%s: '%.*s' %s", f->name, QUOTED_MAX, f->value, why);
    return 400;
}

/* A Content-Length other than a plain 0 frames a body; a second one, even equal, is a
 * framing that another reader may take differently. */
static int check_length(const HeaderField *f, const HeaderField **seen, char *err, size_t errlen) {
    if (*seen) return refuse(f, "is a second Content-Length", err, errlen);
    *seen = f;
    if (f->value[0] == '\0' || strspn(f->value, "0123456789") != strlen(f->value))
        return refuse(f, "is not a number of bytes", err, errlen);
    if (strspn(f->value, "0") != strlen(f->value))
        return refuse(f, "announces a body, which GET and HEAD do not take", err, errlen);
    return 0;
}

static bool is_token(const char *name) {
    if (!*name) return false;
    for (const char *c = name; *c; c++)
        if (!isalnum((unsigned char)*c) && !strchr(TOKEN_MARKS, *c)) return false;
    return true;
}

/* HTTP/1.1 asks for one Host (RFC 9112, 3.2); HTTP/1.0 may send none. */
static int check_host(const HeaderField *fields, int count, const char *version, char *err,
                      size_t errlen) {
    int hosts = 0;
    for (int i = 0; i < count; i++) hosts += strcasecmp(fields[i].name, "Host") == 0;
    if (hosts > 1) snprintf(err, errlen, "Host: given %d times", hosts);
    if (hosts == 0 && strcmp(version, "HTTP/1.0") != 0)
        snprintf(err, errlen, "Host: missing, which %.16s requires", version);
    return hosts > 1 || (hosts == 0 && strcmp(version, "HTTP/1.0") != 0) ? 400 : 0;
}

int request_head_check(const HeaderField *fields, int count, const char *version, char *err,
                       size_t errlen) {
    size_t bytes = 0;
    for (int i = 0; i < count; i++) bytes += strlen(fields[i].name) + strlen(fields[i].value);
    if (bytes > REQUEST_HEAD_MAX) {
        snprintf(err, errlen, "header fields: %zu bytes, over the limit of %d", bytes,
                 REQUEST_HEAD_MAX);
        return 431;
    }
    const HeaderField *length = NULL;
    for (int i = 0; i < count; i++) {
        const HeaderField *f = &fields[i];
        if (!is_token(f->name)) {
            snprintf(err, errlen, "header field name '%.*s' is not a token", QUOTED_MAX, f->name);
            return 400;
        }
        if (strcasecmp(f->name, "Transfer-Encoding") == 0)
            return refuse(f, "frames a body, which GET and HEAD do not take", err, errlen);
        int status =
            strcasecmp(f->name, "Content-Length") == 0 ? check_length(f, &length, err, errlen) : 0;
        if (status) return status;
    }
    return check_host(fields, count, version, err, errlen);
}

static int refuse_as(int status, char *err, size_t errlen, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static int refuse_as(int status, char *err, size_t errlen, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(err, errlen, format, args);
    va_end(args);
    return status;
}

int request_head_scan(const char *bytes, size_t len, HeadScan *scan, char *err, size_t errlen) {
    const char *lf;
    while (scan->scanned < len &&
           (lf = memchr(bytes + scan->scanned, '\n', len - scan->scanned)) != NULL) {
        size_t at = (size_t)(lf - bytes);
        scan->scanned = at + 1;
        if (at == 0 || bytes[at - 1] != '\r')
            return refuse_as(400, err, errlen, "request head: a line ends in LF without CR");
        if (scan->line_start > 0 && at - 1 == scan->line_start) {
            scan->end = at + 1;
            return 0;
        }
        scan->line_start = at + 1;
    }
    scan->scanned = len;
    if (scan->line_start == 0 && len > REQUEST_LINE_MAX)
        return refuse_as(414, err, errlen, "request line: over the limit of %d bytes",
                         REQUEST_LINE_MAX);
    if (len >= REQUEST_BYTES_MAX)
        return refuse_as(431, err, errlen, "request head: over the limit of %d bytes",
                         REQUEST_BYTES_MAX);
    return 0;
}

/* Whether the version is HTTP/DIGIT.DIGIT, the only form RFC 9112, 2.3 knows. */
static bool is_version(const char *v) {
    return strncmp(v, "HTTP/", 5) == 0 && isdigit((unsigned char)v[5]) && v[6] == '.' &&
           isdigit((unsigned char)v[7]) && v[8] == '\0';
}

static bool has_control(const char *text, const char *allowed) {
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        if ((*c < 0x20 || *c == 0x7f) && !strchr(allowed, *c)) return true;
    return false;
}

/* The request line, of n bytes, NUL-ended in place. */
static int parse_request_line(char *line, size_t n, RequestHead *out, char *err, size_t errlen) {
    if (n > REQUEST_LINE_MAX)
        return refuse_as(414, err, errlen, "request line: %zu bytes, over the limit of %d", n,
                         REQUEST_LINE_MAX);
    char *space = strchr(line, ' ');
    char *second = space ? strchr(space + 1, ' ') : NULL;
    if (!second)
        return refuse_as(400, err, errlen,
                         "request line '%.*s': not a method, a target and an HTTP version",
                         QUOTED_MAX, line);
    *space = *second = '\0';
    out->method = line, out->target = space + 1, out->version = second + 1;
    if (!is_token(out->method))
        return refuse_as(400, err, errlen, "request line: method '%.*s' is not a token", QUOTED_MAX,
                         out->method);
    if (!*out->target || has_control(out->target, ""))
        return refuse_as(400, err, errlen,
                         "request line: a target is one or more bytes, none a space or a "
                         "control character");
    if (!is_version(out->version))
        return refuse_as(400, err, errlen, "request line: '%.*s' is not an HTTP version",
                         QUOTED_MAX, out->version);
    if (strcmp(out->version, "HTTP/1.0") != 0 && strcmp(out->version, "HTTP/1.1") != 0)
        return refuse_as(505, err, errlen, "%s: only HTTP/1.0 and HTTP/1.1 are served",
                         out->version);
    return 0;
}

/* A header line "name: value", NUL-ended in place; the value without the spaces and tabs
 * around it. */
static int parse_field(char *line, RequestHead *out, char *err, size_t errlen) {
    if (*line == ' ' || *line == '\t')
        return refuse_as(400, err, errlen,
                         "header line '%.*s' is folded onto the one before (obs-fold)", QUOTED_MAX,
                         line);
    char *colon = strchr(line, ':');
    if (!colon)
        return refuse_as(400, err, errlen, "header line '%.*s' has no colon", QUOTED_MAX, line);
    *colon = '\0';
    char *value = colon + 1 + strspn(colon + 1, " \t");
    size_t len = strlen(value);
    while (len > 0 && (value[len - 1] == ' ' || value[len - 1] == '\t')) value[--len] = '\0';
    if (has_control(value, "\t"))
        return refuse_as(400, err, errlen, "%.*s: the value holds a control character", QUOTED_MAX,
                         line);
    if (out->count == REQUEST_FIELDS_MAX)
        return refuse_as(431, err, errlen, "header fields: more than %d", REQUEST_FIELDS_MAX);
    out->fields[out->count++] = (HeaderField){line, value};
    return 0;
}

int request_head_parse(char *head, size_t len, RequestHead *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    if (memchr(head, '\0', len))
        return refuse_as(400, err, errlen, "request head: holds a NUL byte");
    /* Every line ends in CRLF (request_head_scan), the last one empty. */
    char *line = head;
    for (bool first = true;; first = false) {
        char *lf = memchr(line, '\n', len - (size_t)(line - head));
        size_t n = (size_t)(lf - line) - 1;
        if (n == 0 && first) return refuse_as(400, err, errlen, "request head: no request line");
        if (n == 0) break;
        line[n] = '\0';
        int status = first ? parse_request_line(line, n, out, err, errlen)
                           : parse_field(line, out, err, errlen);
        if (status) return status;
        line = lf + 1;
    }
    return request_head_check(out->fields, out->count, out->version, err, errlen);
}
