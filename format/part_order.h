/* The order in which a table file lays out the parts of the index.
 *
 * Below the side to move, an index (index.h) is a number in mixed radix whose digits, major
 * first, are its PART_COUNT parts: White's men, Black's men, White's kings, Black's kings,
 * and Frisian's king-move states of White and of Black (a part absent from a material has
 * one value).  A file may store its positions with these parts in another order, the side
 * to move still major: which order compresses best differs from material to material
 * (bench/RESULTS.md, "Rules, format and probe").  Readers and writers speak index order; this maps
 * it to the file's and back. */
#ifndef DTB_PART_ORDER_H
#define DTB_PART_ORDER_H

#include <stdbool.h>
#include <stdint.h>

enum { PART_COUNT = 6 };

typedef struct PartOrder {
    uint64_t per_side; /* positions with one side to move: the product of the sizes */
    bool identity;     /* the file keeps the index's order */
    int moving;        /* parts of more than one value: the only ones whose place matters */
    /* Of each such part, in the index's order: its size, its stride in the index, its
     * stride in the file. */
    uint64_t size[PART_COUNT], index_stride[PART_COUNT], file_stride[PART_COUNT];
    /* The same parts in the file's order, major first, as positions in the arrays above. */
    int file_part[PART_COUNT];
    /* Where a side has under 2^32 positions, for each stride the multiplier that divides
     * by it (0 for none: a stride of 1, or a side too large); a 64-bit division took an
     * eighth of a warm probe. */
    uint64_t index_divide[PART_COUNT], file_divide[PART_COUNT];
} PartOrder;

/* Sets o for parts of these sizes (in the index's order) laid out in the file in `order`
 * (order[k] is the part the file puts k-th, major first).  False where order is not a
 * permutation of 0 .. PART_COUNT - 1, a size is 0, or the sizes do not multiply to
 * per_side. */
bool part_order_init(PartOrder *o, const uint64_t size[PART_COUNT], const uint8_t order[PART_COUNT],
                     uint64_t per_side);

/* Steps the first n entries of order to their next arrangement in lexicographic order;
 * false after the last.  From ascending entries, this goes through every order of them. */
bool part_order_next(uint8_t *order, int n);

/* The file's place of position `index` (either side to move), and back. */
uint64_t part_order_to_file(const PartOrder *o, uint64_t index);
uint64_t part_order_to_index(const PartOrder *o, uint64_t file_index);

/* Walks the file's places in order and gives the index of each without dividing: a
 * writer packs a block and a reader spreads it so. */
typedef struct PartWalk {
    uint64_t index;
    uint64_t digit[PART_COUNT]; /* by place in the file's order */
} PartWalk;

void part_walk_start(const PartOrder *o, uint64_t file_index, PartWalk *w);

static inline void part_walk_next(const PartOrder *o, PartWalk *w) {
    for (int k = o->moving - 1; k >= 0; k--) {
        int part = o->file_part[k];
        w->index += o->index_stride[part];
        if (++w->digit[k] < o->size[part]) return;
        w->digit[k] = 0;
        w->index -= o->size[part] * o->index_stride[part];
    }
    w->index += o->per_side; /* past the last of one side to move: the other's first */
}

#endif
