/* Seconds on a monotonic clock, for progress lines and timings. */
#ifndef DTB_WALL_CLOCK_H
#define DTB_WALL_CLOCK_H

#include <time.h>

static inline double wall_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

#endif
