/* Writing table files (layout in format/table_format.h): blocks are compressed in batches,
 * each block by whichever thread takes it, and written in order after room left for the
 * header and offset table, which are filled in last; the file appears under its name only
 * when complete (atomic_file.h).  Every block is packed from the cells alone, so the bytes
 * do not depend on the number of threads. */
#include "table_writer.h"
#include "atomic_file.h"
#include "parallel.h"
#include "table_format.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>
#define ZSTD_STATIC_LINKING_ONLY /* ZSTD_estimateCCtxSize_usingCParams, for table_writer_bytes */
#include <zstd.h>

/* How each kind of stream is cut and compressed, [TF_WDL] and [TF_DTW]: its positions per
 * block are per_byte times the block's decoded bytes (table_writer_begin_sized).  A probe
 * that first touches a block reads, checks and decodes it whole, so blocks are kept small
 * (TABLE_BLOCK_BYTES), though larger ones compress better.  Zstd decodes about equally
 * fast at every level, so each stream takes the level past which files shrink little for
 * much slower writing (bench/RESULTS.md, "The table writer").  The sizes are stored in each
 * file and the levels change only the bytes written, not the format. */
typedef struct StreamPlan {
    uint32_t per_byte; /* positions a decoded byte holds (a DTW half of two bytes aside) */
    int level;
} StreamPlan;

static const StreamPlan plans[2] = {
    [TF_WDL] = {4, 15},
    [TF_DTW] = {1, 9},
};

_Static_assert(2ull * TABLE_BLOCK_BYTES_MAX <= TF_BLOCK_BYTES_MAX &&
                   TABLE_BLOCK_BYTES % TABLE_BLOCK_BYTES_STEP == 0,
               "readers take the largest blocks written, two bytes a DTW position");

/* Blocks compressed at once, then written: at least BATCH_BLOCKS, and BATCH_PER_THREAD a
 * thread, so that the threads' last blocks of a batch end close together. */
#define BATCH_BLOCKS     32
#define BATCH_PER_THREAD 4
#define THREADS_MAX      64

/* One thread's tools: a compression context, a block's values (gather), its encoded bytes
 * and a block compressed only to be sized (pick_layout). */
typedef struct Packer {
    ZSTD_CCtx *cctx;
    uint16_t *values;
    uint8_t *raw, *sized;
} Packer;

/* A block of a batch: the last value its stream stores in it (-1 for none), the value
 * stored before it, and its bytes: bytes[best] is written, the other holds a trial of the
 * other way of filling (better_fill). */
typedef struct Packed {
    int last_inside;
    unsigned before;
    uint8_t *bytes[2];
    size_t size[2];
    int best;
} Packed;

struct TableWriter {
    char *path, *tmp; /* the file and its temporary name (atomic_file.h) */
    int fd;
    TableInfo info;
    uint64_t stored_first, stored_count; /* the positions stored (tf_stored_range) */
    PartOrder order;                     /* of the positions in the streams */
    bool counts_kept;                    /* the header takes kept_counts, not those counted */
    uint64_t kept_counts[2][2][4];
    bool draft; /* table_writer_draft */
    int sets_added;
    uint32_t block_bytes; /* decoded, of the smallest encoding (table_writer_begin_sized) */
    uint32_t per_block[TF_STREAMS], encoding[TF_STREAMS];
    uint64_t block_count; /* of all streams */
    uint64_t next_block;  /* the number of the next block written */
    uint64_t offset;      /* where it goes */
    uint8_t *head;        /* header, offset table and their checksum */
    size_t raw_cap, packed_cap, values_cap;
    int threads; /* packers made */
    Packer packer[THREADS_MAX];
    Packed *batch;
    int batch_count;
    void (*release)(void *ctx); /* table_writer_set_release, or NULL */
    void *release_ctx;
};

/* Cells mapped from a file (table_writer_set_release) let go of the pages read after each
 * window of RELEASE_POSITIONS positions a thread that a pass reads in order, and after each
 * batch of blocks. */
#define RELEASE_POSITIONS (1u << 24)

static void release_pages(const TableWriter *w) {
    if (w->release) w->release(w->release_ctx);
}

static bool name_fits(const char *name, size_t field) {
    size_t n = strnlen(name, field);
    return n > 0 && n < field;
}

static const uint8_t index_order[PART_COUNT] = {0, 1, 2, 3, 4, 5};

/* Whether the writer picks the order of the parts (TableInfo.part_order all zero). */
static bool picks_order(const TableInfo *info) {
    static const uint8_t pick[PART_COUNT] = {0};
    return memcmp(info->part_order, pick, PART_COUNT) == 0;
}

static Status check_info(const TableInfo *info, PartOrder *order, const char *path, char *err,
                         size_t errlen) {
    uint32_t sets = info->cells_per_position;
    if (!name_fits(info->variant, sizeof info->variant) ||
        !name_fits(info->material, sizeof info->material) || sets < 1 || sets > 2 ||
        info->positions % 2 != 0 || info->sides > TABLE_SIDES_SMALLER ||
        (info->mirrored && info->sides == TABLE_SIDES_BOTH))
        return status_fail(err, errlen, STATUS_CORRUPT, path,
                           "cannot write: empty or unterminated name, bad value set count or sides "
                           "code (mirrored with both), or an odd number of positions");
    const uint8_t *parts = picks_order(info) ? index_order : info->part_order;
    if (!part_order_init(order, info->part_size, parts, info->positions / 2))
        return status_fail(err, errlen, STATUS_CORRUPT, path,
                           "cannot write: the index's parts do not multiply to its size, or their "
                           "order is not a permutation");
    return STATUS_OK;
}

