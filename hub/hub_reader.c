#include "hub_reader.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

void hub_reader_init(hub_reader *r, int fd) {
    memset(r, 0, sizeof *r);
    r->fd = fd;
}

int hub_reader_fill(hub_reader *r) {
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, r->used - r->start);
        r->used -= r->start;
        r->start = 0;
    }
    ssize_t n;
    do n = read(r->fd, r->buf + r->used, HUB_LINE_MAX - r->used);
    while (n < 0 && errno == EINTR);
    if (n <= 0) {
        r->eof = 1;
        return n < 0 ? -1 : 0;
    }
    r->used += (size_t)n;
    return 0;
}

const char *hub_reader_next(hub_reader *r, int *too_long) {
    *too_long = 0;
    for (;;) {
        char *line = r->buf + r->start;
        size_t left = r->used - r->start;
        char *nl = memchr(line, '\n', left);
        if (nl) {
            *nl = '\0';
            r->start += (size_t)(nl - line) + 1;
            if (!r->discarding) return line;
            r->discarding = 0;
            continue;
        }
        if (r->used == HUB_LINE_MAX && r->start == 0) {
            /* A full buffer without a newline: drop it, and what follows to the newline. */
            r->used = 0;
            if (r->discarding) return NULL;
            r->discarding = 1;
            *too_long = 1;
            return "";
        }
        if (r->eof && left > 0) {
            line[left] = '\0';
            r->start = r->used;
            if (r->discarding) return NULL;
            return line;
        }
        return NULL;
    }
}
