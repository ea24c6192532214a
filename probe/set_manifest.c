#include "set_manifest.h"

#include "table_format.h"
#include "tablebase.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <xxhash.h>

/* One table's line: its name, size and hash; the counts after them are the table header's
 * business (dtb-probe verify checks the header against the cells). */
static bool parse_entry(const char *line, ManifestEntry *e) {
    size_t name = strcspn(line, " \n");
    char hex[17], err[128];
    int used = 0;
    Material m;
    if (name == 0 || name >= sizeof e->material) return false;
    memcpy(e->material, line, name);
    e->material[name] = '\0';
    line += name;
    if (sscanf(line, " size=%" SCNu64 " xxh3=%16[0-9a-f]%n", &e->size, hex, &used) != 2 ||
        strlen(hex) != 16 || (line[used] != ' ' && line[used] != '\n' && line[used] != '\0'))
        return false;
    e->xxh3 = strtoull(hex, NULL, 16);
    return material_parse(e->material, &m, err, sizeof err) == STATUS_OK;
}

static bool add_entry(Manifest *m, const ManifestEntry *e, int *capacity) {
    if (m->count == *capacity) {
        int grown = *capacity ? 2 * *capacity : 64;
        ManifestEntry *entries = realloc(m->entries, (size_t)grown * sizeof *entries);
        if (!entries) return false;
        m->entries = entries;
        *capacity = grown;
    }
    m->entries[m->count++] = *e;
    return true;
}

/* The lines of f after the first, which named the variant. */
static Status read_entries(FILE *f, Manifest *out, const char *path, char *err, size_t errlen) {
    char *line = NULL;
    size_t cap = 0;
    int capacity = 0;
    Status s = STATUS_OK;
    for (long number = 2; s == STATUS_OK && getline(&line, &cap, f) > 0; number++) {
        ManifestEntry e;
        if (!parse_entry(line, &e))
            s = status_fail(err, errlen, STATUS_CORRUPT, path,
                            "line %ld is not 'MATERIAL size=BYTES xxh3=16 HEX DIGITS ...'", number);
        else if (!add_entry(out, &e, &capacity))
            s = status_fail(err, errlen, STATUS_MEMORY, path, "out of memory");
    }
    free(line);
    if (s == STATUS_OK && ferror(f))
        s = status_fail(err, errlen, STATUS_IO, path, "%s", strerror(errno));
    return s;
}

Status manifest_read(const char *dir, const char *variant, Manifest *out, char *err,
                     size_t errlen) {
    char path[TB_DIR_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", dir, MANIFEST_NAME);
    *out = (Manifest){.entries = NULL, .count = 0};
    FILE *f = fopen(path, "r");
    if (!f)
        return status_fail(err, errlen, errno == ENOENT ? STATUS_MISSING : STATUS_IO, path, "%s",
                           strerror(errno));
    char first[256];
    Status s = STATUS_OK;
    if (!fgets(first, sizeof first, f) ||
        sscanf(first, "# dtb tables of %63[^:]:", out->variant) != 1)
        s = status_fail(err, errlen, STATUS_CORRUPT, path,
                        "line 1 is not '# dtb tables of VARIANT: ...'");
    if (s == STATUS_OK && variant && strcmp(out->variant, variant) != 0)
        s = status_fail(err, errlen, STATUS_VARIANT, path, "lists the tables of %s, not of %s",
                        out->variant, variant);
    if (s == STATUS_OK) s = read_entries(f, out, path, err, errlen);
    fclose(f);
    return s;
}

void manifest_free(Manifest *m) {
    free(m->entries);
    m->entries = NULL;
    m->count = 0;
}

const ManifestEntry *manifest_find(const Manifest *m, const char *material) {
    for (int i = 0; i < m->count; i++)
        if (strcmp(m->entries[i].material, material) == 0) return &m->entries[i];
    return NULL;
}

bool manifest_file_digest(const char *path, uint64_t *size, uint64_t *digest) {
    *size = *digest = 0;
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    XXH3_state_t *state = XXH3_createState();
    if (!state) {
        fclose(f);
        return false;
    }
    XXH3_64bits_reset(state);
    char buf[1 << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        XXH3_64bits_update(state, buf, n);
        *size += n;
    }
    bool ok = !ferror(f);
    fclose(f);
    *digest = XXH3_64bits_digest(state);
    XXH3_freeState(state);
    return ok;
}

ManifestMatch manifest_compare(const char *dir, const ManifestEntry *e, bool read_files, char *err,
                               size_t errlen) {
    char path[TB_DIR_MAX + MATERIAL_NAME_MAX + 16];
    snprintf(path, sizeof path, "%s/%s%s", dir, e->material, TB_FILE_SUFFIX);
    struct stat st;
    uint64_t size, digest;
    if (stat(path, &st) != 0) {
        snprintf(err, errlen, "%s: listed in the MANIFEST, %s", path,
                 errno == ENOENT ? "no such file" : strerror(errno));
        return errno == ENOENT ? MANIFEST_NO_FILE : MANIFEST_UNREADABLE;
    }
    if ((uint64_t)st.st_size != e->size) {
        snprintf(err, errlen, "%s: %llu bytes, the MANIFEST lists %llu", path,
                 (unsigned long long)st.st_size, (unsigned long long)e->size);
        return MANIFEST_SIZE_DIFFERS;
    }
    if (!read_files) return MANIFEST_SAME;
    if (!manifest_file_digest(path, &size, &digest)) {
        snprintf(err, errlen, "%s: cannot be read", path);
        return MANIFEST_UNREADABLE;
    }
    if (size != e->size || digest != e->xxh3) {
        snprintf(err, errlen, "%s: XXH3-64 %016llx, the MANIFEST lists %016llx", path,
                 (unsigned long long)digest, (unsigned long long)e->xxh3);
        return size != e->size ? MANIFEST_SIZE_DIFFERS : MANIFEST_XXH3_DIFFERS;
    }
    return MANIFEST_SAME;
}
