#include "slice_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

struct SliceFile {
    int fd;
    uint64_t bytes;
    void *map; /* NULL until mapped */
    char path[4400];
};

static TableStatus io_fail(const SliceFile *f, const char *what, char *err, size_t errlen) {
    snprintf(err, errlen, "%s the scratch file '%s': %s", what, f->path, strerror(errno));
    return TABLE_ERR_IO;
}

/* The file there already, of f->bytes bytes. */
static TableStatus reopen(SliceFile *f, char *err, size_t errlen) {
    f->fd = open(f->path, O_RDWR | O_CLOEXEC);
    if (f->fd < 0) {
        TableStatus status = errno == ENOENT ? TABLE_ERR_MISSING : TABLE_ERR_IO;
        io_fail(f, "cannot open", err, errlen);
        return status;
    }
    struct stat info;
    if (fstat(f->fd, &info) != 0) return io_fail(f, "cannot read the size of", err, errlen);
    if ((uint64_t)info.st_size == f->bytes) return TABLE_OK;
    snprintf(err, errlen, "the scratch file '%s' has %llu bytes, not %llu", f->path,
             (unsigned long long)info.st_size, (unsigned long long)f->bytes);
    return TABLE_ERR_CORRUPT;
}

static TableStatus make(SliceFile *f, char *err, size_t errlen) {
    f->fd = open(f->path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (f->fd < 0) return io_fail(f, "cannot create", err, errlen);
    if (ftruncate(f->fd, (off_t)f->bytes) != 0) return io_fail(f, "cannot size", err, errlen);
    return TABLE_OK;
}

TableStatus slice_file_open(const char *path, uint64_t bytes, bool fresh, SliceFile **out,
                            char *err, size_t errlen) {
    SliceFile *f = calloc(1, sizeof *f);
    if (!f) return TABLE_ERR_MEMORY;
    snprintf(f->path, sizeof f->path, "%s", path);
    f->fd = -1;
    f->bytes = bytes;
    TableStatus st = fresh ? make(f, err, errlen) : reopen(f, err, errlen);
    if (st == TABLE_OK) {
        void *map = mmap(NULL, f->bytes, PROT_READ | PROT_WRITE, MAP_SHARED, f->fd, 0);
        if (map == MAP_FAILED)
            st = io_fail(f, "cannot map", err, errlen);
        else
            f->map = map;
    }
    if (st != TABLE_OK) {
        slice_file_free(f);
        return st;
    }
    *out = f;
    return TABLE_OK;
}

void *slice_file_data(const SliceFile *f) {
    return f->map;
}

TableStatus slice_file_put(SliceFile *f, uint64_t offset, const void *data, uint64_t len, char *err,
                           size_t errlen) {
    const char *bytes = data;
    while (len > 0) {
        ssize_t n = pwrite(f->fd, bytes, len, (off_t)offset);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return io_fail(f, "cannot write", err, errlen);
        bytes += n, offset += (uint64_t)n, len -= (uint64_t)n;
    }
    return TABLE_OK;
}

TableStatus slice_file_sync(SliceFile *f, char *err, size_t errlen) {
    if (msync(f->map, f->bytes, MS_SYNC) != 0 || fdatasync(f->fd) != 0)
        return io_fail(f, "cannot sync", err, errlen);
    return TABLE_OK;
}

void slice_file_release(SliceFile *f) {
    if (f && f->map) madvise(f->map, f->bytes, MADV_DONTNEED);
}

void slice_file_free(SliceFile *f) {
    if (!f) return;
    if (f->map) munmap(f->map, f->bytes);
    if (f->fd >= 0) close(f->fd);
    free(f);
}
