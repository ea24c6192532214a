/* The fallback engine: another Hub engine run as a child process, its standard input and
 * output on pipes, so that dtb-hub can pass it the session and its answers back. */
#ifndef HUB_PROXY_H
#define HUB_PROXY_H

#include "hub_reader.h"

#include <stddef.h>
#include <sys/types.h>

typedef struct hub_proxy {
    pid_t pid;     /* 0 when no engine runs */
    int to_engine; /* the write end of its standard input */
    int searching; /* a go was passed on, and its done has not come back yet */
    hub_reader from_engine;
} hub_proxy;

/* How long the fallback may take to answer hub, init (its own tables to load) or stop. */
#define HUB_PROXY_ANSWER_MS 120000

/* Starts command, a shell command line ("/path/scan hub"), with sh -c "exec command".
 * RETURN: 0, or -1 with err saying why. */
int hub_proxy_start(hub_proxy *p, const char *command, char *err, size_t err_len);

/* Writes line and a newline to the engine.  RETURN: 0, or -1 when it is gone. */
int hub_proxy_send(hub_proxy *p, const char *line);

/* Hands each line from the engine to each(ctx, line) until one whose command is
 * until_command has been handed, waiting at most timeout_ms for each line.  RETURN: 0, or -1
 * with err saying why (the engine exited or took too long). */
int hub_proxy_read_until(hub_proxy *p, const char *until_command,
                         void (*each)(void *ctx, const char *line), void *ctx, int timeout_ms,
                         char *err, size_t err_len);

/* Tells the engine to quit, and ends it if it has not within a second.  No engine: nothing. */
void hub_proxy_stop(hub_proxy *p);

/* Whether line's command (its first word) is command. */
int hub_command_is(const char *line, const char *command);

#endif
