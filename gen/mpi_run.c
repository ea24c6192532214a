#include "mpi_run.h"

#include "memory.h"
#include "mpi_schedule.h"
#include "wall_clock.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { TAG_TASK = 1, TAG_DONE = 2 };

/* What rank 0 asks of a worker: a task's kind and the material's index in the list, which
 * every rank makes alike from the same arguments. */
typedef enum TaskKind { TASK_STOP, TASK_BUILD, TASK_ONE_SIDE } TaskKind;
typedef struct Task {
    int kind, material;
} Task;

/* A worker's answer.  Sent as bytes: the ranks run the same program on alike machines. */
typedef struct Done {
    int material, failed;
    uint64_t peak;
    char err[900];
} Done;

typedef int (*TaskFn)(const Variant *v, const Material *m, const BuildOptions *opt, char *err,
                      size_t errlen);
static const TaskFn perform[] = {[TASK_BUILD] = build_material, [TASK_ONE_SIDE] = build_one_side};

/* Open MPI's blocking calls spin on a core while they wait; a rank waiting for work or for
 * news sleeps between tests instead, leaving the cores to the ranks that solve. */
static void wait_quietly(MPI_Request *request, MPI_Status *status) {
    static const struct timespec pause = {0, 2000000};
    int done = 0;
    for (MPI_Test(request, &done, status); !done; MPI_Test(request, &done, status))
        nanosleep(&pause, NULL);
}

static void receive_task(Task *t) {
    MPI_Request request;
    MPI_Irecv(t, 2, MPI_INT, 0, TAG_TASK, MPI_COMM_WORLD, &request);
    wait_quietly(&request, MPI_STATUS_IGNORE);
}

/* A worker's life: build what rank 0 hands out until it says stop.  Its failures are told
 * by rank 0. */
static void work(const Variant *v, const Material *list, const BuildOptions *opt) {
    Task t;
    for (receive_task(&t); t.kind != TASK_STOP; receive_task(&t)) {
        Done d = {.material = t.material};
        d.failed = perform[t.kind](v, &list[t.material], opt, d.err, sizeof d.err);
        d.peak = memory_peak();
        MPI_Send(&d, (int)sizeof d, MPI_BYTE, 0, TAG_DONE, MPI_COMM_WORLD);
    }
}

/* Rank 0's view of its workers: what each has in hand, and their time. */
typedef struct Leader {
    const Material *list;
    const BuildOptions *opt;
    int ranks, in_hand, handed;
    int *material_of; /* per rank, the material it builds, or -1 */
    double *since;    /* per rank, when it was handed its material */
    double busy;      /* seconds of all workers spent on tasks */
    uint64_t peak;
} Leader;

static void hand_out(Leader *l, int rank, TaskKind kind, int material) {
    Task t = {kind, material};
    MPI_Send(&t, 2, MPI_INT, rank, TAG_TASK, MPI_COMM_WORLD);
    l->material_of[rank] = material;
    l->since[rank] = wall_seconds();
    l->in_hand++;
    l->handed++;
    if (l->opt->log) {
        char name[MATERIAL_NAME_MAX];
        material_name(&l->list[material], name, sizeof name);
        fprintf(l->opt->log, "rank %d: %s%s\n", rank, name,
                kind == TASK_ONE_SIDE ? " (one side to move)" : "");
    }
}

/* Waits for a worker's answer; returns its rank. */
static int receive_done(Leader *l, Done *d) {
    MPI_Request request;
    MPI_Status status;
    MPI_Irecv(d, (int)sizeof *d, MPI_BYTE, MPI_ANY_SOURCE, TAG_DONE, MPI_COMM_WORLD, &request);
    wait_quietly(&request, &status);
    int rank = status.MPI_SOURCE;
    l->busy += wall_seconds() - l->since[rank];
    l->material_of[rank] = -1;
    l->in_hand--;
    if (d->peak > l->peak) l->peak = d->peak;
    return rank;
}

/* Hands every idle worker a ready material of s while there is one. */
static void hand_out_ready(Leader *l, MpiSchedule *s, TaskKind kind) {
    for (int rank = 1; rank < l->ranks; rank++) {
        if (l->material_of[rank] >= 0) continue;
        int material = mpi_schedule_next(s);
        if (material < 0) return;
        hand_out(l, rank, kind, material);
    }
}

