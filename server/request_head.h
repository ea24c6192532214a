/* What a request's head may hold before it is answered: a bounded size, and no framing
 * that announces a body.  dtb-serve answers only GET and HEAD, which carry none; a head
 * that frames one, or frames it two ways, is refused and its connection closed, so that
 * no byte of a body can be read as the start of a next request (README, "Request
 * framing"). */
#ifndef DTB_SERVER_REQUEST_HEAD_H
#define DTB_SERVER_REQUEST_HEAD_H

#include <stddef.h>

#define REQUEST_HEAD_MAX 8192 /* bytes of a request's header fields, names and values */

typedef struct HeaderField {
    const char *name, *value;
} HeaderField;

/* Checks the count header fields of a request of HTTP version ("HTTP/1.1").
 * RETURN: 0 when it may be answered; else the status refusing it, with a sentence naming
 * the field at fault in err: 431 for fields over REQUEST_HEAD_MAX bytes; 400 for a field
 * name that is not a token (RFC 9110, 5.1), a Transfer-Encoding, a Content-Length given
 * twice, not a number, or not 0, and a Host missing from HTTP/1.1 or given twice. */
int request_head_check(const HeaderField *fields, int count, const char *version, char *err,
                       size_t errlen);

#endif
