/* What dtb-hub writes to the GUI: one line at a time on standard output, flushed at once. */
#ifndef HUB_OUT_H
#define HUB_OUT_H

/* Writes one line (printf's format, without the newline). */
void hub_say(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* Writes error message="why". */
void hub_say_error(const char *why);

#endif
