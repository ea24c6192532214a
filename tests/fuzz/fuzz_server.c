/* libFuzzer target: dtb-serve's request handling and its JSON writer, without a socket.
 *
 * The router (server/router.h) is given arbitrary request targets over the 3-piece tables
 * in $DTB_FUZZ_TABLES and the page's folder server/www: it must not crash, must answer
 * with a status the README lists (never 500: the tables are sound), and every JSON body
 * must parse under json_check.c, a parser written apart from the writer.  The writer is
 * given arbitrary sequences of calls, checked against a model of what JSON allows (its
 * document must parse exactly when the sequence was a valid one), and arbitrary bytes as a
 * string, which must come back as they were when they are UTF-8, and as valid UTF-8 with
 * U+FFFD in place of what was not.
 *
 * Input: byte 0 modulo 4 picks the form of the rest: 0, a target sent as it is; 1, a
 * target under /api/VARIANT (the variant from byte 0 / 4); 2, calls to the writer; 3, a
 * string for the writer.  A request's method is GET, or POST where byte 0 is 0xFF. */
#include "json_check.h"
#include "json_writer.h"
#include "router.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef DTB_FUZZ_WWW
#error "tests/fuzz.cmake names the page's folder in DTB_FUZZ_WWW"
#endif

/* Statuses the router may answer (README, "HTTP API"): 500 only for tables that are not
 * sound, which these are. */
static const int statuses[] = {200, 400, 403, 404, 405, 414, 503};
static const char *const api_prefixes[] = {"/api/scandinavian", "/api/frisian",
                                           "/api/stockholm-halt", "/api/variants"};
enum { PREFIXES = sizeof api_prefixes / sizeof api_prefixes[0], TARGET_MAX = 4096 };

static Router router;

_Noreturn static void fail(const char *what, const char *detail) {
    fprintf(stderr, "fuzz_server: %s: %.2000s\n", what, detail);
    abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    const char *root = getenv("DTB_FUZZ_TABLES");
    char err[4200];
    if (!root) fail("DTB_FUZZ_TABLES names no folder", "set it to make_tables.sh's OUT/api");
    if (!router_open(&router, root, DTB_FUZZ_WWW, err, sizeof err)) fail("router_open", err);
    /* A position the tables hold must be answered, or every probe would stop at a missing
     * table and the fuzzer would see only errors. */
    Response r;
    router_handle(&router, "GET", "/api/frisian?fen=B:WK1,K2:BK17", &r);
    if (r.status != 200) fail("the tables of DTB_FUZZ_TABLES do not answer", r.body);
    response_free(&r);
    return 0;
}

static void check_response(const Response *r, const char *target) {
    bool listed = false;
    for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
        listed |= r->status == statuses[i];
    char detail[TARGET_MAX + 64];
    snprintf(detail, sizeof detail, "status %d for %s", r->status, target);
    if (!listed) fail("a status the README does not list", detail);
    if (!r->body || !r->content_type) fail("no body or no content type", detail);
    if (strncmp(r->content_type, "application/json", 16) != 0) return;
    if (memchr(r->body, '\0', r->len) || !json_check(r->body, r->len))
        fail("a body that is not JSON", r->body);
}

static void fuzz_router(const uint8_t *data, size_t size, const char *prefix, const char *method) {
    char target[TARGET_MAX];
    size_t used = (size_t)snprintf(target, sizeof target, "%s", prefix);
    size_t n = size < sizeof target - used - 1 ? size : sizeof target - used - 1;
    memcpy(target + used, data, n);
    target[used + n] = '\0'; /* a NUL in the input ends the target, as in a request line */
    Response r;
    router_handle(&router, method, target, &r);
    check_response(&r, target);
    response_free(&r);
}

/* What JSON allows next, followed call by call beside the writer. */
typedef struct Model {
    bool open_object[JW_DEPTH_MAX + 1];
    int depth;
    bool after_key, done, broken;
} Model;

static bool value_allowed(const Model *m) {
    if (m->depth == 0) return !m->done;
    return m->open_object[m->depth - 1] ? m->after_key : true;
}

static void model_value(Model *m) {
    m->broken |= !value_allowed(m);
    m->after_key = false;
    if (m->depth == 0) m->done = true;
}

