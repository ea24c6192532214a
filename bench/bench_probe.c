/* Probe speed over random positions of the tables in a folder (positions with a capture
 * pending included: the prober settles them by search):
 *   warm WDL probes per second (tb_probe_wdl) on 1 thread and on THREADS, in batches of
 *   BATCH positions (tb_probe_wdl_many) on 1 thread, and warm full probes (WDL and DTW,
 *   tb_probe) on 1 thread, once every block has been decoded (the cache holds the whole set
 *   where half of memory does, else the pool shrinks until its blocks fit: warm_handle),
 *   each the median of WARM_ROUNDS runs; over all positions also quiet positions and those
 *   with a capture pending apart, each kind drawn as a pool of its own (an engine probes
 *   mostly the first, the search of the second is most of a probe's work);
 *   a cold block: the first read of a block of a file already open and read from
 *   (table_read_wdl, and table_read for WDL and DTW), which reads, checks and decodes it;
 *   a cold probe: the first probe into a fresh handle, files opened and blocks decoded;
 *   the first probe in a new process, where every page the prober allocates is new;
 *   the memory latency: one read at random over as many bytes as the set's decoded WDL,
 *   each read's address depending on the one before, which bounds warm probes over large
 *   tables (a probe reads about one such byte, unless the summary of its block says that
 *   its run of positions all hold one value: table_file.c).
 * The positions are drawn before the clock starts, over all positions (each table probed in
 * proportion to its size), and for the warm probes also from a random table (small tables,
 * which stay in the processor's caches, as often as large ones).
 *   the memory budget: at budgets of 1%, 10% and 100% of the set's decoded size and without
 *   a cap, each in a process of its own, cold and warm WDL and full probes over random
 *   positions and over a search-like walk (the positions of iterative deepening searches
 *   from a few roots), and the peak resident size (block_cache.h).
 * Usage: bench_probe VARIANT DIR [PROBES [THREADS]], or bench_probe --budgets VARIANT DIR
 * [THREADS] for the last alone, its probes shared by THREADS threads (default 1). */
#include "cli.h"
#include "draw_rules.h"
#include "index.h"
#include "memory.h"
#include "movegen.h"
#include "tablebase.h"
#include "wall_clock.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_TABLES 512
#define POOL       (1 << 20) /* random positions drawn in advance */
#define ROUNDS     300       /* cold reads averaged */

typedef struct Bench {
    Variant v;
    const char *dir;
    Indexer ix[MAX_TABLES];
    char names[MAX_TABLES][MATERIAL_NAME_MAX];
    int tables;
    long probes;
    Position *pool;
    long pool_size; /* POOL, or fewer: for the runs at a budget, and where its blocks would
                       outgrow the warm cache */
} Bench;

static uint64_t next_random(uint64_t *state) {
    *state ^= *state << 13, *state ^= *state >> 7, *state ^= *state << 17;
    return *state;
}

/* Adds a table of the folder (for tb_each_file); false once the list is full. */
static bool add_table(const char *name, void *bench) {
    Bench *b = bench;
    Material m;
    char err[128];
    if (material_parse(name, &m, err, sizeof err) == STATUS_OK) {
        snprintf(b->names[b->tables], MATERIAL_NAME_MAX, "%s", name);
        idx_init(&b->ix[b->tables++], &b->v, &m);
    }
    return b->tables < MAX_TABLES;
}

/* A random valid position of table t; *index receives its index. */
static void random_position(const Bench *b, int t, uint64_t *state, Position *p, uint64_t *index) {
    const Indexer *ix = &b->ix[t];
    do *index = next_random(state) % ix->size;
    while (!idx_decode(ix, *index, p));
}

/* How often table t is drawn: in proportion to its size, or the same for every table. */
static uint64_t weight(const Bench *b, int t, bool by_table) {
    return by_table ? 1 : b->ix[t].size;
}

/* A table drawn at random, in proportion to its weight. */
static int random_table(const Bench *b, bool by_table, uint64_t *state) {
    uint64_t total = 0;
    for (int t = 0; t < b->tables; t++) total += weight(b, t, by_table);
    uint64_t r = next_random(state) % total;
    int t = 0;
    for (; r >= weight(b, t, by_table); t++) r -= weight(b, t, by_table);
    return t;
}

