/* dtb-hub's engine: the Hub session (protocol.txt of Scan, version 2) answered from the
 * tables, and passed to a fallback engine for the positions they do not hold. */
#ifndef HUB_ENGINE_H
#define HUB_ENGINE_H

#include <stddef.h>

typedef struct hub_engine hub_engine;

/* A new engine with every parameter at its default.  NULL when out of memory. */
hub_engine *hub_engine_new(void);

/* Frees e, ending its fallback engine.  NULL does nothing. */
void hub_engine_free(hub_engine *e);

/* Sets parameter name (as set-param does, for the command line).  RETURN: 0, or -1 with err
 * saying why: no such parameter, or a value it does not take. */
int hub_engine_set(hub_engine *e, const char *name, const char *value, char *err, size_t err_len);

/* The names of the parameters with their defaults and what they take, one a line, for --help. */
void hub_engine_describe_params(char *out, size_t len);

/* Answers one line from the GUI.  RETURN: 1 after quit, else 0. */
int hub_engine_gui_line(hub_engine *e, const char *line);

/* The descriptor to poll for lines of the fallback engine, -1 when none runs. */
int hub_engine_fallback_fd(const hub_engine *e);

/* Reads what the fallback engine sent, passing its lines on to the GUI. */
void hub_engine_fallback_ready(hub_engine *e);

#endif
