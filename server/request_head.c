/* Request heads: their size and their framing (RFC 9112, section 6). */
#include "request_head.h"

#include <ctype.h>
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
