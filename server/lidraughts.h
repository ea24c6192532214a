/* GET /lidraughts/VARIANT?fen=FEN: the tablebase answer lidraughts' analysis board reads
 * (its ui/analyse/src/explorer/, the lichess shape), for lidraughts' variant keys. */
#ifndef DTB_SERVER_LIDRAUGHTS_H
#define DTB_SERVER_LIDRAUGHTS_H

#include "catalog.h"
#include "response.h"
#include "url.h"

#define LIDRAUGHTS_PREFIX "/lidraughts/"

/* Answers the request whose path t->path starts with LIDRAUGHTS_PREFIX. */
void lidraughts_answer(const Catalog *c, const UrlTarget *t, Response *r);

#endif