/* Zstd's settings are pinned here so that the same cells always give the same bytes:
 * one thread, the content size in each frame, no zstd checksum (each block has ours); the
 * level is set for each stream. */
static bool set_compression(ZSTD_CCtx *cctx) {
    return !ZSTD_isError(ZSTD_CCtx_setParameter(cctx, ZSTD_c_nbWorkers, 0)) &&
           !ZSTD_isError(ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, 1)) &&
           !ZSTD_isError(ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 0));
}

/* Lays out the streams: their block sizes are fixed now, the DTW encoding when its set is
 * added (two bytes until then, the most a block can take); with one side to move stored,
 * which one is fixed when the first set is added, where TABLE_SIDES_SMALLER asks for it. */
static void plan_streams(TableWriter *w) {
    uint32_t sides = w->info.sides == TABLE_SIDES_SMALLER ? TABLE_SIDES_WHITE : w->info.sides;
    tf_stored_range(w->info.positions, sides, &w->stored_first, &w->stored_count);
    for (uint32_t i = 0; i < 2 * w->info.cells_per_position; i++) {
        w->per_block[i] = plans[i % 2].per_byte * w->block_bytes;
        w->encoding[i] = i % 2 == TF_WDL ? TF_WDL_2BIT : TF_DTW_HALF16;
        w->block_count += tf_block_count(w->stored_count, w->per_block[i]);
    }
}

static bool make_packer(TableWriter *w, Packer *p) {
    p->cctx = ZSTD_createCCtx();
    p->values = malloc(w->values_cap * sizeof *p->values);
    p->raw = malloc(w->raw_cap);
    p->sized = malloc(w->packed_cap);
    return p->cctx && p->values && p->raw && p->sized && set_compression(p->cctx);
}

/* Makes the batch hold BATCH_PER_THREAD blocks for each of w's threads, BATCH_BLOCKS at
 * least. */
static bool grow_batch(TableWriter *w) {
    int count = w->threads * BATCH_PER_THREAD;
    if (count < BATCH_BLOCKS) count = BATCH_BLOCKS;
    if (count <= w->batch_count) return true;
    Packed *batch = realloc(w->batch, (size_t)count * sizeof *batch);
    if (!batch) return false;
    w->batch = batch;
    bool ok = true;
    for (; w->batch_count < count; w->batch_count++) {
        Packed *b = &batch[w->batch_count];
        b->bytes[0] = malloc(w->packed_cap);
        b->bytes[1] = malloc(w->packed_cap);
        ok = ok && b->bytes[0] && b->bytes[1];
    }
    return ok;
}

/* Lays out the streams and sizes the buffers of w for its info and block_bytes. */
static void size_buffers(TableWriter *w) {
    plan_streams(w);
    for (int i = 0; i < TF_STREAMS; i++) {
        size_t bytes = (size_t)tf_encoded_bytes(w->encoding[i], w->per_block[i]) + 1;
        if (bytes > w->raw_cap) w->raw_cap = bytes;
        if (w->per_block[i] > w->values_cap) w->values_cap = w->per_block[i];
    }
    w->offset = tf_data_start(w->block_count);
    w->packed_cap = ZSTD_compressBound(w->raw_cap);
}

static Status writer_init(TableWriter *w, const char *path, char *err, size_t errlen) {
    size_buffers(w);
    w->path = strdup(path);
    w->head = calloc(w->offset, 1);
    bool ok = w->path && w->head && make_packer(w, &w->packer[w->threads++]) && grow_batch(w);
    if (!ok) return status_fail(err, errlen, STATUS_MEMORY, path, "out of memory");
    return atomic_create(path, &w->tmp, &w->fd, err, errlen);
}

Status table_writer_begin(const char *path, const TableInfo *info, TableWriter **out, char *err,
                          size_t errlen) {
    return table_writer_begin_sized(path, info, TABLE_BLOCK_BYTES, out, err, errlen);
}

Status table_writer_begin_sized(const char *path, const TableInfo *info, uint32_t block_bytes,
                                TableWriter **out, char *err, size_t errlen) {
    *out = NULL;
    if (block_bytes == 0 || block_bytes % TABLE_BLOCK_BYTES_STEP ||
        block_bytes > TABLE_BLOCK_BYTES_MAX)
        return status_fail(err, errlen, STATUS_CORRUPT, path,
                           "blocks of %u bytes: not a multiple of %u up to %u", block_bytes,
                           TABLE_BLOCK_BYTES_STEP, TABLE_BLOCK_BYTES_MAX);
    PartOrder order;
    Status s = check_info(info, &order, path, err, errlen);
    if (s != STATUS_OK) return s;
    TableWriter *w = calloc(1, sizeof *w);
    if (!w) return status_fail(err, errlen, STATUS_MEMORY, path, "out of memory");
    w->fd = -1;
    w->block_bytes = block_bytes;
    w->info = *info;
    w->order = order;
    memset(w->info.counts, 0, sizeof w->info.counts);
    s = writer_init(w, path, err, errlen);
    if (s != STATUS_OK) {
        table_writer_free(w);
        return s;
    }
    *out = w;
    return STATUS_OK;
}

