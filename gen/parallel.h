/* Runs fn over 0..count-1 split into chunks across threads. */
#ifndef DTB_PARALLEL_H
#define DTB_PARALLEL_H

#include <stdint.h>

/* fn(ctx, thread, begin, end) handles indices begin..end-1; thread is 0..threads-1. */
typedef void (*ParallelFn)(void *ctx, int thread, uint64_t begin, uint64_t end);

/* Threads take chunks of 4096 indices. */
void parallel_for(int threads, uint64_t count, ParallelFn fn, void *ctx);

/* The same with chunks of `chunk` indices, for work where each index is large. */
void parallel_for_chunks(int threads, uint64_t count, uint64_t chunk, ParallelFn fn, void *ctx);

#endif
