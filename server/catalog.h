/* The variants a server serves: one folder of tables each under the root, opened through
 * include/dtb.h with one handle each, which serves both value sets (dtb_position.rules) and
 * is shared by the server's threads. */
#ifndef DTB_SERVER_CATALOG_H
#define DTB_SERVER_CATALOG_H

#include "dtb.h"
#include "manifest_tag.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct CatVariant {
    dtb_variant_info info;
    char *dir;
    dtb_handle *h;                /* both value sets: a position names its rules */
    char etag[MANIFEST_TAG_TEXT]; /* its answers' tag (manifest_tag.h), "" without MANIFEST */
} CatVariant;

typedef struct Catalog {
    CatVariant *variants; /* by id */
    int count;
    char etag[MANIFEST_TAG_TEXT]; /* the tag of all of them, "" when one has none */
} Catalog;

/* Opens every folder under root whose name is a variant id.
 * RETURN: false, with err naming root or the folder and why, when root cannot be read, a
 * handle cannot be opened, or no folder is a variant's. */
bool cat_open(Catalog *c, const char *root, char *err, size_t errlen);

void cat_close(Catalog *c);

/* Gives each handle a budget of bytes for its decoded blocks (dtb_set_cache_size).
 * RETURN: false, with err naming the variant, when the library refuses it. */
bool cat_set_cache(Catalog *c, size_t bytes, char *err, size_t errlen);

/* The variant of that id, or NULL. */
const CatVariant *cat_find(const Catalog *c, const char *id);

/* Says on log, for each variant, which tables its folder's MANIFEST lists that are not
 * there (or not of the size it lists), or that there is no MANIFEST to tell; nothing for a
 * complete set.  Looks at the files' sizes alone: a server starts at once. */
void cat_report_missing(const Catalog *c, FILE *log);

/* The ids served, ", " between them, into buf (truncated to len). */
void cat_list_ids(const Catalog *c, char *buf, size_t len);

#endif
