#include "build_pool.h"

#include "mpi_schedule.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* The run's state, under lock: the schedule, what is under way, the first failure. */
typedef struct Pool {
    BuildRun *run;
    const BuildOptions *opt;
    MpiSchedule *schedule;
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a material completed or failed, or a thread took one */
    int running;            /* materials under way */
    uint64_t running_bytes; /* the memory they take (build_run_bytes) */
    bool alone;             /* a material waits for every thread, or has them */
    Status failed;          /* the first failure, or STATUS_OK */
    char *err;
    size_t errlen;
} Pool;

/* Whether material i takes every thread, the others waiting. */
static bool takes_all(const Pool *p, int i) {
    uint64_t small = POOL_SMALL_PER_THREAD * (uint64_t)p->opt->threads;
    return mpi_schedule_positions(p->schedule, i) >= small || build_run_sliced(p->run, i);
}

/* Whether material i may begin now: one that takes every thread once nothing is under
 * way; another while none waits to take them, once nothing is under way or beside what
 * is within --memory. */
static bool may_begin(const Pool *p, int i, bool all) {
    if (all) return p->running == 0;
    if (p->alone) return false;
    return p->running == 0 || p->running_bytes + build_run_bytes(p->run, i) <= p->opt->memory;
}

/* Builds material i, taken from the schedule, when it may begin; called and returns with
 * the lock held. */
static void build_taken(Pool *p, int i) {
    bool all = takes_all(p, i);
    p->alone = all;
    while (!p->failed && !may_begin(p, i, all)) pthread_cond_wait(&p->changed, &p->lock);
    if (p->failed) { /* begun by none: the run stops */
        p->alone = false;
        pthread_cond_broadcast(&p->changed);
        return;
    }
    uint64_t bytes = build_run_bytes(p->run, i);
    p->running++;
    p->running_bytes += bytes;
    pthread_mutex_unlock(&p->lock);
    char err[1024];
    Status failed = build_run_material(p->run, i, all ? p->opt->threads : 1, err, sizeof err);
    pthread_mutex_lock(&p->lock);
    p->running--;
    p->running_bytes -= bytes;
    if (all) p->alone = false;
    if (failed != STATUS_OK && p->failed == STATUS_OK) {
        snprintf(p->err, p->errlen, "%s", err);
        p->failed = failed;
    }
    if (failed == STATUS_OK) mpi_schedule_complete(p->schedule, i);
    pthread_cond_broadcast(&p->changed);
}

static void *pool_thread(void *arg) {
    Pool *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->failed && !mpi_schedule_finished(p->schedule)) {
        int i = p->alone ? -1 : mpi_schedule_next(p->schedule);
        if (i < 0)
            pthread_cond_wait(&p->changed, &p->lock);
        else
            build_taken(p, i);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Runs pool_thread on opt->threads threads, this one among them. */
static void run_threads(Pool *p) {
    int threads = p->opt->threads;
    pthread_t *ids = malloc((size_t)threads * sizeof *ids);
    int started = 0;
    while (ids && started + 1 < threads && pthread_create(&ids[started], NULL, pool_thread, p) == 0)
        started++;
    pool_thread(p); /* with no thread started, this one builds every material */
    for (int t = 0; t < started; t++) pthread_join(ids[t], NULL);
    free(ids);
}

Status build_pool_run(BuildRun *run, const Variant *v, const Material *list, int count,
                      const BuildOptions *opt, char *err, size_t errlen) {
    Pool p = {.run = run, .opt = opt, .err = err, .errlen = errlen};
    p.schedule = mpi_schedule_new(v, list, count, true);
    if (!p.schedule) {
        snprintf(err, errlen, "out of memory");
        return STATUS_MEMORY;
    }
    Status result = STATUS_OK;
    for (int i = 0; i < count && result == STATUS_OK; i++) /* up to date: said so, scratch gone */
        if (!build_run_pending(run, i)) {
            result = build_run_material(run, i, opt->threads, err, errlen);
            mpi_schedule_complete(p.schedule, i);
        }
    if (result != STATUS_OK) {
        mpi_schedule_free(p.schedule);
        return result;
    }
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.changed, NULL);
    run_threads(&p);
    pthread_cond_destroy(&p.changed);
    pthread_mutex_destroy(&p.lock);
    mpi_schedule_free(p.schedule);
    return p.failed;
}
