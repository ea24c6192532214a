/* The values of positions of other materials, each looked up once.
 *
 * Solving a material asks the finished tables for the value after every capture and
 * promotion, and checking it asks again.  Read through the tables, each answer costs a
 * capture test, a block read and, where a recapture is pending, a search; and the same
 * position is asked for again and again (a 4-piece position follows some 25 positions of
 * 5 pieces on average).  So the answers are kept, in one array of cells per material while
 * the memory budget allows; a material beyond it is read through the tables every time. */
#ifndef DTB_VALUE_MEMO_H
#define DTB_VALUE_MEMO_H

#include "tablebase.h"

#include <stdint.h>

typedef struct ValueMemo ValueMemo;

/* Values of value set `set` read through tb, keeping at most budget bytes of answers.
 * NULL when out of memory. */
ValueMemo *value_memo_new(Tablebase *tb, const Variant *v, int set, uint64_t budget);

/* tb_probe_set's answer for p; safe to call from several threads at once. */
Status value_memo_probe(ValueMemo *memo, const Position *p, Cell *out, char *err, size_t errlen);

void value_memo_free(ValueMemo *memo);

#endif
