/* The request target of an HTTP request, as the client sent it: its path and query string
 * split, percent-decoded and checked against the server's limits. */
#ifndef DTB_SERVER_URL_H
#define DTB_SERVER_URL_H

#include <stddef.h>

#define URL_TARGET_MAX 2048 /* bytes of a whole target; longer ones get 414 */
#define URL_QUERY_MAX  1024 /* bytes of its query string; longer ones get 414 */
#define URL_PARAMS_MAX 8    /* parameters in a query string */

/* A parsed target.  Decoded text holds no NUL byte; params point into query_text. */
typedef struct UrlTarget {
    char path[URL_TARGET_MAX + 1]; /* decoded, starting with '/' */
    int param_count;
    struct {
        const char *name, *value;
    } params[URL_PARAMS_MAX];
    char query_text[URL_QUERY_MAX + 2 * URL_PARAMS_MAX]; /* decoded names and values, NUL-ended */
} UrlTarget;

/* Parses target ("/api/x?fen=W%3AW1") into *out.
 * RETURN: 0, or the HTTP status refusing it (400 malformed, or holding a space or a
 * control character; 414 too long) with a sentence
 * naming the part at fault in err. */
int url_parse(const char *target, UrlTarget *out, char *err, size_t errlen);

/* The value of parameter name, or NULL when it is not given. */
const char *url_param(const UrlTarget *t, const char *name);

#endif
