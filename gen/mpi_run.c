#include "mpi_run.h"

#include "draw_rules.h"
#include "memory.h"
#include "mpi_schedule.h"
#include "wall_clock.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { TAG_TASK = 1, TAG_DONE = 2 };

/* What rank 0 asks of a worker: a task's kind, the material's index in the list, which every
 * rank makes alike from the same arguments, and for a range of slice groups (TASK_RANGE) the
 * value set and the slices of the order.  A build of a material whose slice groups were
 * shared out is `sliced`: it writes the table from them.  Sent as bytes, as are the answers:
 * the ranks run the same program on alike machines. */
typedef enum TaskKind { TASK_STOP, TASK_BUILD, TASK_ONE_SIDE, TASK_RANGE } TaskKind;
typedef struct Task {
    int kind, material, set, sliced;
    uint64_t begin, count;
} Task;

/* A worker's answer. */
typedef struct Done {
    int status; /* a Status: STATUS_OK, or the failure */
    uint64_t peak;
    char err[900];
} Done;

/* Open MPI's blocking calls spin on a core while they wait; a rank waiting for work or for
 * news sleeps between tests instead, leaving the cores to the ranks that solve.  Each wait
 * costs up to a pause: with 2 ms, ranges of slices on Scandinavian-8's 4-piece set spent 2 of
 * their 7.5 s waiting; with 0.1 ms, the wake-ups took 7% of the worker time of its 5-piece set
 * built whole on this 2-core machine. */
static void wait_quietly(MPI_Request *request, MPI_Status *status) {
    static const struct timespec pause = {0, 500000};
    int done = 0;
    for (MPI_Test(request, &done, status); !done; MPI_Test(request, &done, status))
        nanosleep(&pause, NULL);
}

static void receive(void *data, int bytes, int source, int tag, MPI_Status *status) {
    MPI_Request request;
    MPI_Irecv(data, bytes, MPI_BYTE, source, tag, MPI_COMM_WORLD, &request);
    wait_quietly(&request, status);
}

/* What a worker has beside its task: what it keeps from one range to the next of a
 * material (RangeWork), let go before any other task, whose memory rank 0 counted without
 * it. */
typedef struct Worker {
    RangeWork *ranges;
} Worker;

static Status build_task(const Variant *v, const Material *list, const BuildOptions *opt,
                         const Task *t, Worker *w, char *err, size_t errlen) {
    (void)w;
    BuildOptions sliced = *opt;
    if (t->sliced) sliced.slices = SLICES_ALWAYS; /* as rank 0 found, whatever this rank would */
    return build_material(v, &list[t->material], &sliced, err, errlen);
}

static Status one_side_task(const Variant *v, const Material *list, const BuildOptions *opt,
                            const Task *t, Worker *w, char *err, size_t errlen) {
    (void)w;
    return build_one_side(v, &list[t->material], opt, err, errlen);
}

static Status range_task(const Variant *v, const Material *list, const BuildOptions *opt,
                         const Task *t, Worker *w, char *err, size_t errlen) {
    if (!w->ranges) w->ranges = range_work_new();
    if (!w->ranges) {
        snprintf(err, errlen, "out of memory");
        return STATUS_MEMORY;
    }
    return build_slice_range(v, &list[t->material], opt, t->set, t->begin, t->count, w->ranges, err,
                             errlen);
}

typedef Status (*TaskFn)(const Variant *v, const Material *list, const BuildOptions *opt,
                         const Task *t, Worker *w, char *err, size_t errlen);
static const TaskFn perform[] = {
    [TASK_BUILD] = build_task, [TASK_ONE_SIDE] = one_side_task, [TASK_RANGE] = range_task};

/* A worker's life: do what rank 0 hands out until it says stop.  Its failures are told by
 * rank 0. */
static void work(const Variant *v, const Material *list, const BuildOptions *opt) {
    Task t;
    Worker w = {NULL};
    for (receive(&t, sizeof t, 0, TAG_TASK, MPI_STATUS_IGNORE); t.kind != TASK_STOP;
         receive(&t, sizeof t, 0, TAG_TASK, MPI_STATUS_IGNORE)) {
        if (t.kind != TASK_RANGE) range_work_free(w.ranges), w.ranges = NULL;
        Done d = {.status = STATUS_OK};
        d.status = (int)perform[t.kind](v, list, opt, &t, &w, d.err, sizeof d.err);
        d.peak = memory_peak();
        MPI_Send(&d, (int)sizeof d, MPI_BYTE, 0, TAG_DONE, MPI_COMM_WORLD);
    }
    range_work_free(w.ranges);
}

