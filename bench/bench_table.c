/* Table file size and speed.
 *
 * bench_table DIR: the size of every table in DIR, per value set: positions, the bytes of
 * the WDL and DTW streams (blocks and offset entries) and their bits per position, and the
 * totals by number of pieces and over all; the memory a probe keeps once it has touched
 * every block is printed too (2 bits a position of WDL, 1 or 2 bytes of DTW).
 *
 * bench_table [MILLION_POSITIONS]: write and read speed on a synthetic table, runs of
 * equal WDL, DTW near a slowly drifting mean, some positions unstored.  Real tables
 * compress differently, so its sizes are only indicative. */
#include "table_file.h"
#include "table_writer.h"
#include "tablebase.h"
#include "wall_clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PIECES_MAX 16

/* Sizes summed over tables: [value set]. */
typedef struct Sizes {
    uint64_t positions, wdl[2], dtw[2], decoded;
} Sizes;

static void add_sizes(Sizes *to, const Sizes *from) {
    to->positions += from->positions;
    to->decoded += from->decoded;
    for (int set = 0; set < 2; set++)
        to->wdl[set] += from->wdl[set], to->dtw[set] += from->dtw[set];
}

static double bits_per(uint64_t bytes, uint64_t positions) {
    return positions ? 8.0 * (double)bytes / (double)positions : 0;
}

static void print_sizes(const char *what, const Sizes *s, int sets) {
    printf("%-10s %12llu", what, (unsigned long long)s->positions);
    for (int set = 0; set < sets; set++)
        printf("  %11llu %7.4f  %11llu %7.4f", (unsigned long long)s->wdl[set],
               bits_per(s->wdl[set], s->positions), (unsigned long long)s->dtw[set],
               bits_per(s->dtw[set], s->positions));
    printf("  %8.1f\n", (double)s->decoded / 1e6);
}

/* The sizes of material's table in dir; false when it does not open. */
static bool table_sizes(const char *dir, const char *material, Sizes *out, int *sets) {
    char err[512];
    TableFile *t;
    if (tb_open_file(NULL, dir, material, &t, err, sizeof err) != STATUS_OK) {
        fprintf(stderr, "%s\n", err);
        return false;
    }
    *out = (Sizes){.positions = table_info(t)->positions};
    *sets = (int)table_info(t)->cells_per_position;
    for (int set = 0; set < *sets; set++) {
        uint64_t wdl_decoded, dtw_decoded;
        table_stream_size(t, set, false, &out->wdl[set], &wdl_decoded);
        table_stream_size(t, set, true, &out->dtw[set], &dtw_decoded);
        out->decoded += wdl_decoded + dtw_decoded;
    }
    table_close(t);
    return true;
}

static int pieces_of(const char *name) {
    return (int)strlen(name) - 1; /* one letter a piece, and the 'v' */
}

/* The sizes of a folder's tables so far. */
typedef struct Report {
    const char *dir;
    Sizes by_pieces[PIECES_MAX + 1], all;
    int sets;
} Report;

/* Prints and adds one table's sizes (for tb_each_file). */
static bool report_table(const char *name, void *report) {
    Report *r = report;
    Sizes s;
    if (!table_sizes(r->dir, name, &s, &r->sets)) return true;
    print_sizes(name, &s, r->sets);
    if (pieces_of(name) <= PIECES_MAX) add_sizes(&r->by_pieces[pieces_of(name)], &s);
    add_sizes(&r->all, &s);
    return true;
}

static int report_folder(const char *dir) {
    Report r = {.dir = dir, .sets = 1};
    printf("%-10s %12s  %11s %7s  %11s %7s  (per value set)  %8s\n", "material", "positions",
           "WDL bytes", "bits/p", "DTW bytes", "bits/p", "cache MB");
    char err[1024];
    if (tb_each_file(dir, report_table, &r, err, sizeof err) != STATUS_OK)
        return fprintf(stderr, "bench_table: %s\n", err), 1;
    for (int p = 0; p <= PIECES_MAX; p++) {
        char what[32];
        snprintf(what, sizeof what, "%d pieces", p);
        if (r.by_pieces[p].positions) print_sizes(what, &r.by_pieces[p], r.sets);
    }
    print_sizes("all", &r.all, r.sets);
    return 0;
}

static uint64_t next(uint64_t *state) {
    *state ^= *state << 13, *state ^= *state >> 7, *state ^= *state << 17;
    return *state;
}

