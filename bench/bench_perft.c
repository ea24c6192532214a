/* Perft speed: leaves per second from the initial position of International and Frisian.
 * Usage: bench_perft [DEPTH_INTERNATIONAL [DEPTH_FRISIAN]] */
#include "fen.h"
#include "movegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void measure(const char *id, int depth) {
    Variant v;
    Position p;
    variant_lookup(id, &v);
    fen_initial(&v, &p);
    double start = now();
    long long leaves = movegen_perft(&v, &p, depth);
    double seconds = now() - start;
    printf("%-14s depth %d: %lld leaves in %.2f s = %.1f M leaves/s\n", id, depth, leaves,
           seconds, (double)leaves / seconds / 1e6);
}

int main(int argc, char **argv) {
    measure("international", argc > 1 ? atoi(argv[1]) : 9);
    measure("frisian", argc > 2 ? atoi(argv[2]) : 8);
    return 0;
}