/* A material solved in slice groups, shared out over the workers: for each value set, its
 * share (solve.h) while slices are left to solve, and of the group being solved the next
 * slice to hand out, the group's end, the slices a range, and the ranges in hand.  Groups
 * go one after another, each once the last is solved, so a worker solving a range reads
 * only finished cells; the value sets go side by side.  Once all are solved the material
 * is built as any other, its table written from the scratch files (`written`). */
typedef struct Split {
    int material, sets;
    uint64_t slice;    /* positions of a slice, both sides to move */
    SliceOrder *order; /* the slices' order, which the sets' shares read */
    SliceShare *share[VALUE_SETS_MAX];
    uint64_t next[VALUE_SETS_MAX], end[VALUE_SETS_MAX], per_range[VALUE_SETS_MAX];
    int in_hand[VALUE_SETS_MAX];
    bool written;
} Split;

/* A range is at least this many positions, or a whole group, since each costs its worker some
 * milliseconds besides its solving (the scratch files opened, its cells synced, the round trip):
 * Scandinavian-8's 4-piece set, shared out with --slices always in ranges of twice as many as there
 * are workers, took 3.7 times the worker time of the materials whole (1.6 with this least). */
#define RANGE_POSITIONS_MIN ((uint64_t)1 << 20)

/* Rank 0's view of its workers: what each has in hand, and their time. */
typedef struct Leader {
    const Variant *v;
    const Material *list;
    const BuildOptions *opt;
    const BuildRun *run;
    int ranks, in_hand, handed;
    Task *task_of; /* per rank, the task it has in hand (TASK_STOP: none) */
    double *since; /* per rank, when it was handed its task */
    double busy;   /* seconds of all workers spent on tasks */
    uint64_t peak;
    Split *split; /* those begun, in the order begun (a material at most once) */
    int splits;
    char *err; /* the first failure, told by dispatch */
    size_t errlen;
    Status failed; /* the first failure, or STATUS_OK */
} Leader;

/* Records the first failure, of a worker (rank) or of rank 0's own (0). */
static void fail(Leader *l, Status status, const char *what, int rank) {
    if (l->failed != STATUS_OK) return;
    if (rank > 0)
        snprintf(l->err, l->errlen, "rank %d: %s", rank, what);
    else
        snprintf(l->err, l->errlen, "%s", what);
    l->failed = status;
}

static void hand_out(Leader *l, int rank, Task t) {
    MPI_Send(&t, (int)sizeof t, MPI_BYTE, rank, TAG_TASK, MPI_COMM_WORLD);
    l->task_of[rank] = t;
    l->since[rank] = wall_seconds();
    l->in_hand++;
    l->handed++;
    if (!l->opt->log) return;
    char name[MATERIAL_NAME_MAX], what[128] = "";
    material_name(&l->list[t.material], name, sizeof name);
    if (t.kind == TASK_ONE_SIDE) snprintf(what, sizeof what, " (one side to move)");
    if (t.kind == TASK_BUILD && t.sliced) snprintf(what, sizeof what, " (from its slice groups)");
    if (t.kind == TASK_RANGE)
        snprintf(what, sizeof what, " slices %llu to %llu of the order%s",
                 (unsigned long long)t.begin, (unsigned long long)(t.begin + t.count),
                 draw_value_sets(l->v) < 2 ? ""
                 : t.set == VALUES_PURE    ? " (pure values)"
                                           : " (rules values)");
    fprintf(l->opt->log, "rank %d: %s%s\n", rank, name, what);
}

/* Moves set `set` of sp on to its next group, splitting it into ranges: twice as many as
 * there are workers, for balance, within the bound above and of one slice at least.  A set with
 * none left is solved: its share is freed, so that nothing maps the scratch files when the table is
 * written. */
static void next_group(Leader *l, Split *sp, int set) {
    uint64_t begin, end;
    if (!slice_share_next(sp->share[set], &begin, &end)) {
        slice_share_free(sp->share[set]);
        sp->share[set] = NULL;
        return;
    }
    uint64_t slice = sp->slice;
    uint64_t pieces = 2 * (uint64_t)(l->ranks - 1), per = (end - begin + pieces - 1) / pieces;
    uint64_t least = (RANGE_POSITIONS_MIN + slice - 1) / slice;
    sp->next[set] = begin;
    sp->end[set] = end;
    sp->per_range[set] = per < least ? least : per;
}

