/* What leaving out threat positions would save: a measurement for issue 6's size target.
 *
 * A threat position is one where the side to move has no capture but the other side would
 * have one if it were to move.  Kingsrow leaves these out of its tables besides the
 * positions with a capture pending; a prober would then settle one by a search of its
 * quiet moves, most of which run into the pending capture.  This program rewrites value
 * set 0 of each table in DIR (all, or the materials named) with the real writer twice into
 * a temporary folder: once with the positions dtb-gen leaves out (holes and captures
 * pending), once with the threat positions left out too, and prints the WDL and DTW bits
 * per position of both, with the share of positions of each kind and the quiet moves a
 * threat position has (what its search would cost).  The first size equals the file's,
 * which shows that the classification agrees with the generator's.
 * Usage: bench_threats VARIANT DIR [MATERIAL...] */
#include "index.h"
#include "movegen.h"
#include "table_file.h"
#include "table_writer.h"
#include "tablebase.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { KIND_QUIET, KIND_THREAT, KIND_UNSTORED, KINDS }; /* unstored: a hole or a capture */

typedef struct Totals {
    uint64_t positions, kind[KINDS], threat_moves;
    uint64_t wdl[2], dtw[2]; /* bytes: [0] as dtb-gen writes, [1] threats left out too */
} Totals;

static int classify(const Variant *v, const Indexer *ix, IdxCursor *cur, uint64_t i, MoveList *list,
                    uint64_t *moves) {
    Position p;
    if (!idx_decode_near(ix, cur, i, &p) || movegen_has_capture(v, &p)) return KIND_UNSTORED;
    Position other = p;
    other.side = !p.side;
    if (!movegen_has_capture(v, &other)) return KIND_QUIET;
    movegen_legal(v, &p, list);
    *moves += (uint64_t)list->count;
    return KIND_THREAT;
}

static void mark(uint64_t *bits, uint64_t i) {
    bits[i / 64] |= (uint64_t)1 << (i % 64);
}

/* Writes cells to path with the given positions left out; adds its stream sizes. */
static bool write_sizes(const char *path, const TableInfo *info, const Cell *cells,
                        const uint64_t *unstored, uint64_t *wdl, uint64_t *dtw) {
    char err[512];
    TableInfo one = *info;
    one.cells_per_position = 1;
    TableWriter *w = NULL;
    TableFile *t = NULL;
    TableStatus s = table_writer_begin(path, &one, &w, err, sizeof err);
    if (s == TABLE_OK) s = table_writer_add_set(w, 0, cells, unstored, err, sizeof err);
    if (s == TABLE_OK) s = table_writer_commit(w, err, sizeof err);
    table_writer_free(w);
    if (s == TABLE_OK) s = table_open(path, NULL, NULL, &t, err, sizeof err);
    if (s != TABLE_OK) return fprintf(stderr, "bench_threats: %s\n", err), false;
    uint64_t bytes, decoded;
    table_stream_size(t, 0, false, &bytes, &decoded);
    *wdl += bytes;
    table_stream_size(t, 0, true, &bytes, &decoded);
    *dtw += bytes;
    table_close(t);
    unlink(path);
    return true;
}

static double bits(uint64_t bytes, uint64_t positions) {
    return positions ? 8.0 * (double)bytes / (double)positions : 0;
}

static void print_row(const char *name, const Totals *t) {
    double n = (double)t->positions;
    printf("%-10s %11llu %6.1f%% %6.1f%% %6.1f  %7.4f %7.4f %5.2fx  %7.4f %7.4f\n", name,
           (unsigned long long)t->positions, 100.0 * (double)t->kind[KIND_UNSTORED] / n,
           100.0 * (double)t->kind[KIND_THREAT] / n,
           t->kind[KIND_THREAT] ? (double)t->threat_moves / (double)t->kind[KIND_THREAT] : 0,
           bits(t->wdl[0], t->positions), bits(t->wdl[1], t->positions),
           t->wdl[1] ? (double)t->wdl[0] / (double)t->wdl[1] : 0, bits(t->dtw[0], t->positions),
           bits(t->dtw[1], t->positions));
}

