/* The file's order of the index's parts (format/part_order.h): for every order of six parts
 * (two of one value), a position's place is worked out here by hand from its digits, and
 * mapping there and back, and walking the places in order, must agree with it. */
#include "part_order.h"

#include <stdio.h>
#include <string.h>

static const uint64_t sizes[PART_COUNT] = {3, 1, 4, 5, 1, 2};
enum { PER_SIDE = 3 * 4 * 5 * 2 };

/* The place of index i with parts of these sizes in `order`: its digits taken from the
 * minor end in the index's order, then put together major first in the file's. */
static uint64_t place_in(const uint64_t size[PART_COUNT], uint64_t per_side,
                         const uint8_t order[PART_COUNT], uint64_t i) {
    uint64_t digit[PART_COUNT], rest = i % per_side, place = 0;
    for (int part = PART_COUNT - 1; part >= 0; part--)
        digit[part] = rest % size[part], rest /= size[part];
    for (int k = 0; k < PART_COUNT; k++) place = place * size[order[k]] + digit[order[k]];
    return i / per_side * per_side + place;
}

static uint64_t place_by_hand(const uint8_t order[PART_COUNT], uint64_t i) {
    return place_in(sizes, PER_SIDE, order, i);
}

/* A side of 2^32 positions or more takes plain divisions: sampled indices must map as by
 * hand and back. */
static bool large_side_maps(void) {
    static const uint64_t large[PART_COUNT] = {70001, 1, 3, 99991, 1, 7};
    static const uint8_t order[PART_COUNT] = {5, 3, 1, 0, 4, 2};
    uint64_t per_side = 70001ull * 3 * 99991 * 7;
    PartOrder o;
    if (!part_order_init(&o, large, order, per_side)) return false;
    bool ok = per_side > UINT32_MAX;
    for (uint64_t i = 12345; i < 2 * per_side; i += per_side / 1000 + 7) {
        uint64_t place = part_order_to_file(&o, i);
        ok &= place == place_in(large, per_side, order, i) && part_order_to_index(&o, place) == i;
    }
    return ok;
}

/* The orders' mistakes: places not as by hand, indices not back, walks astray. */
static int check_order(const uint8_t order[PART_COUNT]) {
    PartOrder o;
    if (!part_order_init(&o, sizes, order, PER_SIDE)) return 1;
    int wrong = 0;
    PartWalk walk;
    part_walk_start(&o, 0, &walk);
    for (uint64_t k = 0; k < 2 * PER_SIDE; k++, part_walk_next(&o, &walk)) {
        wrong += part_order_to_file(&o, k) != place_by_hand(order, k);
        wrong += part_order_to_index(&o, part_order_to_file(&o, k)) != k;
        wrong += place_by_hand(order, walk.index) != k;
    }
    PartWalk middle;
    part_walk_start(&o, PER_SIDE + 7, &middle);
    return wrong + (middle.index != part_order_to_index(&o, PER_SIDE + 7));
}

int main(void) {
    int failed = 0, orders = 0, identities = 0;
    uint8_t order[PART_COUNT] = {0, 1, 2, 3, 4, 5};
    do {
        PartOrder o;
        orders++;
        failed += check_order(order) != 0;
        identities += part_order_init(&o, sizes, order, PER_SIDE) && o.identity;
    } while (part_order_next(order, PART_COUNT));
    printf("%s %d orders (expected 720) map as by hand, there and back, and walk in order (%d "
           "failed)\n",
           failed || orders != 720 ? "FAIL" : "ok  ", orders, failed);
    /* The parts of one value (1 and 4) may go anywhere: 720 / 4! orders keep the other four
     * in the index's order. */
    printf("%s %d orders are the index's own (expected 30)\n", identities == 30 ? "ok  " : "FAIL",
           identities);
    PartOrder o;
    const uint8_t twice[PART_COUNT] = {0, 0, 2, 3, 4, 5};
    const uint64_t zero[PART_COUNT] = {3, 0, 4, 5, 1, 2};
    bool refused = !part_order_init(&o, sizes, twice, PER_SIDE) &&
                   !part_order_init(&o, sizes, order, PER_SIDE + 1) &&
                   !part_order_init(&o, zero, order, 0);
    printf("%s a part twice, a wrong product and a part of no value are refused\n",
           refused ? "ok  " : "FAIL");
    bool large = large_side_maps();
    printf("%s a side of over 2^32 positions maps as by hand and back\n", large ? "ok  " : "FAIL");
    return failed || orders != 720 || identities != 30 || !refused || !large;
}