/* Begins sharing out material i's slice groups.  False, with the failure recorded, when a
 * share cannot be opened. */
static bool split_open(Leader *l, int material) {
    Split *sp = &l->split[l->splits++];
    *sp = (Split){.material = material, .sets = draw_value_sets(l->v)};
    Indexer ix;
    idx_init(&ix, l->v, &l->list[material]);
    sp->slice = slice_positions(&ix);
    sp->order = slice_order_new(&ix);
    if (!sp->order) {
        fail(l, STATUS_MEMORY, "out of memory", 0);
        return false;
    }
    char err[900];
    for (int set = 0; set < sp->sets; set++) {
        Status st =
            build_share_open(l->run, material, set, sp->order, &sp->share[set], err, sizeof err);
        if (st != STATUS_OK) {
            fail(l, st, err, 0);
            return false;
        }
        next_group(l, sp, set);
    }
    return true;
}

static void split_close(Leader *l, int at) {
    for (int set = 0; set < l->split[at].sets; set++) slice_share_free(l->split[at].share[set]);
    slice_order_free(l->split[at].order);
    l->splits--;
    memmove(&l->split[at], &l->split[at + 1], (size_t)(l->splits - at) * sizeof *l->split);
}

/* The next task of the splits: a range of a group, or the building of a material whose
 * groups are all solved. */
static bool split_task(Leader *l, Task *t) {
    for (int i = 0; i < l->splits; i++) {
        Split *sp = &l->split[i];
        bool solved = !sp->written;
        for (int set = 0; set < sp->sets; set++) {
            solved = solved && !sp->share[set];
            if (!sp->share[set] || sp->next[set] == sp->end[set]) continue;
            uint64_t count = sp->end[set] - sp->next[set];
            if (count > sp->per_range[set]) count = sp->per_range[set];
            *t = (Task){TASK_RANGE, sp->material, set, 1, sp->next[set], count};
            sp->next[set] += count;
            sp->in_hand[set]++;
            return true;
        }
        if (solved) {
            sp->written = true;
            *t = (Task){.kind = TASK_BUILD, .material = sp->material, .sliced = 1};
            return true;
        }
    }
    return false;
}

/* The next task for an idle worker: of the splits first, then the ready material heading
 * the longest chain, whose slice groups are shared out if it is solved in them. */
static bool next_task(Leader *l, MpiSchedule *s, TaskKind kind, Task *t) {
    if (split_task(l, t)) return true;
    int material = mpi_schedule_next(s);
    if (material < 0) return false;
    if (kind == TASK_BUILD && build_run_sliced(l->run, material))
        return split_open(l, material) && split_task(l, t);
    *t = (Task){.kind = kind, .material = material};
    return true;
}

static Split *split_of(Leader *l, int material, int *at) {
    for (*at = 0; *at < l->splits; ++*at)
        if (l->split[*at].material == material) return &l->split[*at];
    return NULL;
}

/* Takes the cells and bits of range t, which its worker left in a segment, and once its
 * group is solved, checkpoints it and moves on to the next. */
static void range_done(Leader *l, const Task *t) {
    int at;
    Split *sp = split_of(l, t->material, &at);
    SliceShare *share = sp->share[t->set];
    char err[900];
    Status st = slice_share_put(share, t->begin, err, sizeof err);
    --sp->in_hand[t->set];
    if (st != STATUS_OK) {
        fail(l, st, err, 0);
        return;
    }
    if (sp->in_hand[t->set] > 0 || sp->next[t->set] < sp->end[t->set]) return;
    st = slice_share_solved(share, sp->end[t->set], err, sizeof err);
    if (st != STATUS_OK)
        fail(l, st, err, 0);
    else
        next_group(l, sp, t->set);
}

/* Waits for a worker's answer and takes it in. */
static void receive_done(Leader *l, MpiSchedule *s) {
    Done d;
    MPI_Status status;
    receive(&d, (int)sizeof d, MPI_ANY_SOURCE, TAG_DONE, &status);
    int rank = status.MPI_SOURCE, at;
    Task t = l->task_of[rank];
    l->busy += wall_seconds() - l->since[rank];
    l->task_of[rank].kind = TASK_STOP;
    l->in_hand--;
    if (d.peak > l->peak) l->peak = d.peak;
    if (d.status != STATUS_OK) {
        fail(l, (Status)d.status, d.err, rank);
    } else if (t.kind == TASK_RANGE) {
        range_done(l, &t);
    } else {
        if (t.sliced && split_of(l, t.material, &at)) split_close(l, at);
        mpi_schedule_complete(s, t.material);
    }
}

