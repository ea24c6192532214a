/* Table file speed and size on a synthetic table: runs of equal WDL, DTW near a slowly
 * drifting mean, some holes.  Real tables compress differently, so the figures are only
 * indicative.  Usage: bench_table [MILLION_POSITIONS] */
#include "table_file.h"
#include "table_writer.h"
#include "wall_clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static uint64_t next(uint64_t *state) {
    *state ^= *state << 13, *state ^= *state >> 7, *state ^= *state << 17;
    return *state;
}

static Cell *synthetic(uint64_t n) {
    Cell *cells = malloc(n * sizeof *cells);
    uint64_t state = 88172645463325252u;
    int wdl = WDL_WIN, mean = 40;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t r = next(&state);
        if (r % 64 == 0) wdl = WDL_LOSS + (int)(r >> 8) % 3;
        if ((r >> 16) % 1024 == 0) mean = 10 + (int)((r >> 30) % 200);
        int dtw = wdl == WDL_DRAW ? 0 : mean + (int)((r >> 40) % 9) - 4;
        cells[i] = (r >> 50) % 32 == 0 ? 0 : CELL_MAKE(wdl, dtw);
    }
    return cells;
}

static void report(const char *what, double seconds, double bytes) {
    printf("%-28s %7.3f s  %8.1f MB/s of cells\n", what, seconds, bytes / seconds / 1e6);
}

static void read_back(const char *path, const Variant *v, const Cell *cells, uint64_t n) {
    TableFile *t;
    char err[512];
    if (table_open(path, v, "KKKvKKK", &t, err, sizeof err) != TABLE_OK) {
        printf("%s\n", err);
        return;
    }
    Cell *all = malloc(n * sizeof *all), c;
    /* The first pass also pays for the page faults of a fresh output buffer. */
    for (int pass = 0; pass < 2; pass++) {
        double start = wall_seconds();
        table_read_all(t, all, err, sizeof err);
        report(pass ? "read_all (buffer touched)" : "read_all (fresh buffer)",
               wall_seconds() - start, (double)n * sizeof(Cell));
    }
    uint64_t state = 1, mismatches = 0;
    for (int pass = 0; pass < 2; pass++) {
        double start = wall_seconds();
        for (uint64_t k = 0; k < n / 4; k++) {
            uint64_t i = next(&state) % n;
            table_read(t, i, &c, err, sizeof err);
            mismatches += c != cells[i];
        }
        double seconds = wall_seconds() - start;
        printf("random table_read (%s)    %7.3f s  %8.1f M reads/s\n", pass ? "warm" : "cold",
               seconds, (double)(n / 4) / seconds / 1e6);
    }
    if (mismatches) printf("%llu mismatches\n", (unsigned long long)mismatches);
    free(all);
    table_close(t);
}

int main(int argc, char **argv) {
    uint64_t n = (uint64_t)(argc > 1 ? atof(argv[1]) : 32) * 1000000;
    char dir[] = "/tmp/dtb-bench-XXXXXX", path[64], err[512];
    if (!mkdtemp(dir)) return 2;
    snprintf(path, sizeof path, "%s/table.dtb", dir);
    Variant v;
    variant_lookup("international", &v);
    TableInfo info = {
        .fingerprint = variant_fingerprint(&v), .positions = n, .cells_per_position = 1};
    snprintf(info.variant, sizeof info.variant, "%s", v.id);
    snprintf(info.material, sizeof info.material, "KKKvKKK");
    Cell *cells = synthetic(n);
    double start = wall_seconds();
    TableStatus s = table_write(path, &info, cells, err, sizeof err);
    report("write", wall_seconds() - start, (double)n * sizeof(Cell));
    struct stat st;
    if (s == TABLE_OK && stat(path, &st) == 0) {
        printf("%llu positions: %lld bytes, %.1f%% of the cells, %.2f bits per position\n",
               (unsigned long long)n, (long long)st.st_size,
               100.0 * (double)st.st_size / ((double)n * sizeof(Cell)),
               8.0 * (double)st.st_size / (double)n);
        start = wall_seconds();
        table_verify_file(path, err, sizeof err);
        report("verify", wall_seconds() - start, (double)n * sizeof(Cell));
        read_back(path, &v, cells, n);
    } else {
        printf("%s\n", err);
    }
    unlink(path);
    rmdir(dir);
    free(cells);
    return 0;
}