void table_writer_draft(TableWriter *w) {
    w->draft = true;
    if (picks_order(&w->info)) memcpy(w->info.part_order, index_order, PART_COUNT);
}

void table_writer_full_sides(TableInfo *info, const Material *m) {
    info->mirrored = material_self_symmetric(m);
    info->sides = info->mirrored ? TABLE_SIDES_WHITE : TABLE_SIDES_BOTH;
}

Status table_writer_set_threads(TableWriter *w, int threads, char *err, size_t errlen) {
    while (w->threads < threads && w->threads < THREADS_MAX)
        if (!make_packer(w, &w->packer[w->threads++]))
            return status_fail(err, errlen, STATUS_MEMORY, w->path, "out of memory");
    if (!grow_batch(w)) return status_fail(err, errlen, STATUS_MEMORY, w->path, "out of memory");
    return STATUS_OK;
}

void table_writer_set_release(TableWriter *w, void (*release)(void *ctx), void *ctx) {
    w->release = release;
    w->release_ctx = ctx;
}

void table_writer_free(TableWriter *w) {
    if (!w) return;
    if (w->fd >= 0) atomic_abort(w->fd, w->tmp);
    free(w->tmp);
    free(w->path);
    for (int t = 0; t < w->threads; t++) {
        ZSTD_freeCCtx(w->packer[t].cctx);
        free(w->packer[t].values);
        free(w->packer[t].raw);
        free(w->packer[t].sized);
    }
    for (int b = 0; b < w->batch_count; b++) free(w->batch[b].bytes[0]), free(w->batch[b].bytes[1]);
    free(w->batch);
    free(w->head);
    free(w);
}

static Status write_at(const TableWriter *w, const uint8_t *buf, size_t len, uint64_t offset,
                       char *err, size_t errlen) {
    while (len > 0) {
        ssize_t n = pwrite(w->fd, buf, len, (off_t)offset);
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) errno = ENOSPC; /* nothing written, and no errno set: the disk is full */
        if (n <= 0) return status_fail(err, errlen, STATUS_IO, w->tmp, "%s", strerror(errno));
        buf += n;
        len -= (size_t)n;
        offset += (uint64_t)n;
    }
    return STATUS_OK;
}

static bool is_unstored(const uint64_t *unstored, uint64_t i) {
    return unstored && unstored[i / 64] >> (i % 64) & 1;
}

/* Why a stored cell cannot be written (table_format.h), or NULL when it can. */
static const char *unwritable(Cell c) {
    int wdl = CELL_WDL(c);
    unsigned dtw = CELL_DTW(c);
    if ((wdl == WDL_DRAW || wdl == WDL_NONE) && dtw != 0) return "a draw or no value with a DTW";
    if (wdl == WDL_WIN && dtw % 2 == 0) return "a win with an even DTW";
    if (wdl == WDL_LOSS && dtw % 2 == 1) return "a loss with an odd DTW";
    if (dtw > CELL_DTW_STORED_MAX) return "a DTW too long for the prober";
    return NULL;
}

/* A pass over a value set's cells before it is written: the true values counted, the
 * stored ones checked and their largest DTW half, and the WDL stored most often, each
 * thread counting apart. */
typedef struct Scan {
    TableWriter *w;
    int set;
    const Cell *cells;
    const uint64_t *unstored;
    uint64_t base; /* of the window scanned */
    uint64_t counts[THREADS_MAX][2][4], stored[THREADS_MAX][4];
    unsigned max_half[THREADS_MAX];
    uint64_t first_bad[THREADS_MAX]; /* the first position that cannot be written, or none */
} Scan;

#define NO_POSITION UINT64_MAX

static void scan_range(void *ctx, int thread, uint64_t begin, uint64_t end) {
    Scan *scan = ctx;
    const TableWriter *w = scan->w;
    uint64_t per_side = w->info.positions / 2;
    for (uint64_t i = scan->base + begin; i < scan->base + end; i++) {
        Cell c = scan->cells[i];
        scan->counts[thread][i >= per_side][CELL_WDL(c)]++;
        if (is_unstored(scan->unstored, i) || i - w->stored_first >= w->stored_count) continue;
        scan->stored[thread][CELL_WDL(c)]++;
        if (unwritable(c)) {
            if (i < scan->first_bad[thread]) scan->first_bad[thread] = i;
            return; /* the rest of the range is past it */
        }
        if (CELL_DTW(c) / 2 > scan->max_half[thread]) scan->max_half[thread] = CELL_DTW(c) / 2;
    }
}

/* The first position scan found that cannot be written, or NO_POSITION. */
static uint64_t first_bad(const Scan *scan) {
    uint64_t first = NO_POSITION;
    for (int t = 0; t < THREADS_MAX; t++)
        if (scan->first_bad[t] < first) first = scan->first_bad[t];
    return first;
}

/* Adds up what each thread of scan found: set's counts in the header, and the largest DTW
 * half stored; returns the WDL stored most often. */