static Cell *synthetic(uint64_t n, uint64_t *unstored) {
    Cell *cells = malloc(n * sizeof *cells);
    uint64_t state = 88172645463325252u;
    int wdl = WDL_WIN, mean = 40;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t r = next(&state);
        if (r % 64 == 0) wdl = WDL_LOSS + (int)((r >> 8) % 3);
        if ((r >> 16) % 1024 == 0) mean = 10 + (int)((r >> 30) % 200);
        int half = mean + (int)((r >> 40) % 9) - 4;
        cells[i] = CELL_MAKE(wdl, wdl == WDL_WIN ? 2 * half + 1 : wdl == WDL_LOSS ? 2 * half : 0);
        if ((r >> 50) % 4 == 0) unstored[i / 64] |= (uint64_t)1 << (i % 64);
    }
    return cells;
}

static void report(const char *what, double seconds, double positions) {
    printf("%-28s %7.3f s  %8.1f M positions/s\n", what, seconds, positions / seconds / 1e6);
}

static bool stored(const uint64_t *unstored, uint64_t i) {
    return !(unstored[i / 64] >> (i % 64) & 1);
}

static void read_back(const char *path, const Cell *cells, const uint64_t *unstored, uint64_t n) {
    TableFile *t;
    char err[512];
    if (table_open(path, NULL, NULL, &t, err, sizeof err) != STATUS_OK) {
        printf("%s\n", err);
        return;
    }
    Cell *all = malloc(n * sizeof *all), c;
    /* The first pass also pays for the page faults of a fresh output buffer. */
    for (int pass = 0; pass < 2; pass++) {
        double start = wall_seconds();
        table_read_all(t, all, err, sizeof err);
        report(pass ? "read_all (buffer touched)" : "read_all (fresh buffer)",
               wall_seconds() - start, (double)n);
    }
    uint64_t state = 1, mismatches = 0;
    for (int pass = 0; pass < 2; pass++) {
        double start = wall_seconds();
        for (uint64_t k = 0; k < n / 4; k++) {
            uint64_t i = next(&state) % n;
            table_read(t, i, 0, &c, err, sizeof err);
            mismatches += stored(unstored, i) && c != cells[i];
        }
        report(pass ? "random table_read (warm)" : "random table_read (cold)",
               wall_seconds() - start, (double)(n / 4));
    }
    if (mismatches) printf("%llu mismatches\n", (unsigned long long)mismatches);
    free(all);
    table_close(t);
}

static int synthetic_table(uint64_t n) {
    char dir[] = "/tmp/dtb-bench-XXXXXX", path[64], err[512];
    if (!mkdtemp(dir)) return 2;
    /* one part of all positions, laid out in the index's order */
    TableInfo info = {.fingerprint = 1,
                      .positions = n,
                      .cells_per_position = 1,
                      .part_size = {1, 1, n / 2, 1, 1, 1},
                      .part_order = {0, 1, 2, 3, 4, 5}};
    snprintf(info.variant, sizeof info.variant, "international");
    snprintf(info.material, sizeof info.material, "KKKvKKK");
    tb_file_path(dir, info.material, path, sizeof path);
    uint64_t *unstored = calloc(n / 64 + 1, sizeof *unstored);
    Cell *cells = synthetic(n, unstored);
    double start = wall_seconds();
    TableWriter *w;
    Status s = table_writer_begin(path, &info, &w, err, sizeof err);
    if (s == STATUS_OK) s = table_writer_add_set(w, 0, cells, unstored, err, sizeof err);
    if (s == STATUS_OK) s = table_writer_commit(w, err, sizeof err);
    table_writer_free(w);
    report("write", wall_seconds() - start, (double)n);
    Sizes sizes;
    int sets;
    if (s == STATUS_OK && table_sizes(dir, info.material, &sizes, &sets)) {
        printf("%llu positions: WDL %.4f bits per position, DTW %.4f\n", (unsigned long long)n,
               bits_per(sizes.wdl[0], n), bits_per(sizes.dtw[0], n));
        start = wall_seconds();
        table_verify_file(path, err, sizeof err);
        report("verify", wall_seconds() - start, (double)n);
        read_back(path, cells, unstored, n);
    } else {
        printf("%s\n", err);
    }
    unlink(path);
    rmdir(dir);
    free(cells);
    free(unstored);
    return 0;
}

int main(int argc, char **argv) {
    struct stat st;
    if (argc > 1 && stat(argv[1], &st) == 0 && S_ISDIR(st.st_mode)) return report_folder(argv[1]);
    return synthetic_table((uint64_t)(argc > 1 ? atof(argv[1]) : 32) * 1000000);
}
