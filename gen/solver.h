/* The solver of gen/solve.h, shared by the files that make it up (solve.c, solve_layers.c,
 * solve_scratch.c, solve_checkpoint.c, solve_share.c).  Retrograde analysis by slices, and
 * in each slice by layers of DTW.
 *
 * A slice is every position of one placement of the men, with either side to move.  Men
 * only step forward, so a man's step leads to a slice whose men have fewer rows to go, and
 * only the kings' quiet moves stay in a slice.  Slices are solved in order of the rows
 * their men have to go, fewest first, so that every man's step out of a slice reaches a
 * finished one; slices the same rows from promotion do not reach each other and are solved
 * side by side.  A slice is small (its kings' placements), so its layers work in the cache.
 *
 * Initialisation looks at every position's moves once.  A capture, a promotion and a
 * man's step leave the slice, so their values follow from finished tables (each successor
 * looked up once, probe/value_memo.h) or finished slices: a position with a capture
 * pending is decided at once.  The kings' quiet moves stay inside and are only counted,
 * not listed.  Layer n then takes every position of the slice decided at DTW n-1 and walks
 * its predecessors (king un-moves): a loss makes each predecessor a win at n; a win takes
 * one off each predecessor's count of open moves, and a predecessor whose count reaches
 * zero is a loss at DTW 1 + its longest successor.  Layers run in increasing DTW, so the
 * first win found is the fastest and the last count down the longest defence.  Positions
 * never decided are draws.
 *
 * Memory is 3 bytes and a bit per position: the cell, the count of open moves, and the
 * bitmap of positions the prober never reads; and 4 bytes a slice for their order (one
 * more while they are sorted).  An undecided cell carries what leaving the slice gives
 * (see pending_cell), so no other array is needed.
 *
 * In slice groups (SolveOptions.scratch) the 3 bytes and the bit are kept only for a chunk of a
 * group, as many slices as the memory given allows, at least one: each chunk finished is appended
 * compressed to a store (slice_store.h), from which the slices after it read what their
 * men's steps lead to through a bounded cache; each cell's bit of the bitmap is stored
 * beside it (put_chunk), for the table writer alone.  After a chunk, from time to time
 * (see checkpoint), the store is synced and a checkpoint
 * (slice_checkpoint.h) records how far the order got, so that a run cut short is continued
 * after its last checkpointed chunk (see resume_point for why that gives the same cells).
 * The groups' slices can also be shared out over processes, which solve ranges of one group
 * at a time (SliceShare in solve.h, for dtb-gen --mpi). */
#ifndef DTB_SOLVER_H
#define DTB_SOLVER_H

#include "movegen.h"
#include "slice_store.h"
#include "solve.h"
#include "unmove.h"

#include <stdbool.h>
#include <stdint.h>

#define HOLE        CELL_MAKE(WDL_NONE, 0)
#define MAX_THREADS 64
#define ROWS_MAX    (SLICE_ROWS_MAX + 1)

/* Most layers decide few positions, so each span of 2^SPAN_BITS positions keeps a mask of
 * the DTWs (modulo 64) decided or pending in it, and a layer skips the spans it has
 * nothing in: smaller spans scan fewer cells, for more masks, and past 2^10 gain little
 * (bench/RESULTS.md, "The solver").  A span may hold several small slices; their bits only make a
 * layer look at a span in vain. */
#define SPAN_BITS 10

/* One thread's room for walking un-moves and listing moves. */
typedef struct Tools {
    IdxCursor decoder, encoder;
    IdxMoveCursors step_encoders; /* a slice's positions are initialised in index order */
    uint64_t index[UNMOVE_MAX];
    MoveList list;
    Position listed; /* the placement and side to move whose men's changes list holds */
} Tools;

/* What each thread counts, a cache line apart so that threads do not slow each other.
 * last_layer and open concern the slice being solved. */
typedef struct Worker {
    _Alignas(64) int last_layer; /* highest DTW decided or pending */
    int64_t open;                /* positions left pending, less those decided since */
    Tools *tools;
    Status status;
    char err[256];
} Worker;

/* The solver's arrays hold a window of the slices, each slice at a slot: in memory every
 * slice at its own, laid out as the index (so the window is the table), and in slice groups
 * the chunk being solved, slot k for its k-th slice, laid out as the index too: White to
 * move in every slot, then Black, so that slices in a row in the index, as a group's often
 * are, go to the scratch file in one write each side rather than two writes a slice, which
 * made materials of many tiny slices several times as slow (bench/RESULTS.md, "The solver").  A
 * position's place in the arrays is its local index, side x side_stride + slot x slot_stride + its
 * rank in its slice and side. */
