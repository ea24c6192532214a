#include "part_order.h"

#include <string.h>

static bool is_permutation(const uint8_t order[PART_COUNT]) {
    bool seen[PART_COUNT] = {false};
    for (int k = 0; k < PART_COUNT; k++) {
        if (order[k] >= PART_COUNT || seen[order[k]]) return false;
        seen[order[k]] = true;
    }
    return true;
}

/* Lemire, Kaser and Kurz's multiplier for dividing numbers under 2^32 by d, from 2 to
 * 2^32 - 1: n / d is the high half of the 128-bit product of n and the multiplier. */
static uint64_t divider(uint64_t d) {
    return d > 1 ? UINT64_MAX / d + 1 : 0;
}

static uint64_t divide(uint64_t n, uint64_t d, uint64_t multiplier) {
    __extension__ typedef unsigned __int128 Wide;
    return multiplier ? (uint64_t)((Wide)multiplier * n >> 64) : n / d;
}

bool part_order_init(PartOrder *o, const uint64_t size[PART_COUNT], const uint8_t order[PART_COUNT],
                     uint64_t per_side) {
    memset(o, 0, sizeof *o);
    if (!is_permutation(order)) return false;
    int slot[PART_COUNT]; /* a part's position in the arrays, -1 for one of one value */
    uint64_t product = 1;
    for (int part = 0; part < PART_COUNT; part++) {
        if (size[part] == 0 || product > per_side / size[part]) return false;
        product *= size[part];
        slot[part] = size[part] > 1 ? o->moving : -1;
        if (size[part] > 1) o->size[o->moving++] = size[part];
    }
    if (product != per_side) return false;
    o->per_side = per_side;
    uint64_t stride = 1;
    for (int k = o->moving - 1; k >= 0; k--) o->index_stride[k] = stride, stride *= o->size[k];
    int placed = 0;
    for (int k = 0; k < PART_COUNT; k++)
        if (slot[order[k]] >= 0) o->file_part[placed++] = slot[order[k]];
    o->identity = true;
    stride = 1;
    for (int k = o->moving - 1; k >= 0; k--) {
        o->file_stride[o->file_part[k]] = stride;
        stride *= o->size[o->file_part[k]];
        o->identity &= o->file_part[k] == k;
    }
    for (int k = 0; k < o->moving && per_side <= UINT32_MAX; k++) {
        o->index_divide[k] = divider(o->index_stride[k]);
        o->file_divide[k] = divider(o->file_stride[k]);
    }
    return true;
}

/* Moves position `from` between two layouts: its digits taken major first by from_stride
 * in from_order, put back by to_stride. */
static uint64_t relayout(const PartOrder *o, uint64_t from, const uint64_t *from_stride,
                         const uint64_t *from_divide, const uint64_t *to_stride,
                         const int *from_order) {
    uint64_t side = from >= o->per_side ? o->per_side : 0, rest = from - side, to = side;
    for (int k = 0; k < o->moving; k++) {
        int part = from_order ? from_order[k] : k;
        uint64_t digit = divide(rest, from_stride[part], from_divide[part]);
        rest -= digit * from_stride[part];
        to += digit * to_stride[part];
    }
    return to;
}

bool part_order_next(uint8_t *order, int n) {
    int i = n - 2;
    while (i >= 0 && order[i] >= order[i + 1]) i--;
    if (i < 0) return false;
    int j = n - 1;
    while (order[j] <= order[i]) j--;
    uint8_t swap = order[i];
    order[i] = order[j], order[j] = swap;
    for (int lo = i + 1, hi = n - 1; lo < hi; lo++, hi--)
        swap = order[lo], order[lo] = order[hi], order[hi] = swap;
    return true;
}

uint64_t part_order_to_file(const PartOrder *o, uint64_t index) {
    if (o->identity) return index;
    return relayout(o, index, o->index_stride, o->index_divide, o->file_stride, NULL);
}

uint64_t part_order_to_index(const PartOrder *o, uint64_t file_index) {
    if (o->identity) return file_index;
    return relayout(o, file_index, o->file_stride, o->file_divide, o->index_stride, o->file_part);
}

void part_walk_start(const PartOrder *o, uint64_t file_index, PartWalk *w) {
    memset(w, 0, sizeof *w);
    uint64_t side = file_index >= o->per_side ? o->per_side : 0, rest = file_index - side;
    w->index = side;
    for (int k = 0; k < o->moving; k++) {
        int part = o->file_part[k];
        w->digit[k] = divide(rest, o->file_stride[part], o->file_divide[part]);
        rest -= w->digit[k] * o->file_stride[part];
        w->index += w->digit[k] * o->index_stride[part];
    }
}
