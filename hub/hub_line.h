/* Hub lines: "command name=value name="quoted value" flag ..." (protocol.txt of Scan, Hub
 * version 2), split into their command and arguments, and values written back quoted
 * where the protocol needs it. */
#ifndef HUB_LINE_H
#define HUB_LINE_H

#include <stddef.h>

/* The longest line read: a game's worth of moves in pos's moves= fits many times over. */
#define HUB_LINE_MAX 65536
#define HUB_ARGS_MAX 64

typedef struct hub_arg {
    const char *name;
    const char *value; /* "" for a flag without "=value" */
} hub_arg;

typedef struct hub_line {
    const char *command; /* "" for a blank line */
    int arg_count;
    hub_arg args[HUB_ARGS_MAX];
    char text[HUB_LINE_MAX]; /* the words, each ended by a NUL */
} hub_line;

/* Splits line (without its newline) into *out.  RETURN: 0, or -1 with why in err: a quote
 * left open, an argument without a name, more than HUB_ARGS_MAX arguments, a line longer
 * than HUB_LINE_MAX or holding a control character. */
int hub_line_parse(const char *line, hub_line *out, char *err, size_t err_len);

/* The value of argument name, NULL when the line has none; the last one when repeated. */
const char *hub_line_value(const hub_line *line, const char *name);

/* Writes value into out as the protocol allows it after "name=": as it is, or in double
 * quotes when it is empty or holds a blank or '='.  A double quote inside cannot be written
 * in Hub, so it becomes a single one, and a control character other than tab a space.
 * Cut to fit len. */
void hub_quote(const char *value, char *out, size_t len);

#endif
