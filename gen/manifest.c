#include "manifest.h"

#include "atomic_file.h"
#include "set_manifest.h"
#include "table_file.h"
#include "tablebase.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Text {
    char *buf;
    size_t len, cap;
} Text;

static bool append(Text *t, const char *line) {
    size_t n = strlen(line);
    if (t->len + n + 1 > t->cap) {
        size_t cap = (t->cap + n + 1) * 2;
        char *buf = realloc(t->buf, cap);
        if (!buf) return false;
        t->buf = buf;
        t->cap = cap;
    }
    memcpy(t->buf + t->len, line, n + 1);
    t->len += n;
    return true;
}

/* " white-to-move=W/D/L black-to-move=W/D/L" for one value set, prefixed "rules-" for the
 * second. */
static void describe_counts(const TableInfo *info, int set, char *buf, size_t len) {
    static const char *side_name[2] = {"white-to-move", "black-to-move"};
    size_t used = 0;
    for (int side = 0; side < 2 && used < len; side++) {
        const uint64_t *c = info->counts[set][side];
        used +=
            (size_t)snprintf(buf + used, len - used, " %s%s=%llu/%llu/%llu", set ? "rules-" : "",
                             side_name[side], (unsigned long long)c[WDL_WIN],
                             (unsigned long long)c[WDL_DRAW], (unsigned long long)c[WDL_LOSS]);
    }
}

static Status describe(const Variant *v, const Material *m, const char *path, char *line,
                       size_t len, char *err, size_t errlen) {
    uint64_t size, digest;
    char name[MATERIAL_NAME_MAX];
    material_name(m, name, sizeof name);
    TableFile *t;
    Status s = tb_open_indexed(v, m, path, &t, NULL, err, errlen);
    if (s != STATUS_OK) return s;
    /* Tables the build left alone are listed too: a damaged one must not get a digest. */
    if ((s = table_verify(t, err, errlen)) != STATUS_OK) {
        table_close(t);
        return s;
    }
    const TableInfo *info = table_info(t);
    bool ok = manifest_file_digest(path, &size, &digest);
    size_t used = (size_t)snprintf(line, len, "%s size=%llu xxh3=%016llx", name,
                                   (unsigned long long)size, (unsigned long long)digest);
    for (uint32_t set = 0; set < info->cells_per_position && used < len; set++) {
        describe_counts(info, (int)set, line + used, len - used);
        used += strlen(line + used);
    }
    if (used + 1 < len) strcpy(line + used, "\n");
    table_close(t);
    if (!ok) snprintf(err, errlen, "cannot read %s", path);
    return ok ? STATUS_OK : STATUS_IO;
}

/* Whether the file at path holds exactly text[0..len). */
static bool holds(const char *path, const char *text, size_t len) {
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    char buf[1 << 16];
    size_t at = 0, n;
    bool same = true;
    while (same && (n = fread(buf, 1, sizeof buf, f)) > 0) {
        same = at + n <= len && memcmp(buf, text + at, n) == 0;
        at += n;
    }
    same = same && at == len && !ferror(f);
    fclose(f);
    return same;
}

Status manifest_retire(const char *dir, char *err, size_t errlen) {
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, MANIFEST_NAME);
    if (unlink(path) == 0 || errno == ENOENT) return STATUS_OK;
    snprintf(err, errlen, "cannot remove %s before the tables change: %s", path, strerror(errno));
    return STATUS_IO;
}

#define MANIFEST_MAX_TABLES 1024

/* A line of the manifest: a table of the folder (described afresh) or one kept from the
 * manifest read before the run (line, len). */
typedef struct Entry {
    Material m;
    const char *line;
    size_t len;
} Entry;

static int entry_order(const void *a, const void *b) {
    return material_dependency_order(&((const Entry *)a)->m, &((const Entry *)b)->m);
}

/* The materials of a folder's tables so far (for tb_each_file). */
typedef struct Listing {
    Entry *list;
    int count;
} Listing;

static bool add_material(const char *name, void *listing) {
    Listing *l = listing;
    char ignored[128];
    l->list[l->count].line = NULL;
    if (material_parse(name, &l->list[l->count].m, ignored, sizeof ignored) == STATUS_OK)
        l->count++;
    return l->count < MANIFEST_MAX_TABLES;
}

/* The materials of the table files in dir; -1 when dir is unreadable. */
static int tables_in(const char *dir, Entry *list, char *err, size_t errlen) {
    Listing l = {list, 0};
    if (tb_each_file(dir, add_material, &l, err, errlen) != STATUS_OK) return -1;
    return l.count;
}

