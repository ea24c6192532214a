/* The C tests' checks: each prints one line, "ok   WHAT" or "FAIL WHAT", and check_summary
 * closes the run with the "N passed, N failed" line CI reads.  Each test is one file, so the
 * counts are static to it. */
#ifndef DTB_TESTS_CHECK_H
#define DTB_TESTS_CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

static int check_passed, check_failed;

__attribute__((format(printf, 2, 3))) static inline void check(bool ok, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("%s ", ok ? "ok  " : "FAIL");
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    check_passed += ok;
    check_failed += !ok;
}

/* Prints the closing line; the test's exit status. */
static inline int check_summary(void) {
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
