/* Building a run's materials with the threads of one process: a material is taken once
 * every material it converts into is complete, in the order of the MPI run's schedule
 * (mpi_schedule.h).  A small one is solved and written by one thread while the others take
 * other small ones; a large one, or one solved in slice groups, waits until the materials
 * under way are done and then has every thread. */
#ifndef DTB_BUILD_POOL_H
#define DTB_BUILD_POOL_H

#include "build.h"

#include <stddef.h>

/* A material is small, solved by one thread beside others, when it has fewer than
 * POOL_SMALL_PER_THREAD positions for each thread of the run: fewer, its solving and
 * writing spread over all threads are mostly the serial stretches between their passes. */
#define POOL_SMALL_PER_THREAD ((uint64_t)1 << 20)

/* Builds every pending material of run (build_run_pending) with opt->threads threads, as
 * the heading says, keeping the materials under way at once within opt->memory.  Returns
 * STATUS_OK, or the first failure with err set to its message; materials under way when one fails
 * are finished, none begun after. */
Status build_pool_run(BuildRun *run, const Variant *v, const Material *list, int count,
                      const BuildOptions *opt, char *err, size_t errlen);

#endif