/* Which positions a pool takes. */
typedef enum Kind { ANY, QUIET, CAPTURE } Kind;

/* Draws the pool's positions of a kind: uniformly over all the positions of all the tables,
 * so that each table gets probes in proportion to its size, or (by_table) a random table
 * first. */
static void fill_pool(Bench *b, bool by_table, Kind kind) {
    uint64_t state = 0x2545F4914F6CDD1DULL, index;
    for (long i = 0; i < b->pool_size;) {
        Position *p = &b->pool[i];
        random_position(b, random_table(b, by_table, &state), &state, p, &index);
        if (kind == ANY || movegen_has_capture(&b->v, p) == (kind == CAPTURE)) i++;
    }
}

/* What a warm probe asks. */
typedef enum Ask { ASK_WDL, ASK_WDL_BATCH, ASK_FULL } Ask;

#define BATCH 64 /* positions a tb_probe_wdl_many call, as many as a node's moves */

typedef struct Worker {
    Bench *b;
    Tablebase *tb;
    Ask ask;
    long first; /* where in the pool it starts */
    long failures;
} Worker;

/* Asks w's question of the n positions from p (n is 1 unless it asks in a batch). */
static Status ask(const Worker *w, const Position *p, long n, char *err, size_t errlen) {
    Cell c;
    int wdl[BATCH];
    size_t failed;
    switch (w->ask) {
    case ASK_FULL:
        return tb_probe(w->tb, p, &c, err, errlen);
    case ASK_WDL:
        return tb_probe_wdl(w->tb, p, VALUES_PURE, wdl, err, errlen);
    default:
        return tb_probe_wdl_many(w->tb, p, (size_t)n, VALUES_PURE, wdl, &failed, err, errlen);
    }
}

/* Counts its failures in a local: the workers sit side by side in one array, and a count
 * written there at every probe would bounce a cache line between the threads. */
static void *probe_many(void *arg) {
    Worker *w = arg;
    char err[256];
    long failures = 0;
    for (long i = 0; i < w->b->probes;) {
        long size = w->b->pool_size, at = (w->first + i) % size;
        long n = w->ask != ASK_WDL_BATCH ? 1 : w->b->probes - i;
        n = n < BATCH ? n : BATCH;
        n = n < size - at ? n : size - at;
        failures += ask(w, &w->b->pool[at], n, err, sizeof err) != STATUS_OK;
        i += n;
    }
    w->failures = failures;
    return NULL;
}

/* Probes from `threads` threads on one handle, each from its own place in the pool;
 * returns probes per second. */
static double warm_rate(Bench *b, Tablebase *tb, int threads, Ask ask) {
    Worker w[64];
    pthread_t ids[64];
    double start = wall_seconds();
    for (int t = 0; t < threads; t++) {
        w[t] = (Worker){b, tb, ask, t * (b->pool_size / threads), 0};
        pthread_create(&ids[t], NULL, probe_many, &w[t]);
    }
    long failures = 0;
    for (int t = 0; t < threads; t++) pthread_join(ids[t], NULL), failures += w[t].failures;
    if (failures) printf("  %ld probes failed\n", failures);
    return (double)b->probes * threads / (wall_seconds() - start);
}

/* A handle whose cache, of `cache` bytes, holds every block that a pool drawn as fill_pool
 * does reads: the pool is halved until its blocks fit, down to POOL_LEAST positions
 * (outgrown says whether they still do not).  Probes of a pool larger than the cache, asked
 * in the same order each round, find few of its blocks still there: a million positions
 * over all of Scandinavian's 6-piece set (68 GB decoded) read 19 GB of blocks, and under a
 * cap of 12.6 GB full probes of them ran at 0.22 M/s, uncapped at 1.4. */
#define POOL_LEAST (1 << 14)

static Tablebase *warm_handle(Bench *b, bool by_table, uint64_t cache, uint64_t set_bytes,
                              bool *outgrown) {
    for (b->pool_size = POOL;; b->pool_size /= 2) {
        Tablebase *tb = tb_open(&b->v, b->dir);
        tb_set_cache_size(tb, cache);
        fill_pool(b, by_table, ANY);
        warm_rate(b, tb, 1, ASK_FULL); /* touches the blocks */
        *outgrown = cache < set_bytes && tb_cache_used(tb) >= cache - cache / 20;
        if (!*outgrown || b->pool_size <= POOL_LEAST) return tb;
        tb_close(tb);
    }
}

