/* dtb-serve's request checks and answer changes called directly, at the edges the HTTP test
 * (test_serve.py) does not reach exactly: request_head_check, request_head_scan and
 * request_head_parse at each limit and one past it,
 * redact_paths on the sentences the library writes, and negotiate's tags and gzip bodies,
 * the gzip read back by zlib's inflate. */
#include "check.h"
#include "negotiate.h"
#include "redact.h"
#include "request_head.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static int head_status(const HeaderField *fields, int count, const char *version) {
    char err[256];
    return request_head_check(fields, count, version, err, sizeof err);
}

static void test_head_size(void) {
    static char value[REQUEST_HEAD_MAX + 2];
    for (int extra = 0; extra < 2; extra++) {
        size_t len = REQUEST_HEAD_MAX - strlen("Host") - strlen("X") + (size_t)extra;
        memset(value, 'a', len);
        value[len] = '\0';
        HeaderField fields[] = {{"Host", ""}, {"X", value}};
        int status = head_status(fields, 2, "HTTP/1.1");
        check(status == (extra ? 431 : 0), "header fields of %d bytes: %d",
              REQUEST_HEAD_MAX + extra, status);
    }
}

static void test_framing(void) {
    static const struct {
        HeaderField fields[3];
        int count;
        const char *version;
        int status;
    } cases[] = {
        {{{"Host", "x"}}, 1, "HTTP/1.1", 0},
        {{{"Host", "x"}, {"Content-Length", "0"}}, 2, "HTTP/1.1", 0},
        {{{"Host", "x"}, {"content-length", "000"}}, 2, "HTTP/1.1", 0},
        {{{"Host", "x"}, {"Content-Length", "1"}}, 2, "HTTP/1.1", 400},
        {{{"Host", "x"}, {"Content-Length", "-1"}}, 2, "HTTP/1.1", 400},
        {{{"Host", "x"}, {"Content-Length", ""}}, 2, "HTTP/1.1", 400},
        {{{"Host", "x"}, {"Content-Length", "0"}, {"Content-Length", "0"}}, 3, "HTTP/1.1", 400},
        {{{"Host", "x"}, {"TRANSFER-ENCODING", "identity"}}, 2, "HTTP/1.1", 400},
        {{{"Host", "x"}, {"Transfer-Encoding ", "x"}}, 2, "HTTP/1.1", 400},
        {{{"Host", "x"}, {"", "x"}}, 2, "HTTP/1.1", 400},
        {{{"X", "y"}}, 1, "HTTP/1.1", 400},
        {{{"X", "y"}}, 1, "HTTP/1.0", 0},
        {{{"Host", "x"}, {"host", "y"}}, 2, "HTTP/1.0", 400},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int status = head_status(cases[i].fields, cases[i].count, cases[i].version);
        check(status == cases[i].status, "head %s with %s: '%s' (%d fields): %d, expected %d",
              cases[i].version, cases[i].fields[cases[i].count - 1].name,
              cases[i].fields[cases[i].count - 1].value, cases[i].count, status, cases[i].status);
    }
}

/* The status request_head_parse gives a head of request line line and fields, "" for none;
 * request_head_scan must find its end first. */
static int parse_status(const char *line, const char *fields) {
    static char head[REQUEST_BYTES_MAX + 64];
    int len = snprintf(head, sizeof head, "%s\r\n%s\r\n", line, fields);
    char err[256];
    HeadScan scan = {0};
    int status = request_head_scan(head, (size_t)len, &scan, err, sizeof err);
    if (status || !scan.end) return status ? status : -1;
    RequestHead parsed;
    return request_head_parse(head, scan.end, &parsed, err, sizeof err);
}

static void test_head_fields_count(void) {
    static char fields[(REQUEST_FIELDS_MAX + 2) * 8];
    for (int extra = 0; extra < 2; extra++) {
        int used = snprintf(fields, sizeof fields, "Host: x\r\n");
        for (int i = 1; i < REQUEST_FIELDS_MAX + extra; i++)
            used += snprintf(fields + used, sizeof fields - (size_t)used, "X: y\r\n");
        int status = parse_status("GET / HTTP/1.1", fields);
        check(status == (extra ? 431 : 0), "%d header fields: %d", REQUEST_FIELDS_MAX + extra,
              status);
    }
}

/* A request line of REQUEST_LINE_MAX bytes is read; one byte more is 414, whether it comes
 * whole or is still coming. */
