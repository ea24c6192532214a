/* Move lists for the capture searches of the probe (tablebase.c), kept by each thread
 * between probes. */
#ifndef DTB_THREAD_LIST_H
#define DTB_THREAD_LIST_H

#include "movegen.h"

#include <stddef.h>

/* A move list without paths, or NULL with the reason in err when out of memory; give it
 * back with thread_list_put, last taken first given back. */
MoveList *thread_list_take(char *err, size_t errlen);
void thread_list_put(MoveList *list);

#endif
