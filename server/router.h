/* Routing: a request's method and target in, a Response out, with no socket involved, so
 * that the HTTP daemon, the tests and the fuzzer all call the same function. */
#ifndef DTB_SERVER_ROUTER_H
#define DTB_SERVER_ROUTER_H

#include "catalog.h"
#include "response.h"
#include "stats_cache.h"
#include "www.h"

#include <stdbool.h>
#include <stddef.h>

/* What requests are answered from: the tables and the page's folder. */
typedef struct Router {
    Catalog catalog;
    StatsCache stats;
    Www www;
} Router;

/* Opens the variants under root and the page's folder www.
 * RETURN: false, with err naming the folder at fault, when either cannot be used. */
bool router_open(Router *r, const char *root, const char *www, char *err, size_t errlen);

void router_close(Router *r);

/* The answer to method ("GET") and target (the request line's, not decoded) into *out,
 * which the caller frees with response_free.  Safe from many threads at once. */
void router_handle(Router *r, const char *method, const char *target, Response *out);

/* Whether the answer to target may take long (statistics counted for a minute), so that
 * the daemon answers it on a thread of its own. */
bool router_may_take_long(const char *target);

#endif
