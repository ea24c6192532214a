/* libmicrohttpd glue: raw request targets in, router answers out, one log line each. */
#include "http_daemon.h"

#include "negotiate.h"
#include "request_head.h"
#include "url.h"

#include <microhttpd.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LOG_TARGET_MAX    300 /* bytes of a target a log line shows */
#define LOG_LIBRARY_MAX   512 /* bytes of a message of the library a log line shows */
#define RETRY_AFTER_TEXT  16
#define HEADER_FIELDS_MAX 64 /* fields of a request's head; more get 431 */
#define APART_MAX         4  /* requests answered on threads of their own at once */
#define APART_RETRY       2  /* seconds a client refused for want of one waits */
#define CACHE_CONTROL     "public, max-age=3600" /* of an answer with a tag */
/* A connection's buffer: room for a request of REQUEST_HEAD_MAX bytes of fields and the
 * longest target the router reads, so that dtb answers those limits (in JSON) before the
 * library's own, four times as far. */
#define CONNECTION_MEMORY (4 * (REQUEST_HEAD_MAX + URL_TARGET_MAX + 1024))

struct HttpDaemon {
    struct MHD_Daemon *mhd;
    Router *router;
    pthread_mutex_t lock; /* guards apart */
    pthread_cond_t apart_done;
    int apart; /* requests being answered on threads of their own */
};

/* One request from its first line to its end. */
typedef struct Exchange {
    HttpDaemon *daemon;
    struct MHD_Connection *connection;
    char *target; /* as sent, before libmicrohttpd decodes it */
    char method[16];
    bool headers_seen, answered_apart;
    Response answer;
    int status; /* 0 until answered */
    struct timespec start;
} Exchange;

/* Called with the request line's target before any decoding: the router parses it itself,
 * the same way for the daemon, the tests and the fuzzer. */
static void *on_target(void *cls, const char *uri, struct MHD_Connection *connection) {
    Exchange *ex = calloc(1, sizeof *ex);
    if (!ex) return NULL;
    ex->daemon = cls;
    ex->connection = connection;
    ex->target = strdup(uri);
    clock_gettime(CLOCK_MONOTONIC, &ex->start);
    return ex;
}

/* A header that the library refused only leaves the answer without it. */
static void add_headers(struct MHD_Response *mr, const Response *r) {
    if (r->status != MHD_HTTP_NOT_MODIFIED)
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
    if (r->etag) {
        char tag[MANIFEST_TAG_TEXT + 2];
        snprintf(tag, sizeof tag, "%s%s", r->gzipped ? "W/" : "", r->etag);
        MHD_add_response_header(mr, MHD_HTTP_HEADER_ETAG, tag);
        MHD_add_response_header(mr, MHD_HTTP_HEADER_CACHE_CONTROL, CACHE_CONTROL);
    } else if (r->any_origin) {
        MHD_add_response_header(mr, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
    }
    if (negotiate_compressible(r))
        MHD_add_response_header(mr, MHD_HTTP_HEADER_VARY, MHD_HTTP_HEADER_ACCEPT_ENCODING);
    if (r->gzipped) MHD_add_response_header(mr, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
    if (r->close) MHD_add_response_header(mr, MHD_HTTP_HEADER_CONNECTION, "close");
}

static enum MHD_Result send_answer(struct MHD_Connection *connection, Exchange *ex) {
    Response *r = &ex->answer;
    negotiate(
        r, MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH),
        MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT_ENCODING));
    struct MHD_Response *mr =
        r->body ? MHD_create_response_from_buffer(r->len, r->body, MHD_RESPMEM_MUST_FREE)
                : MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    if (!mr) return MHD_NO;
    r->body = NULL; /* libmicrohttpd frees it with the response */
    add_headers(mr, r);
    ex->status = r->status;
    enum MHD_Result queued = MHD_queue_response(connection, (unsigned)r->status, mr);
    MHD_destroy_response(mr);
    return queued;
}

typedef struct Fields {
    HeaderField field[HEADER_FIELDS_MAX];
    int count, seen;
} Fields;

static enum MHD_Result collect_field(void *cls, enum MHD_ValueKind kind, const char *name,
                                     const char *value) {
    (void)kind;
    Fields *f = cls;
    if (f->count < HEADER_FIELDS_MAX)
        f->field[f->count++] = (HeaderField){name, value ? value : ""};
    f->seen++;
    return MHD_YES;
}

/* 0 when the request's head may be answered, else the status refusing it into r. */
static int refuse_head(struct MHD_Connection *connection, const char *version, Response *r) {
    Fields f = {.count = 0};
    MHD_get_connection_values(connection, MHD_HEADER_KIND, collect_field, &f);
    char err[256];
    int status = 431;
    if (f.seen > HEADER_FIELDS_MAX)
        snprintf(err, sizeof err, "header fields: %d, over the limit of %d", f.seen,
                 HEADER_FIELDS_MAX);
    else
        status = request_head_check(f.field, f.count, version, err, sizeof err);
    if (status) {
        response_error(r, status, "%s", err);
        r->close = true;
    }
    return status;
}

static void apart_finished(HttpDaemon *d) {
    pthread_mutex_lock(&d->lock);
    d->apart--;
    pthread_cond_broadcast(&d->apart_done);
    pthread_mutex_unlock(&d->lock);
}

/* A request that may take long, answered away from the connections' threads, which go on
 * serving the others; the connection waits suspended and is resumed with its answer. */
