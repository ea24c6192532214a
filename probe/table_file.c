/* Reading table files (layout in table_format.h).  Nothing read from a file is used before
 * it is checked: the file size bounds every allocation and offset, and the header checksum
 * is checked before any field other than those needed to find it.  Allocations ask for
 * one byte more than needed, so that an empty table or block never means malloc(0). */
#include "table_file.h"

#include "read_guard.h"
#include "table_format.h"
#include "thread_key.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

typedef struct BlockEntry {
    uint64_t end; /* file offset just past the block */
    uint64_t sum; /* XXH3-64 of its compressed bytes */
} BlockEntry;

/* A warm WDL probe over a large set is one read from memory, a cache miss of about 350 ns
 * on this machine.  Over Scandinavian's 5-piece set half the quiet positions lie in a run of
 * CHUNK positions (one cache line decoded) that all hold one value, fills included, so a
 * WDL stream keeps a summary of two bits a chunk, its value where the chunk holds one only
 * and WDL_NONE elsewhere: 1/256 of the decoded stream, small enough to stay in the caches,
 * and a probe of a chunk of one value reads no further.
 * The summary is kept in pieces of PIECE bytes, each made when the first of its blocks is
 * decoded (bench_probe): a summary at the start of each block's values fell 32 KiB apart,
 * into a few sets of the caches, and gained little; one made whole when the file is opened
 * made a cold probe take twice as long, as the heap grew and shrank at every open and
 * close of a large table. */
enum { CHUNK = 256, PIECE = 4096 };
#define PIECE_POSITIONS ((uint64_t)PIECE * 4 * CHUNK)

/* One stream of blocks (table_format.h). */
typedef struct Stream {
    uint64_t per_block; /* positions per block */
    uint32_t encoding;
    uint64_t blocks;
    uint64_t first;                     /* the number of its first block in the offset table */
    _Atomic(_Atomic uint8_t *) *pieces; /* WDL streams: the summary; see have_summary */
} Stream;

struct TableFile {
    char *path;
    int fd;
    uint64_t size; /* of the file */
    TableInfo info;
    uint64_t stored_first, stored_count; /* the positions stored (tf_stored_range) */
    PartOrder order;                     /* of the positions in the streams */
    Stream streams[TF_STREAMS];          /* 2 per value set */
    uint64_t block_count;                /* of all streams */
    uint64_t data_start;
    BlockEntry *entries;
    /* By block number: the decoded block, NULL until read or once evicted; whether a probe
     * read it since the cache's hand last passed (block_cache.h); whether its values are in
     * its stream's summary. */
    _Atomic(uint8_t *) *blocks;
    atomic_bool *referenced, *summarized;
    BlockCache *cache; /* NULL: blocks are kept until table_close */
};

/* One row per TableStatus. */
static const char *const status_text[] = {
    [TABLE_OK] = "ok",
    [TABLE_ERR_MISSING] = "no such file",
    [TABLE_ERR_IO] = "input/output error",
    [TABLE_ERR_MAGIC] = "not a dtb table",
    [TABLE_ERR_VERSION] = "older format version",
    [TABLE_ERR_VARIANT] = "table of another variant",
    [TABLE_ERR_FINGERPRINT] = "table built under other rules",
    [TABLE_ERR_MATERIAL] = "table of another material",
    [TABLE_ERR_TRUNCATED] = "truncated file",
    [TABLE_ERR_CHECKSUM] = "checksum mismatch",
    [TABLE_ERR_MEMORY] = "out of memory",
    [TABLE_ERR_CORRUPT] = "inconsistent contents",
    [TABLE_ERR_RANGE] = "position index out of range",
    [TABLE_ERR_NEWER] = "newer format version",
};

const char *table_status_text(TableStatus s) {
    size_t n = sizeof status_text / sizeof status_text[0];
    return (size_t)s < n && status_text[s] ? status_text[s] : "unknown status";
}

/* Reads up to len bytes at offset; returns how many (fewer only at the end of the file),
 * or -1 on error. */
static ssize_t read_at(int fd, void *buf, size_t len, uint64_t offset) {
    size_t done = 0;
    while (done < len) {
        ssize_t n = pread(fd, (char *)buf + done, len - done, (off_t)(offset + done));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) break;
        done += (size_t)n;
    }
    return (ssize_t)done;
}