static void model_open(Model *m, bool object) {
    m->broken |= !value_allowed(m) || m->depth == JW_DEPTH_MAX;
    if (m->broken) return;
    m->after_key = false;
    m->open_object[m->depth++] = object;
}

static void model_close(Model *m, bool object) {
    m->broken |= m->depth == 0 || m->open_object[m->depth - 1] != object || m->after_key;
    if (m->broken) return;
    if (--m->depth == 0) m->done = true;
}

static void model_key(Model *m) {
    m->broken |= m->depth == 0 || !m->open_object[m->depth - 1] || m->after_key;
    m->after_key = true;
}

/* A length byte and that many bytes (as many as are left) from data[*at]. */
static size_t take_bytes(const uint8_t *data, size_t size, size_t *at, const char **bytes) {
    size_t n = *at < size ? data[(*at)++] % 48 : 0;
    if (n > size - *at) n = size - *at;
    *bytes = (const char *)data + *at;
    *at += n;
    return n;
}

static void writer_call(JsonWriter *w, Model *m, const uint8_t *data, size_t size, size_t *at) {
    uint8_t op = data[(*at)++];
    const char *bytes;
    size_t n;
    char key[64];
    uint64_t number = 0;
    switch (op % 9) {
    case 0:
        jw_object_begin(w), model_open(m, true);
        break;
    case 1:
        jw_object_end(w), model_close(m, true);
        break;
    case 2:
        jw_array_begin(w), model_open(m, false);
        break;
    case 3:
        jw_array_end(w), model_close(m, false);
        break;
    case 4:
        n = take_bytes(data, size, at, &bytes);
        snprintf(key, sizeof key, "%.*s", (int)n, bytes);
        jw_key(w, key), model_key(m);
        break;
    case 5:
        n = take_bytes(data, size, at, &bytes);
        jw_string_n(w, bytes, n), model_value(m);
        break;
    case 6:
    case 7:
        n = take_bytes(data, size, at, &bytes);
        for (size_t k = 0; k < n && k < 8; k++) number = number << 8 | (uint8_t)bytes[k];
        if (op % 9 == 6)
            jw_int(w, (long long)number);
        else
            jw_uint(w, number);
        model_value(m);
        break;
    default:
        op & 16 ? jw_null(w) : jw_bool(w, op & 32), model_value(m);
        break;
    }
}

static void fuzz_writer_calls(const uint8_t *data, size_t size) {
    JsonWriter w;
    Model m = {0};
    jw_init(&w);
    for (size_t at = 0; at < size;) writer_call(&w, &m, data, size, &at);
    char *doc;
    size_t len;
    bool valid = !m.broken && m.depth == 0 && m.done;
    bool finished = jw_finish(&w, &doc, &len);
    if (finished != valid)
        fail("the writer and JSON's grammar disagree", valid ? "valid" : "invalid");
    if (!finished) return;
    if (!json_check(doc, len)) fail("the writer's document does not parse", doc);
    free(doc);
}

static void fuzz_writer_string(const uint8_t *data, size_t size) {
    JsonWriter w;
    jw_init(&w);
    jw_string_n(&w, (const char *)data, size);
    char *doc, *decoded;
    size_t len, decoded_len;
    if (!jw_finish(&w, &doc, &len)) fail("a lone string not written", "");
    decoded = malloc(len);
    if (!decoded || !json_check_string(doc, len, decoded, &decoded_len))
        fail("the writer's string does not parse", doc);
    if (json_check_utf8(data, size)) {
        if (decoded_len != size || memcmp(decoded, data, size) != 0)
            fail("a UTF-8 string did not come back as it was", doc);
    } else if (!json_check_utf8((const unsigned char *)decoded, decoded_len) ||
               !memmem(decoded, decoded_len, "\xEF\xBF\xBD", 3)) {
        fail("a string that is not UTF-8 came back without U+FFFD", doc);
    }
    free(decoded);
    free(doc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    const char *method = data[0] == 0xFF ? "POST" : "GET";
    switch (data[0] % 4) {
    case 0:
        fuzz_router(data + 1, size - 1, "", method);
        break;
    case 1:
        fuzz_router(data + 1, size - 1, api_prefixes[(data[0] / 4) % PREFIXES], method);
        break;
    case 2:
        fuzz_writer_calls(data + 1, size - 1);
        break;
    default:
        fuzz_writer_string(data + 1, size - 1);
        break;
    }
    return 0;
}
