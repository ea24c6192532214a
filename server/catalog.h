/* The variants a server serves: one folder of tables each under the root, opened through
 * include/dtb.h with one handle each, which serves both value sets (dtb_position.rules) and
 * is shared by the server's threads. */
#ifndef DTB_SERVER_CATALOG_H
#define DTB_SERVER_CATALOG_H

#include "dtb.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct CatVariant {
    dtb_variant_info info;
    char *dir;
    dtb_handle *h;
} CatVariant;

typedef struct Catalog {
    CatVariant *variants; /* by id */
    int count;
} Catalog;

/* Opens every folder under root whose name is a variant id.
 * RETURN: false, with err naming root or the folder and why, when root cannot be read, a
 * handle cannot be opened, or no folder is a variant's. */
bool cat_open(Catalog *c, const char *root, char *err, size_t errlen);

void cat_close(Catalog *c);

/* The variant of that id, or NULL. */
const CatVariant *cat_find(const Catalog *c, const char *id);

/* The ids served, ", " between them, into buf (truncated to len). */
void cat_list_ids(const Catalog *c, char *buf, size_t len);

#endif
