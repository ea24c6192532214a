#include "slice_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct SliceFile {
    int fd;
    uint64_t bytes;
    void *map; /* NULL until mapped */
    char path[4200];
};

static TableStatus io_fail(const SliceFile *f, const char *what, char *err, size_t errlen) {
    snprintf(err, errlen, "%s the scratch file '%s': %s", what, f->path, strerror(errno));
    return TABLE_ERR_IO;
}

TableStatus slice_file_create(const char *path, uint64_t positions, SliceFile **out, char *err,
                              size_t errlen) {
    SliceFile *f = calloc(1, sizeof *f);
    if (!f) return TABLE_ERR_MEMORY;
    snprintf(f->path, sizeof f->path, "%s", path);
    f->bytes = positions * sizeof(Cell);
    f->fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    TableStatus st = TABLE_OK;
    if (f->fd < 0)
        st = io_fail(f, "cannot create", err, errlen);
    else if (unlink(path) != 0)
        st = io_fail(f, "cannot unlink", err, errlen);
    else if (ftruncate(f->fd, (off_t)f->bytes) != 0)
        st = io_fail(f, "cannot size", err, errlen);
    if (st != TABLE_OK) {
        slice_file_free(f);
        return st;
    }
    *out = f;
    return TABLE_OK;
}

TableStatus slice_file_put(SliceFile *f, uint64_t first, const Cell *cells, uint64_t count,
                           char *err, size_t errlen) {
    const char *bytes = (const char *)cells;
    uint64_t left = count * sizeof(Cell), at = first * sizeof(Cell);
    while (left > 0) {
        ssize_t n = pwrite(f->fd, bytes, left, (off_t)at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return io_fail(f, "cannot write", err, errlen);
        bytes += n, at += (uint64_t)n, left -= (uint64_t)n;
    }
    return TABLE_OK;
}

TableStatus slice_file_map(SliceFile *f, Cell **cells, char *err, size_t errlen) {
    void *map = mmap(NULL, f->bytes, PROT_READ | PROT_WRITE, MAP_SHARED, f->fd, 0);
    if (map == MAP_FAILED) return io_fail(f, "cannot map", err, errlen);
    f->map = map;
    *cells = map;
    return TABLE_OK;
}

void slice_file_release(void *f) {
    SliceFile *file = f;
    if (file->map) madvise(file->map, file->bytes, MADV_DONTNEED);
}

void slice_file_free(SliceFile *f) {
    if (!f) return;
    if (f->map) munmap(f->map, f->bytes);
    if (f->fd >= 0) close(f->fd);
    free(f);
}