static TableStatus open_file(TableFile *t, const char *path, char *err, size_t errlen) {
    t->path = strdup(path);
    if (!t->path) return tf_fail(err, errlen, TABLE_ERR_MEMORY, path, "out of memory");
    /* Without O_NONBLOCK a FIFO under a table's name would hold the open forever; on a
     * regular file the flag changes nothing. */
    t->fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    struct stat st;
    if (t->fd < 0 || fstat(t->fd, &st) != 0) {
        TableStatus s = errno == ENOENT ? TABLE_ERR_MISSING : TABLE_ERR_IO;
        return tf_fail(err, errlen, s, path, "%s", strerror(errno));
    }
    if (!S_ISREG(st.st_mode)) return tf_fail(err, errlen, TABLE_ERR_IO, path, "not a regular file");
    t->size = (uint64_t)st.st_size;
    return TABLE_OK;
}

/* Magic and version come first: a newer version may lay out the rest differently. */
static TableStatus check_prefix(const TableFile *t, const uint8_t *head, ssize_t n, char *err,
                                size_t errlen) {
    if (n >= 4 && tf_get_u32(head + TF_OFF_MAGIC) != TF_MAGIC)
        return tf_fail(err, errlen, TABLE_ERR_MAGIC, t->path, "not a dtb table (wrong magic)");
    uint32_t version = n >= 8 ? tf_get_u32(head + TF_OFF_VERSION) : TF_VERSION;
    if (version != TF_VERSION)
        return tf_fail(err, errlen, version > TF_VERSION ? TABLE_ERR_NEWER : TABLE_ERR_VERSION,
                       t->path, "format version %u, this reader knows version %u", version,
                       TF_VERSION);
    if (n < TF_HEADER_SIZE)
        return tf_fail(err, errlen, TABLE_ERR_TRUNCATED, t->path, "truncated header");
    return TABLE_OK;
}

/* The encoding each kind of stream may have. */
static bool encoding_fits(int kind, uint32_t encoding) {
    return kind == TF_WDL ? encoding == TF_WDL_2BIT
                          : encoding == TF_DTW_HALF8 || encoding == TF_DTW_HALF16;
}

/* Reads stream i's row; a stream of a value set the table lacks must be all zero. */
static bool parse_stream(TableFile *t, const uint8_t *head, int i) {
    Stream *s = &t->streams[i];
    const uint8_t *row = head + TF_OFF_STREAMS + i * TF_STREAM_ROW;
    s->per_block = tf_get_u32(row);
    s->encoding = tf_get_u32(row + 4);
    s->first = t->block_count;
    if ((uint32_t)i >= 2 * t->info.cells_per_position) return s->per_block == 0 && !s->encoding;
    s->blocks = tf_block_count(t->stored_count, s->per_block ? s->per_block : 1);
    /* No sum of counts can wrap: more blocks than bytes is a truncated file anyway. */
    t->block_count += s->blocks < t->size ? s->blocks : t->size;
    return s->per_block > 0 && encoding_fits(i % 2, s->encoding) &&
           (s->encoding != TF_WDL_2BIT || s->per_block % 4 == 0) &&
           tf_encoded_bytes(s->encoding, s->per_block) <= TF_BLOCK_BYTES_MAX;
}

/* The fields that say where the header checksum is, checked before it can be. */
static TableStatus locate_checksum(TableFile *t, const uint8_t *head, char *err, size_t errlen) {
    t->info.positions = tf_get_u64(head + TF_OFF_POSITIONS);
    t->info.cells_per_position = tf_get_u32(head + TF_OFF_SETS);
    t->info.sides = tf_get_u32(head + TF_OFF_SIDES);
    uint32_t sets = t->info.cells_per_position;
    bool fits =
        sets >= 1 && sets <= 2 && t->info.sides < TABLE_SIDES_SMALLER && t->info.positions % 2 == 0;
    if (fits) tf_stored_range(t->info.positions, t->info.sides, &t->stored_first, &t->stored_count);
    for (int i = 0; i < TF_STREAMS && fits; i++) fits = parse_stream(t, head, i);
    if (!fits)
        return tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path,
                       "impossible layout: %u value sets, sides code %u, an odd number of "
                       "positions, or a stream with a bad block size or encoding",
                       sets, t->info.sides);
    /* Every block takes at least one byte, so the count is bounded by the file size. */
    if (t->block_count > t->size / (TF_ENTRY_SIZE + 1) || tf_data_start(t->block_count) > t->size)
        return tf_fail(err, errlen, TABLE_ERR_TRUNCATED, t->path,
                       "truncated: %llu positions need more than %llu bytes",
                       (unsigned long long)t->info.positions, (unsigned long long)t->size);
    t->data_start = tf_data_start(t->block_count);
    return TABLE_OK;
}