Status manifest_read_text(const char *dir, char **text, char *err, size_t errlen) {
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, MANIFEST_NAME);
    *text = NULL;
    FILE *f = fopen(path, "rb");
    if (!f && errno == ENOENT) return STATUS_OK;
    Text t = {0};
    char buf[1 << 12];
    size_t n;
    bool ok = f && append(&t, "");
    while (ok && (n = fread(buf, 1, sizeof buf - 1, f)) > 0) {
        buf[n] = '\0';
        ok = strlen(buf) == n && append(&t, buf); /* a NUL byte: no manifest */
    }
    ok = ok && !ferror(f);
    if (f) fclose(f);
    if (!ok) {
        free(t.buf);
        snprintf(err, errlen, "cannot read %s: %s", path, f ? "not a manifest" : strerror(errno));
        return STATUS_IO;
    }
    *text = t.buf;
    return STATUS_OK;
}

/* Whether previous's heading names variant id. */
static bool of_variant(const char *previous, const char *id) {
    static const char heading[] = "# dtb tables of ";
    size_t n = strlen(id);
    return strncmp(previous, heading, sizeof heading - 1) == 0 &&
           strncmp(previous + sizeof heading - 1, id, n) == 0 &&
           previous[sizeof heading - 1 + n] == ':';
}

static bool in_entries(const Entry *list, int count, const Material *m) {
    for (int i = 0; i < count; i++)
        if (material_equal(&list[i].m, m)) return true;
    return false;
}

/* Adds to list (count entries of the folder's tables) the lines of previous for the other
 * materials; returns the new count. */
static int keep_lines(const char *previous, Entry *list, int count) {
    int tables = count;
    for (const char *line = previous; *line && count < MANIFEST_MAX_TABLES;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) + 1 : strlen(line);
        char name[MATERIAL_NAME_MAX + 1], ignored[128];
        size_t name_len = strcspn(line, " \n");
        Entry e = {.line = line, .len = len};
        if (line[0] != '#' && name_len < sizeof name && end) {
            memcpy(name, line, name_len);
            name[name_len] = '\0';
            if (material_parse(name, &e.m, ignored, sizeof ignored) == STATUS_OK &&
                !in_entries(list, tables, &e.m))
                list[count++] = e;
        }
        line += len;
    }
    return count;
}

/* The entries of the manifest: the folder's tables and what previous keeps; said on log when
 * previous's lines are kept or dropped. */
static int manifest_entries(const Variant *v, const char *dir, const char *previous, FILE *log,
                            Entry *list, char *err, size_t errlen) {
    int count = tables_in(dir, list, err, errlen);
    if (count < 0 || !previous) return count;
    if (!of_variant(previous, v->id)) {
        if (log)
            fprintf(log, "%s/%s was not of %s: its lines are dropped\n", dir, MANIFEST_NAME, v->id);
        return count;
    }
    int tables = count;
    count = keep_lines(previous, list, count);
    if (log && count > tables)
        fprintf(log, "%s/%s keeps the lines of %d tables listed before and not in the folder\n",
                dir, MANIFEST_NAME, count - tables);
    return count;
}

Status manifest_write(const Variant *v, const char *dir, const char *previous, FILE *log, char *err,
                      size_t errlen) {
    Entry *list = malloc(MANIFEST_MAX_TABLES * sizeof *list);
    if (!list) {
        snprintf(err, errlen, "out of memory writing the manifest");
        return STATUS_MEMORY;
    }
    int count = manifest_entries(v, dir, previous, log, list, err, errlen);
    if (count < 0) {
        free(list);
        return STATUS_IO;
    }
    qsort(list, (size_t)count, sizeof *list, entry_order);
    Text text = {0};
    char line[512], path[4200];
    snprintf(line, sizeof line,
             "# dtb tables of %s: material, file size, XXH3-64 of the file, win/draw/loss "
             "counts\n",
             v->id);
    Tablebase *tb = tb_open(v, dir);
    bool memory = tb && append(&text, line);
    Status result = STATUS_OK;
    for (int i = 0; i < count && result == STATUS_OK && memory; i++) {
        if (list[i].line) {
            snprintf(line, sizeof line, "%.*s", (int)list[i].len, list[i].line);
        } else {
            tb_path(tb, &list[i].m, path, sizeof path);
            result = describe(v, &list[i].m, path, line, sizeof line, err, errlen);
        }
        memory = result != STATUS_OK || append(&text, line);
    }
    tb_close(tb);
    if (!memory) snprintf(err, errlen, "out of memory writing the manifest");
    snprintf(path, sizeof path, "%s/%s", dir, MANIFEST_NAME);
    if (result == STATUS_OK && memory && !holds(path, text.buf, text.len))
        result = atomic_write(path, text.buf, text.len, err, errlen);
    free(text.buf);
    free(list);
    return memory ? result : STATUS_MEMORY;
}
