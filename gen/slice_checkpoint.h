/* The checkpoint of a value set solved in slice groups (solve.h): a small text file beside
 * the table's scratch files that says which work they hold and how far it got, so that a
 * run cut short is continued by the next rather than begun again.
 *
 *     dtb-gen slice checkpoint
 *     dtb 0.5.0, table format 5
 *     variant frisian 9c1d0e3b4a5f6789
 *     material KKMvKKM
 *     values pure
 *     positions 229571760000
 *     slices 2025, order 0123456789abcdef
 *     solved 1234
 *     stored 56789012
 *     check 89abcdef01234567
 *
 * Every line up to `solved` is the work (the solver writes it, slice_checkpoint_read
 * compares it whole); `solved` is how many slices of the order are finished and durable in
 * the scratch files, and `stored` how many bytes of the cells' store hold them
 * (slice_store.h); `check` is the XXH3-64 of all the lines before it.  It is written
 * atomically (atomic_file.h), after the scratch files are synced. */
#ifndef DTB_SLICE_CHECKPOINT_H
#define DTB_SLICE_CHECKPOINT_H

#include "status.h"

#include <stddef.h>
#include <stdint.h>

/* Reads the checkpoint at path.  STATUS_OK with *solved and *stored set when it is whole and
 * its work is `work` exactly; STATUS_MISSING when there is none; else STATUS_CORRUPT (damaged,
 * or of other work) or STATUS_IO, with why saying what is wrong. */
Status slice_checkpoint_read(const char *path, const char *work, uint64_t *solved, uint64_t *stored,
                             char *why, size_t whylen);

/* Replaces the checkpoint at path, atomically: `work`, then `solved` and `stored`. */
Status slice_checkpoint_write(const char *path, const char *work, uint64_t solved, uint64_t stored,
                              char *err, size_t errlen);

#endif
