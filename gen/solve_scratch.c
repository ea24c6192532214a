/* The scratch files of slice groups: the finished chunks' cells and bits (solver.h). */
#include "solver.h"

#include "draw_rules.h"
#include "slice_file.h"

#include <dirent.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ORs n bits of src, from bit `from` on, into dst from bit `to` on: a word's worth at a
 * time, as far as neither side crosses a word. */
void solver_or_bits(uint64_t *dst, uint64_t to, const uint64_t *src, uint64_t from, uint64_t n) {
    for (uint64_t done = 0, step; done < n; done += step) {
        uint64_t at = from + done, put = to + done;
        step = 64 - at % 64 < 64 - put % 64 ? 64 - at % 64 : 64 - put % 64;
        step = step < n - done ? step : n - done;
        uint64_t word = src[at / 64] >> (at % 64);
        if (step < 64) word &= ((uint64_t)1 << step) - 1;
        dst[put / 64] |= word << (put % 64);
    }
}

/* Where the bits of order[k]'s positions with `side` to move go from the window: to the value
 * set's bitmap by index, or to a range's (solve_slice_range) slice by slice as in order. */
static uint64_t *bits_destination(const Solver *s, uint64_t k, int side, uint64_t *at) {
    *at = s->range_bits ? range_offset(s, s->range_begin, k, side) : slice_index(s, k, side);
    return s->range_bits ? s->range_bits : s->unstored;
}

/* Stores the finished slices order[begin, begin + count), the chunk in the window, a record
 * a side to move, in the store (a range's segment in solve_slice_range), and their bits
 * where they go.  Slices next to each other in the index may share a word of the bitmap, so
 * the bits are copied here, by thread 0 alone, rather than set in the bitmap as they are
 * found. */
Status solver_put_chunk(Solver *s, uint64_t begin, uint64_t count, char *err, size_t errlen) {
    Status st = STATUS_OK;
    SliceStore *to = s->segment ? s->segment : s->store;
    Slice sl = solver_slice_at(s, begin);
    for (int side = 0; side < 2 && st == STATUS_OK; side++)
        st = slice_store_put(to, side, begin, count, &s->cells[sl.local[side]], err, errlen);
    for (uint64_t k = begin; k < begin + count && st == STATUS_OK; k++)
        for (int side = 0; side < 2; side++) {
            uint64_t at, *bits = bits_destination(s, k, side, &at);
            solver_or_bits(bits, at, s->window_bits, solver_slice_at(s, k).local[side],
                           s->slice_size);
        }
    return st;
}

void solver_scratch_path(const char *table, int set, int file, char *path, size_t len) {
    static const char *const set_name[VALUE_SETS_MAX] = {"pure", "rules"};
    static const char *const ending[SCRATCH_FILES] = {"cells.zst.tmp", "unstored.tmp",
                                                      "checkpoint"};
    snprintf(path, len, "%s.%s.%s", table, set_name[set], ending[file]);
}

/* Named as the store, with the range's place in the order. */
void solver_segment_path(const char *table, int set, uint64_t begin, char *path, size_t len) {
    char store[4400];
    solver_scratch_path(table, set, SCRATCH_CELLS, store, sizeof store);
    snprintf(path, len, "%.*s.range-%" PRIu64 ".tmp", (int)(strlen(store) - strlen(".tmp")), store,
             begin);
}

/* Removes the segments of set `set` that a run stopped before it took them left. */
static void remove_segments(const char *table, int set) {
    char folder[4400], store[4400], prefix[4400];
    snprintf(folder, sizeof folder, "%s", table);
    solver_scratch_path(table, set, SCRATCH_CELLS, store, sizeof store);
    snprintf(prefix, sizeof prefix, "%.*s.range-", (int)(strlen(store) - strlen(".tmp")),
             strrchr(store, '/') ? strrchr(store, '/') + 1 : store);
    DIR *dir = opendir(dirname(folder));
    for (struct dirent *e = dir ? readdir(dir) : NULL; e; e = readdir(dir))
        if (strncmp(e->d_name, prefix, strlen(prefix)) == 0) unlinkat(dirfd(dir), e->d_name, 0);
    if (dir) closedir(dir);
}

void solve_scratch_remove(const char *table, int sets) {
    for (int set = 0; set < sets; set++) {
        for (int file = 0; file < SCRATCH_FILES; file++) {
            char path[4400];
            solver_scratch_path(table, set, file, path, sizeof path);
            unlink(path);
        }
        remove_segments(table, set);
    }
}

bool solve_scratch_checkpointed(const char *table, int sets) {
    for (int set = 0; set < sets; set++) {
        char path[4400];
        solver_scratch_path(table, set, SCRATCH_CHECKPOINT, path, sizeof path);
        if (access(path, F_OK) == 0) return true;
    }
    return false;
}

uint64_t solve_scratch_held(const char *table, int sets) {
    uint64_t held = 0;
    for (int set = 0; set < sets; set++)
        for (int file = 0; file < SCRATCH_FILES; file++) {
            char path[4400];
            struct stat info;
            solver_scratch_path(table, set, file, path, sizeof path);
            if (stat(path, &info) == 0) held += (uint64_t)info.st_blocks * 512;
        }
    return held;
}

Status solver_open_files(Solver *s, bool fresh, uint64_t stored, char *err, size_t errlen) {
    char path[4400];
    solver_scratch_path(s->opt->scratch, s->set, SCRATCH_CELLS, path, sizeof path);
    Status st = slice_store_open(path, &s->ix, s->order, fresh, stored,
                                 slice_store_cache_bytes(&s->ix), &s->store, err, errlen);
    solver_scratch_path(s->opt->scratch, s->set, SCRATCH_UNSTORED, path, sizeof path);
    if (st == STATUS_OK)
        st = slice_file_open(path, solver_unstored_bytes(&s->ix), fresh, &s->bits, err, errlen);
    return st;
}
