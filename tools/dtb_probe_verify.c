/* dtb-probe verify: the table files of a folder checked. */
#include "dtb_probe.h"

#include "cli.h"
#include "index.h"
#include "material.h"
#include "set_manifest.h"
#include "tablebase.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The table's header must name this variant's rules and the material of its file name,
 * with as many positions as that material's index. */
static bool check_identity(const Variant *v, const char *path, const char *file, char *err,
                           size_t errlen) {
    char name[MATERIAL_NAME_MAX];
    snprintf(name, sizeof name, "%.*s", (int)(strlen(file) - strlen(TB_FILE_SUFFIX)), file);
    Material m;
    bool ok = material_parse(name, &m, err, errlen) == STATUS_OK;
    if (ok && !(ok = material_is_canonical(&m)))
        snprintf(err, errlen, "'%s' is not the canonical name of its material", name);
    TableFile *t = NULL;
    if (ok) ok = tb_open_indexed(v, &m, path, &t, NULL, err, errlen) == STATUS_OK;
    table_close(t);
    return ok;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The file names of a folder's tables so far (for tb_each_file). */
typedef struct FileList {
    char **names;
    int count;
} FileList;

static bool add_file(const char *material, void *list) {
    FileList *l = list;
    char file[MATERIAL_NAME_MAX + sizeof TB_FILE_SUFFIX];
    snprintf(file, sizeof file, "%s%s", material, TB_FILE_SUFFIX);
    l->names = realloc(l->names, (size_t)(l->count + 1) * sizeof *l->names);
    if (!l->names || !(l->names[l->count++] = strdup(file))) cli_die(1, "out of memory");
    return true;
}

/* The table files of dir, sorted; the caller frees each name and the array. */
static int list_tables(const char *dir, char ***out) {
    FileList l = {NULL, 0};
    char err[1024];
    if (tb_each_file(dir, add_file, &l, err, sizeof err) != STATUS_OK) cli_die(1, "%s", err);
    if (l.count) qsort(l.names, (size_t)l.count, sizeof *l.names, compare_names);
    *out = l.names;
    return l.count;
}

/* The folder's MANIFEST as verify compares the files with it: read is false when there is
 * none or it could not be read (why says so), unlisted counts the files it does not list. */
typedef struct SetList {
    Manifest m;
    bool read;
    int unlisted;
    char why[1024];
} SetList;

/* Whether the file, a sound table, is as the MANIFEST lists it (err says how not); a table
 * it does not list passes, counted in set->unlisted. */
static bool as_listed(const char *dir, const char *file, SetList *set, bool *listed, char *err,
                      size_t errlen) {
    char material[MATERIAL_NAME_MAX];
    snprintf(material, sizeof material, "%.*s", (int)(strlen(file) - strlen(TB_FILE_SUFFIX)), file);
    const ManifestEntry *e = set->read ? manifest_find(&set->m, material) : NULL;
    *listed = e || !set->read;
    set->unlisted += !*listed;
    return !e || manifest_compare(dir, e, true, err, errlen) == MANIFEST_SAME;
}

/* Prints "ok NAME" (noting a table the MANIFEST does not list) or "BAD NAME: reason";
 * returns whether the table is good and as the MANIFEST lists it. */
static bool verify_table(const Variant *v, const char *dir, const char *file, SetList *set) {
    char path[4200], err[1024];
    bool listed = true;
    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (table_verify_file(path, err, sizeof err) == STATUS_OK &&
        check_identity(v, path, file, err, sizeof err) &&
        as_listed(dir, file, set, &listed, err, sizeof err)) {
        printf("ok %s%s\n", file, listed ? "" : " (not in the " MANIFEST_NAME ")");
        return true;
    }
    size_t n = strlen(path);
    const char *reason = strncmp(err, path, n) == 0 && err[n] == ':' ? err + n + 2 : err;
    printf("BAD %s: %s\n", file, reason);
    return false;
}

/* Prints "MISSING NAME" for each table the MANIFEST lists that is not among the count
 * sorted file names; returns how many. */
static int print_missing(const SetList *set, char **names, int count) {
    int missing = 0;
    for (int i = 0; set->read && i < set->m.count; i++) {
        char file[MATERIAL_NAME_MAX + 8], *key = file;
        snprintf(file, sizeof file, "%s%s", set->m.entries[i].material, TB_FILE_SUFFIX);
        if (count && bsearch(&key, names, (size_t)count, sizeof *names, compare_names)) continue;
        printf("MISSING %s: the %s lists it\n", file, MANIFEST_NAME);
        missing++;
    }
    return missing;
}

static const char verify_usage[] =
    "usage: dtb-probe verify --variant V [--dir DIR]\n"
    "Checks every *.dtb file in DIR: its checksums, that its header names variant V and the\n"
    "material of its file name, and that its size and XXH3-64 are those DIR/MANIFEST lists\n"
    "(dtb-gen writes it once the set is complete).  Prints 'ok NAME' or 'BAD NAME: reason'\n"
    "per file, 'ok NAME (not in the MANIFEST)' for a sound table it does not list, and\n"
    "'MISSING NAME' for each table it lists that is not there; then a summary.  The exit\n"
    "status is 1 if any file is bad or missing, if there is none, or if DIR has no MANIFEST\n"
    "(or one of another variant): a build removes it before changing a table, so a set\n"
    "without it, as a run killed or stopped by a full disk leaves, cannot be shown complete.\n"
    "A table it does not list is reported, not an error.  DIR defaults to tables/V.\n";

int run_verify(int argc, char **argv) {
    const char *variant = NULL, *dir = NULL;
    const CliOption options[] = {{"--variant", true, &variant}, {"--dir", true, &dir}, {0}};
    cli_parse(argc, argv, options, NULL, 0, verify_usage);
    Variant v;
    cli_variant(variant, &v);
    char default_dir[256], **names;
    dir = cmd_tables_dir(&v, dir, default_dir, sizeof default_dir);
    int count = list_tables(dir, &names), bad = 0;
    SetList set;
    set.unlisted = 0;
    set.read = manifest_read(dir, v.id, &set.m, set.why, sizeof set.why) == STATUS_OK;
    for (int i = 0; i < count; i++) bad += !verify_table(&v, dir, names[i], &set);
    int missing = print_missing(&set, names, count);
    for (int i = 0; i < count; i++) free(names[i]);
    free(names);
    printf("%d tables checked, %d bad\n", count, bad);
    if (set.read)
        printf("%s: %d tables listed, %d missing; %d tables not listed\n", MANIFEST_NAME,
               set.m.count, missing, set.unlisted);
    else
        printf("%s: none read (%s): the set cannot be shown complete\n", MANIFEST_NAME, set.why);
    manifest_free(&set.m);
    if (count == 0) fprintf(stderr, "dtb: no table (*%s) in '%s'\n", TB_FILE_SUFFIX, dir);
    return bad || missing || !set.read || count == 0 ? 1 : 0;
}
