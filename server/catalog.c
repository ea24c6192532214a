/* Finding the variant folders under the root and opening their handles. */
#include "catalog.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CAT_VARIANTS_MAX 64 /* folders tried: there are fewer variant ids than this */

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of root's sub-folders, sorted, into names (malloc'd each); their count or -1. */
static int list_folders(const char *root, char **names, char *err, size_t errlen) {
    DIR *dir = opendir(root);
    if (!dir) {
        snprintf(err, errlen, "--root %s: cannot be read as a folder", root);
        return -1;
    }
    int count = 0;
    for (struct dirent *e; count < CAT_VARIANTS_MAX && (e = readdir(dir));) {
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", root, e->d_name);
        if (e->d_name[0] == '.' || stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) continue;
        names[count] = strdup(e->d_name);
        if (names[count]) count++;
    }
    closedir(dir);
    qsort(names, (size_t)count, sizeof *names, by_name);
    return count;
}

/* Opens v's handle on dir. */
static dtb_status open_variant(CatVariant *v, const char *id, const char *dir) {
    dtb_status s = dtb_open(id, dir, &v->h);
    if (s == DTB_OK) s = dtb_get_variant_info(v->h, &v->info);
    v->dir = strdup(dir);
    return s == DTB_OK && !v->dir ? DTB_ERR_NO_MEMORY : s;
}

static void close_variant(CatVariant *v) {
    dtb_close(v->h);
    free(v->dir);
}

/* The tags of each variant's answers and of all of theirs, from their MANIFEST files. */
static void tag_variants(Catalog *c) {
    uint64_t all = MANIFEST_TAG_START;
    bool every = true;
    for (int i = 0; i < c->count; i++) {
        uint64_t one = MANIFEST_TAG_START;
        CatVariant *v = &c->variants[i];
        if (manifest_tag(v->dir, &one)) manifest_tag_text(one, v->etag);
        every = every && manifest_tag(v->dir, &all);
    }
    if (every) manifest_tag_text(all, c->etag);
}

/* Opens the folders of names that are variants; false on an error other than an id
 * unknown. */
static bool open_variants(Catalog *c, const char *root, char **names, int count, char *err,
                          size_t errlen) {
    for (int i = 0; i < count; i++) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/%s", root, names[i]);
        CatVariant *v = &c->variants[c->count];
        memset(v, 0, sizeof *v);
        dtb_status s = open_variant(v, names[i], dir);
        if (s == DTB_OK) {
            c->count++;
            continue;
        }
        close_variant(v);
        if (s == DTB_ERR_VARIANT) continue;
        snprintf(err, errlen, "%s: %s", dir, dtb_last_error());
        return false;
    }
    if (c->count > 0) return true;
    snprintf(err, errlen, "--root %s: no folder is named after a variant (such as scandinavian)",
             root);
    return false;
}

bool cat_open(Catalog *c, const char *root, char *err, size_t errlen) {
    memset(c, 0, sizeof *c);
    char *names[CAT_VARIANTS_MAX];
    int count = list_folders(root, names, err, errlen);
    if (count < 0) return false;
    c->variants = calloc((size_t)(count ? count : 1), sizeof *c->variants);
    bool ok = c->variants ? open_variants(c, root, names, count, err, errlen) : false;
    if (!c->variants) snprintf(err, errlen, "out of memory");
    for (int i = 0; i < count; i++) free(names[i]);
    if (ok) tag_variants(c);
    if (!ok) cat_close(c);
    return ok;
}

void cat_close(Catalog *c) {
    for (int i = 0; i < c->count; i++) close_variant(&c->variants[i]);
    free(c->variants);
    memset(c, 0, sizeof *c);
}

bool cat_set_cache(Catalog *c, size_t bytes, char *err, size_t errlen) {
    for (int i = 0; i < c->count; i++)
        if (dtb_set_cache_size(c->variants[i].h, bytes) != DTB_OK) {
            snprintf(err, errlen, "--cache: %s: %s", c->variants[i].info.id, dtb_last_error());
            return false;
        }
    return true;
}

const CatVariant *cat_find(const Catalog *c, const char *id) {
    for (int i = 0; i < c->count; i++)
        if (strcmp(c->variants[i].info.id, id) == 0) return &c->variants[i];
    return NULL;
}

void cat_list_ids(const Catalog *c, char *buf, size_t len) {
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < c->count && used < len; i++)
        used +=
            (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", c->variants[i].info.id);
}

/* Prints the line of cat_report_missing for one variant. */
static void report_variant(const CatVariant *v, FILE *log) {
    char none[1];
    size_t needed = 0;
    dtb_handle *h = v->h;
    dtb_status s = dtb_manifest_missing(h, 0, none, sizeof none, &needed);
    char *list = s == DTB_ERR_ARGUMENT ? malloc(needed) : NULL;
    if (list) s = dtb_manifest_missing(h, 0, list, needed, NULL);
    if (s == DTB_OK && list)
        fprintf(log,
                "dtb-serve: %s: tables its MANIFEST lists are missing or of another size: %s\n",
                v->info.id, list);
    else if (s != DTB_OK)
        fprintf(log, "dtb-serve: %s: %s: the set cannot be shown complete\n", v->info.id,
                s == DTB_ERR_ARGUMENT ? "out of memory" : dtb_last_error());
    free(list);
}

void cat_report_missing(const Catalog *c, FILE *log) {
    for (int i = 0; i < c->count; i++) report_variant(&c->variants[i], log);
}
