/* Log lines: timestamped, one a line, printable. */
#include "request_log.h"

#include <stdio.h>
#include <string.h>

#define LOG_TARGET_MAX  300 /* bytes of a target a log line shows */
#define LOG_MESSAGE_MAX 512 /* bytes of a message a log line shows */

/* The target with bytes a terminal should not get written as %XX, cut at LOG_TARGET_MAX. */
static void printable_target(const char *target, char *out, size_t len) {
    size_t used = 0;
    for (const unsigned char *c = (const unsigned char *)target; *c && used + 4 < len; c++) {
        if (*c > 0x20 && *c < 0x7f)
            out[used++] = (char)*c;
        else
            used += (size_t)snprintf(out + used, len - used, "%%%02X", *c);
    }
    out[used] = '\0';
}

/* The time now as ISO 8601 in UTC, to the millisecond. */
static void timestamp(char *out, size_t len) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    struct tm utc;
    gmtime_r(&now.tv_sec, &utc);
    size_t n = strftime(out, len, "%Y-%m-%dT%H:%M:%S", &utc);
    snprintf(out + n, len - n, ".%03ldZ", now.tv_nsec / 1000000);
}

void request_log(const char *method, const char *target, int status, const struct timespec *start,
                 const char *remark, const char *note) {
    struct timespec end;
    clock_gettime(CLOCK_MONOTONIC, &end);
    double ms =
        (double)(end.tv_sec - start->tv_sec) * 1e3 + (double)(end.tv_nsec - start->tv_nsec) / 1e6;
    char shown[LOG_TARGET_MAX + 4], method_shown[LOG_TARGET_MAX + 4], when[32];
    printable_target(target && *target ? target : "-", shown, sizeof shown);
    printable_target(method && *method ? method : "-", method_shown, sizeof method_shown);
    timestamp(when, sizeof when);
    printf("%s %s %s %d %.3f ms%s%s%s\n", when, method_shown, shown, status, ms, remark,
           note[0] ? " -- " : "", note);
}

void request_log_message(const char *prefix, const char *format, va_list args) {
    char when[32], message[LOG_MESSAGE_MAX];
    timestamp(when, sizeof when);
    vsnprintf(message, sizeof message, format, args);
    message[strcspn(message, "\n")] = '\0';
    printf("%s %s: %s\n", when, prefix, message);
}
