/* Error sentences told over HTTP name a table by its variant and material, never by its
 * path on the server (the log keeps the path). */
#ifndef DTB_SERVER_REDACT_H
#define DTB_SERVER_REDACT_H

#include <stddef.h>

/* message with each occurrence of dir (the variant's folder) written as variant, and any
 * other absolute path as its last component, into out (truncated to len). */
void redact_paths(const char *message, const char *dir, const char *variant, char *out, size_t len);

#endif