/* Reads header and offset table into a new buffer and checks their checksum. */
static TableStatus read_checked(TableFile *t, uint8_t **out, char *err, size_t errlen) {
    uint64_t covered = t->data_start - TF_SUM_SIZE;
    uint8_t *bytes = malloc(t->data_start);
    if (!bytes) return tf_fail(err, errlen, TABLE_ERR_MEMORY, t->path, "out of memory");
    *out = bytes;
    if (read_at(t->fd, bytes, t->data_start, 0) != (ssize_t)t->data_start)
        return tf_fail(err, errlen, TABLE_ERR_IO, t->path, "cannot read the offset table");
    if (XXH3_64bits(bytes, covered) != tf_get_u64(bytes + covered))
        return tf_fail(err, errlen, TABLE_ERR_CHECKSUM, t->path,
                       "header or offset table does not match its checksum");
    return TABLE_OK;
}

/* Copies a NUL-padded name field; false when it has no terminating NUL. */
static bool get_name(char *out, const uint8_t *field, size_t len) {
    memcpy(out, field, len);
    return memchr(out, '\0', len) != NULL;
}

static TableStatus parse_info(TableFile *t, const uint8_t *head, char *err, size_t errlen) {
    TableInfo *info = &t->info;
    if (!get_name(info->variant, head + TF_OFF_VARIANT, sizeof info->variant) ||
        !get_name(info->material, head + TF_OFF_MATERIAL, sizeof info->material))
        return tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path, "unterminated name in the header");
    info->fingerprint = tf_get_u64(head + TF_OFF_FINGERPRINT);
    for (int k = 0; k < 16; k++)
        info->counts[k / 8][k / 4 % 2][k % 4] = tf_get_u64(head + TF_OFF_COUNTS + 8 * k);
    for (int k = 0; k < PART_COUNT; k++) {
        info->part_size[k] = tf_get_u64(head + TF_OFF_PARTS + 8 * k);
        info->part_order[k] = head[TF_OFF_ORDER + k];
    }
    bool padded = true;
    for (int k = TF_OFF_ORDER + PART_COUNT; k < TF_OFF_FLAGS; k++) padded &= head[k] == 0;
    if (!padded ||
        !part_order_init(&t->order, info->part_size, info->part_order, info->positions / 2))
        return tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path,
                       "the index's parts do not multiply to its size or their order is not a "
                       "permutation");
    uint8_t flags = head[TF_OFF_FLAGS];
    if (flags & ~(TF_FLAG_DRAFT | TF_FLAG_MIRRORED) ||
        (flags & TF_FLAG_MIRRORED && info->sides == TABLE_SIDES_BOTH))
        return tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path,
                       "unknown flags %#x in the header, or mirrored with both sides stored",
                       flags);
    info->draft = flags & TF_FLAG_DRAFT;
    info->mirrored = flags & TF_FLAG_MIRRORED;
    return TABLE_OK;
}

static uint64_t block_begin(const TableFile *t, uint64_t b) {
    return b == 0 ? t->data_start : t->entries[b - 1].end;
}

/* The stream that block number b belongs to. */
static const Stream *stream_of(const TableFile *t, uint64_t b) {
    int i = 0;
    while (b >= t->streams[i].first + t->streams[i].blocks) i++;
    return &t->streams[i];
}

/* The bytes block number b decodes to. */
static size_t decoded_bytes(const TableFile *t, uint64_t b) {
    const Stream *s = stream_of(t, b);
    uint64_t n = tf_block_positions(t->stored_count, s->per_block, b - s->first);
    return (size_t)tf_encoded_bytes(s->encoding, n);
}

/* Whether block b's entry, read from the offset table, lies after the previous block and
 * no further than bound bytes on. */
static bool read_entry(TableFile *t, const uint8_t *table, uint64_t b, size_t bound) {
    t->entries[b].end = tf_get_u64(table + b * TF_ENTRY_SIZE);
    t->entries[b].sum = tf_get_u64(table + b * TF_ENTRY_SIZE + 8);
    uint64_t begin = block_begin(t, b), end = t->entries[b].end;
    return end >= begin && end - begin <= bound;
}

/* Each block must lie after the previous one, no longer than zstd's bound for its
 * contents, and the last must end where the file does.  The bound is worked out once for
 * a stream's full blocks: a block at a time, it took a third of opening a large table. */
