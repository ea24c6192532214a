/* Reading a table's blocks: decoding, the cache of decoded blocks, the WDL summaries, and
 * the probes of one position (table_reader.h). */
#include "table_reader.h"

#include "read_guard.h"
#include "thread_key.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>
#include <zstd.h>

static const char *stream_name(const TableFile *t, uint64_t b) {
    static const char *const names[TF_STREAMS] = {"WDL of value set 0", "DTW of value set 0",
                                                  "WDL of value set 1", "DTW of value set 1"};
    return names[table_stream_of(t, b) - t->streams];
}

Status table_load_packed(const TableFile *t, uint64_t b, uint8_t **out, size_t *len, char *err,
                         size_t errlen) {
    uint64_t begin = table_block_begin(t, b);
    *len = (size_t)(t->entries[b].end - begin);
    *out = malloc(*len + 1);
    if (!*out) return status_fail(err, errlen, STATUS_MEMORY, t->path, "out of memory");
    ssize_t n = table_read_at(t->fd, *out, *len, begin);
    if (n < 0) return status_fail(err, errlen, STATUS_IO, t->path, "%s", strerror(errno));
    if ((size_t)n < *len)
        return status_fail(err, errlen, STATUS_TRUNCATED, t->path, "truncated in block %llu",
                           (unsigned long long)b);
    if (XXH3_64bits(*out, *len) != t->entries[b].sum)
        return status_fail(err, errlen, STATUS_CHECKSUM, t->path,
                           "block %llu (%s) does not match its checksum", (unsigned long long)b,
                           stream_name(t, b));
    return STATUS_OK;
}

static void free_dctx(void *dctx) {
    ZSTD_freeDCtx(dctx);
}

/* A decompression context for each thread, shared by all its files: making one costs
 * half as much as decoding a block, and a cold probe opens a file or more. */
static ThreadKey dctx_key = THREAD_KEY_INIT(free_dctx);

ZSTD_DCtx *table_thread_dctx(bool *kept) {
    ZSTD_DCtx *dctx = thread_key_get(&dctx_key);
    *kept = true;
    if (dctx) return dctx;
    dctx = ZSTD_createDCtx();
    *kept = dctx && thread_key_set(&dctx_key, dctx);
    return dctx;
}

Status table_decode_block(TableFile *t, uint64_t b, uint8_t *out, char *err, size_t errlen) {
    uint8_t *packed;
    size_t len, want = table_decoded_bytes(t, b);
    Status s = table_load_packed(t, b, &packed, &len, err, errlen);
    bool kept = true;
    ZSTD_DCtx *dctx = s == STATUS_OK ? table_thread_dctx(&kept) : NULL;
    if (s == STATUS_OK && !dctx)
        s = status_fail(err, errlen, STATUS_MEMORY, t->path, "out of memory");
    if (s == STATUS_OK) {
        size_t got = ZSTD_decompressDCtx(dctx, out, want, packed, len);
        if (ZSTD_isError(got) || got != want)
            s = status_fail(err, errlen, STATUS_CORRUPT, t->path,
                            "block %llu does not decompress to %zu bytes", (unsigned long long)b,
                            want);
        if (!kept) ZSTD_freeDCtx(dctx);
    }
    free(packed);
    return s;
}

/* The value all n positions of a decoded chunk hold, or WDL_NONE where they differ.  A
 * whole chunk is compared a word at a time, without branches: the scan of a block costs a
 * tenth of decoding it. */
static unsigned chunk_value(const uint8_t *bytes, uint64_t n) {
    unsigned first = tf_decoded_value(TF_WDL_2BIT, bytes, 0);
    uint64_t differ = 0;
    if (n == CHUNK) {
        uint64_t all = first * 0x5555555555555555u;
        for (int i = 0; i < CHUNK / 32; i++) {
            uint64_t word;
            memcpy(&word, bytes + 8 * i, sizeof word);
            differ |= word ^ all;
        }
    } else {
        for (uint64_t k = 1; k < n; k++) differ |= tf_decoded_value(TF_WDL_2BIT, bytes, k) ^ first;
    }
    return differ ? WDL_NONE : first;
}

/* Piece p of stream s's summary, made on first use; NULL when out of memory.  Its bytes
 * are not set before their blocks are decoded and not read before they are published. */
static _Atomic uint8_t *summary_piece(const Stream *s, uint64_t p) {
    _Atomic uint8_t *piece = atomic_load_explicit(&s->pieces[p], memory_order_acquire);
    if (piece) return piece;
    _Atomic uint8_t *mine = malloc(PIECE);
    if (!mine) return NULL;
    if (atomic_compare_exchange_strong_explicit(&s->pieces[p], &piece, mine, memory_order_acq_rel,
                                                memory_order_acquire))
        return mine;
    free((void *)mine);
    return piece;
}

