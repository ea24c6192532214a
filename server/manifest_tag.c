/* Entity tags from MANIFEST files: FNV-1a over their bytes. */
#include "manifest_tag.h"

#include "dtb.h"
#include "fnv1a.h"

#include <stdio.h>
#include <string.h>

bool manifest_tag(const char *dir, uint64_t *tag) {
    char path[4096];
    snprintf(path, sizeof path, "%s/MANIFEST", dir);
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    const char *version = dtb_version_string();
    uint64_t t = fnv1a(*tag, version, strlen(version));
    unsigned char buf[65536];
    for (size_t n; (n = fread(buf, 1, sizeof buf, f)) > 0;) t = fnv1a(t, buf, n);
    bool ok = !ferror(f);
    fclose(f);
    if (ok) *tag = t;
    return ok;
}

void manifest_tag_text(uint64_t tag, char text[MANIFEST_TAG_TEXT]) {
    snprintf(text, MANIFEST_TAG_TEXT, "\"%016llx\"", (unsigned long long)tag);
}