/* The median of WARM_ROUNDS warm_rate runs: on this kind of shared machine one run can be
 * a third off the next. */
#define WARM_ROUNDS 3

static double median_rate(Bench *b, Tablebase *tb, int threads, Ask ask) {
    double r[WARM_ROUNDS];
    for (int i = 0; i < WARM_ROUNDS; i++) {
        double x = warm_rate(b, tb, threads, ask);
        int k = i;
        for (; k > 0 && r[k - 1] > x; k--) r[k] = r[k - 1];
        r[k] = x;
    }
    return r[WARM_ROUNDS / 2];
}

/* Warm WDL probes per second on 1 thread over quiet positions and over those with a
 * capture pending, each kind a pool of its own as large as the pool over all positions:
 * the part of that pool of one kind, probed as often, would stay longer in the caches.
 * The pool over all positions is drawn again after. */
static void rate_by_kind(Bench *b, Tablebase *tb) {
    long captures = 0;
    for (long i = 0; i < b->pool_size; i++) captures += movegen_has_capture(&b->v, &b->pool[i]);
    long in_pool[] = {[QUIET] = b->pool_size - captures, [CAPTURE] = captures};
    double rate[][2] = {[QUIET] = {0, 0}, [CAPTURE] = {0, 0}};
    for (Kind kind = QUIET; kind <= CAPTURE; kind++) {
        if (!in_pool[kind]) continue; /* drawing would never end */
        fill_pool(b, false, kind);
        rate[kind][0] = median_rate(b, tb, 1, ASK_WDL);
        rate[kind][1] = median_rate(b, tb, 1, ASK_WDL_BATCH);
    }
    fill_pool(b, false, ANY);
    printf("  warm WDL probes by kind: %.2f M/s quiet, %.2f M/s with a capture pending (%.1f%% "
           "of positions)\n",
           rate[QUIET][0] / 1e6, rate[CAPTURE][0] / 1e6, 100.0 * (double)captures / b->pool_size);
    printf("  the same in batches: %.2f M/s quiet (%.2fx), %.2f M/s with a capture pending "
           "(%.2fx)\n",
           rate[QUIET][1] / 1e6, rate[QUIET][1] / rate[QUIET][0], rate[CAPTURE][1] / 1e6,
           rate[CAPTURE][1] / rate[CAPTURE][0]);
}

/* Reads position index of file, WDL and DTW or WDL alone. */
static void read_one(TableFile *file, uint64_t index, bool full) {
    Cell c;
    int wdl;
    if (full)
        table_read(file, index, VALUES_PURE, &c, NULL, 0);
    else
        table_read_wdl(file, index, VALUES_PURE, &wdl, NULL, 0);
}

/* Average time of the first read of a block in a file already open and read from: the
 * first position, then one in the second half of a table over 2 Mi positions (where no
 * stream has its first block), or of the largest table when none is that large. */
static double cold_block_us(Bench *b, bool full) {
    uint64_t state = 777, index, least = 2u << 20, largest = 0;
    char err[256];
    double total = 0;
    for (int t = 0; t < b->tables; t++)
        if (b->ix[t].size > largest) largest = b->ix[t].size;
    if (largest < least) least = largest;
    for (int i = 0; i < ROUNDS; i++) {
        int t;
        do t = (int)(next_random(&state) % (uint64_t)b->tables);
        while (b->ix[t].size < least);
        Position p;
        TableFile *file;
        if (tb_open_file(&b->v, b->dir, b->names[t], &file, err, sizeof err) != STATUS_OK)
            return -1;
        read_one(file, 0, full);
        do random_position(b, t, &state, &p, &index);
        while (index < b->ix[t].size / 2);
        double start = wall_seconds();
        read_one(file, index, full);
        total += wall_seconds() - start;
        table_close(file);
    }
    return total / ROUNDS * 1e6;
}