static TableStatus parse_entries(TableFile *t, const uint8_t *table, char *err, size_t errlen) {
    t->entries = malloc(t->block_count * sizeof *t->entries + 1);
    if (!t->entries) return tf_fail(err, errlen, TABLE_ERR_MEMORY, t->path, "out of memory");
    uint64_t b = 0;
    for (const Stream *s = t->streams; b < t->block_count; s++) {
        size_t full = ZSTD_compressBound(tf_encoded_bytes(s->encoding, s->per_block));
        for (; b < t->block_count && b < s->first + s->blocks; b++) {
            bool last = b + 1 == s->first + s->blocks;
            if (!read_entry(t, table, b, last ? ZSTD_compressBound(decoded_bytes(t, b)) : full))
                return tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path,
                               "block %llu has an impossible offset", (unsigned long long)b);
        }
    }
    uint64_t end = block_begin(t, t->block_count);
    if (end > t->size)
        return tf_fail(err, errlen, TABLE_ERR_TRUNCATED, t->path,
                       "truncated: %llu bytes, the offset table says %llu",
                       (unsigned long long)t->size, (unsigned long long)end);
    if (end < t->size)
        return tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path, "%llu bytes after the last block",
                       (unsigned long long)(t->size - end));
    return TABLE_OK;
}

static TableStatus read_header(TableFile *t, char *err, size_t errlen) {
    uint8_t head[TF_HEADER_SIZE], *bytes = NULL;
    ssize_t n = read_at(t->fd, head, sizeof head, 0);
    if (n < 0) return tf_fail(err, errlen, TABLE_ERR_IO, t->path, "%s", strerror(errno));
    TableStatus s = check_prefix(t, head, n, err, errlen);
    if (s == TABLE_OK) s = locate_checksum(t, head, err, errlen);
    if (s == TABLE_OK) s = read_checked(t, &bytes, err, errlen);
    if (s == TABLE_OK) s = parse_info(t, bytes, err, errlen);
    if (s == TABLE_OK) s = parse_entries(t, bytes + TF_HEADER_SIZE, err, errlen);
    free(bytes);
    return s;
}

static TableStatus check_identity(const TableFile *t, const Variant *v, const char *material,
                                  char *err, size_t errlen) {
    const TableInfo *info = &t->info;
    if (v && strcmp(info->variant, v->id) != 0)
        return tf_fail(err, errlen, TABLE_ERR_VARIANT, t->path, "table of variant %s, not %s",
                       info->variant, v->id);
    if (v && info->fingerprint != variant_fingerprint(v))
        return tf_fail(err, errlen, TABLE_ERR_FINGERPRINT, t->path,
                       "built under other rules for %s (fingerprint %016llx, expected %016llx)",
                       v->id, (unsigned long long)info->fingerprint,
                       (unsigned long long)variant_fingerprint(v));
    if (material && strcmp(info->material, material) != 0)
        return tf_fail(err, errlen, TABLE_ERR_MATERIAL, t->path, "table of %s, not %s",
                       info->material, material);
    return TABLE_OK;
}

/* A WDL stream has a summary where each block's lies in one piece, in whole bytes, so that
 * only the threads that decode a block write it: so for every file dtb-gen writes. */
static bool have_summary(const Stream *s) {
    return s->per_block % (4 * CHUNK) == 0 && PIECE_POSITIONS % s->per_block == 0;
}

static bool alloc_summaries(TableFile *t) {
    for (uint32_t set = 0; set < t->info.cells_per_position; set++) {
        Stream *s = &t->streams[2 * set + TF_WDL];
        if (have_summary(s) &&
            !(s->pieces = calloc(t->stored_count / PIECE_POSITIONS + 1, sizeof *s->pieces)))
            return false;
    }
    return true;
}

static void free_summary(const TableFile *t, const Stream *s) {
    if (!s->pieces) return;
    for (uint64_t p = 0; p <= t->stored_count / PIECE_POSITIONS; p++)
        free((void *)atomic_load_explicit(&s->pieces[p], memory_order_relaxed));
    free(s->pieces);
}

/* The arrays by block number, zeroed: nothing decoded, referenced or summarized. */
static bool alloc_block_arrays(TableFile *t) {
    t->blocks = calloc(t->block_count + 1, sizeof *t->blocks);
    t->referenced = calloc(t->block_count + 1, sizeof *t->referenced);
    t->summarized = calloc(t->block_count + 1, sizeof *t->summarized);
    return t->blocks && t->referenced && t->summarized;
}