typedef struct Solver {
    const Variant *v;
    ValueMemo *exits; /* values of the positions captures and promotions lead to */
    Indexer ix;
    int set;
    Cell *cells;           /* by local index */
    uint8_t *open_moves;   /* by local index: moves not yet known to lose, plus 1 for an exit
                            * that is not */
    uint64_t *unstored;    /* by index: capture pending or hole: the prober never reads these;
                            * NULL in slice groups, where the store keeps them */
    uint64_t *window_bits; /* by local index, the window's part of unstored: in memory
                            * unstored itself, in slice groups stored with the cells */
    SliceStore *store;     /* in slice groups, the finished cells (NULL: all in memory) */
    SliceStore *segment;   /* solve_slice_range: where its range's cells go, else NULL */
    uint64_t *span_dtws;   /* per span of local indices: bit d % 64 for each DTW d decided or
                            * pending there */
    uint64_t slice_size;   /* positions of a slice with one side to move */
    uint64_t slice_count;
    uint64_t chunk_first;              /* in slice groups, where in order the chunk starts */
    uint64_t side_stride, slot_stride; /* of local indices */
    uint64_t window;                   /* positions the arrays hold */
    uint64_t chunk;                    /* slices solved at once in slice groups */
    const SliceOrder *slices;          /* opt->order, or own_order */
    SliceOrder *own_order;             /* made here when the caller keeps none */
    const uint32_t *order;             /* slices->order */
    const uint64_t *group_start;       /* slices->group_start */
    uint64_t solved;                   /* slices, in order */
    uint64_t checkpointed;             /* slices the last checkpoint says are solved */
    char checkpoint[4400];             /* in slice groups, the checkpoint's path */
    char work[1024];                   /* and the work it names (slice_checkpoint.h) */
    const SolveOptions *opt;
    double start, reported;
    /* in slice groups, when the last checkpoint was written, and the seconds it took */
    double checkpoint_end, checkpoint_cost;
    uint64_t unclocked; /* positions worked on since report read the clock: thread 0's alone */
    Worker worker[MAX_THREADS];
} Solver;

/* A slice being solved, by one thread or by all.  Its positions are counted by rank: ranks
 * [0, slice_size) have White to move, at indices from global[WHITE] on and local indices
 * from local[WHITE] on, and the next slice_size Black. */
typedef struct Slice {
    Solver *s;
    uint64_t global[2], local[2];
    int layer;
} Slice;

/* The slices of a material, fewest rows to go first (slice_plan.h), holes last. */
struct SliceOrder {
    SlicePlan plan;
    uint32_t *order;
    uint64_t group_start[ROWS_MAX + 1]; /* [r]: where slices r rows to go start in order */
};

/* The index of the first position of slice order[k] with `side` to move. */
static inline uint64_t slice_index(const Solver *s, uint64_t k, int side) {
    return side * s->ix.per_side + s->order[k] * s->slice_size;
}

/* The slice order[k]. */
static inline Slice solver_slice_at(Solver *s, uint64_t k) {
    uint64_t slice = s->order[k], slot = s->store ? k - s->chunk_first : slice;
    Slice sl = {s, {0, 0}, {0, 0}, 0};
    for (int side = 0; side < 2; side++) {
        sl.global[side] = slice_index(s, k, side);
        sl.local[side] = side * s->side_stride + slot * s->slot_stride;
    }
    return sl;
}

/* The words of a bitmap of `positions` bits. */
static inline uint64_t bitmap_words(uint64_t positions) {
    return positions / 64 + 1;
}

/* The files of a value set solved in slice groups, beside the table: its cells' store and
 * its checkpoint; and the segments of ranges solved by other processes.  None ends in
 * the tables' ending, so nothing that lists tables sees them (tb_each_file), nor in a table's name
 * with ".tmp", which a run removes as left by a writer cut short (atomic_remove_leftovers). */
enum { SCRATCH_CELLS, SCRATCH_CHECKPOINT, SCRATCH_FILES };

/* The segment of the range of the order from `begin` of value set `set` of table. */
void solver_segment_path(const char *table, int set, uint64_t begin, char *path, size_t len);

/* solve_layers.c: the slices, each by layers of DTW, group by group. */

/* Solves order[begin, begin + count), slices of one group: in slice groups, in chunks that
 * the window holds, each written to the scratch file once solved. */
Status solver_chunks(Solver *s, int threads, uint64_t begin, uint64_t count, char *err,
                     size_t errlen);

/* Solves the slices from order[s->solved] on (0, or where a checkpoint says), and settles
 * the holes. */
Status solver_groups(Solver *s, int threads, char *err, size_t errlen);

/* solve_scratch.c: the scratch files of slice groups. */

/* Stores the finished slices order[begin, begin + count), their cells with their bits. */
Status solver_put_chunk(Solver *s, uint64_t begin, uint64_t count, char *err, size_t errlen);

/* The path of scratch file `file` (SCRATCH_*) of value set `set` of table. */
void solver_scratch_path(const char *table, int set, int file, char *path, size_t len);
/* Removes what earlier versions kept as scratch files of set `set` beside the table and this
 * one does not: a run that starts a material afresh leaves none of them taking disk. */
void solver_remove_retired(const char *table, int set);

/* Opens the scratch files of s's value set: made anew when fresh, else as they are, the
 * store cut to `stored` bytes. */
Status solver_open_files(Solver *s, bool fresh, uint64_t stored, char *err, size_t errlen);

/* solve_checkpoint.c: checkpoints, and continuing from one. */

/* Makes the slices order[0, s->solved) durable and says so in the checkpoint, if it is time
 * or forced. */
Status solver_checkpoint(Solver *s, bool forced, char *err, size_t errlen);

/* The scratch files and checkpoint at opt->scratch: continued from where a checkpoint says,
 * or made anew. */
Status solver_open_scratch(Solver *s, char *err, size_t errlen);

/* solve.c: the solver, its memory, and a material solved whole. */

/* The bytes of the arrays for a window of `window` positions. */
uint64_t solver_window_bytes(uint64_t window);

/* A solver of m, its exits read through tb (none when NULL), before any array is laid out. */
Solver *solver_new(const Variant *v, Tablebase *tb, const Material *m, const SolveOptions *opt);

/* Takes the slices' order kept by the caller, or makes one.  False when out of memory. */
bool solver_plan_slices(Solver *s);

/* Lays out the window (see Solver) and allocates its arrays.  False when out of memory. */
bool solver_alloc_arrays(Solver *s, int threads);

void solver_free(Solver *s, int threads);

/* opt->threads within 1..MAX_THREADS. */
int solver_threads(const SolveOptions *opt);

#endif
