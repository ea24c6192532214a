/* Perft speed: leaves per second from the initial position of International and Frisian,
 * and from an endgame of each with flying kings, where the long captures and moves of kings
 * make most of the work (as in solving and probing tables).
 * Usage: bench_perft [DEPTH_INTERNATIONAL [DEPTH_FRISIAN [DEPTH_ENDGAMES]]]
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

/* FEN NULL: the initial position. */
static int measure(const char *id, const char *fen, int depth) {
    Variant v;
    Position p;
    char err[256];
    variant_lookup(id, &v);
    if (!fen)
        fen_initial(&v, &p);
    else if (fen_parse(&v, fen, &p, err, sizeof err) != STATUS_OK)
        return printf("%s: %s\n", fen, err), 1;
    double start = cpu_seconds(), seconds;
    long long leaves;
    int runs = 0;
    do {
        leaves = movegen_perft(&v, &p, depth);
        runs++;
        seconds = cpu_seconds() - start;
    } while (leaves >= 0 && seconds < MIN_SECONDS);
    if (leaves < 0) {
        printf("%-14s %s depth %d: a move list overflowed\n", id, fen ? fen : "", depth);
        return 1;
    }
    printf("%-14s %-24s depth %d: %lld leaves, %d runs in %.2f s = %.1f M leaves/s\n", id,
           fen ? fen : "initial", depth, leaves, runs, seconds,
           (double)leaves * runs / seconds / 1e6);
    return 0;
}

int main(int argc, char **argv) {
    int endgames = argc > 3 ? atoi(argv[3]) : 7;
    int failed = measure("international", NULL, argc > 1 ? atoi(argv[1]) : 9);
    failed |= measure("frisian", NULL, argc > 2 ? atoi(argv[2]) : 8);
    failed |= measure("international", "B:WK3,K28,33:BK46,K20", endgames);
    failed |= measure("frisian", "W:WK4,K16,41:BK47,K35,8", endgames);
    return failed;
}