static unsigned scan_total(TableWriter *w, const Scan *scan, unsigned *max_half) {
    uint64_t stored[4] = {0};
    *max_half = 0;
    for (int t = 0; t < THREADS_MAX; t++) {
        for (int k = 0; k < 8; k++)
            w->info.counts[scan->set][k / 4][k % 4] += scan->counts[t][k / 4][k % 4];
        for (int wdl = 0; wdl < 4; wdl++) stored[wdl] += scan->stored[t][wdl];
        if (scan->max_half[t] > *max_half) *max_half = scan->max_half[t];
    }
    unsigned common = 0;
    for (unsigned wdl = 1; wdl < 4; wdl++)
        if (stored[wdl] > stored[common]) common = wdl;
    return common;
}

/* Scans set `set` (Scan) in windows of RELEASE_POSITIONS a thread, letting go of the pages
 * read after each; *max_half receives the largest DTW half stored and *common the WDL
 * stored most often. */
static Status scan_set(TableWriter *w, int set, const Cell *cells, const uint64_t *unstored,
                       unsigned *max_half, unsigned *common, char *err, size_t errlen) {
    Scan *scan = calloc(1, sizeof *scan);
    if (!scan) return status_fail(err, errlen, STATUS_MEMORY, w->tmp, "out of memory");
    *scan = (Scan){.w = w, .set = set, .cells = cells, .unstored = unstored};
    for (int t = 0; t < THREADS_MAX; t++) scan->first_bad[t] = NO_POSITION;
    uint64_t window = (uint64_t)RELEASE_POSITIONS * (uint64_t)w->threads, bad = NO_POSITION;
    for (; scan->base < w->info.positions && bad == NO_POSITION; scan->base += window) {
        uint64_t n = w->info.positions - scan->base;
        parallel_for(w->threads, n < window ? n : window, scan_range, scan);
        release_pages(w);
        bad = first_bad(scan);
    }
    *common = scan_total(w, scan, max_half);
    free(scan);
    if (bad == NO_POSITION) return STATUS_OK;
    return status_fail(err, errlen, STATUS_CORRUPT, w->tmp,
                       "cannot write position %llu of value set %d: %s", (unsigned long long)bad,
                       set, unwritable(cells[bad]));
}

/* Writes the compressed block `packed` (or fails with zstd's error code in size) at the
 * next block's place and records it in the offset table. */
static Status write_block(TableWriter *w, const uint8_t *packed, size_t size, char *err,
                          size_t errlen) {
    if (ZSTD_isError(size))
        return status_fail(err, errlen, STATUS_MEMORY, w->tmp, "zstd: %s", ZSTD_getErrorName(size));
    Status s = write_at(w, packed, size, w->offset, err, errlen);
    w->offset += size;
    uint8_t *entry = w->head + TF_HEADER_SIZE + w->next_block++ * TF_ENTRY_SIZE;
    tf_put_u64(entry, w->offset);
    tf_put_u64(entry + 8, XXH3_64bits(packed, size));
    return s;
}

/* What stream kind `kind` stores for a cell, and whether it stores it at all: a DTW
 * stream keeps only the DTW of wins and losses. */
static bool stored_value(int kind, Cell c, bool unstored, unsigned *value) {
    *value = kind == TF_WDL ? (unsigned)CELL_WDL(c) : CELL_DTW(c) / 2;
    return !unstored && (kind == TF_WDL || CELL_WDL(c) == WDL_WIN || CELL_WDL(c) == WDL_LOSS);
}

/* The first value stream kind stores in the file's places [begin, end), to fill those
 * before it. */
static unsigned first_stored(const PartOrder *order, int kind, const Cell *cells,
                             const uint64_t *unstored, uint64_t begin, uint64_t end) {
    unsigned value;
    PartWalk walk;
    part_walk_start(order, begin, &walk);
    for (uint64_t k = begin; k < end; k++, part_walk_next(order, &walk))
        if (stored_value(kind, cells[walk.index], is_unstored(unstored, walk.index), &value))
            return value;
    return 0;
}

/* A stream being written in batches of blocks, or sized on a sample of its blocks
 * (pick_layout), laid out by order over its stored places. */
typedef struct StreamJob {
    TableWriter *w;
    int i; /* the stream */
    const Cell *cells;
    const uint64_t *unstored;
    const PartOrder *order;
    uint64_t stored_first, stored_count, per_block;
    unsigned common;      /* the set's most common WDL */
    uint64_t first_block; /* of the batch, counted in the stream */
    unsigned before;      /* the last value stored before the batch */
} StreamJob;

/* The job of stream i of w's layout. */
static StreamJob stream_job(TableWriter *w, int i, const Cell *cells, const uint64_t *unstored) {
    return (StreamJob){.w = w,
                       .i = i,
                       .cells = cells,
                       .unstored = unstored,
                       .order = &w->order,
                       .stored_first = w->stored_first,
                       .stored_count = w->stored_count,
                       .per_block = w->per_block[i]};
}

/* Positions [*begin, *begin + *n) of block `block` of the stream. */
static void block_range(const StreamJob *job, uint64_t block, uint64_t *begin, uint64_t *n) {
    *begin = job->stored_first + block * job->per_block;
    *n = tf_block_positions(job->stored_count, job->per_block, block);
}

/* The last value the stream stores in block `block`, or -1; looked for from the block's
 * end: it is seldom far from it. */
