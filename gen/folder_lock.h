/* One dtb-gen at a time in a folder.  Two runs would build the same tables under the same
 * temporary names (PATH.tmp), each truncating what the other writes, and one could remove
 * the manifest the other has just written. */
#ifndef DTB_FOLDER_LOCK_H
#define DTB_FOLDER_LOCK_H

#include "status.h"

#include <stddef.h>

#define FOLDER_LOCK_NAME ".dtb-gen.lock"

/* Takes the lock of folder dir (its file FOLDER_LOCK_NAME, made if missing) for as long as
 * *fd stays open.  Returns STATUS_OK, or STATUS_IO with err naming the folder when another
 * process holds it or the lock file cannot be opened.  A file this process may not write (another
 * user's) is locked read-only.  A folder where the file can neither be made nor read is read-only
 * to this process, so no run of it can write there: then *fd is -1 and STATUS_OK is returned, which
 * keeps a run that has nothing to build working in such a folder. */
Status folder_lock(const char *dir, int *fd, char *err, size_t errlen);

/* Releases a lock taken by folder_lock; -1 does nothing.  The file stays: removing it
 * could let a third run lock a new file while a second still waits on the old one. */
void folder_unlock(int fd);

#endif
