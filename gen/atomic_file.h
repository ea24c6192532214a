/* Files that appear whole or not at all: written under PATH.tmp, synced, then renamed; and
 * the one way dtb-gen writes bytes at a place in a file, tables and scratch alike. */
#ifndef DTB_ATOMIC_FILE_H
#define DTB_ATOMIC_FILE_H

#include "status.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Creates PATH.tmp (replacing a stale one) for writing.  On success *fd is open and *tmp
 * (free() it) holds the temporary name. */
Status atomic_create(const char *path, char **tmp, int *fd, char *err, size_t errlen);

/* Syncs and closes fd, renames tmp to path and syncs the folder, so the new name survives
 * a crash.  On failure tmp is removed. */
Status atomic_commit(int fd, const char *tmp, const char *path, char *err, size_t errlen);

/* Abandons a file begun with atomic_create. */
void atomic_abort(int fd, const char *tmp);

/* Removes from folder dir what writers cut short left there: PATH.tmp for every PATH whose
 * name ends in `ending`, each named on log (when not NULL).  Only while no writer works in
 * dir (folder_lock.h).  A temporary file of a table may be as large as the table. */
void atomic_remove_leftovers(const char *dir, const char *ending, FILE *log);

/* Writes the len bytes of data at offset of fd, through short writes and interruptions.
 * False with errno set; a write of nothing sets ENOSPC, so that the caller says the disk
 * is full. */
bool file_write_at(int fd, const void *data, size_t len, uint64_t offset);

/* Writes len bytes of data as the whole new content of path. */
Status atomic_write(const char *path, const void *data, size_t len, char *err, size_t errlen);

#endif