/* Average time of the first probe into a fresh handle: files opened, blocks decoded. */
static double cold_probe_us(Bench *b, bool full) {
    uint64_t state = 12345;
    char err[256];
    double total = 0;
    for (int i = 0; i < ROUNDS; i++) {
        Tablebase *tb = tb_open(&b->v, b->dir);
        const Position *p = &b->pool[next_random(&state) % b->pool_size];
        Cell c;
        int wdl;
        double start = wall_seconds();
        if (full)
            tb_probe(tb, p, &c, err, sizeof err);
        else
            tb_probe_wdl(tb, p, VALUES_PURE, &wdl, err, sizeof err);
        total += wall_seconds() - start;
        tb_close(tb);
    }
    return total / ROUNDS * 1e6;
}

/* In a process started for it (bench_probe --first-probe VARIANT DIR MATERIAL INDEX):
 * prints the microseconds that opening a handle and its first WDL probe take, with the
 * allocator's pages, the thread's move lists and its decompression context all new. */
static int first_probe_child(char **argv) {
    Variant v;
    Material m;
    Indexer ix;
    Position p;
    char err[256];
    int wdl;
    if (!variant_lookup(argv[2], &v) || material_parse(argv[4], &m, err, sizeof err) != STATUS_OK)
        return 2;
    idx_init(&ix, &v, &m);
    if (!idx_decode(&ix, strtoull(argv[5], NULL, 10), &p)) return 2;
    double start = wall_seconds();
    Tablebase *tb = tb_open(&v, argv[3]);
    Status s = tb ? tb_probe_wdl(tb, &p, VALUES_PURE, &wdl, err, sizeof err) : STATUS_MEMORY;
    printf("%.3f\n", (wall_seconds() - start) * 1e6);
    tb_close(tb);
    return s == STATUS_OK ? 0 : 1;
}

/* Average time of the first probe in a new process (first_probe_child), at positions drawn
 * over all positions; the process's start is not counted.  Negative when a run fails. */
static double first_probe_us(const Bench *b, const char *self) {
    enum { RUNS = 30 };
    uint64_t state = 4242, index;
    double sum = 0;
    for (int i = 0; i < RUNS; i++) {
        int t = random_table(b, false, &state);
        Position p;
        random_position(b, t, &state, &p, &index);
        char cmd[8400];
        snprintf(cmd, sizeof cmd, "'%s' --first-probe %s '%s' %s %llu", self, b->v.id, b->dir,
                 b->names[t], (unsigned long long)index);
        FILE *child = popen(cmd, "r");
        double us = -1;
        if (!child || fscanf(child, "%lf", &us) != 1) us = -1;
        if ((child && pclose(child) != 0) || us < 0) return -1;
        sum += us;
    }
    return sum / RUNS;
}

/* The size of the set's WDL decoded: 2 bits a position. */
static uint64_t decoded_wdl_bytes(const Bench *b) {
    uint64_t bytes = 0;
    for (int t = 0; t < b->tables; t++) bytes += b->ix[t].size / 4;
    return bytes;
}

/* Nanoseconds a read takes at random over that many bytes when its address depends on the
 * read before (the sum makes each address wait for the last byte). */
static double memory_latency_ns(const Bench *b) {
    enum { READS = 4000000 };
    uint64_t bytes = decoded_wdl_bytes(b), state = 99, sum = 0;
    uint8_t *buf = malloc(bytes);
    if (!buf) return -1;
    memset(buf, 1, bytes);
    double start = wall_seconds();
    for (int i = 0; i < READS; i++) sum += buf[(next_random(&state) ^ sum) % bytes];
    double ns = (wall_seconds() - start) / READS * 1e9;
    free(buf);
    return sum ? ns : -1;
}

/* ---- Memory budgets (tb_set_cache_size, block_cache.h). ---- */

enum {
    BUDGET_RANDOM = 100000, /* random positions probed at each budget */
    WALK_ROOTS = 32,
    WALK_NODES = 1000000, /* positions of the walk, from all its roots */
};

/* The set's size decoded: every stream of every table, what an uncapped cache holds once
 * every block has been read. */
