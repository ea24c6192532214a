/* dtb-serve's router and JSON writer called directly, without a socket, at the edges the
 * HTTP test (test_serve.py) does not reach exactly: each limit at its value and one past
 * it, statistics asked for while another material is being counted, and the writer's
 * escapes and refusals against RFC 8259 and RFC 3629.
 *
 * Usage: test_router DTB_GEN.  Builds Brazilian's KvK (and what it converts into) with
 * dtb-gen in a temporary folder. */
#include "check.h"
#include "json_writer.h"
#include "router.h"
#include "url.h"
#include "www.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The status of target, and whether its body holds text. */
static int ask(Router *r, const char *target, const char *text, bool *has_text) {
    Response out;
    router_handle(r, "GET", target, &out);
    *has_text = out.body && strstr(out.body, text);
    int status = out.status;
    response_free(&out);
    return status;
}

/* A target of exactly len bytes: prefix, then filler up to len. */
static char *sized(const char *prefix, char filler, size_t len) {
    char *t = malloc(len + 1);
    size_t n = strlen(prefix);
    memcpy(t, prefix, n);
    memset(t + n, filler, len - n);
    t[len] = '\0';
    return t;
}

static void test_limits(Router *r) {
    /* Each length limit at its value (answered as any request) and one past it (414, the
     * error naming the limit): a target of prefix, then filler up to head + limit bytes. */
    static const struct {
        const char *prefix;
        char filler;
        size_t head;
        int limit, within;
        const char *over, *what;
    } limits[] = {
        /* The query: the position, then empty parameters ('&'), skipped. */
        {"/api/brazilian?fen=W:WK1:BK28", '&', sizeof "/api/brazilian?" - 1, URL_QUERY_MAX, 200,
         "over the limit of 1024", "a query"},
        /* The whole target: a variant not served. */
        {"/api/", 'a', 0, URL_TARGET_MAX, 404, "over the limit of 2048", "a target"},
        {"/", 'a', 0, WWW_PATH_MAX, 404, "over the limit of 255", "a file path"},
    };
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++)
        for (int extra = 0; extra < 2; extra++) {
            char *t = sized(limits[i].prefix, limits[i].filler,
                            limits[i].head + (size_t)(limits[i].limit + extra));
            bool named;
            int status = ask(r, t, limits[i].over, &named);
            check(extra ? status == 414 && named : status == limits[i].within, "%s of %d bytes: %d",
                  limits[i].what, limits[i].limit + extra, status);
            free(t);
        }
    /* URL_PARAMS_MAX parameters are read (then one is found unknown); one more is not. */
    static const char *const params[2] = {"/api/brazilian?a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8",
                                          "/api/brazilian?a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9"};
    bool unknown, too_many;
    check(ask(r, params[0], "unknown parameter 'a'", &unknown) == 400 && unknown,
          "%d parameters read", URL_PARAMS_MAX);
    check(ask(r, params[1], "more than 8 parameters", &too_many) == 400 && too_many,
          "%d parameters refused", URL_PARAMS_MAX + 1);
}

static void test_stats_busy(Router *r) {
    bool counted;
    pthread_mutex_lock(&r->stats.compute); /* as while another material is being counted */
    Response out;
    router_handle(r, "GET", "/api/brazilian/stats/KvK", &out);
    check(out.status == 503 && out.retry_after == 2 && strstr(out.body, "another material"),
          "stats while another material is counted: 503, Retry-After 2 (%d, %d)", out.status,
          out.retry_after);
    response_free(&out);
    pthread_mutex_unlock(&r->stats.compute);
    check(ask(r, "/api/brazilian/stats/KvK", "\"positions\":1984", &counted) == 200 && counted,
          "stats once the count is free: 200, KvK's 1984 positions (32 x 31 x 2)");
    pthread_mutex_lock(&r->stats.compute);
    check(ask(r, "/api/brazilian/stats/KvK", "\"positions\":1984", &counted) == 200 && counted,
          "stats counted before: answered from the cache while another is counted");
    pthread_mutex_unlock(&r->stats.compute);
}

/* The document w finished, or "(failed)". */
static char *finish(JsonWriter *w) {
    char *doc;
    size_t len;
    return jw_finish(w, &doc, &len) ? doc : strdup("(failed)");
}

