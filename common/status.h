/* How every room's functions fail: one status, with the detail in a message.
 *
 * A function that can fail returns a Status and, where the caller passes err and errlen,
 * writes there a sentence naming the offending input (the file, the part of the FEN, the
 * material).  STATUS_OK leaves err as it was.  Nothing below a program's main ends the
 * process: the program decides what a failure means. */
#ifndef DTB_STATUS_H
#define DTB_STATUS_H

#include <stddef.h>

typedef enum Status {
    STATUS_OK = 0,
    STATUS_MISSING,     /* no such file */
    STATUS_IO,          /* cannot read or write */
    STATUS_MAGIC,       /* not a dtb table */
    STATUS_VERSION,     /* an older format version than this reader's */
    STATUS_VARIANT,     /* another variant's table */
    STATUS_FINGERPRINT, /* same id, other rule parameters */
    STATUS_MATERIAL,    /* not the material asked for */
    STATUS_TRUNCATED,   /* shorter than its header says */
    STATUS_CHECKSUM,    /* a block or the header does not match its checksum */
    STATUS_MEMORY,
    STATUS_CORRUPT, /* checksums match but the contents do not fit together (crafted) */
    STATUS_RANGE,   /* a position index beyond the table */
    STATUS_NEWER,   /* a newer format version than this reader's */
    STATUS_INPUT,   /* input that is not what it should be: a FEN, a name, an option */
} Status;

/* A short description of s, such as "checksum mismatch"; never NULL. */
const char *status_text(Status s);

/* Writes the detail "subject: why" (why printf-style) into err and returns s. */
Status status_fail(char *err, size_t errlen, Status s, const char *subject, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

#endif
