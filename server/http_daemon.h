/* The HTTP side behind the front door (front_door.h): libmicrohttpd's event loop (epoll)
 * on a pool of threads handing each request to the router and logging it on one line. */
#ifndef DTB_SERVER_HTTP_DAEMON_H
#define DTB_SERVER_HTTP_DAEMON_H

#include "router.h"

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

typedef struct HttpDaemon HttpDaemon;

/* Starts answering, through router (which must outlive the daemon), the connections given
 * by httpd_add_connection, up to connections at once, on threads threads each waiting on
 * many.  A request that may count statistics for a minute is answered on a thread of its
 * own.  RETURN: the daemon, or NULL with err saying why. */
HttpDaemon *httpd_start(Router *router, int threads, int connections, char *err, size_t errlen);

/* The reason phrase of an HTTP status ("Bad Request"), as libmicrohttpd writes it. */
const char *httpd_reason_phrase(int status);

/* Hands the socket fd to d, which reads requests from it and closes it when done; client
 * is the address of the client the requests come from.  RETURN: false, fd closed, when d
 * cannot take it. */
bool httpd_add_connection(HttpDaemon *d, int fd, const struct sockaddr *client,
                          socklen_t client_len);

/* Finishes the requests under way, stops the threads and frees the daemon. */
void httpd_stop(HttpDaemon *d);

#endif
