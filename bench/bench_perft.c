/* Perft speed: leaves per second from the initial position of International and Frisian.
 * Usage: bench_perft [DEPTH_INTERNATIONAL [DEPTH_FRISIAN]]
 *
 * Each perft is repeated until it has used a second of CPU time, so short depths still
 * give a steady figure.  CPU time rather than wall time, so that other work on the
 * machine does not count against the generator. */
#include "fen.h"
#include "movegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MIN_SECONDS 1.0

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int measure(const char *id, int depth) {
    Variant v;
    Position p;
    variant_lookup(id, &v);
    fen_initial(&v, &p);
    double start = cpu_seconds(), seconds;
    long long leaves;
    int runs = 0;
    do {
        leaves = movegen_perft(&v, &p, depth);
        runs++;
        seconds = cpu_seconds() - start;
    } while (leaves >= 0 && seconds < MIN_SECONDS);
    if (leaves < 0) {
        printf("%-14s depth %d: a move list overflowed\n", id, depth);
        return 1;
    }
    printf("%-14s depth %d: %lld leaves, %d runs in %.2f s = %.1f M leaves/s\n", id, depth, leaves,
           runs, seconds, (double)leaves * runs / seconds / 1e6);
    return 0;
}

int main(int argc, char **argv) {
    int failed = measure("international", argc > 1 ? atoi(argv[1]) : 9);
    failed |= measure("frisian", argc > 2 ? atoi(argv[2]) : 8);
    return failed;
}
