/* The order in which the ranks of an MPI run (mpi_run.h) build a set's materials, kept apart
 * from MPI so that bench_cluster can simulate the same schedule on a cluster's node counts.
 * A material is ready once every material of the set it converts into is complete; among
 * the ready ones, the one heading the longest chain of work still to do (in positions,
 * through the materials that wait on it) goes first, so that the chain that bounds the
 * run's length starts as early as it can. */
#ifndef DTB_MPI_SCHEDULE_H
#define DTB_MPI_SCHEDULE_H

#include "material.h"
#include "variant.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct MpiSchedule MpiSchedule;

/* A schedule over list (count materials, canonical, in build_closure's order), none of them
 * complete; with `ordered` false, materials wait on none other (work that reads no other
 * table, as the rewrites of --one-side), so the largest goes first.  Returns NULL when out
 * of memory.  Free it with mpi_schedule_free. */
MpiSchedule *mpi_schedule_new(const Variant *v, const Material *list, int count, bool ordered);

/* Frees a schedule; NULL does nothing. */
void mpi_schedule_free(MpiSchedule *s);

/* The next material to build: the ready one not handed out yet that heads the longest
 * chain, marked handed out.  Returns its index in the list, or -1 when none is ready. */
int mpi_schedule_next(MpiSchedule *s);

/* Marks material i complete (built, or found complete before the run), which may make the
 * materials waiting on it ready. */
void mpi_schedule_complete(MpiSchedule *s, int i);

/* Whether every material is complete. */
bool mpi_schedule_finished(const MpiSchedule *s);

/* The positions of material i: its cost in the schedule's reckoning. */
uint64_t mpi_schedule_positions(const MpiSchedule *s, int i);

#endif
