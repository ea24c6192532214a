/* The scratch files of slice groups: the finished chunks' cells and bits (solver.h). */
#include "solver.h"

#include "draw_rules.h"

#include <dirent.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Stores the finished slices order[begin, begin + count), the chunk in the window, a record
 * a side to move, their cells and their bits, in the store (a range's segment in
 * solve_slice_range). */
Status solver_put_chunk(Solver *s, uint64_t begin, uint64_t count, char *err, size_t errlen) {
    Status st = STATUS_OK;
    SliceStore *to = s->segment ? s->segment : s->store;
    Slice sl = solver_slice_at(s, begin);
    for (int side = 0; side < 2 && st == STATUS_OK; side++)
        st = slice_store_put(to, side, begin, count, &s->cells[sl.local[side]], s->window_bits,
                             sl.local[side], err, errlen);
    return st;
}

/* The path of set `set`'s scratch file with this ending beside the table. */
static void ending_path(const char *table, int set, const char *ending, char *path, size_t len) {
    static const char *const set_name[VALUE_SETS_MAX] = {"pure", "rules"};
    snprintf(path, len, "%s.%s.%s", table, set_name[set], ending);
}

void solver_scratch_path(const char *table, int set, int file, char *path, size_t len) {
    static const char *const ending[SCRATCH_FILES] = {"cells.zst.tmp", "checkpoint"};
    ending_path(table, set, ending[file], path, len);
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

/* Earlier versions' checkpoints are discarded, as describing other work; their files were the
 * cells uncompressed, and the bitmap of positions left unstored, now in the store. */
void solver_remove_retired(const char *table, int set) {
    static const char *const retired[] = {"cells.tmp", "unstored.tmp"};
    for (size_t i = 0; i < sizeof retired / sizeof *retired; i++) {
        char path[4400];
        ending_path(table, set, retired[i], path, sizeof path);
        unlink(path);
    }
}

void solve_scratch_remove(const char *table, int sets) {
    for (int set = 0; set < sets; set++) {
        for (int file = 0; file < SCRATCH_FILES; file++) {
            char path[4400];
            solver_scratch_path(table, set, file, path, sizeof path);
            unlink(path);
        }
        remove_segments(table, set);
        solver_remove_retired(table, set);
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
    return slice_store_open(path, &s->ix, s->order, fresh, stored, slice_store_cache_bytes(&s->ix),
                            &s->store, err, errlen);
}
