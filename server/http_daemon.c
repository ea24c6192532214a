/* libmicrohttpd glue: requests the front door let in, router answers out, one log line
 * each. */
#include "http_daemon.h"

#include "negotiate.h"
#include "request_head.h"
#include "request_log.h"

#include <microhttpd.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define APART_MAX   4 /* requests answered on threads of their own at once */
#define APART_RETRY 2 /* seconds a client refused for want of one waits */
/* A connection's buffer: room for the longest head the front door lets in, read and then
 * parsed, and for the head of its answer. */
#define CONNECTION_MEMORY (2 * REQUEST_BYTES_MAX + 4096)

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
static void add_header(void *cls, const char *name, const char *value) {
    MHD_add_response_header(cls, name, value);
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
    response_headers(r, add_header, mr);
    ex->status = r->status;
    enum MHD_Result queued = MHD_queue_response(connection, (unsigned)r->status, mr);
    MHD_destroy_response(mr);
    return queued;
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
    (void)cls, (void)url, (void)version, (void)upload_data, (void)upload_size;
    Exchange *ex = *state;
    if (!ex || !ex->target) return MHD_NO; /* out of memory: drop the connection */
    if (ex->answered_apart) return send_answer(connection, ex);
    /* The front door let in only a head it checked whole, which frames no body.  It is
     * answered at the second call, once the library holds the request complete: an answer
     * queued at the first would close the connection. */
    if (!ex->headers_seen) {
        ex->headers_seen = true;
        snprintf(ex->method, sizeof ex->method, "%s", method);
        return MHD_YES;
    }
    if (router_may_take_long(ex->target) && start_apart(ex)) return MHD_YES;
    if (!ex->answer.status) router_handle(ex->daemon->router, method, ex->target, &ex->answer);
    return send_answer(connection, ex);
}

/* The starts of the library's messages that are no news: it tries TCP's options on every
 * connection, which the front door's local socket pairs do not have. */
static const char *const unheeded[] = {"Setting %s option to %s state failed",
                                       "Failed to push the data from buffers to the network"};

/* The library's own messages on log lines of their own. */
static void log_library(void *cls, const char *format, va_list args) {
    (void)cls;
    for (size_t i = 0; i < sizeof unheeded / sizeof unheeded[0]; i++)
        if (strncmp(format, unheeded[i], strlen(unheeded[i])) == 0) return;
    request_log_message("libmicrohttpd", format, args);
}

static void on_completed(void *cls, struct MHD_Connection *connection, void **state,
                         enum MHD_RequestTerminationCode code) {
    (void)cls, (void)connection;
    Exchange *ex = *state;
    if (!ex) return;
    request_log(ex->method, ex->target, ex->status, &ex->start,
                code == MHD_REQUEST_TERMINATED_COMPLETED_OK ? "" : " (connection closed early)",
                ex->answer.log_note);
    response_free(&ex->answer);
    free(ex->target);
    free(ex);
    *state = NULL;
}

HttpDaemon *httpd_start(Router *router, int threads, int connections, char *err, size_t errlen) {
    HttpDaemon *d = calloc(1, sizeof *d);
    if (!d || pthread_mutex_init(&d->lock, NULL) != 0) {
        free(d);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    pthread_cond_init(&d->apart_done, NULL);
    d->router = router;
    unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_NO_LISTEN_SOCKET | MHD_USE_ITC |
                     MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    /* The front door holds the clients to their limits and timeouts: the library has none
     * of its own (a connection it still frees counts towards its limit, hence twice). */
    d->mhd = MHD_start_daemon(
        flags, 0, NULL, NULL, on_request, d, MHD_OPTION_EXTERNAL_LOGGER, log_library, NULL,
        MHD_OPTION_URI_LOG_CALLBACK, on_target, d, MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)threads, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)(2 * connections), MHD_OPTION_CONNECTION_TIMEOUT, 0u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY, MHD_OPTION_END);
    if (!d->mhd) {
        snprintf(err, errlen, "libmicrohttpd does not start (out of memory or threads?)");
        httpd_stop(d);
        return NULL;
    }
    return d;
}

const char *httpd_reason_phrase(int status) {
    return MHD_get_reason_phrase_for((unsigned)status);
}

bool httpd_add_connection(HttpDaemon *d, int fd, const struct sockaddr *client,
                          socklen_t client_len) {
    return MHD_add_connection(d->mhd, fd, client, client_len) == MHD_YES;
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
