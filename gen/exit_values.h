/* The values of the positions a material converts into, each looked up once.
 *
 * Solving asks the finished tables for the value after every capture and promotion.  Read
 * through the tables, each answer costs a capture test, a block read and, where a
 * recapture is pending, a search; and the same position is asked for again and again (a
 * 4-piece position follows some 25 positions of 5 pieces on average).  So the answers are
 * kept, in one array of cells per material while the memory budget allows; a material
 * beyond it is read through the tables every time. */
#ifndef DTB_EXIT_VALUES_H
#define DTB_EXIT_VALUES_H

#include "tablebase.h"

#include <stdint.h>

typedef struct ExitValues ExitValues;

/* Values of value set `set` read through tb, keeping at most budget bytes of answers.
 * NULL when out of memory. */
ExitValues *exit_values_new(Tablebase *tb, const Variant *v, int set, uint64_t budget);

/* tb_probe_set's answer for p; safe to call from several threads at once. */
TableStatus exit_values_probe(ExitValues *e, const Position *p, Cell *out, char *err,
                              size_t errlen);

void exit_values_free(ExitValues *e);

#endif