/* Hands every idle worker a task while there is one. */
static void hand_out_ready(Leader *l, MpiSchedule *s, TaskKind kind) {
    for (int rank = 1; rank < l->ranks && !l->failed; rank++) {
        Task t;
        if (l->task_of[rank].kind != TASK_STOP) continue;
        if (!next_task(l, s, kind, &t)) return;
        hand_out(l, rank, t);
    }
}

/* Runs the tasks of s on the workers until all are done or one fails; after a failure, waits
 * for those in hand.  Returns STATUS_OK, or the failure told (l->err). */
static Status dispatch(Leader *l, MpiSchedule *s, TaskKind kind) {
    while (!l->failed && !mpi_schedule_finished(s)) {
        hand_out_ready(l, s, kind);
        if (l->in_hand == 0 && !l->failed)
            fail(l, STATUS_INPUT, "no task is ready and none is in hand", 0);
        if (l->in_hand > 0) receive_done(l, s);
    }
    while (l->in_hand > 0) receive_done(l, s);
    while (l->splits > 0) split_close(l, 0); /* after a failure: the checkpoints stay */
    return l->failed;
}

/* Builds the pending materials of run, then with --one-side rewrites them all. */
static Status build_on_workers(Leader *l, int count) {
    MpiSchedule *s = mpi_schedule_new(l->v, l->list, count, true);
    if (!s) {
        fail(l, STATUS_MEMORY, "out of memory", 0);
        return l->failed;
    }
    for (int i = 0; i < count; i++)
        if (!build_run_pending(l->run, i)) mpi_schedule_complete(s, i);
    Status result = dispatch(l, s, TASK_BUILD);
    mpi_schedule_free(s);
    if (result != STATUS_OK || !l->opt->one_side) return result;
    s = mpi_schedule_new(l->v, l->list, count, false);
    if (!s) fail(l, STATUS_MEMORY, "out of memory", 0);
    result = s ? dispatch(l, s, TASK_ONE_SIDE) : l->failed;
    mpi_schedule_free(s);
    return result;
}

/* The measure of the DAG's idle time: worker time not spent on a task, because none was
 * ready (all waiting on ones in hand) or none was left. */
static void log_time(const Leader *l, double seconds) {
    int workers = l->ranks - 1;
    double idle = workers * seconds - l->busy;
    if (l->opt->log && l->handed == 0)
        fprintf(l->opt->log, "mpi: nothing to build, every table was complete\n");
    else if (l->opt->log)
        fprintf(l->opt->log,
                "mpi: %d workers, %.2f s; worker time %.2f s busy, %.2f s idle (%.1f%%) waiting "
                "for a ready material or group of slices\n",
                workers, seconds, l->busy, idle,
                seconds > 0 ? 100 * idle / (workers * seconds) : 0);
}

static Status lead(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                   int ranks, uint64_t *peak, char *err, size_t errlen) {
    Leader l = {.v = v, .list = list, .opt = opt, .ranks = ranks, .err = err, .errlen = errlen};
    l.task_of = calloc((size_t)ranks, sizeof *l.task_of); /* TASK_STOP: none in hand */
    l.since = calloc((size_t)ranks, sizeof *l.since);
    l.split = calloc((size_t)count + 1, sizeof *l.split);
    BuildRun *run;
    Status result = build_run_begin(v, list, count, opt, &run, err, errlen);
    l.run = run;
    if (result == STATUS_OK && (!l.task_of || !l.since || !l.split)) {
        snprintf(err, errlen, "out of memory");
        result = STATUS_MEMORY;
    }
    double start = wall_seconds();
    if (result == STATUS_OK) result = build_on_workers(&l, count);
    if (result == STATUS_OK) log_time(&l, wall_seconds() - start);
    Task stop = {.kind = TASK_STOP};
    for (int rank = 1; rank < ranks; rank++)
        MPI_Send(&stop, (int)sizeof stop, MPI_BYTE, rank, TAG_TASK, MPI_COMM_WORLD);
    free(l.task_of);
    free(l.since);
    free(l.split);
    *peak = l.peak > memory_peak() ? l.peak : memory_peak();
    return build_run_end(run, result, err, errlen);
}

Status mpi_build_tables(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                        MpiReport *report, char *err, size_t errlen) {
    int provided, rank, ranks;
    MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    *report = (MpiReport){.speaks = rank == 0, .peak = 0};
    Status result = STATUS_OK;
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