static int last_stored(const StreamJob *job, uint64_t block) {
    uint64_t start, n;
    unsigned value;
    block_range(job, block, &start, &n);
    for (uint64_t place = start + n; place-- > start;) {
        uint64_t i = part_order_to_index(job->order, place);
        if (stored_value(job->i % 2, job->cells[i], is_unstored(job->unstored, i), &value))
            return (int)value;
    }
    return -1;
}

static void find_last_stored(void *ctx, int thread, uint64_t begin, uint64_t end) {
    (void)thread;
    const StreamJob *job = ctx;
    for (uint64_t k = begin; k < end; k++)
        job->w->batch[k].last_inside = last_stored(job, job->first_block + k);
}

/* What each block's first positions repeat, from the blocks before it; returns the value
 * stored last in the batch. */
static unsigned chain_before(TableWriter *w, uint64_t count, unsigned before) {
    for (uint64_t k = 0; k < count; k++) {
        w->batch[k].before = before;
        if (w->batch[k].last_inside >= 0) before = (unsigned)w->batch[k].last_inside;
    }
    return before;
}

/* A gathered position the stream does not store. */
#define NOT_STORED UINT16_MAX
_Static_assert(CELL_DTW_STORED_MAX / 2 < NOT_STORED, "a stored value is never NOT_STORED");

/* How many places ahead gather asks for the cells it will read.  The file's order walks the
 * cells out of the index's order, so most reads miss the caches: each block's cells are
 * read once, this far ahead, rather than walked again for each of the block's three
 * packings (bench/RESULTS.md, "The table writer"). */
enum { GATHER_AHEAD = 64 };

/* Reads the values of positions [begin, begin + n) of the stream, in the file's order,
 * into p->values (NOT_STORED for a position the stream leaves out). */
static void gather(const StreamJob *job, Packer *p, uint64_t begin, uint64_t n) {
    int kind = job->i % 2;
    const PartOrder *order = job->order;
    PartWalk walk, ahead;
    part_walk_start(order, begin, &walk);
    ahead = walk;
    for (uint64_t k = 0; k < GATHER_AHEAD && k < n; k++) part_walk_next(order, &ahead);
    for (uint64_t k = 0; k < n; k++, part_walk_next(order, &walk)) {
        if (k + GATHER_AHEAD < n) {
            __builtin_prefetch(&job->cells[ahead.index]);
            if (job->unstored) __builtin_prefetch(&job->unstored[ahead.index / 64]);
            part_walk_next(order, &ahead);
        }
        unsigned value;
        uint64_t i = walk.index;
        bool stored = stored_value(kind, job->cells[i], is_unstored(job->unstored, i), &value);
        p->values[k] = stored ? (uint16_t)value : NOT_STORED;
    }
}

/* Encodes the n values gathered in p and compresses them at `level` into out; returns the
 * compressed size or a zstd error code.  A position not stored takes *constant when given,
 * else the last value stored before it (`last` at the start). */
static size_t pack_block(const StreamJob *job, Packer *p, uint64_t n, unsigned last,
                         const unsigned *constant, int level, uint8_t *out) {
    uint32_t encoding = job->w->encoding[job->i];
    size_t raw_len = (size_t)tf_encoded_bytes(encoding, n);
    memset(p->raw, 0, raw_len);
    for (uint64_t k = 0; k < n; k++) {
        unsigned value = p->values[k];
        if (value != NOT_STORED)
            last = value;
        else
            value = constant ? *constant : last;
        tf_put_value(encoding, p->raw, k, value);
    }
    ZSTD_CCtx_setParameter(p->cctx, ZSTD_c_compressionLevel, level);
    return ZSTD_compress2(p->cctx, out, job->w->packed_cap, p->raw, raw_len);
}

/* The fill a WDL block compresses better with (1 for the common value), judged at
 * PICK_LEVEL: the pick is then compressed again at the stream's level.  A fast level picks
 * almost always as the stream's level would, at a fraction of the time (bench/RESULTS.md,
 * "The table writer"). */
enum { PICK_LEVEL = 1 };

/* A draft's level for every stream: a draft is written fast, to be rewritten, its file
 * somewhat larger (bench/RESULTS.md, "The table writer"). */
enum { DRAFT_LEVEL = 1 };

static int better_fill(const StreamJob *job, Packer *p, uint64_t n, Packed *out) {
    for (int k = 0; k < 2; k++)
        out->size[k] =
            pack_block(job, p, n, out->before, k ? &job->common : NULL, PICK_LEVEL, out->bytes[k]);
    return !ZSTD_isError(out->size[0]) && !ZSTD_isError(out->size[1]) &&
           out->size[1] < out->size[0];
}

/* A position not stored repeats the last value stored before it, extending runs; in a WDL
 * stream, a block may instead fill them all with the set's most common WDL, when that
 * compresses better.  Of the fills measured, the better of these two was the best for WDL,
 * and runs for DTW (bench/RESULTS.md, "The table writer"). */
static void pack_batch(void *ctx, int thread, uint64_t begin, uint64_t end) {
    const StreamJob *job = ctx;
    Packer *p = &job->w->packer[thread];
    for (uint64_t k = begin; k < end; k++) {
        Packed *out = &job->w->batch[k];
        uint64_t start, n;
        block_range(job, job->first_block + k, &start, &n);
        gather(job, p, start, n);
        bool draft = job->w->draft;
        out->best = job->i % 2 == TF_WDL && !draft ? better_fill(job, p, n, out) : 0;
        const unsigned *fill = out->best ? &job->common : NULL;
        int level = draft ? DRAFT_LEVEL : plans[job->i % 2].level;
        out->size[out->best] =
            pack_block(job, p, n, out->before, fill, level, out->bytes[out->best]);
    }
}

