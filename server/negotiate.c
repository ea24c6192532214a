/* Conditional requests (RFC 9110, 13.1.2: weak comparison of entity tags) and gzip
 * content coding (RFC 9110, 12.5.3). */
#include "negotiate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

#define GZIP_WINDOW     (15 + 16) /* zlib's deflate window with a gzip header and trailer */
#define TOKEN_SPACE     " \t"
#define CODING_TEXT_MAX 64 /* bytes of one coding of Accept-Encoding looked at */

/* Whether list (entity tags between commas, "*" for any) holds tag, W/ prefixes ignored. */
static bool tag_listed(const char *list, const char *tag) {
    size_t tag_len = strlen(tag);
    for (const char *p = list; *p;) {
        p += strspn(p, TOKEN_SPACE ",");
        if (strncmp(p, "W/", 2) == 0) p += 2;
        size_t n = strcspn(p, TOKEN_SPACE ",");
        if ((n == 1 && *p == '*') || (n == tag_len && strncmp(p, tag, n) == 0)) return true;
        p += n;
    }
    return false;
}

/* Whether an Accept-Encoding value takes gzip: named, or "*", with no q of 0. */
static bool takes_gzip(const char *accept) {
    for (const char *p = accept; *p;) {
        p += strspn(p, TOKEN_SPACE ",");
        size_t n = strcspn(p, ",");
        char item[CODING_TEXT_MAX];
        snprintf(item, sizeof item, "%.*s", (int)n, p);
        p += n;
        size_t name = strcspn(item, TOKEN_SPACE ";");
        if (!(name == 4 && strncasecmp(item, "gzip", 4) == 0) && !(name == 1 && item[0] == '*'))
            continue;
        const char *q = strcasestr(item, "q=");
        return !q || strtod(q + 2, NULL) > 0;
    }
    return false;
}

bool negotiate_compressible(const Response *r) {
    const char *t = r->content_type;
    return t && (strncmp(t, "text/", 5) == 0 || strncmp(t, "application/json", 16) == 0 ||
                 strncmp(t, "image/svg+xml", 13) == 0);
}

/* r's body gzipped in place; false, with r as it was, when zlib cannot. */
static bool gzip_body(Response *r) {
    z_stream z = {0};
    if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, GZIP_WINDOW, 8, Z_DEFAULT_STRATEGY) !=
        Z_OK)
        return false;
    uLong bound = deflateBound(&z, (uLong)r->len);
    unsigned char *out = malloc(bound);
    z.next_in = (unsigned char *)r->body;
    z.avail_in = (uInt)r->len;
    z.next_out = out;
    z.avail_out = (uInt)bound;
    bool done = out && deflate(&z, Z_FINISH) == Z_STREAM_END;
    deflateEnd(&z);
    if (!done) {
        free(out);
        return false;
    }
    free(r->body);
    r->body = (char *)out;
    r->len = z.total_out;
    r->gzipped = true;
    return true;
}

void negotiate(Response *r, const char *if_none_match, const char *accept_encoding) {
    if (r->etag && if_none_match && tag_listed(if_none_match, r->etag)) {
        free(r->body);
        r->body = NULL;
        r->len = 0;
        r->status = 304;
        return;
    }
    if (r->body && accept_encoding && r->len >= NEGOTIATE_GZIP_MIN && negotiate_compressible(r) &&
        takes_gzip(accept_encoding))
        gzip_body(r);
}
