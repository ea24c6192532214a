/* The server's log: one line a request, whichever part answered it, on stdout. */
#ifndef DTB_SERVER_REQUEST_LOG_H
#define DTB_SERVER_REQUEST_LOG_H

#include <stdarg.h>
#include <time.h>

/* Logs a request answered with status: UTC time to the millisecond, method and target as
 * sent ("-" for those not read; bytes a terminal should not get as %XX), status, the
 * milliseconds since start (CLOCK_MONOTONIC), then remark and " -- " note when not
 * empty. */
void request_log(const char *method, const char *target, int status, const struct timespec *start,
                 const char *remark, const char *note);

/* A message of the server's own (prefix: message), on a line of its own timestamped as the
 * requests' lines. */
void request_log_message(const char *prefix, const char *format, va_list args);

#endif
