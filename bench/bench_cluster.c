/* The wall time of building a set on a cluster, by simulating dtb-gen --mpi's schedule
 * (gen/mpi_schedule.h, the code rank 0 runs) over the set's materials with a cost per
 * position: each of NODES workers builds one material at a time, as a rank does; the idle
 * time is what the DAG of materials leaves the workers waiting.  The cost of a material is
 * its positions times the ns per position of its piece count (bench/results/rates.tsv: the
 * seconds solving and writing over the positions, on this machine with its threads).
 * Each node count is played out twice: materials whole, as dtb-gen --mpi hands out those
 * it solves whole, and in slices (gen/slice_plan.h), as it hands out those it solves in
 * slice groups (all of them with --slices always): a material's groups of slices one after
 * the other (group r reads group r - 1), the slices of a group spread over as many nodes as
 * there are, evenly, then its table written by one node, the material complete after that.
 * Materials wait on whole materials, as dtb-gen's do.
 * Usage: bench_cluster VARIANT PIECES NS NODES... [--write NS] [--list]
 *   NS: ns per position, one number for all piece counts or "4:149,5:160" (the last
 *   given applies to more pieces); --write: the part of it spent writing the table, which
 *   in slices one node does alone (0 when not given); --list prints each material's
 *   positions first. */
#include "build.h"
#include "cli.h"
#include "index.h"
#include "mpi_schedule.h"
#include "slice_plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PIECES_MAX 8

typedef struct Set {
    Variant v;
    Material list[BUILD_MAX_MATERIALS];
    int count;
    double ns[PIECES_MAX + 1];                            /* per position, by piece count */
    double write_ns[PIECES_MAX + 1];                      /* the part of ns writing the table */
    uint64_t slice_positions[BUILD_MAX_MATERIALS];        /* both sides to move */
    uint64_t groups[BUILD_MAX_MATERIALS][SLICE_HOLE + 1]; /* slices by rows to go */
} Set;

/* Reads NS into ns: "300", or "4:149,5:160", where a piece count without a figure takes
 * the nearest one below it (above it, below the first).  Figures are not negative. */
static int parse_ns(const char *text, double ns[PIECES_MAX + 1]) {
    char *end;
    double all = strtod(text, &end);
    for (int k = 0; k <= PIECES_MAX; k++) ns[k] = *end == '\0' ? all : -1;
    if (*end == '\0') return all >= 0 ? 0 : 1;
    for (const char *p = text;; p = end + 1) {
        long pieces = strtol(p, &end, 10);
        if (*end != ':' || pieces < 2 || pieces > PIECES_MAX) return 1;
        ns[pieces] = strtod(end + 1, &end);
        if (ns[pieces] < 0 || (*end != ',' && *end != '\0')) return 1;
        if (*end == '\0') break;
    }
    double carry = -1;
    for (int k = 0; k <= PIECES_MAX; k++) ns[k] = ns[k] >= 0 ? (carry = ns[k]) : carry;
    for (int k = PIECES_MAX; k >= 0; k--) ns[k] = ns[k] >= 0 ? (carry = ns[k]) : carry;
    return 0;
}

static double seconds_of(const Set *set, const MpiSchedule *s, int i) {
    return 1e-9 * set->ns[material_pieces(&set->list[i])] * (double)mpi_schedule_positions(s, i);
}

static void plan_slices(Set *set) {
    for (int i = 0; i < set->count; i++) {
        Indexer ix;
        idx_init(&ix, &set->v, &set->list[i]);
        SlicePlan plan;
        if (!slice_plan_make(&ix, &plan, NULL)) {
            fprintf(stderr, "bench_cluster: out of memory\n");
            exit(1);
        }
        set->slice_positions[i] = 2 * plan.slice_size;
        memcpy(set->groups[i], plan.group, sizeof set->groups[i]);
    }
}

/* A material in hand: its stage (the whole material, or a group of slices), the stage's
 * parts still to hand out and to finish, and the seconds of one part. */