/* Writes the summary of stream s's block b, decoded in values; false when out of memory.
 * Two threads that decode the same block at once write the same values, hence the atomic
 * stores. */
static bool summarize_block(const TableFile *t, const Stream *s, uint64_t b,
                            const uint8_t *values) {
    uint64_t n = tf_block_positions(t->stored_count, s->per_block, b), start = b * s->per_block;
    _Atomic uint8_t *out = summary_piece(s, start / PIECE_POSITIONS);
    if (!out) return false;
    out += start % PIECE_POSITIONS / (4 * CHUNK);
    for (uint64_t k = 0; k < n; k += 4 * CHUNK, out++) {
        uint8_t four = 0;
        for (uint64_t c = 0; c < 4 && k + c * CHUNK < n; c++) {
            uint64_t first = k + c * CHUNK, left = n - first;
            unsigned value = chunk_value(values + first / 4, left < CHUNK ? left : CHUNK);
            four |= (uint8_t)(value << (2 * c));
        }
        atomic_store_explicit(out, four, memory_order_relaxed);
    }
    return true;
}

/* The value of position k of stream s from its summary, WDL_NONE where its chunk holds
 * more than one, the stream has no summary, or the summary of k's block (b, numbered in
 * the file) is not written yet: its flag, set after it, makes the piece and its bytes
 * visible.  Evicting a block leaves its summary, so a probe into a chunk of one value
 * needs no block decoded. */
static unsigned summary_value(const TableFile *t, const Stream *s, uint64_t b, uint64_t k) {
    if (!atomic_load_explicit(&t->summarized[b], memory_order_acquire)) return WDL_NONE;
    const _Atomic uint8_t *piece =
        atomic_load_explicit(&s->pieces[k / PIECE_POSITIONS], memory_order_relaxed);
    uint64_t c = k % PIECE_POSITIONS / CHUNK;
    return atomic_load_explicit(&piece[c / 4], memory_order_relaxed) >> (2 * (c % 4)) & 3;
}

/* Writes the summary of block b (numbered in the file), decoded in values, where its
 * stream has one; false when out of memory. */
static bool summarize(TableFile *t, uint64_t b, const uint8_t *values) {
    const Stream *stream = table_stream_of(t, b);
    if (!stream->pieces) return true;
    if (!summarize_block(t, stream, b - stream->first, values)) return false;
    atomic_store_explicit(&t->summarized[b], true, memory_order_release);
    return true;
}

/* Room for block b decoded: from the file's cache where it has one (a spare block). */
static uint8_t *new_block(TableFile *t, uint64_t b) {
    size_t bytes = table_decoded_bytes(t, b);
    return t->cache ? cache_block_new(t->cache, bytes) : malloc(bytes + 1);
}

/* Gives back a block of new_block that no other thread has seen. */
static void drop_block(TableFile *t, uint64_t b, uint8_t *block) {
    if (t->cache)
        cache_block_drop(t->cache, block, table_decoded_bytes(t, b));
    else
        free(block);
}

/* Publishes block b, decoded in mine, unless another thread was quicker: in a file without
 * a cache directly, else through the cache.  Drops mine where it is not kept. */
static void keep_block(TableFile *t, uint64_t b, uint8_t *mine) {
    uint8_t *expected = NULL;
    bool kept = t->cache ? cache_admit(t->cache, &t->blocks[b], &t->referenced[b], mine,
                                       table_decoded_bytes(t, b)) == CACHE_ADMITTED
                         : atomic_compare_exchange_strong_explicit(&t->blocks[b], &expected, mine,
                                                                   memory_order_acq_rel,
                                                                   memory_order_acquire);
    if (!kept) drop_block(t, b, mine);
}

/* Decodes block b, writes its summary, gives the value at position k of the block in *out
 * and keeps the block for later probes (keep_block).  The value is read before: a kept
 * block may be evicted at once. */
static Status decode_value(TableFile *t, uint64_t b, uint64_t k, unsigned *out, char *err,
                           size_t errlen) {
    uint8_t *mine = new_block(t, b);
    if (!mine) return status_fail(err, errlen, STATUS_MEMORY, t->path, "out of memory");
    Status s = table_decode_block(t, b, mine, err, errlen);
    if (s == STATUS_OK && !summarize(t, b, mine))
        s = status_fail(err, errlen, STATUS_MEMORY, t->path, "out of memory");
    if (s != STATUS_OK) {
        drop_block(t, b, mine);
        return s;
    }
    *out = tf_decoded_value(table_stream_of(t, b)->encoding, mine, k);
    keep_block(t, b, mine);
    return STATUS_OK;
}

