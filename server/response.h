/* What the server answers a request: status, headers it chooses and a body, built without a
 * socket so that tests and the fuzzer can call the router directly. */
#ifndef DTB_SERVER_RESPONSE_H
#define DTB_SERVER_RESPONSE_H

#include "json_writer.h"

#include <stdbool.h>
#include <stddef.h>

#define RESPONSE_JSON     "application/json; charset=utf-8"
#define RESPONSE_NOTE_MAX 1024 /* bytes of an error sentence, as dtb_last_error's */

typedef struct Response {
    int status;
    const char *content_type; /* a string constant */
    char *body;               /* malloc'd, the caller frees it with response_free */
    size_t len;
    const char *allow; /* the Allow header of a 405, else NULL */
    int retry_after;   /* seconds for a Retry-After header, 0 for none */
    bool any_origin;   /* Access-Control-Allow-Origin: *, for the API's answers */
    const char *etag;  /* the tag of what the answer was made from (catalog.h), or NULL */
    bool gzipped;      /* body gzipped (negotiate.h) */
    bool close;        /* the connection is closed after the answer */
    char log_note[RESPONSE_NOTE_MAX]; /* for the log alone, such as the path an error omits */
} Response;

/* Finishes w's document as the body; 500 when the writer failed (out of memory). */
void response_json(Response *r, int status, JsonWriter *w);

/* A JSON body {"error": message} with status. */
void response_error(Response *r, int status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

void response_free(Response *r);

/* Calls add with each header field r's answer carries besides those of HTTP's framing
 * (Date, Content-Length): its type, its tag, caching, compression and Connection: close,
 * in the order they are to be sent. */
void response_headers(const Response *r,
                      void (*add)(void *cls, const char *name, const char *value), void *cls);

#endif
