#include "disk_space.h"

#include <sys/statvfs.h>

bool disk_space(const char *path, uint64_t *free_bytes) {
    struct statvfs fs;
    if (statvfs(path, &fs) != 0 || fs.f_blocks == 0) return false;
    *free_bytes = (uint64_t)fs.f_bavail * fs.f_frsize;
    return true;
}