/* Compresses stream i of w's layout and writes it; common is its set's most common WDL. */
static Status write_stream(TableWriter *w, int i, const Cell *cells, const uint64_t *unstored,
                           unsigned common, char *err, size_t errlen) {
    StreamJob job = stream_job(w, i, cells, unstored);
    uint64_t begin = w->stored_first, end = begin + w->stored_count;
    uint64_t blocks = tf_block_count(w->stored_count, w->per_block[i]);
    job.common = common;
    job.before = first_stored(&w->order, i % 2, cells, unstored, begin, end);
    Status s = STATUS_OK;
    uint64_t batch = (uint64_t)w->batch_count;
    for (; s == STATUS_OK && job.first_block < blocks; job.first_block += batch) {
        uint64_t count = blocks - job.first_block < batch ? blocks - job.first_block : batch;
        parallel_for_chunks(w->threads, count, 1, find_last_stored, &job);
        job.before = chain_before(w, count, job.before);
        parallel_for_chunks(w->threads, count, 1, pack_batch, &job);
        for (uint64_t k = 0; k < count && s == STATUS_OK; k++) {
            const Packed *out = &w->batch[k];
            s = write_block(w, out->bytes[out->best], out->size[out->best], err, errlen);
        }
        release_pages(w);
    }
    return s;
}

/* The parts whose order the writer tries: the men and kings of either side, those of more
 * than one value (bench_orders measured these 24 orders); Frisian's king-move states stay
 * last, in the index's order, with the parts of one value. */
enum { ORDERED_PARTS = 4, LAYOUTS_MAX = 24 * 2 /* each order, either side */ };

static int ordered_parts(const TableInfo *info, uint8_t order[PART_COUNT]) {
    int count = 0, rest = 0;
    uint8_t fixed[PART_COUNT];
    for (uint8_t part = 0; part < PART_COUNT; part++) {
        if (part < ORDERED_PARTS && info->part_size[part] > 1)
            order[count++] = part;
        else
            fixed[rest++] = part;
    }
    memcpy(order + count, fixed, (size_t)rest);
    return count;
}

/* A layout pick_layout tries: the side to move stored and the order of the parts, with the
 * WDL stream of value set 0 laid out so (job: `before` the value stored before its first
 * block), and the size at PICK_LEVEL of a sample of its blocks: every every-th. */
typedef struct Layout {
    uint32_t sides;
    uint8_t parts[PART_COUNT];
    PartOrder order;
    StreamJob job;
    uint64_t every;
    uint64_t size;
    size_t failed; /* a zstd error code, or 0 */
} Layout;

/* A block of a layout sized: the last value stored in it, the value stored before it, and
 * its size. */
typedef struct Sample {
    Layout *layout;
    uint64_t block;
    int last_inside;
    unsigned before;
    size_t size;
} Sample;

/* A trial sizes about TRIAL_BLOCKS blocks of a stream, spread over it. */
enum { TRIAL_BLOCKS = 64 };

/* Every layout the writer is left to choose among, in the order ties are broken in. */
static int list_layouts(TableWriter *w, const Cell *cells, const uint64_t *unstored, Layout *out) {
    bool pick_side = w->info.sides == TABLE_SIDES_SMALLER, pick_order = picks_order(&w->info);
    uint8_t parts[PART_COUNT];
    int ordered = ordered_parts(&w->info, parts), count = 0;
    if (!pick_order) memcpy(parts, w->info.part_order, PART_COUNT);
    uint32_t first = pick_side ? TABLE_SIDES_WHITE : w->info.sides;
    uint32_t last = pick_side ? TABLE_SIDES_BLACK : first;
    do {
        for (uint32_t sides = first; sides <= last && count < LAYOUTS_MAX; sides++) {
            Layout *l = &out[count++];
            *l = (Layout){.sides = sides};
            memcpy(l->parts, parts, PART_COUNT);
            part_order_init(&l->order, w->info.part_size, parts, w->info.positions / 2);
            l->job = stream_job(w, TF_WDL, cells, unstored);
            l->job.order = &l->order;
            tf_stored_range(w->info.positions, sides, &l->job.stored_first, &l->job.stored_count);
            l->every = tf_block_count(l->job.stored_count, l->job.per_block) / TRIAL_BLOCKS + 1;
        }
    } while (pick_order && part_order_next(parts, ordered));
    return count;
}

/* The samples of each layout, in its blocks' order; returns their count. */
static uint64_t list_samples(Layout *layouts, int count, Sample *out) {
    uint64_t n = 0;
    for (int l = 0; l < count; l++) {
        uint64_t blocks = tf_block_count(layouts[l].job.stored_count, layouts[l].job.per_block);
        for (uint64_t block = 0; block < blocks; block += layouts[l].every)
            out[n++] = (Sample){.layout = &layouts[l], .block = block};
    }
    return n;
}

/* The layouts and their samples sized in parallel: each pass below spreads over threads. */
typedef struct Trial {
    Layout *layouts;
    Sample *samples;
} Trial;