static void test_string(const char *in, const char *want, const char *what) {
    JsonWriter w;
    jw_init(&w);
    jw_string(&w, in);
    char *doc = finish(&w);
    check(strcmp(doc, want) == 0, "writer, %s: %s", what, doc);
    free(doc);
}

static void test_writer_strings(void) {
    /* RFC 8259 section 7: '"', '\' and U+0000..U+001F escaped; the two-character forms
     * where it has one; '/' and U+007F may stay. */
    test_string("\"\\/\b\f\n\r\t", "\"\\\"\\\\/\\b\\f\\n\\r\\t\"", "the short escapes");
    test_string("\x01\x1f\x7f", "\"\\u0001\\u001f\x7f\"", "other controls as \\u00XX");
    /* RFC 3629: sequences of 2, 3 and 4 bytes kept; an overlong form, a surrogate and a
     * code point past U+10FFFF are not UTF-8, each byte U+FFFD. */
    test_string("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"",
                "UTF-8 of 2, 3 and 4 bytes kept");
    test_string("\xc0\xaf", "\"\\ufffd\\ufffd\"", "an overlong '/' replaced");
    test_string("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"", "a surrogate replaced");
    test_string("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"", "U+110000 replaced");
}

static void test_writer_refusals(void) {
    JsonWriter w;
    jw_init(&w);
    jw_object_begin(&w);
    jw_int(&w, 1); /* a value where a key is due */
    jw_object_end(&w);
    char *doc = finish(&w);
    check(strcmp(doc, "(failed)") == 0, "writer: a value without its key refused");
    free(doc);
    jw_init(&w);
    jw_int(&w, 1);
    jw_int(&w, 2);
    doc = finish(&w);
    check(strcmp(doc, "(failed)") == 0, "writer: two documents in one refused");
    free(doc);
    for (int depth = JW_DEPTH_MAX; depth <= JW_DEPTH_MAX + 1; depth++) {
        jw_init(&w);
        for (int i = 0; i < depth; i++) jw_array_begin(&w);
        for (int i = 0; i < depth; i++) jw_array_end(&w);
        doc = finish(&w);
        check((strcmp(doc, "(failed)") == 0) == (depth > JW_DEPTH_MAX), "writer: %d arrays deep %s",
              depth, depth > JW_DEPTH_MAX ? "refused" : "written");
        free(doc);
    }
    jw_init(&w);
    jw_array_begin(&w);
    doc = finish(&w);
    check(strcmp(doc, "(failed)") == 0, "writer: an array left open refused");
    free(doc);
}

/* The requests the daemon answers on threads of their own: statistics, however encoded. */
static void test_may_take_long(void) {
    static const struct {
        const char *target;
        bool long_one;
    } cases[] = {
        {"/api/brazilian/stats/KvK", true},
        {"/api/brazilian/st%61ts/KvK", true},
        {"/api/brazilian/stats/KvK?rules=pure", true},
        {"/api/brazilian?fen=W:W5:B1", false},
        {"/api/variants", false},
        {"/stats/x", false},
        {"/api/brazilian?fen=/stats/", false},
        {"/api/%zz/stats/KvK", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check(router_may_take_long(cases[i].target) == cases[i].long_one, "%s: answered %s",
              cases[i].target,
              cases[i].long_one ? "on a thread of its own" : "on the connection's thread");
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_router DTB_GEN\n");
        return 2;
    }
    char root[] = "/tmp/dtb_test_router_XXXXXX", command[8192], err[4200];
    if (!mkdtemp(root)) return 2;
    snprintf(command, sizeof command,
             "'%s' --variant brazilian --dir '%s/brazilian' KvK >/dev/null", argv[1], root);
    Router router;
    check(system(command) == 0, "dtb-gen builds Brazilian's KvK");
    if (!router_open(&router, root, root, err, sizeof err)) {
        check(false, "router_open: %s", err);
        return 1;
    }
    test_limits(&router);
    test_stats_busy(&router);
    test_may_take_long();
    test_writer_strings();
    test_writer_refusals();
    router_close(&router);
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    if (system(command) != 0) fprintf(stderr, "could not remove %s\n", root);
    return check_summary();
}
