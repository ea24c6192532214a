/* dtb-gen --mpi: one set built by the ranks of an MPI job (mpirun -np N dtb-gen --mpi ...)
 * that share the output folder (docs/cluster.md).  Rank 0 holds the folder's lock, looks at
 * the tables as a one-process run does, hands each worker rank a material whose successors
 * are complete (mpi_schedule.h), and writes the manifest once all are built; each worker
 * builds its material as a one-process run would (build_material), so the files are the
 * same byte for byte.  A material solved in slice groups (--slices) is shared out instead:
 * rank 0 hands out ranges of one group at a time to every idle worker, takes in the
 * segments they stored and checkpoints each group solved (solve.h's SliceShare), then hands the
 * material to one worker, which writes its table from the scratch files.  With --one-side the
 * rewrites are handed out the same way once the set is complete.  A run of one rank builds as
 * without --mpi.  Built with MPI when CMake finds it (mpi_run.c), otherwise mpi_absent.c says so.
 */
#ifndef DTB_MPI_RUN_H
#define DTB_MPI_RUN_H

#include "build.h"

#include <stdbool.h>
#include <stdint.h>

/* What the run tells its user, from the rank that speaks for it (rank 0, which also logs
 * each material handed out and the workers' busy and idle time). */
typedef struct MpiReport {
    bool speaks;   /* this rank speaks for the run: it prints err or the peak */
    uint64_t peak; /* bytes, the highest of every rank's peak resident memory */
} MpiReport;

/* Initialises MPI, builds list (build_closure's order) with every rank of the job, and
 * finalises MPI.  Returns STATUS_OK, or the failure with err set on the rank that speaks (a
 * worker's failure is told by rank 0, naming the worker). */
Status mpi_build_tables(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                        MpiReport *report, char *err, size_t errlen);

#endif
