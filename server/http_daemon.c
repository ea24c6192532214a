/* libmicrohttpd glue: raw request targets in, router answers out, one log line each. */
#include "http_daemon.h"

#include <microhttpd.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LOG_TARGET_MAX     300 /* bytes of a target a log line shows */
#define CONNECTION_TIMEOUT 30  /* seconds an idle connection is kept */
#define RETRY_AFTER_TEXT   16

struct HttpDaemon {
    struct MHD_Daemon *mhd;
    Router *router;
};

/* One request from its first line to its end. */
typedef struct Exchange {
    char *target; /* as sent, before libmicrohttpd decodes it */
    char method[16];
    bool headers_seen;
    int status; /* 0 until answered */
    struct timespec start;
} Exchange;

/* Called with the request line's target before any decoding: the router parses it itself,
 * the same way for the daemon, the tests and the fuzzer. */
static void *on_target(void *cls, const char *uri, struct MHD_Connection *connection) {
    (void)cls, (void)connection;
    Exchange *ex = calloc(1, sizeof *ex);
    if (!ex) return NULL;
    ex->target = strdup(uri);
    clock_gettime(CLOCK_MONOTONIC, &ex->start);
    return ex;
}

/* A header that the library refused only leaves the answer without it. */
static void add_headers(struct MHD_Response *mr, const Response *r) {
    MHD_add_response_header(mr, MHD_HTTP_HEADER_CONTENT_TYPE, r->content_type);
    MHD_add_response_header(mr, "X-Content-Type-Options", "nosniff");
    if (r->any_origin)
        MHD_add_response_header(mr, MHD_HTTP_HEADER_ACCESS_CONTROL_ALLOW_ORIGIN, "*");
    if (r->allow) MHD_add_response_header(mr, MHD_HTTP_HEADER_ALLOW, r->allow);
    if (r->retry_after) {
        char seconds[RETRY_AFTER_TEXT];
        snprintf(seconds, sizeof seconds, "%d", r->retry_after);
        MHD_add_response_header(mr, MHD_HTTP_HEADER_RETRY_AFTER, seconds);
    }
}

static enum MHD_Result send_response(struct MHD_Connection *connection, Exchange *ex, Response *r) {
    struct MHD_Response *mr =
        r->body ? MHD_create_response_from_buffer(r->len, r->body, MHD_RESPMEM_MUST_FREE)
                : MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    if (!mr) {
        response_free(r);
        return MHD_NO;
    }
    r->body = NULL; /* libmicrohttpd frees it with the response */
    add_headers(mr, r);
    ex->status = r->status;
    enum MHD_Result queued = MHD_queue_response(connection, (unsigned)r->status, mr);
    MHD_destroy_response(mr);
    return queued;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *connection, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_size, void **state) {
    (void)url, (void)version, (void)upload_data;
    HttpDaemon *d = cls;
    Exchange *ex = *state;
    if (!ex || !ex->target) return MHD_NO; /* out of memory: drop the connection */
    /* Answered once the whole request is in (the first call has its headers, later ones
     * its body, which is let go): an answer sent before closes the connection. */
    if (!ex->headers_seen || *upload_size) {
        ex->headers_seen = true;
        *upload_size = 0;
        return MHD_YES;
    }
    if (ex->status) return MHD_YES;
    snprintf(ex->method, sizeof ex->method, "%s", method);
    Response r;
    router_handle(d->router, method, ex->target, &r);
    return send_response(connection, ex, &r);
}

/* The target with bytes a terminal should not get written as %XX, cut at LOG_TARGET_MAX. */
static void printable_target(const char *target, char *out, size_t len) {
    size_t used = 0;
    for (const unsigned char *c = (const unsigned char *)target; *c && used + 4 < len; c++) {
        if (*c > 0x20 && *c < 0x7f)
            out[used++] = (char)*c;
        else
            used += (size_t)snprintf(out + used, len - used, "%%%02X", *c);
    }
    out[used] = '\0';
}

static void on_completed(void *cls, struct MHD_Connection *connection, void **state,
                         enum MHD_RequestTerminationCode code) {
    (void)cls, (void)connection;
    Exchange *ex = *state;
    if (!ex) return;
    struct timespec end;
    clock_gettime(CLOCK_MONOTONIC, &end);
    double ms = (double)(end.tv_sec - ex->start.tv_sec) * 1e3 +
                (double)(end.tv_nsec - ex->start.tv_nsec) / 1e6;
    char target[LOG_TARGET_MAX + 4];
    printable_target(ex->target ? ex->target : "", target, sizeof target);
    printf("%s %s %d %.3f ms%s\n", ex->method[0] ? ex->method : "-", target, ex->status, ms,
           code == MHD_REQUEST_TERMINATED_COMPLETED_OK ? "" : " (connection closed early)");
    free(ex->target);
    free(ex);
    *state = NULL;
}

HttpDaemon *httpd_start(Router *router, const struct sockaddr *addr, int connections, char *err,
                        size_t errlen) {
    HttpDaemon *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    d->router = router;
    /* A thread per connection rather than a pool: a request that counts a material's
     * statistics takes a minute, and would hold up every connection of its pool thread. */
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD |
                     MHD_USE_AUTO | MHD_USE_ERROR_LOG;
    if (addr->sa_family == AF_INET6) flags |= MHD_USE_IPv6;
    d->mhd = MHD_start_daemon(
        flags, 0, NULL, NULL, on_request, d, MHD_OPTION_SOCK_ADDR, addr,
        MHD_OPTION_URI_LOG_CALLBACK, on_target, NULL, MHD_OPTION_NOTIFY_COMPLETED, on_completed,
        NULL, MHD_OPTION_CONNECTION_LIMIT, (unsigned)connections, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned)CONNECTION_TIMEOUT, MHD_OPTION_END);
    if (!d->mhd) {
        snprintf(err, errlen,
                 "cannot listen there (the port in use, or the address not this "
                 "machine's?)");
        free(d);
        return NULL;
    }
    return d;
}

uint16_t httpd_port(const HttpDaemon *d) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d->mhd, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

void httpd_stop(HttpDaemon *d) {
    if (!d) return;
    MHD_stop_daemon(d->mhd);
    free(d);
}
