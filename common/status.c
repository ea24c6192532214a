#include "status.h"

#include <stdarg.h>
#include <stdio.h>

/* One row per Status. */
static const char *const texts[] = {
    [STATUS_OK] = "ok",
    [STATUS_MISSING] = "no such file",
    [STATUS_IO] = "input/output error",
    [STATUS_MAGIC] = "not a dtb table",
    [STATUS_VERSION] = "older format version",
    [STATUS_VARIANT] = "table of another variant",
    [STATUS_FINGERPRINT] = "table built under other rules",
    [STATUS_MATERIAL] = "table of another material",
    [STATUS_TRUNCATED] = "truncated file",
    [STATUS_CHECKSUM] = "checksum mismatch",
    [STATUS_MEMORY] = "out of memory",
    [STATUS_CORRUPT] = "inconsistent contents",
    [STATUS_RANGE] = "position index out of range",
    [STATUS_NEWER] = "newer format version",
    [STATUS_INPUT] = "bad input",
};

const char *status_text(Status s) {
    size_t n = sizeof texts / sizeof texts[0];
    return (size_t)s < n && texts[s] ? texts[s] : "unknown status";
}

Status status_fail(char *err, size_t errlen, Status s, const char *subject, const char *fmt, ...) {
    if (!err || errlen == 0) return s;
    int n = snprintf(err, errlen, "%s: ", subject);
    if (n >= 0 && (size_t)n < errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return s;
}
