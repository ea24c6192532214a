#include "folder_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

Status folder_lock(const char *dir, int *fd, char *err, size_t errlen) {
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, FOLDER_LOCK_NAME);
    *fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    bool refused = *fd < 0 && (errno == EACCES || errno == EROFS || errno == EPERM);
    /* Another user's lock file, which this one may not write, locks as well read-only. */
    if (refused) *fd = open(path, O_RDONLY | O_CLOEXEC);
    if (refused && *fd < 0) return STATUS_OK;
    if (*fd < 0) {
        snprintf(err, errlen, "cannot open the lock file '%s': %s", path, strerror(errno));
        return STATUS_IO;
    }
    /* flock, not fcntl's locks: those belong to the process, and a lock is released when
     * any descriptor of the file in it is closed. */
    if (flock(*fd, LOCK_EX | LOCK_NB) == 0) return STATUS_OK;
    int cause = errno;
    close(*fd);
    *fd = -1;
    if (cause == EWOULDBLOCK)
        snprintf(err, errlen,
                 "another dtb-gen is building tables in '%s' (it holds '%s'); wait for it to "
                 "finish",
                 dir, path);
    else
        snprintf(err, errlen, "cannot lock '%s': %s", path, strerror(cause));
    return STATUS_IO;
}

void folder_unlock(int fd) {
    if (fd >= 0) close(fd);
}