TableStatus table_open(const char *path, const Variant *v, const char *material, TableFile **out,
                       char *err, size_t errlen) {
    *out = NULL;
    TableFile *t = calloc(1, sizeof *t);
    if (!t) return tf_fail(err, errlen, TABLE_ERR_MEMORY, path, "out of memory");
    t->fd = -1;
    TableStatus s = open_file(t, path, err, errlen);
    if (s == TABLE_OK) s = read_header(t, err, errlen);
    if (s == TABLE_OK) s = check_identity(t, v, material, err, errlen);
    if (s == TABLE_OK && !alloc_block_arrays(t))
        s = tf_fail(err, errlen, TABLE_ERR_MEMORY, path, "out of memory");
    if (s == TABLE_OK && !alloc_summaries(t))
        s = tf_fail(err, errlen, TABLE_ERR_MEMORY, path, "out of memory");
    if (s != TABLE_OK) {
        table_close(t);
        return s;
    }
    *out = t;
    return TABLE_OK;
}

const TableInfo *table_info(const TableFile *t) {
    return &t->info;
}

void table_set_cache(TableFile *t, BlockCache *cache) {
    t->cache = cache;
}

static const char *stream_name(const TableFile *t, uint64_t b) {
    static const char *const names[TF_STREAMS] = {"WDL of value set 0", "DTW of value set 0",
                                                  "WDL of value set 1", "DTW of value set 1"};
    return names[stream_of(t, b) - t->streams];
}

/* Reads block b's compressed bytes into a new buffer (*out) and checks their checksum. */
static TableStatus load_packed(const TableFile *t, uint64_t b, uint8_t **out, size_t *len,
                               char *err, size_t errlen) {
    uint64_t begin = block_begin(t, b);
    *len = (size_t)(t->entries[b].end - begin);
    *out = malloc(*len + 1);
    if (!*out) return tf_fail(err, errlen, TABLE_ERR_MEMORY, t->path, "out of memory");
    ssize_t n = read_at(t->fd, *out, *len, begin);
    if (n < 0) return tf_fail(err, errlen, TABLE_ERR_IO, t->path, "%s", strerror(errno));
    if ((size_t)n < *len)
        return tf_fail(err, errlen, TABLE_ERR_TRUNCATED, t->path, "truncated in block %llu",
                       (unsigned long long)b);
    if (XXH3_64bits(*out, *len) != t->entries[b].sum)
        return tf_fail(err, errlen, TABLE_ERR_CHECKSUM, t->path,
                       "block %llu (%s) does not match its checksum", (unsigned long long)b,
                       stream_name(t, b));
    return TABLE_OK;
}

static void free_dctx(void *dctx) {
    ZSTD_freeDCtx(dctx);
}

/* A decompression context for each thread, shared by all its files: making one costs
 * half as much as decoding a block, and a cold probe opens a file or more. */
static ThreadKey dctx_key = THREAD_KEY_INIT(free_dctx);

/* The calling thread's context (*kept), or where it cannot be kept one to free after use;
 * NULL when out of memory. */
static ZSTD_DCtx *take_dctx(bool *kept) {
    ZSTD_DCtx *dctx = thread_key_get(&dctx_key);
    *kept = true;
    if (dctx) return dctx;
    dctx = ZSTD_createDCtx();
    *kept = dctx && thread_key_set(&dctx_key, dctx);
    return dctx;
}

/* Decodes block b into out, which has room for decoded_bytes(t, b). */
static TableStatus decode_block(TableFile *t, uint64_t b, uint8_t *out, char *err, size_t errlen) {
    uint8_t *packed;
    size_t len, want = decoded_bytes(t, b);
    TableStatus s = load_packed(t, b, &packed, &len, err, errlen);
    bool kept = true;
    ZSTD_DCtx *dctx = s == TABLE_OK ? take_dctx(&kept) : NULL;
    if (s == TABLE_OK && !dctx)
        s = tf_fail(err, errlen, TABLE_ERR_MEMORY, t->path, "out of memory");
    if (s == TABLE_OK) {
        size_t got = ZSTD_decompressDCtx(dctx, out, want, packed, len);
        if (ZSTD_isError(got) || got != want)
            s = tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path,
                        "block %llu does not decompress to %zu bytes", (unsigned long long)b, want);
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
    const Stream *stream = stream_of(t, b);
    if (!stream->pieces) return true;
    if (!summarize_block(t, stream, b - stream->first, values)) return false;
    atomic_store_explicit(&t->summarized[b], true, memory_order_release);
    return true;
}

