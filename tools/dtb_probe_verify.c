/* dtb-probe verify: the table files of a folder checked. */
#include "dtb_probe.h"

#include "cli.h"
#include "index.h"
#include "material.h"
#include "tablebase.h"

#include <dirent.h>
#include <errno.h>
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
    bool ok = material_parse(name, &m, err, errlen);
    if (ok && !(ok = material_is_canonical(&m)))
        snprintf(err, errlen, "'%s' is not the canonical name of its material", name);
    TableFile *t = NULL;
    if (ok) ok = tb_open_indexed(v, &m, path, &t, NULL, err, errlen) == STATUS_OK;
    table_close(t);
    return ok;
}

/* Prints "ok NAME" or "BAD NAME: reason"; returns whether the table is good. */
static bool verify_table(const Variant *v, const char *dir, const char *file) {
    char path[4200], err[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (table_verify_file(path, err, sizeof err) == STATUS_OK &&
        check_identity(v, path, file, err, sizeof err)) {
        printf("ok %s\n", file);
        return true;
    }
    size_t n = strlen(path);
    const char *reason = strncmp(err, path, n) == 0 && err[n] == ':' ? err + n + 2 : err;
    printf("BAD %s: %s\n", file, reason);
    return false;
}

static bool is_table_name(const char *name) {
    size_t n = strlen(name), k = strlen(TB_FILE_SUFFIX);
    return n > k && strcmp(name + n - k, TB_FILE_SUFFIX) == 0;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The table files of dir, sorted; the caller frees each name and the array. */
static int list_tables(const char *dir, char ***out) {
    DIR *d = opendir(dir);
    if (!d) cli_die(1, "cannot read the folder '%s': %s", dir, strerror(errno));
    char **names = NULL;
    int count = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!is_table_name(e->d_name)) continue;
        names = realloc(names, (size_t)(count + 1) * sizeof *names);
        if (!names || !(names[count++] = strdup(e->d_name))) cli_die(1, "out of memory");
    }
    closedir(d);
    if (count) qsort(names, (size_t)count, sizeof *names, compare_names);
    *out = names;
    return count;
}

static const char verify_usage[] =
    "usage: dtb-probe verify --variant V [--dir DIR]\n"
    "Checks every *.dtb file in DIR: its checksums, and that its header names variant V and\n"
    "the material of its file name.  Prints 'ok NAME' or 'BAD NAME: reason' per file, then\n"
    "a summary; the exit status is 1 if any file is bad or there is none.  DIR defaults to\n"
    "tables/V.\n";

int run_verify(int argc, char **argv) {
    const char *variant = NULL, *dir = NULL;
    const CliOption options[] = {{"--variant", true, &variant}, {"--dir", true, &dir}, {0}};
    cli_parse(argc, argv, options, NULL, 0, verify_usage);
    Variant v;
    cli_variant(variant, &v);
    char default_dir[256], **names;
    dir = cmd_tables_dir(&v, dir, default_dir, sizeof default_dir);
    int count = list_tables(dir, &names), bad = 0;
    for (int i = 0; i < count; i++) {
        bad += !verify_table(&v, dir, names[i]);
        free(names[i]);
    }
    free(names);
    printf("%d tables checked, %d bad\n", count, bad);
    if (count == 0) fprintf(stderr, "dtb: no table (*%s) in '%s'\n", TB_FILE_SUFFIX, dir);
    return bad || count == 0 ? 1 : 0;
}
