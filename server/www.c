/* Static files of the page's folder, with the checks that keep requests inside it. */
#include "www.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define WWW_FILE_MAX (16u << 20) /* bytes of a file served: the page's are a few KiB */

/* Content types by file name ending; others are served as bytes. */
static const struct {
    const char *ending, *type;
} content_types[] = {
    {".html", "text/html; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".json", "application/json; charset=utf-8"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".ico", "image/x-icon"},
    {".txt", "text/plain; charset=utf-8"},
};

bool www_open(Www *w, const char *dir, char *err, size_t errlen) {
    struct stat st;
    errno = 0;
    if (!realpath(dir, w->root) || stat(w->root, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "--www %s: %s", dir, errno ? strerror(errno) : "not a folder");
        return false;
    }
    return true;
}

static const char *content_type_of(const char *path) {
    size_t len = strlen(path);
    for (size_t i = 0; i < sizeof content_types / sizeof content_types[0]; i++) {
        size_t n = strlen(content_types[i].ending);
        if (len >= n && strcmp(path + len - n, content_types[i].ending) == 0)
            return content_types[i].type;
    }
    return "application/octet-stream";
}

/* NULL when path may name a file of the folder, else why not. */
static const char *path_fault(const char *path) {
    if (path[0] != '/') return "it does not start with '/'";
    for (const char *c = path; *c; c++)
        if (*c == '\\' || (unsigned char)*c < 0x20 || *c == 0x7f)
            return "it holds a backslash or a control character";
    for (const char *segment = path + 1;; segment = strchr(segment, '/') + 1) {
        if (*segment == '/' || *segment == '\0') return "it has an empty segment";
        if (*segment == '.') return "a segment starts with '.'";
        if (!strchr(segment, '/')) return NULL;
    }
}

/* Reads the regular file at real (a path inside the folder) into out. */
static void read_file(const char *real, const char *path, Response *out) {
    int fd = open(real, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0) close(fd);
        response_error(out, 404, "no file %s", path);
        return;
    }
    size_t size = (size_t)st.st_size, got = 0;
    char *body = size <= WWW_FILE_MAX ? malloc(size + 1) : NULL;
    for (ssize_t n = 1; body && got < size && n > 0; got += n > 0 ? (size_t)n : 0)
        n = read(fd, body + got, size - got);
    close(fd);
    if (!body || got != size) {
        free(body);
        response_error(out, 500, "%s could not be read", path);
        return;
    }
    memset(out, 0, sizeof *out);
    out->status = 200;
    out->content_type = content_type_of(real);
    out->body = body;
    out->len = size;
}

void www_serve(const Www *w, const char *path, Response *out) {
    if (strcmp(path, "/") == 0) path = "/index.html";
    size_t len = strlen(path);
    if (len > WWW_PATH_MAX) {
        response_error(out, 414, "a file path of %zu bytes, over the limit of %d", len,
                       WWW_PATH_MAX);
        return;
    }
    const char *fault = path_fault(path);
    if (fault) {
        response_error(out, 400, "refused the file path %s: %s", path, fault);
        return;
    }
    char joined[PATH_MAX + WWW_PATH_MAX + 1], real[PATH_MAX];
    snprintf(joined, sizeof joined, "%s%s", w->root, path);
    size_t root_len = strlen(w->root);
    if (!realpath(joined, real)) {
        response_error(out, 404, "no file %s", path);
        return;
    }
    if (strncmp(real, w->root, root_len) != 0 || real[root_len] != '/') {
        response_error(out, 403, "refused the file path %s: it leads out of the page's folder",
                       path);
        return;
    }
    read_file(real, path, out);
}
