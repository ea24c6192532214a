/* A JSON writer into a growing buffer: every string it writes is escaped and valid UTF-8,
 * and commas and colons are placed for the caller, so a document it finishes always parses. */
#ifndef DTB_SERVER_JSON_WRITER_H
#define DTB_SERVER_JSON_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JW_DEPTH_MAX 16 /* nesting the API's documents need, with room */

/* The writer's state; zero it with jw_init.  A failure (no memory, nesting beyond
 * JW_DEPTH_MAX, a value where a key is due) is sticky: later calls do nothing and
 * jw_finish reports it. */
typedef struct JsonWriter {
    char *buf;
    size_t len, cap;
    int depth;
    bool in_object[JW_DEPTH_MAX]; /* what each open container is */
    size_t items[JW_DEPTH_MAX];   /* values (or keys) written into it so far */
    bool after_key;               /* a key was written: its value comes next */
    bool failed;
} JsonWriter;

void jw_init(JsonWriter *w);
/* Frees the buffer of a writer not handed over by jw_finish. */
void jw_free(JsonWriter *w);

void jw_object_begin(JsonWriter *w);
void jw_object_end(JsonWriter *w);
void jw_array_begin(JsonWriter *w);
void jw_array_end(JsonWriter *w);
/* A member's name inside an object; its value is the next call. */
void jw_key(JsonWriter *w, const char *key);

/* s of n bytes: bytes that are not valid UTF-8 are written as U+FFFD. */
void jw_string_n(JsonWriter *w, const char *s, size_t n);
void jw_string(JsonWriter *w, const char *s);
void jw_int(JsonWriter *w, long long v);
void jw_uint(JsonWriter *w, uint64_t v);
void jw_bool(JsonWriter *w, bool v);
void jw_null(JsonWriter *w);

/* Shorthands for a key and its value. */
void jw_key_string(JsonWriter *w, const char *key, const char *s);
void jw_key_int(JsonWriter *w, const char *key, long long v);
void jw_key_uint(JsonWriter *w, const char *key, uint64_t v);
void jw_key_bool(JsonWriter *w, const char *key, bool v);

/* Hands the document over: *out (NUL-terminated, the caller frees it) and its length.
 * RETURN: false, with nothing handed over and the buffer freed, when a call failed or a
 * container is left open. */
bool jw_finish(JsonWriter *w, char **out, size_t *len);

#endif