static void test_request_line_size(void) {
    static char line[REQUEST_LINE_MAX + 2];
    for (int extra = 0; extra < 2; extra++) {
        size_t len = REQUEST_LINE_MAX + (size_t)extra;
        memset(line, 'a', len);
        memcpy(line, "GET /", 5);
        memcpy(line + len - 9, " HTTP/1.1", 9);
        line[len] = '\0';
        int status = parse_status(line, "Host: x\r\n");
        check(status == (extra ? 414 : 0), "a request line of %zu bytes: %d", len, status);
        char err[256];
        HeadScan scan = {0};
        status = request_head_scan(line, len, &scan, err, sizeof err);
        check(status == (extra ? 414 : 0) && !scan.end,
              "a request line of %zu bytes, its end not yet in: %d", len, status);
    }
}

/* A head whose end is not in by REQUEST_BYTES_MAX bytes is 431. */
static void test_head_bytes(void) {
    static char head[REQUEST_BYTES_MAX];
    memset(head, 'a', sizeof head);
    memcpy(head, "GET / HTTP/1.1\r\nX: ", 19);
    char err[256];
    for (int extra = 0; extra < 2; extra++) {
        HeadScan scan = {0};
        size_t len = REQUEST_BYTES_MAX - 1 + (size_t)extra;
        int status = request_head_scan(head, len, &scan, err, sizeof err);
        check(status == (extra ? 431 : 0), "%zu bytes of a head without its end: %d", len, status);
    }
}

static void test_head_syntax(void) {
    static const struct {
        const char *line, *fields;
        int status;
    } cases[] = {
        {"GET /a HTTP/1.1", "Host: x\r\n", 0},
        {"GET /a HTTP/1.0", "", 0},
        {"BREW /a HTTP/1.1", "Host: x\r\nX:\r\nY: \t v \t\r\n", 0},
        {"GET /a", "Host: x\r\n", 400},
        {"GET /a HTTP/1.1 ", "Host: x\r\n", 400},
        {"GET  /a HTTP/1.1", "Host: x\r\n", 400},
        {" GET /a HTTP/1.1", "Host: x\r\n", 400},
        {"G@T /a HTTP/1.1", "Host: x\r\n", 400},
        {"GET /a\x01 HTTP/1.1", "Host: x\r\n", 400},
        {"GET /a HTTP/1.1x", "Host: x\r\n", 400},
        {"GET /a HTTP/1.1\r", "Host: x\r\n", 400},
        {"GET /a http/1.1", "Host: x\r\n", 400},
        {"GET /a HTTP/2.0", "Host: x\r\n", 505},
        {"GET /a HTTP/0.9", "Host: x\r\n", 505},
        {"GET /a HTTP/1.1", "Host: x\r\nno colon\r\n", 400},
        {"GET /a HTTP/1.1", "Host: x\r\nX: a\r\n b\r\n", 400},
        {"GET /a HTTP/1.1", "Host: x\r\nX: a\x7f\r\n", 400},
        {"GET /a HTTP/1.1", "Host: x\r\nX: a\rb\r\n", 400},
        {"GET /a HTTP/1.1", "Host: x\r\nX : a\r\n", 400},
        {"GET /a HTTP/1.1", "Host: x\r\nContent-Length: -1\r\n", 400},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int status = parse_status(cases[i].line, cases[i].fields);
        check(status == cases[i].status, "head '%s' with '%s': %d, expected %d", cases[i].line,
              cases[i].fields, status, cases[i].status);
    }
    char err[256];
    HeadScan scan = {0};
    check(request_head_scan("GET / HTTP/1.1\nHost: x\r\n\r\n", 26, &scan, err, sizeof err) == 400,
          "a line ended by a bare LF: 400");
    static char nul_head[] = "GET / HTTP/1.1\r\nX: a\0b\r\nHost: x\r\n\r\n";
    RequestHead parsed;
    check(request_head_parse(nul_head, sizeof nul_head - 1, &parsed, err, sizeof err) == 400,
          "a NUL in a head: 400");
}