/* The value at position k of block b, of stream s, from its decoded copy, marking it
 * referenced; false where it is not decoded (or evicted), or when out of memory for the
 * read section. */
static bool read_kept(TableFile *t, const Stream *s, uint64_t b, uint64_t k, unsigned *out) {
    if (!guard_enter()) return false;
    const uint8_t *bytes = atomic_load_explicit(&t->blocks[b], memory_order_seq_cst);
    if (bytes) *out = tf_decoded_value(s->encoding, bytes, k);
    guard_leave();
    if (bytes && !atomic_load_explicit(&t->referenced[b], memory_order_relaxed))
        atomic_store_explicit(&t->referenced[b], true, memory_order_relaxed);
    return bytes != NULL;
}

static Status check_request(const TableFile *t, uint64_t index, int set, char *err, size_t errlen) {
    if (index >= t->info.positions)
        return status_fail(err, errlen, STATUS_RANGE, t->path, "index %llu beyond %llu positions",
                           (unsigned long long)index, (unsigned long long)t->info.positions);
    if (!table_stores(t, index))
        return status_fail(err, errlen, STATUS_RANGE, t->path,
                           "index %llu has the side to move this table leaves out",
                           (unsigned long long)index);
    if (set < 0 || (uint32_t)set >= t->info.cells_per_position)
        return status_fail(err, errlen, STATUS_RANGE, t->path, "no value set %d", set);
    return STATUS_OK;
}

/* The value stream i stores at place `place` of the file's order, a stored position's: from
 * the summary, else lock-free from the decoded block, else by decoding it. */
static Status stream_value(TableFile *t, int i, uint64_t place, unsigned *out, char *err,
                           size_t errlen) {
    const Stream *s = &t->streams[i];
    uint64_t index = place - t->stored_first;
    uint64_t b = s->first + index / s->per_block, k = index % s->per_block;
    if (s->pieces && (*out = summary_value(t, s, b, index)) != WDL_NONE) return STATUS_OK;
    if (read_kept(t, s, b, k, out)) return STATUS_OK;
    return decode_value(t, b, k, out, err, errlen);
}

/* Without a read section: a block evicted meanwhile makes a wasted prefetch, and a
 * prefetch never faults. */
void table_prefetch_wdl(TableFile *t, uint64_t index, int set) {
    if (!table_stores(t, index) || set < 0 || (uint32_t)set >= t->info.cells_per_position) return;
    const Stream *s = &t->streams[2 * set + TF_WDL];
    index = part_order_to_file(&t->order, index) - t->stored_first;
    uint64_t b = s->first + index / s->per_block;
    if (s->pieces && summary_value(t, s, b, index) != WDL_NONE) return;
    const uint8_t *bytes = atomic_load_explicit(&t->blocks[b], memory_order_acquire);
    if (bytes) __builtin_prefetch(bytes + tf_decoded_byte(s->encoding, index % s->per_block));
}

Status table_read_wdl(TableFile *t, uint64_t index, int set, int *out, char *err, size_t errlen) {
    unsigned wdl = 0;
    Status s = check_request(t, index, set, err, errlen);
    uint64_t place = s == STATUS_OK ? part_order_to_file(&t->order, index) : 0;
    if (s == STATUS_OK) s = stream_value(t, 2 * set + TF_WDL, place, &wdl, err, errlen);
    *out = (int)wdl;
    return s;
}

Status table_read(TableFile *t, uint64_t index, int set, Cell *out, char *err, size_t errlen) {
    unsigned wdl = 0, half = 0;
    Status s = check_request(t, index, set, err, errlen);
    uint64_t place = s == STATUS_OK ? part_order_to_file(&t->order, index) : 0;
    if (s == STATUS_OK) s = stream_value(t, 2 * set + TF_WDL, place, &wdl, err, errlen);
    if (s == STATUS_OK) s = stream_value(t, 2 * set + TF_DTW, place, &half, err, errlen);
    if (s == STATUS_OK && !table_dtw_fits(wdl, half))
        s = status_fail(err, errlen, STATUS_CORRUPT, t->path, "position %llu has a DTW over %d",
                        (unsigned long long)index, CELL_DTW_STORED_MAX);
    *out = CELL_MAKE(wdl, tf_dtw_of_half((int)wdl, half));
    return s;
}
