/* The store of cells of slice groups (gen/slice_store.h), checked against what was put:
 * Brazilian's KvM, 28 slices (the black man on a square not of its promotion row), each the
 * white king on the 31 other squares, solved in an order that is not the index's.  Records
 * come out of order, as ranges of other processes do, and leave holes; a record that
 * overlaps one stored is refused.  Every cell reads as put with its unstored bit (given
 * from a bitmap at an offset that is no whole byte), a hole as 0 and unstored, and so
 * again once records of a segment are appended (slice_store_append_file) and once the
 * store is reopened from its file, its directory rebuilt from the records.
 *
 * Its directory's memory is checked on Scandinavian's MMMMvMMM, 2,114,239,050 slices of
 * one position a side: 4 bytes a slice (its place in the order), and by hand under 64 MiB
 * beside them: 16 bytes a record, a record a 16,384 slices a side (4.1 MB); 258,086
 * blocks of 16,384 cells and as many records' last ones, 25 bytes a block in pages of
 * 4,096 (13 MB); a page pointer a 4,096 slice sides (8.3 MB); a block decoded and packed
 * and the compression context (under 2 MB). */
#include "slice_plan.h"
#include "slice_store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SLICES = 28, SIZE = 31, STEP = 5 }; /* STEP is prime to SLICES: order[k] = k * STEP */

static int failures;

static void check(bool ok, const char *what) {
    printf("%s %s\n", ok ? "ok  " : "FAIL", what);
    failures += !ok;
}

/* The cell put for rank `rank` of slice `slice` with `side` to move: never 0. */
static Cell cell_of(int side, uint64_t slice, uint64_t rank) {
    return CELL_MAKE(WDL_WIN, 1 + side * SLICES * SIZE + slice * SIZE + rank);
}

/* The unstored bit put for that position: runs and lone bits, unlike from slice to slice. */
static bool bit_of(int side, uint64_t slice, uint64_t rank) {
    return (rank + slice) % 7 < 2 + (uint64_t)side || rank == slice;
}

/* The bits are given from this bit of their bitmap on. */
enum { BITS_FROM = 13 };

/* Puts the slices order[first, first + count) with `side` to move (those past the order,
 * to be refused, as slice 0). */
static Status put(SliceStore *st, const uint32_t *order, int side, uint64_t first, uint64_t count) {
    Cell cells[SLICES * SIZE];
    uint64_t bits[(BITS_FROM + SLICES * SIZE) / 64 + 1] = {~(uint64_t)0};
    char err[600];
    for (uint64_t k = 0; k < count; k++)
        for (uint64_t rank = 0; rank < SIZE; rank++) {
            uint64_t slice = first + k < SLICES ? order[first + k] : 0, at = k * SIZE + rank;
            cells[at] = cell_of(side, slice, rank);
            at += BITS_FROM;
            bits[at / 64] &= ~((uint64_t)1 << at % 64);
            bits[at / 64] |= (uint64_t)bit_of(side, slice, rank) << at % 64;
        }
    return slice_store_put(st, side, first, count, cells, bits, BITS_FROM, err, sizeof err);
}

/* Whether every cell reads as put, and its bit: slices order[k] with stored[side][k], else
 * 0 and unstored. */
static bool reads_as_put(SliceStore *st, const Indexer *ix, const uint32_t *order,
                         bool stored[2][SLICES]) {
    StoreCursor cursor = STORE_CURSOR_START;
    for (int side = 0; side < 2; side++)
        for (uint64_t k = 0; k < SLICES; k++)
            for (uint64_t rank = 0; rank < SIZE; rank++) {
                uint64_t index = side * ix->per_side + order[k] * SIZE + rank;
                Cell want = stored[side][k] ? cell_of(side, order[k], rank) : 0, got;
                bool unstored = stored[side][k] ? bit_of(side, order[k], rank) : true;
                char err[600];
                if (slice_store_read(st, index, &got, err, sizeof err) != STATUS_OK ||
                    got != want || slice_store_at(st, &cursor, index) != want ||
                    store_cursor_unstored(&cursor, index) != unstored)
                    return false;
            }
    return true;
}