static uint64_t decoded_set_bytes(const Bench *b) {
    uint64_t total = 0, file_bytes, decoded;
    char err[256];
    for (int t = 0; t < b->tables; t++) {
        TableFile *file;
        if (tb_open_file(&b->v, b->dir, b->names[t], &file, err, sizeof err) != STATUS_OK) continue;
        for (uint32_t set = 0; set < table_info(file)->cells_per_position; set++)
            for (int dtw = 0; dtw < 2; dtw++) {
                table_stream_size(file, (int)set, dtw, &file_bytes, &decoded);
                total += decoded;
            }
        table_close(file);
    }
    return total;
}

/* The positions a search from p to `depth` plies visits, p first, into walk until it holds
 * cap of them. */
static void walk_from(const Bench *b, const Position *p, int depth, Position *walk, long *count,
                      long cap) {
    if (*count >= cap) return;
    walk[(*count)++] = *p;
    if (!depth || !pos_pieces(p, WHITE) || !pos_pieces(p, BLACK)) return;
    MoveList *list = malloc(sizeof *list);
    if (!list) return;
    list->paths = NULL;
    movegen_legal(&b->v, p, list);
    for (int i = 0; i < list->count && *count < cap; i++) {
        Position next;
        movegen_play(&b->v, p, &list->move[i], &next);
        walk_from(b, &next, depth - 1, walk, count, cap);
    }
    free(list);
}

/* A search-like walk: from each of WALK_ROOTS roots drawn over all positions, the positions
 * of an iterative deepening search (1 ply, 2, ...) until it has its share of WALK_NODES:
 * an engine's probes, near one another and coming back to the same positions.  Returns the
 * count. */
static long make_walk(const Bench *b, Position *walk) {
    uint64_t state = 0xC0FFEE, index;
    long count = 0;
    for (int r = 0; r < WALK_ROOTS; r++) {
        Position root;
        random_position(b, random_table(b, false, &state), &state, &root, &index);
        long cap = (long)WALK_NODES * (r + 1) / WALK_ROOTS;
        for (int depth = 1; count < cap; depth++) walk_from(b, &root, depth, walk, &count, cap);
    }
    return count;
}

/* One thread's share of a pass: n positions from p into tb, WDL or full. */
typedef struct Pass {
    Tablebase *tb;
    const Position *p;
    long n;
    bool full;
    long failures;
} Pass;

static void *probe_pass(void *arg) {
    Pass *pass = arg;
    char err[256];
    for (long i = 0; i < pass->n; i++) {
        Cell c;
        int wdl;
        pass->failures += (pass->full ? tb_probe(pass->tb, &pass->p[i], &c, err, sizeof err)
                                      : tb_probe_wdl(pass->tb, &pass->p[i], VALUES_PURE, &wdl, err,
                                                     sizeof err)) != STATUS_OK;
    }
    return NULL;
}

/* Probes per second over n positions into tb, WDL or full, each of `threads` threads
 * (this one the first) probing its share. */
static double pass_rate(Tablebase *tb, const Position *p, long n, bool full, int threads) {
    Pass pass[64];
    pthread_t ids[64];
    double start = wall_seconds();
    for (int t = threads - 1; t >= 0; t--) {
        long from = n * t / threads;
        pass[t] = (Pass){tb, p + from, n * (t + 1) / threads - from, full, 0};
        if (t) pthread_create(&ids[t], NULL, probe_pass, &pass[t]);
    }
    probe_pass(&pass[0]);
    long failures = pass[0].failures;
    for (int t = 1; t < threads; t++) pthread_join(ids[t], NULL), failures += pass[t].failures;
    double rate = (double)n / (wall_seconds() - start);
    return failures ? -1 : rate;
}

/* Cold (a fresh handle) and warm (the same positions again) rates into rate[0..1]. */
static void cold_warm(const Bench *b, uint64_t budget, const Position *p, long n, bool full,
                      int threads, double rate[2]) {
    Tablebase *tb = tb_open(&b->v, b->dir);
    tb_set_cache_size(tb, budget);
    rate[0] = pass_rate(tb, p, n, full, threads);
    rate[1] = pass_rate(tb, p, n, full, threads);
    tb_close(tb);
}

/* In a process started for it (bench_probe --budget VARIANT DIR BYTES THREADS, 0 bytes for
 * no cap), so that its peak resident size is its own: prints the cold and warm rates of WDL
 * and of full probes over random positions and over the walk, the resident size before the
 * first probe and the peak. */