static void find_first_stored(void *ctx, int thread, uint64_t begin, uint64_t end) {
    (void)thread;
    const Trial *trial = ctx;
    for (uint64_t l = begin; l < end; l++) {
        StreamJob *job = &trial->layouts[l].job;
        job->before = first_stored(job->order, TF_WDL, job->cells, job->unstored, job->stored_first,
                                   job->stored_first + job->stored_count);
    }
}

static void find_last_sampled(void *ctx, int thread, uint64_t begin, uint64_t end) {
    (void)thread;
    const Trial *trial = ctx;
    for (uint64_t k = begin; k < end; k++) {
        Sample *s = &trial->samples[k];
        s->last_inside = last_stored(&s->layout->job, s->block);
    }
}

/* As chain_before, over the samples of each layout in turn. */
static void chain_samples(Sample *samples, uint64_t count) {
    unsigned before = 0;
    for (uint64_t k = 0; k < count; k++) {
        Sample *s = &samples[k];
        if (s->block == 0) before = s->layout->job.before;
        s->before = before;
        if (s->last_inside >= 0) before = (unsigned)s->last_inside;
    }
}

static void size_samples(void *ctx, int thread, uint64_t begin, uint64_t end) {
    const Trial *trial = ctx;
    for (uint64_t k = begin; k < end; k++) {
        Sample *s = &trial->samples[k];
        const StreamJob *job = &s->layout->job;
        Packer *p = &job->w->packer[thread];
        uint64_t start, n;
        block_range(job, s->block, &start, &n);
        gather(job, p, start, n);
        s->size = pack_block(job, p, n, s->before, NULL, PICK_LEVEL, p->sized);
    }
}

/* Adds each sample's size to its layout's, and the first zstd error to its failed. */
static void add_sizes(const Sample *samples, uint64_t count) {
    for (uint64_t k = 0; k < count; k++) {
        Layout *l = samples[k].layout;
        if (ZSTD_isError(samples[k].size) && !l->failed) l->failed = samples[k].size;
        if (!ZSTD_isError(samples[k].size)) l->size += samples[k].size;
    }
}

/* Sizes every layout of list_layouts; returns the smallest, the first of equals. */
static Status size_layouts(TableWriter *w, Layout *layouts, int count, Sample *samples,
                           const Layout **best, char *err, size_t errlen) {
    uint64_t n = list_samples(layouts, count, samples);
    Trial trial = {layouts, samples};
    parallel_for_chunks(w->threads, (uint64_t)count, 1, find_first_stored, &trial);
    parallel_for_chunks(w->threads, n, 1, find_last_sampled, &trial);
    chain_samples(samples, n);
    parallel_for_chunks(w->threads, n, 1, size_samples, &trial);
    add_sizes(samples, n);
    *best = &layouts[0];
    for (int l = 0; l < count; l++) {
        if (layouts[l].failed)
            return status_fail(err, errlen, STATUS_MEMORY, w->tmp, "zstd: %s",
                               ZSTD_getErrorName(layouts[l].failed));
        if (layouts[l].size < (*best)->size) *best = &layouts[l];
    }
    return STATUS_OK;
}

/* Where the writer is left the side to move stored or the order of the index's parts,
 * picks those whose WDL of value set 0 compresses smallest: the WDL stream is what every
 * probe reads, and the DTW stream mostly follows it.  Ties keep White and the index's
 * order.  The layouts and their sampled blocks are sized by all of w's threads at once. */
static Status pick_layout(TableWriter *w, const Cell *cells, const uint64_t *unstored, char *err,
                          size_t errlen) {
    if (w->info.sides != TABLE_SIDES_SMALLER && !picks_order(&w->info)) return STATUS_OK;
    Layout *layouts = malloc(LAYOUTS_MAX * sizeof *layouts);
    Sample *samples = malloc(LAYOUTS_MAX * (TRIAL_BLOCKS + 1) * sizeof *samples);
    Status s = layouts && samples
                   ? STATUS_OK
                   : status_fail(err, errlen, STATUS_MEMORY, w->tmp, "out of memory");
    const Layout *best = NULL;
    if (s == STATUS_OK)
        s = size_layouts(w, layouts, list_layouts(w, cells, unstored, layouts), samples, &best, err,
                         errlen);
    if (s == STATUS_OK) {
        w->info.sides = best->sides;
        memcpy(w->info.part_order, best->parts, PART_COUNT);
        w->order = best->order;
        w->stored_first = best->job.stored_first;
        w->stored_count = best->job.stored_count;
    }
    free(layouts);
    free(samples);
    return s;
}

Status table_writer_add_set(TableWriter *w, int set, const Cell *cells, const uint64_t *unstored,
                            char *err, size_t errlen) {
    if (set != w->sets_added || (uint32_t)set >= w->info.cells_per_position)
        return status_fail(err, errlen, STATUS_CORRUPT, w->path,
                           "value set %d given out of turn (expected %d)", set, w->sets_added);
    unsigned max_half = 0, common = 0;
    Status s = pick_layout(w, cells, unstored, err, errlen);
    if (s == STATUS_OK) s = scan_set(w, set, cells, unstored, &max_half, &common, err, errlen);
    w->encoding[2 * set + TF_DTW] = max_half > UINT8_MAX ? TF_DTW_HALF16 : TF_DTW_HALF8;
    for (int kind = TF_WDL; kind <= TF_DTW && s == STATUS_OK; kind++)
        s = write_stream(w, 2 * set + kind, cells, unstored, common, err, errlen);
    if (s == STATUS_OK) w->sets_added++;
    return s;
}