static void test_redact(void) {
    static const struct {
        const char *message, *dir, *variant, *told;
    } cases[] = {
        {"the table of KKvK is missing (no file /srv/t/brazilian/KKvK.dtb)", "/srv/t/brazilian",
         "brazilian", "the table of KKvK is missing (no file brazilian/KKvK.dtb)"},
        {"tables/brazilian/KKvK.dtb: block 3: bad checksum", "tables/brazilian", "brazilian",
         "brazilian/KKvK.dtb: block 3: bad checksum"},
        {"/other/place/KMvK.dtb: cannot be read", "/srv/t/brazilian", "brazilian",
         "KMvK.dtb: cannot be read"},
        {"bad FEN 'W:W1/2:B3'", "/srv/t/brazilian", "brazilian", "bad FEN 'W:W1/2:B3'"},
        {"in '/a/b/c'", "", "", "in 'c'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char told[256];
        redact_paths(cases[i].message, cases[i].dir, cases[i].variant, told, sizeof told);
        check(strcmp(told, cases[i].told) == 0, "redact '%s': '%s'", cases[i].message, told);
    }
    char small[8];
    redact_paths("/a/b/abcdefghijkl", "", "", small, sizeof small);
    check(strcmp(small, "abcdefg") == 0, "redact into 8 bytes: cut, ended: '%s'", small);
}

/* A Response of a JSON body of len bytes, tagged "\"t\"". */
static Response tagged(size_t len) {
    Response r = {.status = 200, .content_type = RESPONSE_JSON, .etag = "\"t\"", .len = len};
    r.body = malloc(len);
    for (size_t i = 0; i < len; i++) r.body[i] = "{\"a\":[1,2,3]}"[i % 13];
    return r;
}

static bool inflates_to(const Response *r, size_t len) {
    char *out = malloc(len + 1);
    z_stream z = {0};
    inflateInit2(&z, 15 + 16);
    z.next_in = (unsigned char *)r->body;
    z.avail_in = (uInt)r->len;
    z.next_out = (unsigned char *)out;
    z.avail_out = (uInt)len + 1;
    bool ok = inflate(&z, Z_FINISH) == Z_STREAM_END && z.total_out == len;
    for (size_t i = 0; ok && i < len; i++) ok = out[i] == "{\"a\":[1,2,3]}"[i % 13];
    inflateEnd(&z);
    free(out);
    return ok;
}

static void test_negotiate(void) {
    static const struct {
        const char *if_none_match;
        int status;
    } tags[] = {{"\"t\"", 304},  {"W/\"t\"", 304}, {"\"u\", \"t\"", 304},  {"*", 304},
                {"\"tt\"", 200}, {"t", 200},       {"\"u\",W/\"t\"", 304}, {"", 200}};
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++) {
        Response r = tagged(10);
        negotiate(&r, tags[i].if_none_match, NULL);
        check(r.status == tags[i].status && (r.status == 304) == (r.body == NULL),
              "If-None-Match: %s on \"t\": %d", tags[i].if_none_match, r.status);
        response_free(&r);
    }
    static const struct {
        const char *accept;
        size_t len;
        bool gzipped;
    } codings[] = {
        {"gzip", NEGOTIATE_GZIP_MIN, true},
        {"gzip", NEGOTIATE_GZIP_MIN - 1, false},
        {"deflate, GZIP", 5000, true},
        {"*", 5000, true},
        {"gzip;q=0", 5000, false},
        {"gzip; q=0.000", 5000, false},
        {"gzip;q=0.1", 5000, true},
        {"identity", 5000, false},
        {"x-gzip", 5000, false},
        {"gzipper", 5000, false},
    };
    for (size_t i = 0; i < sizeof codings / sizeof codings[0]; i++) {
        Response r = tagged(codings[i].len);
        negotiate(&r, NULL, codings[i].accept);
        bool same = r.gzipped ? inflates_to(&r, codings[i].len) : r.len == codings[i].len;
        check(r.gzipped == codings[i].gzipped && same,
              "Accept-Encoding: %s, %zu bytes: %s, the same bytes back", codings[i].accept,
              codings[i].len, r.gzipped ? "gzipped" : "as it was");
        response_free(&r);
    }
    Response image = tagged(5000);
    image.content_type = "image/png";
    negotiate(&image, NULL, "gzip");
    check(!image.gzipped, "a PNG is not gzipped");
    response_free(&image);
}

int main(void) {
    test_head_size();
    test_framing();
    test_head_fields_count();
    test_request_line_size();
    test_head_bytes();
    test_head_syntax();
    test_redact();
    test_negotiate();
    return check_summary();
}
