/* Writing table files (layout in format/table_format.h): blocks are compressed in batches,
 * each block by whichever thread takes it, and written in order after room left for the
 * header and offset table, which are filled in last; the file appears under its name only
 * when complete (atomic_file.h).  Every block is packed from the cells alone, so the bytes
 * do not depend on the number of threads. */
#include "table_writer.h"
#include "atomic_file.h"
#include "parallel.h"
#include "table_format.h"
#include "table_writer_private.h"

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

static bool name_fits(const char *name, size_t field) {
    size_t n = strnlen(name, field);
    return n > 0 && n < field;
}

static const uint8_t index_order[PART_COUNT] = {0, 1, 2, 3, 4, 5};

/* Whether the writer picks the order of the parts (TableInfo.part_order all zero). */
bool writer_picks_order(const TableInfo *info) {
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
    const uint8_t *parts = writer_picks_order(info) ? index_order : info->part_order;
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
    if (writer_picks_order(&w->info)) memcpy(w->info.part_order, index_order, PART_COUNT);
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
    return file_write_at(w->fd, buf, len, offset)
               ? STATUS_OK
               : status_fail(err, errlen, STATUS_IO, w->tmp, "%s", strerror(errno));
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

/* What stream kind `kind` stores for position i of src, and whether it stores it at all:
 * a DTW stream keeps only the DTW of wins and losses. */
static bool stored_value(int kind, const CellSource *src, StoreCursor *cursor, uint64_t i,
                         unsigned *value) {
    bool unstored;
    Cell c = writer_cell(src, cursor, i, &unstored);
    *value = kind == TF_WDL ? (unsigned)CELL_WDL(c) : CELL_DTW(c) / 2;
    return !unstored && (kind == TF_WDL || CELL_WDL(c) == WDL_WIN || CELL_WDL(c) == WDL_LOSS);
}

/* The first value stream kind stores in the file's places [begin, end), to fill those
 * before it. */
unsigned writer_first_stored(const PartOrder *order, int kind, const CellSource *src,
                             uint64_t begin, uint64_t end) {
    unsigned value;
    PartWalk walk;
    StoreCursor cursor = STORE_CURSOR_START;
    part_walk_start(order, begin, &walk);
    for (uint64_t k = begin; k < end; k++, part_walk_next(order, &walk))
        if (stored_value(kind, src, &cursor, walk.index, &value)) return value;
    return 0;
}

/* The job of stream i of w's layout. */
StreamJob writer_stream_job(TableWriter *w, int i, const CellSource *src) {
    return (StreamJob){.w = w,
                       .i = i,
                       .src = src,
                       .order = &w->order,
                       .stored_first = w->stored_first,
                       .stored_count = w->stored_count,
                       .per_block = w->per_block[i]};
}

/* Positions [*begin, *begin + *n) of block `block` of the stream. */
void writer_block_range(const StreamJob *job, uint64_t block, uint64_t *begin, uint64_t *n) {
    *begin = job->stored_first + block * job->per_block;
    *n = tf_block_positions(job->stored_count, job->per_block, block);
}

/* The last value the stream stores in block `block`, or -1; looked for from the block's
 * end: it is seldom far from it. */
int writer_last_stored(const StreamJob *job, uint64_t block) {
    uint64_t start, n;
    unsigned value;
    StoreCursor cursor = STORE_CURSOR_START;
    writer_block_range(job, block, &start, &n);
    for (uint64_t place = start + n; place-- > start;) {
        uint64_t i = part_order_to_index(job->order, place);
        if (stored_value(job->i % 2, job->src, &cursor, i, &value)) return (int)value;
    }
    return -1;
}

static void find_last_stored(void *ctx, int thread, uint64_t begin, uint64_t end) {
    (void)thread;
    const StreamJob *job = ctx;
    for (uint64_t k = begin; k < end; k++)
        job->w->batch[k].last_inside = writer_last_stored(job, job->first_block + k);
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

/* How many places ahead writer_gather asks for the cells it will read.  The file's order walks the
 * cells out of the index's order, so most reads miss the caches: each block's cells are
 * read once, this far ahead, rather than walked again for each of the block's three
 * packings (bench/RESULTS.md, "The table writer"). */
enum { GATHER_AHEAD = 64 };

/* Reads the values of positions [begin, begin + n) of the stream, in the file's order,
 * into p->values (NOT_STORED for a position the stream leaves out). */
void writer_gather(const StreamJob *job, Packer *p, uint64_t begin, uint64_t n) {
    int kind = job->i % 2;
    const PartOrder *order = job->order;
    PartWalk walk, ahead;
    part_walk_start(order, begin, &walk);
    ahead = walk;
    for (uint64_t k = 0; k < GATHER_AHEAD && k < n; k++) part_walk_next(order, &ahead);
    const Cell *cells = job->src->cells; /* or NULL: read from a store through p's cursor */
    const uint64_t *unstored = job->src->unstored;
    for (uint64_t k = 0; k < n; k++, part_walk_next(order, &walk)) {
        if (k + GATHER_AHEAD < n) {
            if (cells) __builtin_prefetch(&cells[ahead.index]);
            if (unstored) __builtin_prefetch(&unstored[ahead.index / 64]);
            part_walk_next(order, &ahead);
        }
        unsigned value;
        bool stored = stored_value(kind, job->src, &p->cursor, walk.index, &value);
        p->values[k] = stored ? (uint16_t)value : NOT_STORED;
    }
}

/* Encodes the n values gathered in p and compresses them at `level` into out; returns the
 * compressed size or a zstd error code.  A position not stored takes *constant when given,
 * else the last value stored before it (`last` at the start). */
size_t writer_pack_block(const StreamJob *job, Packer *p, uint64_t n, unsigned last,
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

/* A draft's level for every stream: a draft is written fast, to be rewritten, its file
 * somewhat larger (bench/RESULTS.md, "The table writer"). */
enum { DRAFT_LEVEL = 1 };

static int better_fill(const StreamJob *job, Packer *p, uint64_t n, Packed *out) {
    for (int k = 0; k < 2; k++)
        out->size[k] = writer_pack_block(job, p, n, out->before, k ? &job->common : NULL,
                                         PICK_LEVEL, out->bytes[k]);
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
        writer_block_range(job, job->first_block + k, &start, &n);
        writer_gather(job, p, start, n);
        bool draft = job->w->draft;
        out->best = job->i % 2 == TF_WDL && !draft ? better_fill(job, p, n, out) : 0;
        const unsigned *fill = out->best ? &job->common : NULL;
        int level = draft ? DRAFT_LEVEL : plans[job->i % 2].level;
        out->size[out->best] =
            writer_pack_block(job, p, n, out->before, fill, level, out->bytes[out->best]);
    }
}

/* Compresses stream i of w's layout and writes it; common is its set's most common WDL. */
static Status write_stream(TableWriter *w, int i, const CellSource *src, unsigned common, char *err,
                           size_t errlen) {
    StreamJob job = writer_stream_job(w, i, src);
    uint64_t begin = w->stored_first, end = begin + w->stored_count;
    uint64_t blocks = tf_block_count(w->stored_count, w->per_block[i]);
    job.common = common;
    job.before = writer_first_stored(&w->order, i % 2, src, begin, end);
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
        if (s == STATUS_OK) s = writer_source_failed(src, err, errlen);
    }
    return s;
}

Status writer_source_failed(const CellSource *src, char *err, size_t errlen) {
    return src->store ? slice_store_failed(src->store, err, errlen) : STATUS_OK;
}

static Status add_set(TableWriter *w, int set, const CellSource *src, char *err, size_t errlen) {
    if (set != w->sets_added || (uint32_t)set >= w->info.cells_per_position)
        return status_fail(err, errlen, STATUS_CORRUPT, w->path,
                           "value set %d given out of turn (expected %d)", set, w->sets_added);
    unsigned max_half = 0, common = 0;
    for (int t = 0; t < w->threads; t++) /* a cursor of the last set's store is stale */
        w->packer[t].cursor = (StoreCursor)STORE_CURSOR_START;
    Status s = writer_pick_layout(w, src, err, errlen);
    if (s == STATUS_OK) s = writer_scan_set(w, set, src, &max_half, &common, err, errlen);
    w->encoding[2 * set + TF_DTW] = max_half > UINT8_MAX ? TF_DTW_HALF16 : TF_DTW_HALF8;
    for (int kind = TF_WDL; kind <= TF_DTW && s == STATUS_OK; kind++)
        s = write_stream(w, 2 * set + kind, src, common, err, errlen);
    if (s == STATUS_OK) w->sets_added++;
    return s;
}

Status table_writer_add_set(TableWriter *w, int set, const Cell *cells, const uint64_t *unstored,
                            char *err, size_t errlen) {
    return add_set(w, set, &(CellSource){cells, unstored, NULL}, err, errlen);
}

Status table_writer_add_stored_set(TableWriter *w, int set, SliceStore *store, char *err,
                                   size_t errlen) {
    return add_set(w, set, &(CellSource){NULL, NULL, store}, err, errlen);
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
