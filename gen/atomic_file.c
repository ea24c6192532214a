#include "atomic_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static Status io_error(char *err, size_t errlen, const char *path, const char *what) {
    snprintf(err, errlen, "%s: %s: %s", path, what, strerror(errno));
    return STATUS_IO;
}

Status atomic_create(const char *path, char **tmp, int *fd, char *err, size_t errlen) {
    size_t len = strlen(path) + sizeof ".tmp";
    *tmp = malloc(len);
    if (!*tmp) {
        snprintf(err, errlen, "%s: out of memory", path);
        return STATUS_MEMORY;
    }
    snprintf(*tmp, len, "%s.tmp", path);
    *fd = open(*tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (*fd >= 0) return STATUS_OK;
    Status s = io_error(err, errlen, *tmp, "cannot create");
    free(*tmp);
    *tmp = NULL;
    return s;
}

void atomic_abort(int fd, const char *tmp) {
    if (fd >= 0) close(fd);
    unlink(tmp);
}

static bool ends_with(const char *s, size_t len, const char *end) {
    size_t n = strlen(end);
    return len >= n && memcmp(s + len - n, end, n) == 0;
}

bool file_write_at(int fd, const void *data, size_t len, uint64_t offset) {
    const uint8_t *bytes = data;
    while (len > 0) {
        ssize_t n = pwrite(fd, bytes, len, (off_t)offset);
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) errno = ENOSPC;
        if (n <= 0) return false;
        bytes += n, offset += (uint64_t)n, len -= (size_t)n;
    }
    return true;
}

void atomic_remove_leftovers(const char *dir, const char *ending, FILE *log) {
    DIR *d = opendir(dir);
    if (!d) return;
    char path[4200];
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (!ends_with(e->d_name, len, ".tmp") ||
            !ends_with(e->d_name, len - strlen(".tmp"), ending))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (unlink(path) == 0 && log) fprintf(log, "removed %s, left by a run cut short\n", path);
    }
    closedir(d);
}

/* Syncs the folder holding path, so that the rename itself survives a crash. */
static Status sync_folder(const char *path, char *err, size_t errlen) {
    const char *slash = strrchr(path, '/');
    char folder[4096];
    if (!slash)
        snprintf(folder, sizeof folder, ".");
    else
        snprintf(folder, sizeof folder, "%.*s", (int)(slash - path) + (slash == path), path);
    int fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    bool ok = fd >= 0 && fsync(fd) == 0;
    if (fd >= 0) close(fd);
    return ok ? STATUS_OK : io_error(err, errlen, folder, "cannot sync folder");
}

Status atomic_commit(int fd, const char *tmp, const char *path, char *err, size_t errlen) {
    bool synced = fsync(fd) == 0;
    if (close(fd) != 0 || !synced) {
        Status s = io_error(err, errlen, tmp, "cannot write");
        unlink(tmp);
        return s;
    }
    if (rename(tmp, path) != 0) {
        Status s = io_error(err, errlen, path, "cannot rename the temporary file into place");
        unlink(tmp);
        return s;
    }
    return sync_folder(path, err, errlen);
}

Status atomic_write(const char *path, const void *data, size_t len, char *err, size_t errlen) {
    char *tmp;
    int fd;
    Status s = atomic_create(path, &tmp, &fd, err, errlen);
    if (s != STATUS_OK) return s;
    const char *p = data;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = ENOSPC; /* nothing written, and no errno set: the disk is full */
            s = io_error(err, errlen, tmp, "cannot write");
            atomic_abort(fd, tmp);
            free(tmp);
            return s;
        }
        p += n;
        len -= (size_t)n;
    }
    s = atomic_commit(fd, tmp, path, err, errlen);
    free(tmp);
    return s;
}