/* Room for block b decoded: from the file's cache where it has one (a spare block). */
static uint8_t *new_block(TableFile *t, uint64_t b) {
    size_t bytes = decoded_bytes(t, b);
    return t->cache ? cache_block_new(t->cache, bytes) : malloc(bytes + 1);
}

/* Gives back a block of new_block that no other thread has seen. */
static void drop_block(TableFile *t, uint64_t b, uint8_t *block) {
    if (t->cache)
        cache_block_drop(t->cache, block, decoded_bytes(t, b));
    else
        free(block);
}

/* Publishes block b, decoded in mine, unless another thread was quicker: in a file without
 * a cache directly, else through the cache.  Drops mine where it is not kept. */
static void keep_block(TableFile *t, uint64_t b, uint8_t *mine) {
    uint8_t *expected = NULL;
    bool kept = t->cache ? cache_admit(t->cache, &t->blocks[b], &t->referenced[b], mine,
                                       decoded_bytes(t, b)) == CACHE_ADMITTED
                         : atomic_compare_exchange_strong_explicit(&t->blocks[b], &expected, mine,
                                                                   memory_order_acq_rel,
                                                                   memory_order_acquire);
    if (!kept) drop_block(t, b, mine);
}

/* Decodes block b, writes its summary, gives the value at position k of the block in *out
 * and keeps the block for later probes (keep_block).  The value is read before: a kept
 * block may be evicted at once. */
