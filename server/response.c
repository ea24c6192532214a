/* Response bodies: JSON documents and errors. */
#include "response.h"

#include "manifest_tag.h"
#include "negotiate.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RETRY_AFTER_TEXT 16
#define CACHE_CONTROL    "public, max-age=3600" /* of an answer with a tag */

void response_json(Response *r, int status, JsonWriter *w) {
    memset(r, 0, sizeof *r);
    r->content_type = RESPONSE_JSON;
    r->status = jw_finish(w, &r->body, &r->len) ? status : 500;
}

void response_error(Response *r, int status, const char *format, ...) {
    char message[RESPONSE_NOTE_MAX];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    JsonWriter w;
    jw_init(&w);
    jw_object_begin(&w);
    jw_key_string(&w, "error", message);
    jw_object_end(&w);
    response_json(r, status, &w);
}

void response_free(Response *r) {
    free(r->body);
    memset(r, 0, sizeof *r);
}

void response_headers(const Response *r,
                      void (*add)(void *cls, const char *name, const char *value), void *cls) {
    if (r->status != 304) add(cls, "Content-Type", r->content_type);
    add(cls, "X-Content-Type-Options", "nosniff");
    if (r->any_origin) add(cls, "Access-Control-Allow-Origin", "*");
    if (r->allow) add(cls, "Allow", r->allow);
    if (r->retry_after) {
        char seconds[RETRY_AFTER_TEXT];
        snprintf(seconds, sizeof seconds, "%d", r->retry_after);
        add(cls, "Retry-After", seconds);
    }
    if (r->etag) {
        char tag[MANIFEST_TAG_TEXT + 2];
        snprintf(tag, sizeof tag, "%s%s", r->gzipped ? "W/" : "", r->etag);
        add(cls, "ETag", tag);
        add(cls, "Cache-Control", CACHE_CONTROL);
    } else if (r->any_origin) {
        add(cls, "Cache-Control", "no-cache");
    }
    if (negotiate_compressible(r)) add(cls, "Vary", "Accept-Encoding");
    if (r->gzipped) add(cls, "Content-Encoding", "gzip");
    if (r->close) add(cls, "Connection", "close");
}
