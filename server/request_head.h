/* What a request's head may hold before it is answered: a bounded size, and no framing
 * that announces a body.  dtb-serve answers only GET and HEAD, which carry none; a head
 * that frames one, or frames it two ways, is refused and its connection closed, so that
 * no byte of a body can be read as the start of a next request (README, "Request
 * framing"). */
#ifndef DTB_SERVER_REQUEST_HEAD_H
#define DTB_SERVER_REQUEST_HEAD_H

#include "url.h"

#include <stdbool.h>
#include <stddef.h>

#define REQUEST_HEAD_MAX   8192 /* bytes of a request's header fields, names and values */
#define REQUEST_FIELDS_MAX 64   /* header fields of a request; more get 431 */
/* Bytes of a request line: room for a method, a version and a target past URL_TARGET_MAX,
 * which the router refuses (414) by the length it reads. */
#define REQUEST_LINE_MAX (2 * URL_TARGET_MAX)
/* Bytes of a whole head as sent, room for REQUEST_HEAD_MAX of fields and their spacing. */
#define REQUEST_BYTES_MAX (REQUEST_LINE_MAX + 2 * REQUEST_HEAD_MAX)

typedef struct HeaderField {
    const char *name, *value;
} HeaderField;

/* A request's head read by request_head_parse, pointing into the text it was read from. */
typedef struct RequestHead {
    const char *method, *target, *version;
    HeaderField fields[REQUEST_FIELDS_MAX];
    int count;
} RequestHead;

/* How far request_head_scan has read the bytes of a head as they arrive. */
typedef struct HeadScan {
    size_t scanned;    /* bytes looked at */
    size_t line_start; /* of the line being read */
    size_t end;        /* the head's length, its blank line included; 0 until it is in */
} HeadScan;

/* Looks for the end of a head in the len bytes received so far (scan zeroed for a new
 * head, and kept between calls as more bytes arrive).
 * RETURN: 0, with scan->end set once the head is complete; else the status refusing it
 * at once, with err saying why: 400 for a line ended by a bare LF, 414 for a request line
 * over REQUEST_LINE_MAX bytes, 431 for a head over REQUEST_BYTES_MAX. */
int request_head_scan(const char *bytes, size_t len, HeadScan *scan, char *err, size_t errlen);

/* Reads the complete head of len bytes (as request_head_scan found it) into *out, writing
 * NULs into head, and checks it whole, as request_head_check below does.
 * RETURN: 0 when it may be answered; else the status refusing it, with err saying why:
 * 400 for a request line that is not a method token, a target and a version each
 * separated by one space (RFC 9112, 3), a target holding a control character, a header
 * line without a colon, a folded one, or a value holding a control character; 505 for a
 * version other than HTTP/1.0 and HTTP/1.1; 414 for a request line over REQUEST_LINE_MAX
 * bytes (a target up to there is left to url.h, which takes URL_TARGET_MAX); 431 for more
 * than REQUEST_FIELDS_MAX fields. */
int request_head_parse(char *head, size_t len, RequestHead *out, char *err, size_t errlen);

/* Checks the count header fields of a request of HTTP version ("HTTP/1.1").
 * RETURN: 0 when it may be answered; else the status refusing it, with a sentence naming
 * the field at fault in err: 431 for fields over REQUEST_HEAD_MAX bytes; 400 for a field
 * name that is not a token (RFC 9110, 5.1), a Transfer-Encoding, a Content-Length given
 * twice, not a number, or not 0, and a Host missing from HTTP/1.1 or given twice. */
int request_head_check(const HeaderField *fields, int count, const char *version, char *err,
                       size_t errlen);

#endif