static TableStatus decode_value(TableFile *t, uint64_t b, uint64_t k, unsigned *out, char *err,
                                size_t errlen) {
    uint8_t *mine = new_block(t, b);
    if (!mine) return tf_fail(err, errlen, TABLE_ERR_MEMORY, t->path, "out of memory");
    TableStatus s = decode_block(t, b, mine, err, errlen);
    if (s == TABLE_OK && !summarize(t, b, mine))
        s = tf_fail(err, errlen, TABLE_ERR_MEMORY, t->path, "out of memory");
    if (s != TABLE_OK) {
        drop_block(t, b, mine);
        return s;
    }
    *out = tf_decoded_value(stream_of(t, b)->encoding, mine, k);
    keep_block(t, b, mine);
    return TABLE_OK;
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

bool table_stores(const TableFile *t, uint64_t index) {
    return index - t->stored_first < t->stored_count;
}

bool table_leaves_threats(const TableFile *t) {
    return t->info.sides != TABLE_SIDES_BOTH && !t->info.mirrored;
}

static TableStatus check_request(const TableFile *t, uint64_t index, int set, char *err,
                                 size_t errlen) {
    if (index >= t->info.positions)
        return tf_fail(err, errlen, TABLE_ERR_RANGE, t->path, "index %llu beyond %llu positions",
                       (unsigned long long)index, (unsigned long long)t->info.positions);
    if (!table_stores(t, index))
        return tf_fail(err, errlen, TABLE_ERR_RANGE, t->path,
                       "index %llu has the side to move this table leaves out",
                       (unsigned long long)index);
    if (set < 0 || (uint32_t)set >= t->info.cells_per_position)
        return tf_fail(err, errlen, TABLE_ERR_RANGE, t->path, "no value set %d", set);
    return TABLE_OK;
}

/* The value stream i stores at place `place` of the file's order, a stored position's: from
 * the summary, else lock-free from the decoded block, else by decoding it. */
static TableStatus stream_value(TableFile *t, int i, uint64_t place, unsigned *out, char *err,
                                size_t errlen) {
    const Stream *s = &t->streams[i];
    uint64_t index = place - t->stored_first;
    uint64_t b = s->first + index / s->per_block, k = index % s->per_block;
    if (s->pieces && (*out = summary_value(t, s, b, index)) != WDL_NONE) return TABLE_OK;
    if (read_kept(t, s, b, k, out)) return TABLE_OK;
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

TableStatus table_read_wdl(TableFile *t, uint64_t index, int set, int *out, char *err,
                           size_t errlen) {
    unsigned wdl = 0;
    TableStatus s = check_request(t, index, set, err, errlen);
    uint64_t place = s == TABLE_OK ? part_order_to_file(&t->order, index) : 0;
    if (s == TABLE_OK) s = stream_value(t, 2 * set + TF_WDL, place, &wdl, err, errlen);
    *out = (int)wdl;
    return s;
}

/* Whether the DTW of this WDL and half is one a table may store: a DTW stream of two bytes
 * a position can store more, which only a crafted file (its checksums made good) does. */
static bool dtw_fits(unsigned wdl, unsigned half) {
    return tf_dtw_of_half((int)wdl, half) <= CELL_DTW_STORED_MAX;
}

TableStatus table_read(TableFile *t, uint64_t index, int set, Cell *out, char *err, size_t errlen) {
    unsigned wdl = 0, half = 0;
    TableStatus s = check_request(t, index, set, err, errlen);
    uint64_t place = s == TABLE_OK ? part_order_to_file(&t->order, index) : 0;
    if (s == TABLE_OK) s = stream_value(t, 2 * set + TF_WDL, place, &wdl, err, errlen);
    if (s == TABLE_OK) s = stream_value(t, 2 * set + TF_DTW, place, &half, err, errlen);
    if (s == TABLE_OK && !dtw_fits(wdl, half))
        s = tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path, "position %llu has a DTW over %d",
                    (unsigned long long)index, CELL_DTW_STORED_MAX);
    *out = CELL_MAKE(wdl, tf_dtw_of_half((int)wdl, half));
    return s;
}

/* Puts the values of stream i's block b (decoded in bytes) into out, which holds `sets`
 * cells a position starting with value set `first`: WDLs first, then the DTW they give.
 * Returns false where a DTW does not fit its cell. */
static bool spread_block(const TableFile *t, int i, uint64_t b, const uint8_t *bytes,
                         uint32_t first, uint32_t sets, Cell *out) {
    const Stream *s = &t->streams[i];
    uint64_t n = tf_block_positions(t->stored_count, s->per_block, b);
    out += (uint32_t)i / 2 - first;
    PartWalk walk;
    part_walk_start(&t->order, t->stored_first + b * s->per_block, &walk);
    bool fits = true;
    for (uint64_t k = 0; k < n; k++, part_walk_next(&t->order, &walk)) {
        Cell *cell = out + walk.index * sets;
        unsigned value = tf_decoded_value(s->encoding, bytes, k), wdl = CELL_WDL(*cell);
        if (i % 2 == TF_WDL) {
            *cell = CELL_MAKE(value, 0);
        } else {
            fits &= dtw_fits(wdl, value);
            *cell = CELL_MAKE(wdl, tf_dtw_of_half((int)wdl, value));
        }
    }
    return fits;
}

/* Reads value sets first .. first + sets - 1 into out, a position's cells adjacent.  Every
 * block is decoded here, kept or not: a whole table's reads would otherwise hold a read
 * section (read_guard.h) for as long. */
static TableStatus read_sets(TableFile *t, uint32_t first, uint32_t sets, Cell *out, char *err,
                             size_t errlen) {
    size_t largest = 0;
    for (uint64_t b = 0; b < t->block_count; b++)
        if (decoded_bytes(t, b) > largest) largest = decoded_bytes(t, b);
    uint8_t *buffer = malloc(largest + 1);
    if (!buffer) return tf_fail(err, errlen, TABLE_ERR_MEMORY, t->path, "out of memory");
    uint64_t left_out = t->stored_first ? 0 : t->stored_count; /* the side not stored */
    memset(out + left_out * sets, 0, (t->info.positions - t->stored_count) * sets * sizeof *out);
    TableStatus s = TABLE_OK;
    for (uint64_t b = 0; b < t->block_count && s == TABLE_OK; b++) {
        const Stream *stream = stream_of(t, b);
        uint32_t i = (uint32_t)(stream - t->streams);
        if (i / 2 < first || i / 2 >= first + sets) continue;
        s = decode_block(t, b, buffer, err, errlen);
        if (s == TABLE_OK && !spread_block(t, (int)i, b - stream->first, buffer, first, sets, out))
            s = tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path, "block %llu has a DTW over %d",
                        (unsigned long long)b, CELL_DTW_STORED_MAX);
    }
    free(buffer);
    return s;
}

/* A stream's block in a scan: its values decoded, the number of the block to decode next,
 * and the place in this one of the next value given, of n. */
typedef struct ScanBlock {
    uint8_t *bytes;
    uint64_t next, k, n;
} ScanBlock;

/* The value stream i stores at the scan's next place, decoding its next block first where
 * the last is used up. */
static TableStatus scan_value(TableFile *t, int i, ScanBlock *b, unsigned *out, char *err,
                              size_t errlen) {
    const Stream *s = &t->streams[i];
    if (b->k == b->n) {
        TableStatus status = decode_block(t, b->next, b->bytes, err, errlen);
        if (status != TABLE_OK) return status;
        b->n = tf_block_positions(t->stored_count, s->per_block, b->next++ - s->first);
        b->k = 0;
    }
    *out = tf_decoded_value(s->encoding, b->bytes, b->k++);
    return TABLE_OK;
}

