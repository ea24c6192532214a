/* The front door of dtb-serve: it owns the listening socket and every client connection,
 * reads each request's head and checks it whole before libmicrohttpd (http_daemon.h) sees
 * a byte of it, and relays the answers back (front_door.c says how and why). */
#ifndef DTB_SERVER_FRONT_DOOR_H
#define DTB_SERVER_FRONT_DOOR_H

#include "http_daemon.h"

#include <stdint.h>
#include <sys/socket.h>

/* What the server allows its clients. */
typedef struct HttpLimits {
    int connections; /* open at once, in all; more are closed as they come */
    int per_address; /* open at once from one client address */
    int threads;     /* libmicrohttpd's threads answering the requests let in */
    int timeout;     /* seconds a connection may stay silent, within a request or between */
} HttpLimits;

typedef struct FrontDoor FrontDoor;

/* Listens on addr (IPv4 or IPv6, port 0 for any free one) within limits, on a thread of
 * its own, handing the requests it lets in to behind, which must outlive the front door.
 * RETURN: the front door, or NULL with err saying why. */
FrontDoor *front_door_open(const struct sockaddr *addr, const HttpLimits *limits,
                           HttpDaemon *behind, char *err, size_t errlen);

/* The port listened on. */
uint16_t front_door_port(const FrontDoor *door);

/* Stops listening, finishes relaying the answers to the requests let in, closes every
 * connection and frees the front door. */
void front_door_close(FrontDoor *door);

#endif
