/* The table writer's pass over a value set before it is written (table_writer_private.h). */
#include "parallel.h"
#include "table_writer_private.h"

#include <stdlib.h>

/* Why a stored cell cannot be written (table_format.h), or NULL when it can. */
static const char *unwritable(Cell c) {
    int wdl = CELL_WDL(c);
    unsigned dtw = CELL_DTW(c);
    if ((wdl == WDL_DRAW || wdl == WDL_NONE) && dtw != 0) return "a draw or no value with a DTW";
    if (wdl == WDL_WIN && dtw % 2 == 0) return "a win with an even DTW";
    if (wdl == WDL_LOSS && dtw % 2 == 1) return "a loss with an odd DTW";
    if (dtw > CELL_DTW_STORED_MAX) return "a DTW too long for the prober";
    return NULL;
}

/* A pass over a value set's cells before it is written: the true values counted, the
 * stored ones checked and their largest DTW half, and the WDL stored most often, each
 * thread counting apart. */
typedef struct Scan {
    TableWriter *w;
    int set;
    const CellSource *src;
    uint64_t counts[THREADS_MAX][2][4], stored[THREADS_MAX][4];
    unsigned max_half[THREADS_MAX];
    uint64_t first_bad[THREADS_MAX]; /* the first position that cannot be written, or none */
} Scan;

#define NO_POSITION UINT64_MAX

static void scan_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    Scan *scan = ctx;
    const TableWriter *w = scan->w;
    uint64_t per_side = w->info.positions / 2;
    StoreCursor cursor = STORE_CURSOR_START;
    for (uint64_t i = begin; i < end; i++) {
        bool unstored;
        Cell c = writer_cell(scan->src, &cursor, i, &unstored);
        scan->counts[thread][i >= per_side][CELL_WDL(c)]++;
        if (unstored || i - w->stored_first >= w->stored_count) continue;
        scan->stored[thread][CELL_WDL(c)]++;
        if (unwritable(c)) {
            if (i < scan->first_bad[thread]) scan->first_bad[thread] = i;
            return; /* the rest of the range is past it */
        }
        if (CELL_DTW(c) / 2 > scan->max_half[thread]) scan->max_half[thread] = CELL_DTW(c) / 2;
    }
}

/* The first position scan found that cannot be written, or NO_POSITION. */
static uint64_t first_bad(const Scan *scan) {
    uint64_t first = NO_POSITION;
    for (int t = 0; t < THREADS_MAX; t++)
        if (scan->first_bad[t] < first) first = scan->first_bad[t];
    return first;
}

/* Adds up what each thread of scan found: set's counts in the header, and the largest DTW
 * half stored; returns the WDL stored most often. */
static unsigned scan_total(TableWriter *w, const Scan *scan, unsigned *max_half) {
    uint64_t stored[4] = {0};
    *max_half = 0;
    for (int t = 0; t < THREADS_MAX; t++) {
        for (int k = 0; k < 8; k++)
            w->info.counts[scan->set][k / 4][k % 4] += scan->counts[t][k / 4][k % 4];
        for (int wdl = 0; wdl < 4; wdl++) stored[wdl] += scan->stored[t][wdl];
        if (scan->max_half[t] > *max_half) *max_half = scan->max_half[t];
    }
    unsigned common = 0;
    for (unsigned wdl = 1; wdl < 4; wdl++)
        if (stored[wdl] > stored[common]) common = wdl;
    return common;
}

/* Scans set `set` (Scan); *max_half receives the largest DTW half stored and *common the
 * WDL stored most often. */
Status writer_scan_set(TableWriter *w, int set, const CellSource *src, unsigned *max_half,
                       unsigned *common, char *err, size_t errlen) {
    Scan *scan = calloc(1, sizeof *scan);
    if (!scan) return status_fail(err, errlen, STATUS_MEMORY, w->tmp, "out of memory");
    *scan = (Scan){.w = w, .set = set, .src = src};
    for (int t = 0; t < THREADS_MAX; t++) scan->first_bad[t] = NO_POSITION;
    parallel_for(w->threads, w->info.positions, scan_range, scan);
    uint64_t bad = first_bad(scan);
    *common = scan_total(w, scan, max_half);
    free(scan);
    Status s = writer_source_failed(src, err, errlen);
    if (s != STATUS_OK || bad == NO_POSITION) return s;
    StoreCursor cursor = STORE_CURSOR_START;
    bool unstored;
    return status_fail(err, errlen, STATUS_CORRUPT, w->tmp,
                       "cannot write position %llu of value set %d: %s", (unsigned long long)bad,
                       set, unwritable(writer_cell(src, &cursor, bad, &unstored)));
}
