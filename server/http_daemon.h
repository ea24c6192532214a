/* The HTTP side: libmicrohttpd's event loop (epoll) on a pool of threads handing each
 * request to the router and logging it on one line. */
#ifndef DTB_SERVER_HTTP_DAEMON_H
#define DTB_SERVER_HTTP_DAEMON_H

#include "router.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

/* What a daemon allows its clients. */
typedef struct HttpLimits {
    int connections; /* open at once, in all; more are closed as they come */
    int per_address; /* open at once from one client address */
    int threads;     /* threads serving the connections, each waiting on many at once */
    int timeout;     /* seconds a connection may stay silent, within a request or between */
} HttpLimits;

typedef struct HttpDaemon HttpDaemon;

/* Listens on addr (IPv4 or IPv6, port 0 for any free one) within limits, answering through
 * router, which must outlive the daemon.  An idle connection costs no thread; a request
 * that may count statistics for a minute is answered on a thread of its own.
 * RETURN: the daemon, or NULL with err saying why. */
HttpDaemon *httpd_start(Router *router, const struct sockaddr *addr, const HttpLimits *limits,
                        char *err, size_t errlen);

/* The port listened on. */
uint16_t httpd_port(const HttpDaemon *d);

/* Finishes the requests under way, stops the threads and frees the daemon. */
void httpd_stop(HttpDaemon *d);

#endif
