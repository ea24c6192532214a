/* Building a set of materials in dependency order, skipping tables already complete. */
#ifndef DTB_BUILD_H
#define DTB_BUILD_H

#include "material.h"
#include "variant.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define BUILD_MAX_MATERIALS 1024

typedef struct BuildOptions {
    const char *dir;
    int threads;
    uint64_t memory; /* bytes a material may take to solve; larger ones are refused */
    bool one_side;   /* then rewrite each table to store one side to move (table_rewrite.h) */
    FILE *log;       /* one line per material; live progress too when it is a terminal */
} BuildOptions;

/* Adds to list (count entries, room for BUILD_MAX_MATERIALS) every material the listed ones
 * convert into, makes all canonical, and sorts them so each comes after its successors.
 * Returns the new count. */
int build_closure(Material *list, int count);

/* Solves and writes every material of list (in order).  Returns 0, or 1 with err set; a
 * material that needs more than opt->memory is refused before anything is allocated. */
int build_tables(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                 char *err, size_t errlen);

#endif