typedef struct InHand {
    int stage, to_hand, to_finish;
    double part_seconds;
} InHand;

/* Begins the first stage of material i from `from` on: the material whole (stage 0), or
 * with `split` its next group of slices, split over up to `nodes` parts, and after the last
 * the writing of its table (stage SLICE_HOLE), one part.  False when no stage is left. */
static bool begin_stage(const Set *set, const MpiSchedule *s, int i, int from, int nodes,
                        bool split, InHand *h) {
    if (!split) {
        *h = (InHand){0, 1, 1, seconds_of(set, s, i)};
        return from == 0;
    }
    int pieces = material_pieces(&set->list[i]);
    double solve_ns = set->ns[pieces] - set->write_ns[pieces];
    for (int r = from; r < SLICE_HOLE; r++) {
        uint64_t slices = set->groups[i][r];
        if (slices == 0) continue;
        int parts = slices < (uint64_t)nodes ? (int)slices : nodes;
        double seconds = 1e-9 * solve_ns * (double)slices * (double)set->slice_positions[i];
        *h = (InHand){r, parts, parts, seconds / parts};
        return true;
    }
    double write = 1e-9 * set->write_ns[pieces] * (double)mpi_schedule_positions(s, i);
    *h = (InHand){SLICE_HOLE, 1, 1, write};
    return from <= SLICE_HOLE && write > 0;
}

/* The next part for an idle node: of a stage in hand, else the first of the next material
 * the schedule gives.  Returns the material, or -1 when nothing is ready. */
static int next_part(const Set *set, MpiSchedule *s, InHand *hand, int nodes, bool split) {
    for (int i = 0; i < set->count; i++)
        if (hand[i].to_hand > 0) {
            hand[i].to_hand--;
            return i;
        }
    int i = mpi_schedule_next(s);
    if (i < 0) return -1;
    begin_stage(set, s, i, 0, nodes, split, &hand[i]);
    hand[i].to_hand--;
    return i;
}

/* A part of material i done: the next stage begins once the stage's parts are all done,
 * and the material is complete after its last. */
static void finish_part(const Set *set, MpiSchedule *s, InHand *hand, int i, int nodes,
                        bool split) {
    if (--hand[i].to_finish == 0 &&
        !begin_stage(set, s, i, hand[i].stage + 1, nodes, split, &hand[i])) {
        hand[i].to_hand = 0;
        mpi_schedule_complete(s, i);
    }
}

/* The schedule played out on `nodes` workers, each material whole or, with `split`, by
 * groups of slices (begin_stage).  Returns the wall time; *busy gets the workers' time on
 * materials. */
static double simulate(const Set *set, int nodes, bool split, double *busy) {
    MpiSchedule *s = mpi_schedule_new(&set->v, set->list, set->count, true);
    int *material = malloc((size_t)nodes * sizeof *material);
    double *until = malloc((size_t)nodes * sizeof *until), now = 0;
    InHand *hand = calloc((size_t)set->count, sizeof *hand);
    if (!s || !material || !until || !hand) {
        fprintf(stderr, "bench_cluster: out of memory\n");
        exit(1);
    }
    *busy = 0;
    for (int n = 0; n < nodes; n++) material[n] = -1;
    for (;;) {
        for (int n = 0, i; n < nodes; n++)
            if (material[n] < 0 && (i = next_part(set, s, hand, nodes, split)) >= 0) {
                material[n] = i;
                until[n] = now + hand[i].part_seconds;
                *busy += until[n] - now;
            }
        int first = -1;
        for (int n = 0; n < nodes; n++)
            if (material[n] >= 0 && (first < 0 || until[n] < until[first])) first = n;
        if (first < 0) break;
        now = until[first];
        finish_part(set, s, hand, material[first], nodes, split);
        material[first] = -1;
    }
    free(material);
    free(until);
    free(hand);
    mpi_schedule_free(s);
    return now;
}