static bool measure(const Variant *v, const char *dir, const char *tmp, const char *name,
                    Totals *all) {
    char path[4200], err[512];
    Material m;
    TableFile *t = NULL;
    snprintf(path, sizeof path, "%s/%s%s", dir, name, TB_FILE_SUFFIX);
    if (!material_parse(name, &m, err, sizeof err) ||
        table_open(path, v, name, &t, err, sizeof err) != TABLE_OK)
        return fprintf(stderr, "bench_threats: %s\n", err), false;
    TableInfo info = *table_info(t);
    uint64_t n = info.positions, words = (n + 63) / 64;
    Cell *cells = malloc(n * sizeof *cells);
    uint64_t *unstored = calloc(words, 8), *omitted = calloc(words, 8);
    MoveList *list = malloc(sizeof *list);
    bool ok = cells && unstored && omitted && list &&
              table_read_set(t, 0, cells, err, sizeof err) == TABLE_OK;
    table_close(t);
    Totals one = {.positions = n};
    if (ok) {
        Indexer ix;
        IdxCursor cur = IDX_CURSOR_START;
        idx_init(&ix, v, &m);
        list->paths = NULL;
        for (uint64_t i = 0; i < n; i++) {
            int kind = classify(v, &ix, &cur, i, list, &one.threat_moves);
            one.kind[kind]++;
            if (kind == KIND_UNSTORED) mark(unstored, i);
            if (kind != KIND_QUIET) mark(omitted, i);
        }
        snprintf(path, sizeof path, "%s/%s%s", tmp, name, TB_FILE_SUFFIX);
        ok = write_sizes(path, &info, cells, unstored, &one.wdl[0], &one.dtw[0]) &&
             write_sizes(path, &info, cells, omitted, &one.wdl[1], &one.dtw[1]);
    }
    if (ok) {
        print_row(name, &one);
        all->positions += one.positions, all->threat_moves += one.threat_moves;
        for (int k = 0; k < KINDS; k++) all->kind[k] += one.kind[k];
        for (int s = 0; s < 2; s++) all->wdl[s] += one.wdl[s], all->dtw[s] += one.dtw[s];
    }
    free(cells), free(unstored), free(omitted), free(list);
    return ok;
}

int main(int argc, char **argv) {
    Variant v;
    if (argc < 3 || !variant_lookup(argv[1], &v)) {
        fprintf(stderr, "usage: bench_threats VARIANT DIR [MATERIAL...]\n");
        return 2;
    }
    char tmp[] = "/tmp/bench_threats.XXXXXX";
    if (!mkdtemp(tmp)) return perror("bench_threats: mkdtemp"), 1;
    printf("%-10s %11s %7s %7s %6s  %7s %7s %6s  %7s %7s\n", "material", "positions", "unstor",
           "threat", "moves", "WDL now", "-threat", "gain", "DTW now", "-threat");
    Totals all = {0};
    int failed = 0;
    if (argc > 3) {
        for (int a = 3; a < argc; a++) failed += !measure(&v, argv[2], tmp, argv[a], &all);
    } else {
        DIR *d = opendir(argv[2]);
        if (!d) return rmdir(tmp), fprintf(stderr, "bench_threats: cannot read %s\n", argv[2]), 1;
        for (struct dirent *e; (e = readdir(d));) {
            size_t len = strlen(e->d_name), suffix = strlen(TB_FILE_SUFFIX);
            char name[MATERIAL_NAME_MAX];
            if (len <= suffix || len - suffix >= sizeof name ||
                strcmp(e->d_name + len - suffix, TB_FILE_SUFFIX) != 0)
                continue;
            snprintf(name, sizeof name, "%.*s", (int)(len - suffix), e->d_name);
            failed += !measure(&v, argv[2], tmp, name, &all);
        }
        closedir(d);
    }
    print_row("all", &all);
    rmdir(tmp);
    return failed != 0;
}
