#include "cell_scratch.h"

#include "memory.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static Status failed(const char *dir, const char *what, int error, uint64_t bytes, char *err,
                     size_t errlen) {
    char size[32];
    memory_format(bytes, size, sizeof size);
    snprintf(err, errlen, "cannot %s a scratch file of %s in '%s' for the cells under check: %s",
             what, size, dir, strerror(error));
    return STATUS_IO;
}

/* fallocate(2) rather than posix_fallocate, which where the filesystem cannot reserve
 * space writes a byte into every block; there the file is only sized, holes. */
static int reserve(int fd, uint64_t bytes) {
    if (fallocate(fd, 0, 0, (off_t)bytes) == 0) return 0;
    if (errno != EOPNOTSUPP) return errno;
    return ftruncate(fd, (off_t)bytes) == 0 ? 0 : errno;
}

Status cell_scratch_map(const char *dir, uint64_t bytes, void **out, char *err, size_t errlen) {
    char path[4200];
    snprintf(path, sizeof path, "%s/dtb-check.XXXXXX", dir);
    int fd = mkostemp(path, O_CLOEXEC);
    if (fd < 0) return failed(dir, "make", errno, bytes, err, errlen);
    unlink(path);
    int error = reserve(fd, bytes);
    if (error) {
        close(fd);
        return failed(dir, "reserve", error, bytes, err, errlen);
    }
    void *map = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    error = errno;
    close(fd);
    if (map == MAP_FAILED) return failed(dir, "map", error, bytes, err, errlen);
    *out = map;
    return STATUS_OK;
}

void cell_scratch_unmap(void *map, uint64_t bytes) {
    if (map) munmap(map, bytes);
}
