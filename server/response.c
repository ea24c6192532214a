/* Response bodies: JSON documents and errors. */
#include "response.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
