/* Taking server paths out of error sentences. */
#include "redact.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Characters that end a path quoted in a sentence. */
#define PATH_END " \t\n)'\""

/* Whether an absolute path may start at message[i]: a '/' at the start of a word. */
static bool path_starts(const char *message, size_t i) {
    return message[i] == '/' && (i == 0 || strchr(" (\"'", message[i - 1]));
}

/* The path starting at p, up to PATH_END and without a ':' that ends it; its length. */
static size_t path_length(const char *p) {
    size_t n = strcspn(p, PATH_END);
    return n > 1 && p[n - 1] == ':' ? n - 1 : n;
}

void redact_paths(const char *message, const char *dir, const char *variant, char *out,
                  size_t len) {
    size_t used = 0, dir_len = strlen(dir);
    out[0] = '\0';
    for (size_t i = 0; message[i] && used + 1 < len;) {
        if (dir_len && strncmp(message + i, dir, dir_len) == 0) {
            used += (size_t)snprintf(out + used, len - used, "%s", variant);
            i += dir_len;
        } else if (path_starts(message, i)) {
            size_t n = path_length(message + i);
            const char *last = memrchr(message + i, '/', n) + 1;
            used += (size_t)snprintf(out + used, len - used, "%.*s", (int)(message + i + n - last),
                                     last);
            i += n;
        } else {
            out[used++] = message[i++];
            out[used] = '\0';
        }
    }
    if (used >= len) out[len - 1] = '\0';
}
