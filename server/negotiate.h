/* What a client's request headers change in an answer: a 304 Not Modified for a client that
 * already holds the answer's tag (If-None-Match), a gzip body for one that accepts it
 * (Accept-Encoding). */
#ifndef DTB_SERVER_NEGOTIATE_H
#define DTB_SERVER_NEGOTIATE_H

#include "response.h"

#define NEGOTIATE_GZIP_MIN 256 /* bytes of a body below which gzip gains too little */

/* Applies the headers' values (NULL when not sent) to r: 304 with no body when r's tag is
 * among if_none_match's (or it is "*"); else, when accept_encoding takes gzip and r is text
 * of NEGOTIATE_GZIP_MIN bytes or more, r's body gzipped.  r stays as it was when the
 * compression fails. */
void negotiate(Response *r, const char *if_none_match, const char *accept_encoding);

/* Whether r's content type is text, which gzip shrinks (and a cache must then key on the
 * Accept-Encoding asked with: Vary). */
bool negotiate_compressible(const Response *r);

#endif
