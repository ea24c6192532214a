/* Lines from a file descriptor, read as they come (for poll()), without stdio's buffering. */
#ifndef HUB_READER_H
#define HUB_READER_H

#include "hub_line.h"

#include <stddef.h>

typedef struct hub_reader {
    int fd;
    int eof;        /* the other end closed: the lines still buffered are the last */
    int discarding; /* inside a line longer than HUB_LINE_MAX, dropped up to its end */
    size_t start, used;
    char buf[HUB_LINE_MAX + 1];
} hub_reader;

void hub_reader_init(hub_reader *r, int fd);

/* Reads once from the descriptor (blocking if nothing is there).  RETURN: 0, or -1 on a
 * read error (eof is then set too). */
int hub_reader_fill(hub_reader *r);

/* The next complete line, without its newline, or NULL when none is buffered.  A line
 * longer than HUB_LINE_MAX comes out as *too_long set and "" (once, as soon as it is seen),
 * and the rest of it is dropped.  At the end of input an unfinished last line counts. */
const char *hub_reader_next(hub_reader *r, int *too_long);

#endif
