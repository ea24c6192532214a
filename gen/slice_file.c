#include "slice_file.h"

#include "memory.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

struct SliceFile {
    int fd;
    uint64_t bytes;
    void *map; /* NULL until mapped */
    char path[4400];
};

static Status io_fail(const SliceFile *f, const char *what, char *err, size_t errlen) {
    snprintf(err, errlen, "%s the scratch file '%s': %s", what, f->path, strerror(errno));
    return STATUS_IO;
}

/* The file there already, of f->bytes bytes. */
static Status reopen(SliceFile *f, struct stat *info, char *err, size_t errlen) {
    f->fd = open(f->path, O_RDWR | O_CLOEXEC);
    if (f->fd < 0) {
        Status status = errno == ENOENT ? STATUS_MISSING : STATUS_IO;
        io_fail(f, "cannot open", err, errlen);
        return status;
    }
    if (fstat(f->fd, info) != 0) return io_fail(f, "cannot read the size of", err, errlen);
    if ((uint64_t)info->st_size == f->bytes) return STATUS_OK;
    snprintf(err, errlen, "the scratch file '%s' has %llu bytes, not %llu", f->path,
             (unsigned long long)info->st_size, (unsigned long long)f->bytes);
    return STATUS_CORRUPT;
}

static Status make(SliceFile *f, struct stat *info, char *err, size_t errlen) {
    f->fd = open(f->path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (f->fd < 0) return io_fail(f, "cannot create", err, errlen);
    if (fstat(f->fd, info) != 0) return io_fail(f, "cannot read the size of", err, errlen);
    return STATUS_OK;
}

bool slice_file_space(const char *path, uint64_t *free_bytes) {
    struct statvfs fs;
    if (statvfs(path, &fs) != 0 || fs.f_blocks == 0) return false;
    *free_bytes = (uint64_t)fs.f_bavail * fs.f_frsize;
    return true;
}

/* The bytes f still needs on its filesystem, and what that has free (slice_file_space). */
static bool space(const SliceFile *f, const struct stat *info, uint64_t *needed,
                  uint64_t *free_bytes) {
    uint64_t held = (uint64_t)info->st_blocks * 512;
    *needed = f->bytes > held ? f->bytes - held : 0;
    return slice_file_space(f->path, free_bytes);
}

/* Names the file, the bytes it needs and those free, and the cause when a call failed
 * (error not 0). */
static Status no_space(const SliceFile *f, const struct stat *info, int error, char *err,
                       size_t errlen) {
    uint64_t needed, free_bytes;
    char need_text[32], free_text[64] = "", cause[128] = "";
    if (space(f, info, &needed, &free_bytes)) {
        char text[32];
        memory_format(free_bytes, text, sizeof text);
        snprintf(free_text, sizeof free_text, ", its filesystem has %llu (%s) free",
                 (unsigned long long)free_bytes, text);
    }
    memory_format(needed, need_text, sizeof need_text);
    if (error)
        snprintf(cause, sizeof cause, ": %s%s", strerror(error),
                 error == EFBIG ? " (larger than ulimit -f or the filesystem allows a file)" : "");
    snprintf(err, errlen,
             "no room for the scratch file '%s': it needs %llu bytes (%s) more on disk%s%s",
             f->path, (unsigned long long)needed, need_text, free_text, cause);
    return STATUS_IO;
}

/* Gives the file its f->bytes bytes on disk now, keeping what it holds, so that a lack of
 * space fails here rather than hours in: as a write into the map of a full filesystem
 * (SIGBUS, no message) or a pwrite failing mid-run.  A file that does not fit in the space
 * left is refused before any is taken, so that a filesystem shared with others is not
 * filled to the brim for a moment.  fallocate(2) rather than posix_fallocate: where the
 * filesystem cannot reserve space (EOPNOTSUPP: ramfs, some NFS versions), glibc's
 * posix_fallocate writes a byte into every block, 10^8 writes for a 460 GB file; there the
 * file is only sized, holes, as it always was, and a full disk is still found late. */
static Status reserve(SliceFile *f, const struct stat *info, char *err, size_t errlen) {
    uint64_t needed, free_bytes;
    if (space(f, info, &needed, &free_bytes) && needed > free_bytes)
        return no_space(f, info, 0, err, errlen);
    if (fallocate(f->fd, 0, 0, (off_t)f->bytes) == 0) return STATUS_OK;
    if (errno == ENOSPC || errno == EDQUOT || errno == EFBIG)
        return no_space(f, info, errno, err, errlen);
    if (errno != EOPNOTSUPP) return io_fail(f, "cannot reserve the space of", err, errlen);
    if (ftruncate(f->fd, (off_t)f->bytes) != 0) return io_fail(f, "cannot size", err, errlen);
    return STATUS_OK;
}

Status slice_file_open(const char *path, uint64_t bytes, bool fresh, SliceFile **out, char *err,
                       size_t errlen) {
    SliceFile *f = calloc(1, sizeof *f);
    if (!f) return STATUS_MEMORY;
    snprintf(f->path, sizeof f->path, "%s", path);
    f->fd = -1;
    f->bytes = bytes;
    struct stat info;
    Status st = fresh ? make(f, &info, err, errlen) : reopen(f, &info, err, errlen);
    if (st == STATUS_OK) st = reserve(f, &info, err, errlen);
    if (st == STATUS_OK) {
        void *map = mmap(NULL, f->bytes, PROT_READ | PROT_WRITE, MAP_SHARED, f->fd, 0);
        if (map == MAP_FAILED)
            st = io_fail(f, "cannot map", err, errlen);
        else
            f->map = map;
    }
    if (st != STATUS_OK) {
        slice_file_free(f);
        return st;
    }
    *out = f;
    return STATUS_OK;
}

void *slice_file_data(const SliceFile *f) {
    return f->map;
}

Status slice_file_put(SliceFile *f, uint64_t offset, const void *data, uint64_t len, char *err,
                      size_t errlen) {
    const char *bytes = data;
    while (len > 0) {
        ssize_t n = pwrite(f->fd, bytes, len, (off_t)offset);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return io_fail(f, "cannot write", err, errlen);
        bytes += n, offset += (uint64_t)n, len -= (uint64_t)n;
    }
    return STATUS_OK;
}

Status slice_file_sync(SliceFile *f, char *err, size_t errlen) {
    if (msync(f->map, f->bytes, MS_SYNC) != 0 || fdatasync(f->fd) != 0)
        return io_fail(f, "cannot sync", err, errlen);
    return STATUS_OK;
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