/* The cells of the scan's next place, position `index`, one a value set. */
static TableStatus scan_cells(TableFile *t, ScanBlock *block, uint64_t index, Cell *cells,
                              char *err, size_t errlen) {
    TableStatus s = TABLE_OK;
    for (uint32_t set = 0; set < t->info.cells_per_position && s == TABLE_OK; set++) {
        unsigned wdl = 0, half = 0;
        s = scan_value(t, (int)(2 * set + TF_WDL), &block[2 * set + TF_WDL], &wdl, err, errlen);
        if (s == TABLE_OK)
            s = scan_value(t, (int)(2 * set + TF_DTW), &block[2 * set + TF_DTW], &half, err,
                           errlen);
        if (s == TABLE_OK && !dtw_fits(wdl, half))
            s = tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path, "position %llu has a DTW over %d",
                        (unsigned long long)index, CELL_DTW_STORED_MAX);
        cells[set] = CELL_MAKE(wdl, tf_dtw_of_half((int)wdl, half));
    }
    return s;
}

TableStatus table_scan(TableFile *t, TableVisit visit, void *ctx, char *err, size_t errlen) {
    uint32_t streams = 2 * t->info.cells_per_position;
    ScanBlock block[TF_STREAMS] = {{0}};
    TableStatus s = TABLE_OK;
    for (uint32_t i = 0; i < streams && s == TABLE_OK; i++) {
        const Stream *stream = &t->streams[i];
        block[i].bytes = malloc(tf_encoded_bytes(stream->encoding, stream->per_block) + 1);
        block[i].next = stream->first;
        if (!block[i].bytes) s = tf_fail(err, errlen, TABLE_ERR_MEMORY, t->path, "out of memory");
    }
    PartWalk walk;
    part_walk_start(&t->order, t->stored_first, &walk);
    for (uint64_t k = 0; k < t->stored_count && s == TABLE_OK; k++) {
        Cell cells[TF_STREAMS / 2];
        s = scan_cells(t, block, walk.index, cells, err, errlen);
        if (s == TABLE_OK) s = visit(ctx, walk.index, cells, err, errlen);
        part_walk_next(&t->order, &walk);
    }
    for (uint32_t i = 0; i < streams; i++) free(block[i].bytes);
    return s;
}

TableStatus table_read_all(TableFile *t, Cell *out, char *err, size_t errlen) {
    return read_sets(t, 0, t->info.cells_per_position, out, err, errlen);
}

TableStatus table_read_set(TableFile *t, int set, Cell *out, char *err, size_t errlen) {
    if ((uint32_t)set >= t->info.cells_per_position)
        return tf_fail(err, errlen, TABLE_ERR_MATERIAL, t->path, "no such value set");
    return read_sets(t, (uint32_t)set, 1, out, err, errlen);
}

void table_stream_size(const TableFile *t, int set, bool dtw, uint64_t *file_bytes,
                       uint64_t *decoded_bytes_out) {
    const Stream *s = &t->streams[2 * set + dtw];
    uint64_t first = s->first, last = s->first + s->blocks;
    *file_bytes = s->blocks * TF_ENTRY_SIZE;
    if (s->blocks) *file_bytes += block_begin(t, last) - block_begin(t, first);
    *decoded_bytes_out = tf_encoded_bytes(s->encoding, t->stored_count);
}

TableStatus table_verify(const TableFile *t, char *err, size_t errlen) {
    TableStatus s = TABLE_OK;
    for (uint64_t b = 0; s == TABLE_OK && b < t->block_count; b++) {
        uint8_t *packed;
        size_t len;
        s = load_packed(t, b, &packed, &len, err, errlen);
        free(packed);
    }
    return s;
}

TableStatus table_verify_file(const char *path, char *err, size_t errlen) {
    TableFile *t;
    TableStatus s = table_open(path, NULL, NULL, &t, err, errlen);
    if (s == TABLE_OK) s = table_verify(t, err, errlen);
    table_close(t);
    return s;
}

void table_close(TableFile *t) {
    if (!t) return;
    if (t->blocks)
        for (uint64_t b = 0; b < t->block_count; b++)
            free(atomic_load_explicit(&t->blocks[b], memory_order_relaxed));
    free(t->blocks);
    free(t->referenced);
    free(t->summarized);
    for (int i = 0; i < TF_STREAMS; i++) free_summary(t, &t->streams[i]);
    free(t->entries);
    free(t->path);
    if (t->fd >= 0) close(t->fd);
    free(t);
}