static void encode_header(uint8_t *h, const TableWriter *w) {
    const TableInfo *info = &w->info;
    tf_put_u32(h + TF_OFF_MAGIC, TF_MAGIC);
    tf_put_u32(h + TF_OFF_VERSION, TF_VERSION);
    memcpy(h + TF_OFF_VARIANT, info->variant, strlen(info->variant));
    tf_put_u64(h + TF_OFF_FINGERPRINT, info->fingerprint);
    memcpy(h + TF_OFF_MATERIAL, info->material, strlen(info->material));
    tf_put_u64(h + TF_OFF_POSITIONS, info->positions);
    tf_put_u32(h + TF_OFF_SETS, info->cells_per_position);
    tf_put_u32(h + TF_OFF_SIDES, info->sides);
    for (int k = 0; k < PART_COUNT; k++) {
        tf_put_u64(h + TF_OFF_PARTS + 8 * k, info->part_size[k]);
        h[TF_OFF_ORDER + k] = info->part_order[k];
    }
    h[TF_OFF_FLAGS] = (w->draft ? TF_FLAG_DRAFT : 0) | (info->mirrored ? TF_FLAG_MIRRORED : 0);
    for (int k = 0; k < 16; k++)
        tf_put_u64(h + TF_OFF_COUNTS + 8 * k, info->counts[k / 8][k / 4 % 2][k % 4]);
    for (int i = 0; i < TF_STREAMS; i++) {
        tf_put_u32(h + TF_OFF_STREAMS + i * TF_STREAM_ROW, w->per_block[i]);
        tf_put_u32(h + TF_OFF_STREAMS + i * TF_STREAM_ROW + 4,
                   w->per_block[i] ? w->encoding[i] : 0);
    }
}

void table_writer_keep_counts(TableWriter *w, const uint64_t counts[2][2][4]) {
    memcpy(w->kept_counts, counts, sizeof w->kept_counts);
    w->counts_kept = true;
}

Status table_writer_commit(TableWriter *w, char *err, size_t errlen) {
    if ((uint32_t)w->sets_added != w->info.cells_per_position)
        return status_fail(err, errlen, STATUS_CORRUPT, w->path,
                           "cannot commit: %d of %u value sets added", w->sets_added,
                           w->info.cells_per_position);
    if (w->counts_kept) memcpy(w->info.counts, w->kept_counts, sizeof w->info.counts);
    encode_header(w->head, w);
    uint64_t covered = tf_data_start(w->block_count) - TF_SUM_SIZE;
    tf_put_u64(w->head + covered, XXH3_64bits(w->head, covered));
    Status s = write_at(w, w->head, covered + TF_SUM_SIZE, 0, err, errlen);
    if (s != STATUS_OK) return s;
    s = atomic_commit(w->fd, w->tmp, w->path, err, errlen);
    w->fd = -1; /* closed, and the temporary file gone on failure */
    return s;
}

/* The most a compression context takes for blocks of raw bytes at any level the writer
 * uses: zstd sizes its tables by the level and the input's size (ZSTD_compress2 pledges it),
 * and says how much that takes without making one. */
static uint64_t context_bytes(size_t raw) {
    const int levels[] = {plans[TF_WDL].level, plans[TF_DTW].level, PICK_LEVEL, DRAFT_LEVEL};
    size_t most = 0;
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
        size_t bytes = ZSTD_estimateCCtxSize_usingCParams(ZSTD_getCParams(levels[i], raw, 0));
        if (bytes > most) most = bytes;
    }
    return most;
}

/* The bytes the largest block of w's table encodes to, and in *blocks the most blocks of one
 * of its streams: a table smaller than a batch fills only part of the buffers. */
static size_t largest_block(const TableWriter *w, uint64_t *blocks) {
    size_t most = 0;
    *blocks = 0;
    for (uint32_t i = 0; i < 2 * w->info.cells_per_position; i++) {
        uint64_t n = w->per_block[i] < w->stored_count ? w->per_block[i] : w->stored_count;
        size_t bytes = (size_t)tf_encoded_bytes(w->encoding[i], n) + 1;
        uint64_t count = tf_block_count(w->stored_count, w->per_block[i]);
        if (bytes > most) most = bytes;
        if (count > *blocks) *blocks = count;
    }
    return most;
}

uint64_t table_writer_bytes(const TableInfo *info, uint32_t block_bytes, int threads) {
    TableWriter w = {.info = *info, .block_bytes = block_bytes};
    size_buffers(&w);
    uint64_t blocks, positions = w.values_cap < w.stored_count ? w.values_cap : w.stored_count;
    size_t raw = largest_block(&w, &blocks);
    uint64_t packer = positions * sizeof *w.packer[0].values + raw + context_bytes(raw);
    int threads_used = threads < THREADS_MAX ? threads : THREADS_MAX;
    uint64_t batch_most = (uint64_t)threads_used * BATCH_PER_THREAD;
    if (batch_most < BATCH_BLOCKS) batch_most = BATCH_BLOCKS;
    uint64_t batch = blocks < batch_most ? blocks : batch_most;
    return w.offset + 2 * batch * ZSTD_compressBound(raw) + (uint64_t)threads_used * packer;
}