static void describe_set(const Set *set, int pieces, bool list) {
    MpiSchedule *s = mpi_schedule_new(&set->v, set->list, set->count, false);
    if (!s) exit(1);
    double positions = 0, top_positions = 0, work = 0, largest = 0;
    int top = 0, largest_at = 0;
    for (int i = 0; i < set->count; i++) {
        double n = (double)mpi_schedule_positions(s, i);
        char name[MATERIAL_NAME_MAX];
        material_name(&set->list[i], name, sizeof name);
        if (list) printf("%s %.0f\n", name, n);
        positions += n;
        work += seconds_of(set, s, i);
        if (material_pieces(&set->list[i]) == pieces) top++, top_positions += n;
        if (n > largest) largest = n, largest_at = i;
    }
    char name[MATERIAL_NAME_MAX];
    material_name(&set->list[largest_at], name, sizeof name);
    printf("%s to %d pieces: %d materials (%d of %d pieces), %.4g positions (%.4g of %d "
           "pieces); largest %s, %.4g positions, %.1f GiB to solve whole at 3 bytes a position, "
           "%.0f s alone\n",
           set->v.id, pieces, set->count, top, pieces, positions, top_positions, pieces, name,
           largest, largest * 3 / (1u << 30), seconds_of(set, s, largest_at));
    printf("work %.0f node-seconds (%.1f node-hours)\n", work, work / 3600);
    mpi_schedule_free(s);
}

/* Takes --list and --write NS out of argv, keeping the other arguments in order.  Returns
 * how many are kept, or -1 for a --write without a valid NS. */
static int take_options(int argc, char **argv, bool *list, Set *set) {
    int kept = 1;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--version") == 0) {
            cli_print_version();
            exit(0);
        } else if (strcmp(argv[a], "--list") == 0) {
            *list = true;
        } else if (strcmp(argv[a], "--write") == 0) {
            if (a + 1 == argc || parse_ns(argv[++a], set->write_ns)) return -1;
        } else {
            argv[kept++] = argv[a];
        }
    }
    return kept;
}

/* Whether every cost is above 0, and its writing's part no more than it. */
static bool costs_valid(const Set *set) {
    for (int k = 0; k <= PIECES_MAX; k++)
        if (set->ns[k] <= 0 || set->write_ns[k] > set->ns[k]) return false;
    return true;
}

int main(int argc, char **argv) {
    static Set set;
    bool list = false;
    argc = take_options(argc, argv, &list, &set);
    int pieces = argc > 2 ? atoi(argv[2]) : 0;
    if (argc < 5 || !variant_lookup(argv[1], &set.v) || pieces < 2 || pieces > PIECES_MAX ||
        parse_ns(argv[3], set.ns) || !costs_valid(&set)) {
        fprintf(stderr, "usage: bench_cluster VARIANT PIECES NS NODES... [--write NS] [--list]\n");
        return 2;
    }
    set.count = material_all(pieces, set.list, BUILD_MAX_MATERIALS);
    describe_set(&set, pieces, list);
    plan_slices(&set);
    double busy, critical = simulate(&set, set.count, false, &busy);
    printf("critical path (unlimited nodes) %.0f s (%.2f h)\n", critical, critical / 3600);
    printf("nodes\twall_s\twall_h\tidle_pct\tspeedup\tsplit\n");
    for (int split = 0; split < 2; split++)
        for (int a = 4; a < argc; a++) {
            int nodes = atoi(argv[a]);
            if (nodes < 1) {
                fprintf(stderr, "bench_cluster: NODES must be whole numbers from 1, not '%s'\n",
                        argv[a]);
                return 2;
            }
            double wall = simulate(&set, nodes, split, &busy);
            printf("%d\t%.0f\t%.2f\t%.1f\t%.2f\t%s\n", nodes, wall, wall / 3600,
                   100 * (nodes * wall - busy) / (nodes * wall), busy / wall,
                   split ? "slices" : "materials");
        }
    return 0;
}