static void *answer_apart(void *arg) {
    Exchange *ex = arg;
    router_handle(ex->daemon->router, ex->method, ex->target, &ex->answer);
    ex->answered_apart = true;
    HttpDaemon *d = ex->daemon;
    MHD_resume_connection(ex->connection);
    apart_finished(d);
    return NULL;
}

/* Starts answering ex apart.  RETURN: false, with a 503 in ex's answer, when too many are. */
static bool start_apart(Exchange *ex) {
    HttpDaemon *d = ex->daemon;
    pthread_mutex_lock(&d->lock);
    bool room = d->apart < APART_MAX;
    if (room) d->apart++;
    pthread_mutex_unlock(&d->lock);
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (room) MHD_suspend_connection(ex->connection);
    if (room && pthread_create(&thread, &attr, answer_apart, ex) != 0) {
        MHD_resume_connection(ex->connection);
        apart_finished(d);
        room = false;
    }
    pthread_attr_destroy(&attr);
    if (!room) {
        response_error(&ex->answer, 503, "the server is busy with long requests; ask again");
        ex->answer.retry_after = APART_RETRY;
    }
    return room;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *connection, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_size, void **state) {
    (void)cls, (void)url, (void)upload_data;
    Exchange *ex = *state;
    if (!ex || !ex->target) return MHD_NO; /* out of memory: drop the connection */
    if (ex->answered_apart) return send_answer(connection, ex);
    /* A refused head is answered at once, which closes the connection; an accepted one
     * once the whole request is in (there is no body to wait for: a head framing one is
     * refused), which keeps the connection open for the next. */
    if (!ex->headers_seen) {
        ex->headers_seen = true;
        snprintf(ex->method, sizeof ex->method, "%s", method);
        return refuse_head(connection, version, &ex->answer) ? send_answer(connection, ex)
                                                             : MHD_YES;
    }
    if (*upload_size) { /* bytes of a body framed by the library alone: let go */
        *upload_size = 0;
        return MHD_YES;
    }
    if (router_may_take_long(ex->target) && start_apart(ex)) return MHD_YES;
    if (!ex->answer.status) router_handle(ex->daemon->router, method, ex->target, &ex->answer);
    return send_answer(connection, ex);
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

/* The time now as ISO 8601 in UTC, to the millisecond. */
static void timestamp(char *out, size_t len) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    struct tm utc;
    gmtime_r(&now.tv_sec, &utc);
    size_t n = strftime(out, len, "%Y-%m-%dT%H:%M:%S", &utc);
    snprintf(out + n, len - n, ".%03ldZ", now.tv_nsec / 1000000);
}

/* The library's own messages (a request it refused itself, say) on log lines of their own,
 * timestamped as the others. */
static void log_library(void *cls, const char *format, va_list args) {
    (void)cls;
    char when[32], message[LOG_LIBRARY_MAX];
    timestamp(when, sizeof when);
    vsnprintf(message, sizeof message, format, args);
    message[strcspn(message, "\n")] = '\0';
    printf("%s libmicrohttpd: %s\n", when, message);
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
    char target[LOG_TARGET_MAX + 4], when[32];
    printable_target(ex->target ? ex->target : "", target, sizeof target);
    timestamp(when, sizeof when);
    const char *note = ex->answer.log_note;
    printf("%s %s %s %d %.3f ms%s%s%s\n", when, ex->method[0] ? ex->method : "-", target,
           ex->status, ms,
           code == MHD_REQUEST_TERMINATED_COMPLETED_OK ? "" : " (connection closed early)",
           note[0] ? " -- " : "", note);
    response_free(&ex->answer);
    free(ex->target);
    free(ex);
    *state = NULL;
}

HttpDaemon *httpd_start(Router *router, const struct sockaddr *addr, const HttpLimits *limits,
                        char *err, size_t errlen) {
    HttpDaemon *d = calloc(1, sizeof *d);
    if (!d || pthread_mutex_init(&d->lock, NULL) != 0) {
        free(d);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    pthread_cond_init(&d->apart_done, NULL);
    d->router = router;
    unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    if (addr->sa_family == AF_INET6) flags |= MHD_USE_IPv6;
    /* The library's strict mode answers a missing Host or a space in the target itself, in
     * HTML: it is left off, and request_head.c and url.c refuse those in JSON. */
    d->mhd = MHD_start_daemon(
        flags, 0, NULL, NULL, on_request, d, MHD_OPTION_EXTERNAL_LOGGER, log_library, NULL,
        MHD_OPTION_SOCK_ADDR, addr, MHD_OPTION_URI_LOG_CALLBACK, on_target, d,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL, MHD_OPTION_THREAD_POOL_SIZE,
        (unsigned)limits->threads, MHD_OPTION_CONNECTION_LIMIT, (unsigned)limits->connections,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)limits->per_address,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)limits->timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY, MHD_OPTION_STRICT_FOR_CLIENT,
        0, MHD_OPTION_END);
    if (!d->mhd) {
        snprintf(err, errlen,
                 "cannot listen there (the port in use, or the address not this "
                 "machine's?)");
        httpd_stop(d);
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
    pthread_mutex_lock(&d->lock);
    while (d->apart > 0) pthread_cond_wait(&d->apart_done, &d->lock);
    pthread_mutex_unlock(&d->lock);
    if (d->mhd) MHD_stop_daemon(d->mhd);
    pthread_cond_destroy(&d->apart_done);
    pthread_mutex_destroy(&d->lock);
    free(d);
}
