/* Checkpoints of slice groups, and continuing a run from one (solver.h). */
#include "solver.h"

#include "draw_rules.h"
#include "dtb.h"
#include "slice_checkpoint.h"
#include "table_format.h"
#include "wall_clock.h"

#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>
#include <xxhash.h>

/* A checkpoint waits for the disk, which after every chunk of a small material took longer
 * than solving it (bench/RESULTS.md, "The solver").  So after the first chunk's, one is written
 * only once the solving since the last took CHECKPOINT_RATIO times as long as that one did: at most
 * 1% of the time, and what a run cut short loses is at most that long or a chunk.  Not even the
 * last chunk's is forced: syncing the whole scratch file of a small material, which would
 * otherwise never reach the disk, is a large part of its solving; a material larger than
 * memory is written back anyway, and throttled alike. */
#define CHECKPOINT_RATIO 100

/* Makes the slices order[0, s->solved) durable in the scratch files, then says so in the
 * checkpoint: a run cut short after it continues from there.  A run cut short before it
 * continues from the last one, rewriting what was written since. */
Status solver_checkpoint(Solver *s, bool forced, char *err, size_t errlen) {
    double start = wall_seconds();
    if (!forced && start - s->checkpoint_end < CHECKPOINT_RATIO * s->checkpoint_cost)
        return STATUS_OK;
    Status st = slice_store_sync(s->store, err, errlen);
    if (st == STATUS_OK)
        st = slice_checkpoint_write(s->checkpoint, s->work, s->solved, slice_store_length(s->store),
                                    err, errlen);
    if (st == STATUS_OK) s->checkpointed = s->solved;
    s->checkpoint_end = wall_seconds();
    s->checkpoint_cost = s->checkpoint_end - start;
    return st;
}

/* What the cells of the scratch files depend on, as the checkpoint's work lines: the
 * program and format, the store's blocks (their cells and bits), the rules, the material, the value
 * set, and the slice order (its XXH3-64, with where each group starts).  The chunks do not: a
 * slice's cells are the same however many are solved beside it, so a run may continue under another
 * --memory or --threads. */
static void describe_work(Solver *s, char *work, size_t len) {
    char name[MATERIAL_NAME_MAX];
    material_name(&s->ix.m, name, sizeof name);
    XXH64_hash_t order = XXH3_64bits(s->order, s->slice_count * sizeof *s->order);
    order = XXH3_64bits_withSeed(s->group_start, sizeof s->slices->group_start, order);
    snprintf(
        work, len,
        "dtb-gen slice checkpoint\ndtb %s, table format %u, store blocks of %u cells and bits\n"
        "variant %s %016" PRIx64 "\nmaterial %s\nvalues %s\npositions %" PRIu64 "\nslices %" PRIu64
        ", order %016" PRIx64 "\n",
        DTB_VERSION_STRING, TF_VERSION, STORE_BLOCK_CELLS, s->v->id, variant_fingerprint(s->v),
        name, s->set == VALUES_PURE ? "pure" : "rules", s->ix.size, s->slice_count,
        (uint64_t)order);
}

/* The material's name, and its value set where it has two, for what the log says. */
static void work_name(const Solver *s, char *text, size_t len) {
    char name[MATERIAL_NAME_MAX];
    material_name(&s->ix.m, name, sizeof name);
    snprintf(text, len, "%s%s", name,
             draw_value_sets(s->v) < 2 ? ""
             : s->set == VALUES_PURE   ? " (pure values)"
                                       : " (rules values)");
}

/* Where the order continues: after the slices a checkpoint of this very work says are
 * finished, with scratch files that hold what it says; else 0, the checkpoint (if any) discarded
 * with a line on the log saying why.
 *
 * Continuing there gives the cells of a run never cut short.  Slice order[k] reads only its
 * own cells (the window, initialised whole: each position's cell, count of open moves and
 * span bit is set from its moves) and the cells of the group before its own, all before it
 * in order, so finished and synced before the checkpoint.  What the solver keeps beside
 * (the exits' values, value_memo.h; the cursors and move lists; the counts for progress)
 * is a cache or a count that changes no value.  What a run cut short wrote after its last
 * checkpoint is written again: its records, cells with their bits, are cut off the store,
 * which is only ever appended to.  Holes are never stored (the store reads them so); the
 * rules set's horizon cut is applied as the store is read (slice_store_cut). */
static uint64_t resume_point(Solver *s) {
    char why[600], name[MATERIAL_NAME_MAX + 32];
    uint64_t solved = 0, stored = 0, slices = s->group_start[SLICE_HOLE];
    work_name(s, name, sizeof name);
    Status st = slice_checkpoint_read(s->checkpoint, s->work, &solved, &stored, why, sizeof why);
    if (st == STATUS_MISSING) return 0;
    if (st == STATUS_OK && (solved == 0 || solved > slices)) {
        snprintf(why, sizeof why, "it says %" PRIu64 " slices are solved, of %" PRIu64, solved,
                 slices);
        st = STATUS_CORRUPT;
    }
    if (st == STATUS_OK) st = solver_open_files(s, false, stored, why, sizeof why);
    FILE *log = s->opt->progress;
    if (st == STATUS_OK) {
        if (log)
            fprintf(log, "%s: resuming at slice %" PRIu64 " of %" PRIu64 "\n", name, solved,
                    slices);
        return solved;
    }
    if (log)
        fprintf(log, "%s: discarded the checkpoint '%s': %s; solving from the start\n", name,
                s->checkpoint, why);
    slice_store_free(s->store);
    s->store = NULL;
    return 0;
}

/* The scratch files and checkpoint at opt->scratch (scratch_path): continued from where a
 * checkpoint says, or made anew, the stale checkpoint first removed so that it never
 * describes the new files. */
Status solver_open_scratch(Solver *s, char *err, size_t errlen) {
    solver_scratch_path(s->opt->scratch, s->set, SCRATCH_CHECKPOINT, s->checkpoint,
                        sizeof s->checkpoint);
    describe_work(s, s->work, sizeof s->work);
    s->solved = s->checkpointed = resume_point(s);
    if (s->solved > 0) return STATUS_OK;
    unlink(s->checkpoint); /* resume_point said why, when there was one */
    solver_remove_retired(s->opt->scratch, s->set);
    return solver_open_files(s, true, 0, err, errlen);
}