/* Runs the tasks of s on the workers until all are done or one fails; after a failure, waits
 * for those in hand.  Returns 0, or 1 with err naming the failed worker. */
static int dispatch(Leader *l, MpiSchedule *s, TaskKind kind, char *err, size_t errlen) {
    int failed = 0;
    while (l->in_hand > 0 || (!failed && !mpi_schedule_finished(s))) {
        if (!failed) hand_out_ready(l, s, kind);
        Done d;
        int rank = receive_done(l, &d);
        if (d.failed && !failed) snprintf(err, errlen, "rank %d: %s", rank, d.err);
        failed |= d.failed;
        if (!d.failed) mpi_schedule_complete(s, d.material);
    }
    return failed;
}

/* Builds the pending materials of run, then with --one-side rewrites them all. */
static int build_on_workers(Leader *l, const Variant *v, const BuildRun *run, int count, char *err,
                            size_t errlen) {
    MpiSchedule *s = mpi_schedule_new(v, l->list, count, true);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return 1;
    }
    for (int i = 0; i < count; i++)
        if (!build_run_pending(run, i)) mpi_schedule_complete(s, i);
    int result = dispatch(l, s, TASK_BUILD, err, errlen);
    mpi_schedule_free(s);
    if (result || !l->opt->one_side) return result;
    s = mpi_schedule_new(v, l->list, count, false);
    result = s ? dispatch(l, s, TASK_ONE_SIDE, err, errlen) : 1;
    if (!s) snprintf(err, errlen, "out of memory");
    mpi_schedule_free(s);
    return result;
}

/* The measure of the DAG's idle time: worker time not spent on a task, because no material
 * was ready (all waiting on ones in hand) or none was left. */
static void log_time(const Leader *l, double seconds) {
    int workers = l->ranks - 1;
    double idle = workers * seconds - l->busy;
    if (l->opt->log && l->handed == 0)
        fprintf(l->opt->log, "mpi: nothing to build, every table was complete\n");
    else if (l->opt->log)
        fprintf(l->opt->log,
                "mpi: %d workers, %.2f s; worker time %.2f s busy, %.2f s idle (%.1f%%) waiting "
                "for ready materials\n",
                workers, seconds, l->busy, idle,
                seconds > 0 ? 100 * idle / (workers * seconds) : 0);
}

static int lead(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                int ranks, uint64_t *peak, char *err, size_t errlen) {
    Leader l = {.list = list, .opt = opt, .ranks = ranks};
    l.material_of = malloc((size_t)ranks * sizeof *l.material_of);
    l.since = calloc((size_t)ranks, sizeof *l.since);
    BuildRun *run;
    int result = build_run_begin(v, list, count, opt, &run, err, errlen);
    if (result == 0 && (!l.material_of || !l.since)) {
        snprintf(err, errlen, "out of memory");
        result = 1;
    }
    double start = wall_seconds();
    for (int rank = 0; rank < ranks && l.material_of; rank++) l.material_of[rank] = -1;
    if (result == 0) result = build_on_workers(&l, v, run, count, err, errlen);
    if (result == 0) log_time(&l, wall_seconds() - start);
    Task stop = {TASK_STOP, 0};
    for (int rank = 1; rank < ranks; rank++)
        MPI_Send(&stop, 2, MPI_INT, rank, TAG_TASK, MPI_COMM_WORLD);
    free(l.material_of);
    free(l.since);
    *peak = l.peak > memory_peak() ? l.peak : memory_peak();
    return build_run_end(run, result, err, errlen);
}

int mpi_build_tables(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                     MpiReport *report, char *err, size_t errlen) {
    int provided, rank, ranks;
    MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    *report = (MpiReport){.speaks = rank == 0, .peak = 0};
    int result = 0;
    if (ranks == 1) {
        result = build_tables(v, list, count, opt, err, errlen);
        report->peak = memory_peak();
    } else if (rank == 0) {
        result = lead(v, list, count, opt, ranks, &report->peak, err, errlen);
    } else {
        work(v, list, opt);
    }
    MPI_Finalize();
    return result;
}
