/* The page's files: only regular files inside the page's folder are served. */
#ifndef DTB_SERVER_WWW_H
#define DTB_SERVER_WWW_H

#include "response.h"

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#define WWW_PATH_MAX 255 /* bytes of a file's path in a request */

typedef struct Www {
    char root[PATH_MAX]; /* the folder's real path, without symbolic links */
} Www;

/* Resolves dir.  RETURN: false, with err naming dir and why, when it is not a folder. */
bool www_open(Www *w, const char *dir, char *err, size_t errlen);

/* The file at the decoded request path ("/" is "/index.html") into *out: 200 with the
 * file; 400 for a path with an empty, "." or ".." segment (or any segment starting with
 * '.'), a backslash or a control character; 414 over WWW_PATH_MAX; 403 for a symbolic link
 * leading out of the folder; 404 for what is not a regular file there. */
void www_serve(const Www *w, const char *path, Response *out);

#endif
