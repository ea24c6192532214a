/* The entity tag of a set's answers (HTTP's ETag): a set's answers change only when its
 * MANIFEST does, or when dtb-serve's own answers do (a new library version). */
#ifndef DTB_SERVER_MANIFEST_TAG_H
#define DTB_SERVER_MANIFEST_TAG_H

#include "fnv1a.h"

#include <stdbool.h>
#include <stdint.h>

#define MANIFEST_TAG_TEXT 20 /* room for a tag as text: 16 hex digits in quotes */

/* Folds the library's version and the bytes of dir's MANIFEST into *tag (start it at
 * MANIFEST_TAG_START).  RETURN: false when dir has no readable MANIFEST. */
#define MANIFEST_TAG_START FNV1A_START
bool manifest_tag(const char *dir, uint64_t *tag);

/* tag as an HTTP entity tag, "0123456789abcdef" with its quotes, into text. */
void manifest_tag_text(uint64_t tag, char text[MANIFEST_TAG_TEXT]);

#endif
