/* The JSON API's answers (README, "HTTP API"): each endpoint reads its query parameters,
 * asks include/dtb.h and writes the document or the error into a Response. */
#ifndef DTB_SERVER_ENDPOINTS_H
#define DTB_SERVER_ENDPOINTS_H

#include "catalog.h"
#include "response.h"
#include "stats_cache.h"
#include "url.h"

/* GET /api/variants */
void endpoint_variants(const Catalog *c, const UrlTarget *t, Response *r);

/* GET /api/VARIANT?fen=FEN[&rules=official|pure][&moves_played=N] */
void endpoint_position(const CatVariant *v, const UrlTarget *t, Response *r);

/* GET /api/VARIANT/mainline?fen=FEN[&rules=...][&moves_played=N] */
void endpoint_mainline(const CatVariant *v, const UrlTarget *t, Response *r);

/* GET /api/VARIANT/stats/MATERIAL[?rules=...] */
void endpoint_stats(const CatVariant *v, StatsCache *cache, const char *material,
                    const UrlTarget *t, Response *r);

#endif
