/* Probe speed: warm probes per second over random positions of the tables in a folder
 * (positions with a capture pending included: the prober settles them by search), and the
 * time of a cold probe, the first touch of a table block.
 * Usage: bench_probe VARIANT DIR [PROBES [THREADS]] */
#include "index.h"
#include "tablebase.h"
#include "wall_clock.h"

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_TABLES 512

typedef struct Bench {
    Variant v;
    const char *dir;
    Indexer ix[MAX_TABLES];
    int tables;
    long probes;
} Bench;

static uint64_t next_random(uint64_t *state) {
    *state ^= *state << 13, *state ^= *state >> 7, *state ^= *state << 17;
    return *state;
}

static void find_tables(Bench *b) {
    DIR *d = opendir(b->dir);
    char err[128];
    for (struct dirent *e; d && (e = readdir(d)) && b->tables < MAX_TABLES;) {
        char name[MATERIAL_NAME_MAX];
        Material m;
        size_t n = strlen(e->d_name);
        if (n < 5 || n - 4 >= sizeof name || strcmp(e->d_name + n - 4, TB_FILE_SUFFIX)) continue;
        snprintf(name, sizeof name, "%.*s", (int)(n - 4), e->d_name);
        if (material_parse(name, &m, err, sizeof err)) idx_init(&b->ix[b->tables++], &b->v, &m);
    }
    if (d) closedir(d);
}

/* A random valid position of a random table. */
static void random_position(const Bench *b, uint64_t *state, Position *p) {
    const Indexer *ix = &b->ix[next_random(state) % (uint64_t)b->tables];
    while (!idx_decode(ix, next_random(state) % ix->size, p)) {
    }
}

typedef struct Worker {
    Bench *b;
    Tablebase *tb;
    uint64_t seed;
    long failures;
} Worker;

static void *probe_many(void *arg) {
    Worker *w = arg;
    char err[256];
    for (long i = 0; i < w->b->probes; i++) {
        Position p;
        Cell c;
        random_position(w->b, &w->seed, &p);
        w->failures += tb_probe(w->tb, &p, &c, err, sizeof err) != TABLE_OK;
    }
    return NULL;
}

/* Probes from `threads` threads on one handle; returns probes per second. */
static double warm_rate(Bench *b, Tablebase *tb, int threads) {
    Worker w[64];
    pthread_t ids[64];
    double start = wall_seconds();
    for (int t = 0; t < threads; t++) {
        w[t] = (Worker){b, tb, 0x9E3779B97F4A7C15ULL * (uint64_t)(t + 1), 0};
        pthread_create(&ids[t], NULL, probe_many, &w[t]);
    }
    long failures = 0;
    for (int t = 0; t < threads; t++) pthread_join(ids[t], NULL), failures += w[t].failures;
    if (failures) printf("  %ld probes failed\n", failures);
    return (double)b->probes * threads / (wall_seconds() - start);
}

/* Average time of the first probe into a fresh handle: opening and one block decoded. */
static double cold_probe_us(Bench *b) {
    uint64_t seed = 12345;
    char err[256];
    double total = 0;
    int rounds = 200;
    for (int i = 0; i < rounds; i++) {
        Tablebase *tb = tb_open(&b->v, b->dir);
        Position p;
        Cell c;
        random_position(b, &seed, &p);
        double start = wall_seconds();
        tb_probe(tb, &p, &c, err, sizeof err);
        total += wall_seconds() - start;
        tb_close(tb);
    }
    return total / rounds * 1e6;
}

int main(int argc, char **argv) {
    static Bench b;
    if (argc < 3 || !variant_lookup(argv[1], &b.v)) {
        fprintf(stderr, "usage: bench_probe VARIANT DIR [PROBES [THREADS]]\n");
        return 2;
    }
    b.dir = argv[2];
    b.probes = argc > 3 ? atol(argv[3]) : 2000000;
    int threads = argc > 4 ? atoi(argv[4]) : 2;
    find_tables(&b);
    if (!b.tables) {
        fprintf(stderr, "no tables in %s\n", b.dir);
        return 1;
    }
    Tablebase *tb = tb_open(&b.v, b.dir);
    warm_rate(&b, tb, 1); /* touches the blocks */
    double one = warm_rate(&b, tb, 1);
    double many = warm_rate(&b, tb, threads);
    tb_close(tb);
    printf("%s, %d tables: warm %.2f M probes/s on 1 thread, %.2f M/s on %d (%.2fx); "
           "cold probe (file opened and a block decoded) %.1f us\n",
           b.v.id, b.tables, one / 1e6, many / 1e6, threads, many / one, cold_probe_us(&b));
    return 0;
}