static int budget_child(char **argv) {
    static Bench b;
    if (!variant_lookup(argv[2], &b.v)) return 2;
    b.dir = argv[3];
    uint64_t budget = strtoull(argv[4], NULL, 10);
    int threads = atoi(argv[5]);
    if (threads < 1 || threads > 64) return 2;
    char err[1024];
    if (tb_each_file(b.dir, add_table, &b, err, sizeof err) != STATUS_OK)
        return fprintf(stderr, "bench_probe: %s\n", err), 2;
    b.pool_size = BUDGET_RANDOM;
    b.pool = malloc(BUDGET_RANDOM * sizeof *b.pool);
    Position *walk = malloc(WALK_NODES * sizeof *walk);
    if (!b.tables || !b.pool || !walk) return 1;
    fill_pool(&b, false, ANY);
    long walked = make_walk(&b, walk);
    uint64_t before = memory_resident();
    double rate[4][2];
    for (int k = 0; k < 4; k++)
        cold_warm(&b, budget, k < 2 ? b.pool : walk, k < 2 ? BUDGET_RANDOM : walked, k % 2, threads,
                  rate[k]);
    for (int k = 0; k < 4; k++) printf("%.0f %.0f ", rate[k][0], rate[k][1]);
    printf("%llu %llu\n", (unsigned long long)before, (unsigned long long)memory_peak());
    free(walk);
    free(b.pool);
    return 0;
}

/* Runs budget_child at a budget; false when it fails. */
static bool run_budget(const Bench *b, const char *self, uint64_t budget, int threads,
                       double rate[4][2], uint64_t *before, uint64_t *peak) {
    char cmd[8400];
    snprintf(cmd, sizeof cmd, "'%s' --budget %s '%s' %llu %d", self, b->v.id, b->dir,
             (unsigned long long)budget, threads);
    FILE *child = popen(cmd, "r");
    int got = 0;
    unsigned long long at_start = 0, most = 0;
    if (child)
        for (int k = 0; k < 8; k++) got += fscanf(child, "%lf", &rate[k / 2][k % 2]);
    if (child) got += fscanf(child, "%llu %llu", &at_start, &most);
    *before = at_start, *peak = most;
    return child && pclose(child) == 0 && got == 10;
}

/* The rates and peak resident size at budgets of 1%, 10% and 100% of the set's decoded
 * size, and without a cap, each in a process of its own. */
static void budget_rates(const Bench *b, const char *self, int threads) {
    uint64_t decoded = decoded_set_bytes(b);
    static const int percent[] = {1, 10, 100, 0};
    printf("memory budget (tb_set_cache_size), set decoded %.1f MB; WDL | full probes in k/s, "
           "cold (fresh handle) / warm (again), over %d random positions and a walk of %d from %d "
           "roots, on %d thread%s:\n",
           (double)decoded / 1e6, BUDGET_RANDOM, WALK_NODES, WALK_ROOTS, threads,
           threads == 1 ? "" : "s");
    printf("  %-20s %-25s %-25s %s\n", "budget", "random WDL | full", "walk WDL | full",
           "RSS before / peak");
    for (int i = 0; i < 4; i++) {
        uint64_t budget = decoded / 100 * (uint64_t)percent[i], before, peak;
        double r[4][2];
        char name[32];
        snprintf(name, sizeof name, percent[i] ? "%d%% (%.1f MB)" : "no cap", percent[i],
                 (double)budget / 1e6);
        if (!run_budget(b, self, budget, threads, r, &before, &peak)) {
            printf("  %-20s failed\n", name);
            continue;
        }
        printf("  %-20s %5.0f/%-5.0f | %5.0f/%-5.0f  %5.0f/%-5.0f | %5.0f/%-5.0f  %.0f / %.0f MB\n",
               name, r[0][0] / 1e3, r[0][1] / 1e3, r[1][0] / 1e3, r[1][1] / 1e3, r[2][0] / 1e3,
               r[2][1] / 1e3, r[3][0] / 1e3, r[3][1] / 1e3, (double)before / 1e6,
               (double)peak / 1e6);
    }
}

