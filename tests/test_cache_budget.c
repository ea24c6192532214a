/* A handle whose decoded blocks are capped (tb_set_cache_size) answers as one without a cap:
 * every position of every table in a folder, each value set, the full probe and the WDL
 * probe, under a budget of a block or two, so that nearly every block read evicts another.
 * The cache never holds more than its budget (or a single block, where one does not fit),
 * and it holds less than the uncapped handle does at the end, so that a budget left
 * unheeded fails; capping that handle then evicts at once down to the budget.
 *
 * Usage: test_cache_budget VARIANT DIR BUDGET (in bytes) */
#include "draw_rules.h"
#include "index.h"
#include "tablebase.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most a decoded block takes: dtb-gen's decode to 32 or 64 KiB. */
#define LARGEST_BLOCK ((size_t)64 << 10)

typedef struct Run {
    Variant v;
    Tablebase *capped, *free_run;
    size_t budget;
    size_t most_used; /* by the capped handle after any probe */
    long positions, failed;
    int tables; /* the folder's, compared */
} Run;

static void fail(Run *r, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (r->failed++ < 20) {
        printf("FAIL ");
        vprintf(fmt, ap);
        putchar('\n');
    }
    va_end(ap);
}

/* Probes p in value set `set` on both handles, full and WDL alone, and compares. */
static void compare(Run *r, const char *material, uint64_t index, const Position *p, int set) {
    char err[512];
    Cell a, b;
    int wa, wb;
    Status sa = tb_probe_set(r->capped, p, set, &a, err, sizeof err);
    Status sb = tb_probe_set(r->free_run, p, set, &b, err, sizeof err);
    Status wsa = tb_probe_wdl(r->capped, p, set, &wa, err, sizeof err);
    Status wsb = tb_probe_wdl(r->free_run, p, set, &wb, err, sizeof err);
    if (sa != sb || wsa != wsb || (sa == STATUS_OK && a != b) || (wsa == STATUS_OK && wa != wb))
        fail(r, "%s position %llu set %d: capped %d/%#x wdl %d/%d, uncapped %d/%#x wdl %d/%d",
             material, (unsigned long long)index, set, sa, a, wsa, wa, sb, b, wsb, wb);
    size_t used = tb_cache_used(r->capped);
    if (used > r->most_used) r->most_used = used;
}

/* Compares every position of the table of `material` (for tb_each_file). */
static bool compare_table(const char *material, void *run) {
    Run *r = run;
    r->tables++;
    Material m;
    Indexer ix;
    char err[128];
    if (material_parse(material, &m, err, sizeof err) != STATUS_OK) return true;
    idx_init(&ix, &r->v, &m);
    for (uint64_t i = 0; i < ix.size; i++) {
        Position p;
        if (!idx_decode(&ix, i, &p)) continue;
        r->positions++;
        for (int set = 0; set < draw_value_sets(&r->v); set++) compare(r, material, i, &p, set);
    }
    return true;
}

int main(int argc, char **argv) {
    static Run r;
    if (argc != 4 || !variant_lookup(argv[1], &r.v) || !(r.budget = strtoull(argv[3], NULL, 10))) {
        fprintf(stderr, "usage: test_cache_budget VARIANT DIR BUDGET\n");
        return 2;
    }
    r.capped = tb_open(&r.v, argv[2]);
    r.free_run = tb_open(&r.v, argv[2]);
    if (!r.capped || !r.free_run) return 2;
    tb_set_cache_size(r.capped, r.budget);
    char err[1024];
    if (tb_each_file(argv[2], compare_table, &r, err, sizeof err) != STATUS_OK) fail(&r, "%s", err);
    int tables = r.tables;
    size_t free_used = tb_cache_used(r.free_run);
    printf("%s: %d tables, %ld positions; capped at %zu bytes the cache held at most %zu, "
           "uncapped %zu at the end\n",
           argv[1], tables, r.positions, r.budget, r.most_used, free_used);
    if (tables < 1) fail(&r, "no tables in %s", argv[2]);
    if (r.most_used > r.budget && r.most_used > LARGEST_BLOCK + 1)
        fail(&r, "the capped cache held %zu bytes, over its budget of %zu", r.most_used, r.budget);
    if (free_used <= r.budget)
        fail(&r, "the set decodes to %zu bytes, within the budget: nothing was evicted", free_used);
    tb_set_cache_size(r.free_run, r.budget);
    if (tb_cache_used(r.free_run) > r.budget)
        fail(&r, "capped after the probes, the uncapped handle still holds %zu bytes",
             tb_cache_used(r.free_run));
    tb_close(r.capped);
    tb_close(r.free_run);
    printf("%s\n", r.failed ? "FAIL" : "ok");
    return r.failed ? 1 : 0;
}