static void check_records(const char *dir) {
    Variant v;
    Material m;
    Indexer ix;
    char path[4200], err[600];
    variant_lookup("brazilian", &v);
    material_parse("KvM", &m, err, sizeof err);
    idx_init(&ix, &v, &m);
    check(slice_count(&ix) == SLICES && ix.per_side / SLICES == SIZE, "KvM: 28 slices of 31");
    uint32_t order[SLICES];
    for (uint64_t k = 0; k < SLICES; k++) order[k] = (uint32_t)(k * STEP % SLICES);
    snprintf(path, sizeof path, "%s/KvM.cells.zst.tmp", dir);
    SliceStore *st;
    if (slice_store_open(path, &ix, order, true, 0, 1 << 20, &st, err, sizeof err) != STATUS_OK) {
        check(false, err);
        return;
    }
    bool stored[2][SLICES] = {{false}};
    static const struct {
        int side;
        uint64_t first, count;
        Status status;
    } puts[] = {
        {0, 10, 10, STATUS_OK},     {0, 0, 5, STATUS_OK},      {1, 0, 28, STATUS_OK},
        {0, 15, 7, STATUS_CORRUPT}, {0, 4, 2, STATUS_CORRUPT}, {0, 19, 9, STATUS_CORRUPT},
        {0, 8, 2, STATUS_OK},       {0, 5, 4, STATUS_CORRUPT}, {1, 27, 1, STATUS_CORRUPT},
        {0, 24, 5, STATUS_CORRUPT},
    };
    bool as_said = true;
    for (size_t p = 0; p < sizeof puts / sizeof *puts; p++) {
        Status s = put(st, order, puts[p].side, puts[p].first, puts[p].count);
        as_said &= s == puts[p].status;
        for (uint64_t k = puts[p].first; s == STATUS_OK && k < puts[p].first + puts[p].count; k++)
            stored[puts[p].side][k] = true;
    }
    check(as_said, "records out of order are taken, overlapping or past the slices refused");
    check(reads_as_put(st, &ix, order, stored), "cells and bits read as put, holes as 0, unstored");
    char segment_path[4300];
    snprintf(segment_path, sizeof segment_path, "%s.range-20.tmp", path);
    SliceStore *segment;
    bool opened = slice_store_open(segment_path, &ix, order, true, 0, 0, &segment, err,
                                   sizeof err) == STATUS_OK;
    bool appended = opened && put(segment, order, 0, 20, 4) == STATUS_OK &&
                    put(segment, order, 0, 25, 3) == STATUS_OK;
    slice_store_free(opened ? segment : NULL);
    appended = appended && slice_store_append_file(st, segment_path, err, sizeof err) == STATUS_OK;
    for (uint64_t k = 20; k < SLICES; k++) stored[0][k] = k != 24;
    check(appended && reads_as_put(st, &ix, order, stored) && access(segment_path, F_OK) != 0,
          "and so once a segment's records are appended, the segment removed");
    uint64_t length = slice_store_length(st);
    slice_store_free(st);
    bool reopened = slice_store_open(path, &ix, order, false, length, 1 << 20, &st, err,
                                     sizeof err) == STATUS_OK;
    check(reopened && reads_as_put(st, &ix, order, stored), "and so once reopened");
    slice_store_free(reopened ? st : NULL);
    unlink(path);
}

static void check_directory_bytes(void) {
    Variant v;
    Material m;
    Indexer ix;
    char err[600];
    variant_lookup("scandinavian", &v);
    material_parse("MMMMvMMM", &m, err, sizeof err);
    idx_init(&ix, &v, &m);
    uint64_t directory = slice_store_bytes(&ix) - slice_store_cache_bytes(&ix);
    uint64_t bound = slice_count(&ix) * sizeof(uint32_t) + ((uint64_t)64 << 20);
    printf("%s scandinavian MMMMvMMM: %llu slices, the store's memory beside its cache %llu "
           "bytes, its bound %llu\n",
           directory <= bound ? "ok  " : "FAIL", (unsigned long long)slice_count(&ix),
           (unsigned long long)directory, (unsigned long long)bound);
    failures += directory > bound;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_slice_store DIR\n");
        return 2;
    }
    check_records(argv[1]);
    check_directory_bytes();
    return failures != 0;
}
