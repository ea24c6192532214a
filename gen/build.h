/* Building a set of materials in dependency order, skipping tables already complete. */
#ifndef DTB_BUILD_H
#define DTB_BUILD_H

#include "material.h"
#include "solve.h"
#include "status.h"
#include "variant.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define BUILD_MAX_MATERIALS 1024

/* Whether a material is solved in slice groups on disk (solve.h): when solving it whole
 * would take more than --memory, always, or never. */
typedef enum SliceMode { SLICES_AUTO, SLICES_ALWAYS, SLICES_NEVER } SliceMode;

typedef struct BuildOptions {
    const char *dir;
    int threads;
    uint64_t memory;      /* bytes a material may take to solve; larger ones are refused */
    SliceMode slices;     /* whether to solve in slice groups on disk */
    bool one_side;        /* then rewrite each table to store one side to move (table_rewrite.h) */
    uint32_t block_bytes; /* decoded size of the tables' blocks (table_writer.h); 0: the default */
    FILE *log;            /* one line per material; live progress too when it is a terminal */
} BuildOptions;

/* Adds to list (count entries, room for BUILD_MAX_MATERIALS) every material the listed ones
 * convert into, makes all canonical, and sorts them so each comes after its successors.
 * Returns the new count. */
int build_closure(Material *list, int count);

/* A run over a folder, begun: the folder made and locked (folder_lock.h), leftovers
 * removed, each material's file looked at, the memory of each checked and, when tables
 * will change, the manifest retired.  Each function that can fail returns STATUS_OK or
 * its failure (status.h), with err set.  build_tables is the whole run in one process; an MPI
 * run (mpi_run.h) spreads the materials between begin and end over its ranks. */
typedef struct BuildRun BuildRun;

/* Begins a run over list (build_closure's order).  Either way *run is to be ended by build_run_end.
 */
Status build_run_begin(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                       BuildRun **run, char *err, size_t errlen);

/* Whether material i of the run's list needs building: its table was missing, damaged,
 * outdated, or a draft that a run without --one-side writes in full. */
bool build_run_pending(const BuildRun *run, int i);

/* Builds material i of the run's list as build_tables does (or says it is up to date),
 * solving and writing it with `threads` threads.  Safe to call for different materials at
 * once. */
Status build_run_material(BuildRun *run, int i, int threads, char *err, size_t errlen);

/* The memory material i of the run's list takes to solve, as the run's beginning counted
 * it (0 for a table found complete). */
uint64_t build_run_bytes(const BuildRun *run, int i);

/* Ends a run: when result is STATUS_OK, writes the manifest (manifest.h); then unlocks the
 * folder and frees the run.  Returns result, or the manifest's failure. */
Status build_run_end(BuildRun *run, Status result, char *err, size_t errlen);

/* Builds one material as a run does (solve, then write under a temporary name renamed
 * into place), looking at its file afresh; the tables it reads must be complete, and the
 * folder's lock held for the run (by this process, or by rank 0 of an MPI run). */
Status build_material(const Variant *v, const Material *m, const BuildOptions *opt, char *err,
                      size_t errlen);

/* Whether material i of the run's list is solved in slice groups, as the run's beginning
 * found (check_memory): an MPI run shares out their ranges (solve.h's SliceShare). */
bool build_run_sliced(const BuildRun *run, int i);

/* Opens the share of value set `set` of material i's slice groups (slice_share_open), its
 * scratch files beside its table, with the slices' order kept by the caller (the value sets
 * share one). */
Status build_share_open(const BuildRun *run, int i, int set, const SliceOrder *order,
                        SliceShare **share, char *err, size_t errlen);

/* What a process solving ranges of slice groups keeps from one range to the next of the
 * same material and value set: the tables read, whose decoded blocks serve the next range
 * too.  range_work_new returns NULL when out of memory; range_work_free(NULL) does nothing. */
typedef struct RangeWork RangeWork;
RangeWork *range_work_new(void);
void range_work_free(RangeWork *work);

/* Solves order[begin, begin + count) of value set `set` of m's slice groups as
 * solve_slice_range does, with the memory a run gives a material in slice groups, through
 * work. */
Status build_slice_range(const Variant *v, const Material *m, const BuildOptions *opt, int set,
                         uint64_t begin, uint64_t count, RangeWork *work, char *err, size_t errlen);

/* Rewrites m's table to store one side to move, as --one-side does once the set is
 * complete (table_rewrite.h). */
Status build_one_side(const Variant *v, const Material *m, const BuildOptions *opt, char *err,
                      size_t errlen);

/* Prints what each material of list takes to solve (the tables it reads included): its
 * positions, slices (placements of the men, slice_plan.h) and their positions with one side
 * to move, the memory to solve it whole and in slice groups, and the disk its scratch files
 * take in slice groups (solve_scratch_bytes); then the largest of each.
 * Builds nothing.  Returns STATUS_OK, or STATUS_MEMORY when out of memory. */
Status build_plan(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                  FILE *out);

/* Solves and writes every material of list, several small ones at once (build_pool.h).  A
 * material that needs more than opt->memory, or whose scratch files would not fit in the
 * folder's free disk space, is refused before anything is allocated. */
Status build_tables(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                    char *err, size_t errlen);

#endif
