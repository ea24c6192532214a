/* Routing requests to the page's files and the API's endpoints. */
#include "router.h"

#include "endpoints.h"
#include "lidraughts.h"
#include "url.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define API_PREFIX       "/api/"
#define API_SEGMENTS_MAX 3 /* VARIANT/stats/MATERIAL */
#define METHODS_ALLOWED  "GET, HEAD"

bool router_open(Router *r, const char *root, const char *www, char *err, size_t errlen) {
    memset(r, 0, sizeof *r);
    if (!www_open(&r->www, www, err, errlen) || !cat_open(&r->catalog, root, err, errlen))
        return false;
    if (stats_cache_init(&r->stats)) return true;
    snprintf(err, errlen, "cannot make the statistics cache's locks");
    cat_close(&r->catalog);
    return false;
}

void router_close(Router *r) {
    stats_cache_free(&r->stats);
    cat_close(&r->catalog);
}

/* Splits path (after API_PREFIX, changed in place) at '/' into segments; their count, or
 * -1 for more than max or an empty one. */
static int split_segments(char *path, char **segments, int max) {
    int count = 0;
    for (char *s = path; s; count++) {
        if (count == max || *s == '/' || *s == '\0') return -1;
        segments[count] = s;
        s = strchr(s, '/');
        if (s) *s++ = '\0';
    }
    return count;
}

/* A successful answer made from tables tagged etag carries it ("": none). */
static void tag(Response *out, const char *etag) {
    if (out->status == 200 && etag[0]) out->etag = etag;
}

static void route_api(Router *r, UrlTarget *t, Response *out) {
    char *segments[API_SEGMENTS_MAX];
    int count = split_segments(t->path + strlen(API_PREFIX), segments, API_SEGMENTS_MAX);
    if (count == 1 && strcmp(segments[0], "variants") == 0) {
        endpoint_variants(&r->catalog, t, out);
        tag(out, r->catalog.etag);
        return;
    }
    const CatVariant *v = count > 0 ? cat_find(&r->catalog, segments[0]) : NULL;
    if (count > 0 && !v) {
        char ids[512];
        cat_list_ids(&r->catalog, ids, sizeof ids);
        response_error(out, 404, "variant: '%.64s' is not served here (served: %s)", segments[0],
                       ids);
    } else if (count == 1) {
        endpoint_position(v, t, out);
        tag(out, v->etag);
    } else if (count == 2 && strcmp(segments[1], "mainline") == 0) {
        endpoint_mainline(v, t, out);
        tag(out, v->etag);
    } else if (count == 3 && strcmp(segments[1], "stats") == 0) {
        endpoint_stats(v, &r->stats, segments[2], t, out);
        tag(out, v->etag);
    } else {
        response_error(out, 404,
                       "no such endpoint; see /api/variants, /api/VARIANT?fen=, "
                       "/api/VARIANT/mainline?fen=, /api/VARIANT/stats/MATERIAL");
    }
}

void router_handle(Router *r, const char *method, const char *target, Response *out) {
    memset(out, 0, sizeof *out);
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
        response_error(out, 405, "method %.16s: only GET and HEAD are served", method);
        out->allow = METHODS_ALLOWED;
        return;
    }
    UrlTarget *t = malloc(sizeof *t);
    char err[256];
    int refused = t ? url_parse(target, t, err, sizeof err) : 503;
    if (refused) {
        response_error(out, refused, "%s", t ? err : "out of memory");
    } else if (strncmp(t->path, API_PREFIX, strlen(API_PREFIX)) == 0) {
        route_api(r, t, out);
        out->any_origin = true; /* a public, read-only API: any page may ask it */
    } else if (strncmp(t->path, LIDRAUGHTS_PREFIX, strlen(LIDRAUGHTS_PREFIX)) == 0) {
        lidraughts_answer(&r->catalog, t, out);
        out->any_origin = true; /* asked by lidraughts' pages, from their own origin */
    } else {
        www_serve(&r->www, t->path, out);
    }
    free(t);
}

bool router_may_take_long(const char *target) {
    UrlTarget *t = malloc(sizeof *t);
    char err[256];
    bool stats = t && url_parse(target, t, err, sizeof err) == 0 &&
                 strncmp(t->path, API_PREFIX, strlen(API_PREFIX)) == 0 &&
                 strstr(t->path + strlen(API_PREFIX), "/stats/");
    free(t);
    return stats;
}
