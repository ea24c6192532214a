#include "slice_checkpoint.h"

#include "atomic_file.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#define CHECKPOINT_MAX 4096 /* bytes: a checkpoint is a few hundred */
#define CHECK_LINE     "check "

/* The line of `text` that starts at `line`, without its newline, into out. */
static void line_at(const char *line, char *out, size_t outlen) {
    const char *end = strchr(line, '\n');
    int len = end ? (int)(end - line) : (int)strlen(line);
    snprintf(out, outlen, "%.*s", len, line);
}

/* Says how the work lines of text differ from `work`: the first line that does. */
static Status other_work(const char *text, const char *work, char *why, size_t whylen) {
    const char *a = text, *b = work;
    while (*a && *a == *b) a++, b++;
    while (a > text && a[-1] != '\n') a--, b--;
    char found[160], wanted[160];
    line_at(a, found, sizeof found);
    line_at(b, wanted, sizeof wanted);
    snprintf(why, whylen, "it is of other work: '%s', not '%s'", found, wanted);
    return STATUS_CORRUPT;
}

/* Checks text's last line, "check HASH", against the lines before it, and cuts it off. */
static Status check_sum(char *text, size_t len, char *why, size_t whylen) {
    char *last = len > 0 && text[len - 1] == '\n' ? text + len - 1 : NULL;
    while (last && last > text && last[-1] != '\n') last--;
    uint64_t stored;
    char end;
    if (!last || sscanf(last, CHECK_LINE "%16" SCNx64 "%c", &stored, &end) != 2 || end != '\n' ||
        strlen(last) != strlen(CHECK_LINE) + 17) {
        snprintf(why, whylen, "it does not end in a check line");
        return STATUS_CORRUPT;
    }
    if (stored != XXH3_64bits(text, (size_t)(last - text))) {
        snprintf(why, whylen, "its check line does not match its content");
        return STATUS_CORRUPT;
    }
    *last = '\0';
    return STATUS_OK;
}

static Status read_text(const char *path, char *text, size_t *len, char *why, size_t whylen) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, whylen, "cannot open it: %s", strerror(errno));
        return errno == ENOENT ? STATUS_MISSING : STATUS_IO;
    }
    *len = fread(text, 1, CHECKPOINT_MAX, f);
    bool failed = ferror(f);
    fclose(f);
    text[*len] = '\0';
    if (failed) {
        snprintf(why, whylen, "cannot read it");
        return STATUS_IO;
    }
    if (*len == CHECKPOINT_MAX || memchr(text, '\0', *len)) {
        snprintf(why, whylen, "it is no checkpoint: over %d bytes, or binary", CHECKPOINT_MAX - 1);
        return STATUS_CORRUPT;
    }
    return STATUS_OK;
}

Status slice_checkpoint_read(const char *path, const char *work, uint64_t *solved, uint64_t *stored,
                             char *why, size_t whylen) {
    char text[CHECKPOINT_MAX + 1];
    size_t len;
    Status st = read_text(path, text, &len, why, whylen);
    if (st == STATUS_OK) st = check_sum(text, len, why, whylen);
    if (st != STATUS_OK) return st;
    size_t work_len = strlen(work);
    if (strncmp(text, work, work_len) != 0) return other_work(text, work, why, whylen);
    char end;
    if (sscanf(text + work_len, "solved %" SCNu64 "\nstored %" SCNu64 "%c", solved, stored, &end) !=
            3 ||
        end != '\n') {
        snprintf(why, whylen, "it has no 'solved' and 'stored' lines after its work");
        return STATUS_CORRUPT;
    }
    return STATUS_OK;
}

Status slice_checkpoint_write(const char *path, const char *work, uint64_t solved, uint64_t stored,
                              char *err, size_t errlen) {
    char text[CHECKPOINT_MAX + 64];
    int len = snprintf(text, sizeof text, "%ssolved %" PRIu64 "\nstored %" PRIu64 "\n", work,
                       solved, stored);
    if (len < 0 || len >= CHECKPOINT_MAX - 40) {
        snprintf(err, errlen, "%s: the checkpoint's work is too long", path);
        return STATUS_CORRUPT;
    }
    len += snprintf(text + len, sizeof text - (size_t)len, CHECK_LINE "%016" PRIx64 "\n",
                    (uint64_t)XXH3_64bits(text, (size_t)len));
    return atomic_write(path, text, (size_t)len, err, errlen);
}
