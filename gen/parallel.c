#include "parallel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

/* Small chunks keep threads busy to the end; large enough that taking one costs nothing. */
#define CHUNK 4096

typedef struct Job {
    ParallelFn fn;
    void *ctx;
    uint64_t count, chunk;
    atomic_uint_fast64_t next;
} Job;

typedef struct Worker {
    Job *job;
    int thread;
} Worker;

static void *work(void *arg) {
    Worker *w = arg;
    Job *job = w->job;
    for (;;) {
        uint64_t begin = atomic_fetch_add(&job->next, job->chunk);
        if (begin >= job->count) return NULL;
        uint64_t end = begin + job->chunk < job->count ? begin + job->chunk : job->count;
        job->fn(job->ctx, w->thread, begin, end);
    }
}

void parallel_for(int threads, uint64_t count, ParallelFn fn, void *ctx) {
    parallel_for_chunks(threads, count, CHUNK, fn, ctx);
}

void parallel_for_chunks(int threads, uint64_t count, uint64_t chunk, ParallelFn fn, void *ctx) {
    Job job = {.fn = fn, .ctx = ctx, .count = count, .chunk = chunk};
    atomic_init(&job.next, 0);
    if (threads <= 1) {
        fn(ctx, 0, 0, count);
        return;
    }
    pthread_t ids[threads];
    Worker workers[threads];
    bool started[threads];
    for (int t = 0; t < threads; t++) {
        workers[t] = (Worker){&job, t};
        /* A thread that cannot start leaves its chunks to the others. */
        started[t] = t > 0 && pthread_create(&ids[t], NULL, work, &workers[t]) == 0;
    }
    work(&workers[0]);
    for (int t = 1; t < threads; t++)
        if (started[t]) pthread_join(ids[t], NULL);
}
