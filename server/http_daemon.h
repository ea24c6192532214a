/* The HTTP side: libmicrohttpd's thread pool handing each request to the router and
 * logging it on one line. */
#ifndef DTB_SERVER_HTTP_DAEMON_H
#define DTB_SERVER_HTTP_DAEMON_H

#include "router.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

typedef struct HttpDaemon HttpDaemon;

/* Listens on addr (IPv4 or IPv6, port 0 for any free one), serving up to connections
 * connections at once, each on a thread of its own, through router, which must outlive the
 * daemon.
 * RETURN: the daemon, or NULL with err saying why. */
HttpDaemon *httpd_start(Router *router, const struct sockaddr *addr, int connections, char *err,
                        size_t errlen);

/* The port listened on. */
uint16_t httpd_port(const HttpDaemon *d);

/* Finishes the requests under way, stops the threads and frees the daemon. */
void httpd_stop(HttpDaemon *d);

#endif
