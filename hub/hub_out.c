#include "hub_out.h"

#include "hub_line.h"

#include <stdarg.h>
#include <stdio.h>

void hub_say(const char *format, ...) {
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    putchar('\n');
    fflush(stdout);
}

void hub_say_error(const char *why) {
    char quoted[1024];
    hub_quote(why, quoted, sizeof quoted);
    hub_say("error message=%s", quoted);
}