int main(int argc, char **argv) {
    static Bench b;
    if (argc == 2 && !strcmp(argv[1], "--version")) {
        cli_print_version();
        return 0;
    }
    if (argc == 6 && !strcmp(argv[1], "--first-probe")) return first_probe_child(argv);
    if (argc == 6 && !strcmp(argv[1], "--budget")) return budget_child(argv);
    const char *self = argv[0];
    bool budgets_only = (argc == 4 || argc == 5) && !strcmp(argv[1], "--budgets");
    argv += budgets_only, argc -= budgets_only;
    int budget_threads = budgets_only && argc > 3 ? atoi(argv[3]) : 1;
    if (argc < 3 || !variant_lookup(argv[1], &b.v) || budget_threads < 1 || budget_threads > 64) {
        fprintf(stderr, "usage: bench_probe VARIANT DIR [PROBES [THREADS]]\n"
                        "       bench_probe --budgets VARIANT DIR [THREADS]\n");
        return 2;
    }
    b.dir = argv[2];
    b.probes = argc > 3 ? atol(argv[3]) : 4000000;
    int threads = argc > 4 ? atoi(argv[4]) : 2;
    char err[1024];
    if (tb_each_file(b.dir, add_table, &b, err, sizeof err) != STATUS_OK)
        return fprintf(stderr, "bench_probe: %s\n", err), 2;
    b.pool_size = POOL;
    b.pool = malloc(POOL * sizeof *b.pool);
    if (!b.tables || !b.pool) {
        fprintf(stderr, "no tables in %s, or out of memory\n", b.dir);
        return 1;
    }
    printf("%s, %d tables\n", b.v.id, b.tables);
    if (budgets_only) {
        budget_rates(&b, self, budget_threads);
        free(b.pool);
        return 0;
    }
    uint64_t set_bytes = decoded_set_bytes(&b), cache = memory_physical() / 2;
    if (set_bytes < cache) cache = set_bytes;
    printf("warm cache: %.1f MB (the set decodes to %.1f MB)\n", (double)cache / 1e6,
           (double)set_bytes / 1e6);
    for (int by_table = 1; by_table >= 0; by_table--) { /* the cold probes use the last */
        bool outgrown;
        Tablebase *tb = warm_handle(&b, by_table, cache, set_bytes, &outgrown);
        double wdl = median_rate(&b, tb, 1, ASK_WDL),
               wdl_threads = median_rate(&b, tb, threads, ASK_WDL);
        double batched = median_rate(&b, tb, 1, ASK_WDL_BATCH),
               full = median_rate(&b, tb, 1, ASK_FULL);
        printf("positions drawn %s (warm figures: median of %d runs; a pool of %ld positions "
               "whose blocks take %.1f MB):\n",
               by_table ? "from a random table" : "over all positions", WARM_ROUNDS, b.pool_size,
               (double)tb_cache_used(tb) / 1e6);
        if (outgrown)
            printf("  (the pool's blocks fill the cache: these figures include decoding)\n");
        printf("  warm WDL probes: %.2f M/s on 1 thread, %.2f M/s on %d (%.2fx)\n", wdl / 1e6,
               wdl_threads / 1e6, threads, wdl_threads / wdl);
        printf("  warm WDL probes in batches of %d: %.2f M/s on 1 thread (%.2fx)\n", BATCH,
               batched / 1e6, batched / wdl);
        printf("  warm full probes (WDL and DTW): %.2f M/s on 1 thread\n", full / 1e6);
        if (!by_table) rate_by_kind(&b, tb);
        tb_close(tb);
    }
    printf("cold block, file open: %.1f us WDL, %.1f us WDL and DTW\n", cold_block_us(&b, false),
           cold_block_us(&b, true));
    printf("cold probe, fresh handle (files opened, blocks decoded): %.1f us WDL, %.1f us full\n",
           cold_probe_us(&b, false), cold_probe_us(&b, true));
    printf("first probe in a new process (handle opened, file opened, block decoded): %.1f us "
           "WDL\n",
           first_probe_us(&b, self));
    printf("memory latency: %.0f ns a dependent read at random over %.0f MB\n",
           memory_latency_ns(&b), (double)decoded_wdl_bytes(&b) / 1e6);
    budget_rates(&b, self, 1);
    free(b.pool);
    return 0;
}
