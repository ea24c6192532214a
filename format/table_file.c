/* Reading table files (layout in table_format.h).  Nothing read from a file is used before
 * it is checked: the file size bounds every allocation and offset, and the header checksum
 * is checked before any field other than those needed to find it.  Allocations ask for
 * one byte more than needed, so that an empty table or block never means malloc(0). */
#include "table_reader.h"

#include "read_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

ssize_t table_read_at(int fd, void *buf, size_t len, uint64_t offset) {
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

static Status open_file(TableFile *t, const char *path, char *err, size_t errlen) {
    t->path = strdup(path);
    if (!t->path) return status_fail(err, errlen, STATUS_MEMORY, path, "out of memory");
    /* Without O_NONBLOCK a FIFO under a table's name would hold the open forever; on a
     * regular file the flag changes nothing. */
    t->fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    struct stat st;
    if (t->fd < 0 || fstat(t->fd, &st) != 0) {
        Status s = errno == ENOENT ? STATUS_MISSING : STATUS_IO;
        return status_fail(err, errlen, s, path, "%s", strerror(errno));
    }
    if (!S_ISREG(st.st_mode))
        return status_fail(err, errlen, STATUS_IO, path, "not a regular file");
    t->size = (uint64_t)st.st_size;
    return STATUS_OK;
}

/* Magic and version come first: a newer version may lay out the rest differently. */
static Status check_prefix(const TableFile *t, const uint8_t *head, ssize_t n, char *err,
                           size_t errlen) {
    if (n >= 4 && tf_get_u32(head + TF_OFF_MAGIC) != TF_MAGIC)
        return status_fail(err, errlen, STATUS_MAGIC, t->path, "not a dtb table (wrong magic)");
    uint32_t version = n >= 8 ? tf_get_u32(head + TF_OFF_VERSION) : TF_VERSION;
    if (version != TF_VERSION)
        return status_fail(err, errlen, version > TF_VERSION ? STATUS_NEWER : STATUS_VERSION,
                           t->path, "format version %u, this reader knows version %u", version,
                           TF_VERSION);
    if (n < TF_HEADER_SIZE)
        return status_fail(err, errlen, STATUS_TRUNCATED, t->path, "truncated header");
    return STATUS_OK;
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
static Status locate_checksum(TableFile *t, const uint8_t *head, char *err, size_t errlen) {
    t->info.positions = tf_get_u64(head + TF_OFF_POSITIONS);
    t->info.cells_per_position = tf_get_u32(head + TF_OFF_SETS);
    t->info.sides = tf_get_u32(head + TF_OFF_SIDES);
    uint32_t sets = t->info.cells_per_position;
    bool fits =
        sets >= 1 && sets <= 2 && t->info.sides < TABLE_SIDES_SMALLER && t->info.positions % 2 == 0;
    if (fits) tf_stored_range(t->info.positions, t->info.sides, &t->stored_first, &t->stored_count);
    for (int i = 0; i < TF_STREAMS && fits; i++) fits = parse_stream(t, head, i);
    if (!fits)
        return status_fail(err, errlen, STATUS_CORRUPT, t->path,
                           "impossible layout: %u value sets, sides code %u, an odd number of "
                           "positions, or a stream with a bad block size or encoding",
                           sets, t->info.sides);
    /* Every block takes at least one byte, so the count is bounded by the file size. */
    if (t->block_count > t->size / (TF_ENTRY_SIZE + 1) || tf_data_start(t->block_count) > t->size)
        return status_fail(err, errlen, STATUS_TRUNCATED, t->path,
                           "truncated: %llu positions need more than %llu bytes",
                           (unsigned long long)t->info.positions, (unsigned long long)t->size);
    t->data_start = tf_data_start(t->block_count);
    return STATUS_OK;
}

/* Reads header and offset table into a new buffer and checks their checksum. */
static Status read_checked(TableFile *t, uint8_t **out, char *err, size_t errlen) {
    uint64_t covered = t->data_start - TF_SUM_SIZE;
    uint8_t *bytes = malloc(t->data_start);
    if (!bytes) return status_fail(err, errlen, STATUS_MEMORY, t->path, "out of memory");
    *out = bytes;
    if (table_read_at(t->fd, bytes, t->data_start, 0) != (ssize_t)t->data_start)
        return status_fail(err, errlen, STATUS_IO, t->path, "cannot read the offset table");
    if (XXH3_64bits(bytes, covered) != tf_get_u64(bytes + covered))
        return status_fail(err, errlen, STATUS_CHECKSUM, t->path,
                           "header or offset table does not match its checksum");
    return STATUS_OK;
}

/* Copies a NUL-padded name field; false when it has no terminating NUL. */
static bool get_name(char *out, const uint8_t *field, size_t len) {
    memcpy(out, field, len);
    return memchr(out, '\0', len) != NULL;
}

static Status parse_info(TableFile *t, const uint8_t *head, char *err, size_t errlen) {
    TableInfo *info = &t->info;
    if (!get_name(info->variant, head + TF_OFF_VARIANT, sizeof info->variant) ||
        !get_name(info->material, head + TF_OFF_MATERIAL, sizeof info->material))
        return status_fail(err, errlen, STATUS_CORRUPT, t->path, "unterminated name in the header");
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
        return status_fail(err, errlen, STATUS_CORRUPT, t->path,
                           "the index's parts do not multiply to its size or their order is not a "
                           "permutation");
    uint8_t flags = head[TF_OFF_FLAGS];
    if (flags & ~(TF_FLAG_DRAFT | TF_FLAG_MIRRORED) ||
        (flags & TF_FLAG_MIRRORED && info->sides == TABLE_SIDES_BOTH))
        return status_fail(err, errlen, STATUS_CORRUPT, t->path,
                           "unknown flags %#x in the header, or mirrored with both sides stored",
                           flags);
    info->draft = flags & TF_FLAG_DRAFT;
    info->mirrored = flags & TF_FLAG_MIRRORED;
    return STATUS_OK;
}

/* Whether block b's entry, read from the offset table, lies after the previous block and
 * no further than bound bytes on. */
static bool read_entry(TableFile *t, const uint8_t *table, uint64_t b, size_t bound) {
    t->entries[b].end = tf_get_u64(table + b * TF_ENTRY_SIZE);
    t->entries[b].sum = tf_get_u64(table + b * TF_ENTRY_SIZE + 8);
    uint64_t begin = table_block_begin(t, b), end = t->entries[b].end;
    return end >= begin && end - begin <= bound;
}

/* Each block must lie after the previous one, no longer than zstd's bound for its
 * contents, and the last must end where the file does.  The bound is worked out once for
 * a stream's full blocks: a block at a time, it slowed the opening of a large table
 * (bench/RESULTS.md, "Rules, format and probe"). */
static Status parse_entries(TableFile *t, const uint8_t *table, char *err, size_t errlen) {
    t->entries = malloc(t->block_count * sizeof *t->entries + 1);
    if (!t->entries) return status_fail(err, errlen, STATUS_MEMORY, t->path, "out of memory");
    uint64_t b = 0;
    for (const Stream *s = t->streams; b < t->block_count; s++) {
        size_t full = ZSTD_compressBound(tf_encoded_bytes(s->encoding, s->per_block));
        for (; b < t->block_count && b < s->first + s->blocks; b++) {
            bool last = b + 1 == s->first + s->blocks;
            if (!read_entry(t, table, b,
                            last ? ZSTD_compressBound(table_decoded_bytes(t, b)) : full))
                return status_fail(err, errlen, STATUS_CORRUPT, t->path,
                                   "block %llu has an impossible offset", (unsigned long long)b);
        }
    }
    uint64_t end = table_block_begin(t, t->block_count);
    if (end > t->size)
        return status_fail(err, errlen, STATUS_TRUNCATED, t->path,
                           "truncated: %llu bytes, the offset table says %llu",
                           (unsigned long long)t->size, (unsigned long long)end);
    if (end < t->size)
        return status_fail(err, errlen, STATUS_CORRUPT, t->path, "%llu bytes after the last block",
                           (unsigned long long)(t->size - end));
    return STATUS_OK;
}

static Status read_header(TableFile *t, char *err, size_t errlen) {
    uint8_t head[TF_HEADER_SIZE], *bytes = NULL;
    ssize_t n = table_read_at(t->fd, head, sizeof head, 0);
    if (n < 0) return status_fail(err, errlen, STATUS_IO, t->path, "%s", strerror(errno));
    Status s = check_prefix(t, head, n, err, errlen);
    if (s == STATUS_OK) s = locate_checksum(t, head, err, errlen);
    if (s == STATUS_OK) s = read_checked(t, &bytes, err, errlen);
    if (s == STATUS_OK) s = parse_info(t, bytes, err, errlen);
    if (s == STATUS_OK) s = parse_entries(t, bytes + TF_HEADER_SIZE, err, errlen);
    free(bytes);
    return s;
}

static Status check_identity(const TableFile *t, const Variant *v, const char *material, char *err,
                             size_t errlen) {
    const TableInfo *info = &t->info;
    if (v && strcmp(info->variant, v->id) != 0)
        return status_fail(err, errlen, STATUS_VARIANT, t->path, "table of variant %s, not %s",
                           info->variant, v->id);
    if (v && info->fingerprint != variant_fingerprint(v))
        return status_fail(err, errlen, STATUS_FINGERPRINT, t->path,
                           "built under other rules for %s (fingerprint %016llx, expected %016llx)",
                           v->id, (unsigned long long)info->fingerprint,
                           (unsigned long long)variant_fingerprint(v));
    if (material && strcmp(info->material, material) != 0)
        return status_fail(err, errlen, STATUS_MATERIAL, t->path, "table of %s, not %s",
                           info->material, material);
    return STATUS_OK;
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

Status table_open(const char *path, const Variant *v, const char *material, TableFile **out,
                  char *err, size_t errlen) {
    *out = NULL;
    TableFile *t = calloc(1, sizeof *t);
    if (!t) return status_fail(err, errlen, STATUS_MEMORY, path, "out of memory");
    t->fd = -1;
    Status s = open_file(t, path, err, errlen);
    if (s == STATUS_OK) s = read_header(t, err, errlen);
    if (s == STATUS_OK) s = check_identity(t, v, material, err, errlen);
    if (s == STATUS_OK && !alloc_block_arrays(t))
        s = status_fail(err, errlen, STATUS_MEMORY, path, "out of memory");
    if (s == STATUS_OK && !alloc_summaries(t))
        s = status_fail(err, errlen, STATUS_MEMORY, path, "out of memory");
    if (s != STATUS_OK) {
        table_close(t);
        return s;
    }
    *out = t;
    return STATUS_OK;
}

const TableInfo *table_info(const TableFile *t) {
    return &t->info;
}

void table_set_cache(TableFile *t, BlockCache *cache) {
    t->cache = cache;
}

bool table_stores(const TableFile *t, uint64_t index) {
    return index - t->stored_first < t->stored_count;
}

bool table_leaves_threats(const TableFile *t) {
    return t->info.sides != TABLE_SIDES_BOTH && !t->info.mirrored;
}

void table_stream_size(const TableFile *t, int set, bool dtw, uint64_t *file_bytes,
                       uint64_t *decoded_bytes_out) {
    const Stream *s = &t->streams[2 * set + dtw];
    uint64_t first = s->first, last = s->first + s->blocks;
    *file_bytes = s->blocks * TF_ENTRY_SIZE;
    if (s->blocks) *file_bytes += table_block_begin(t, last) - table_block_begin(t, first);
    *decoded_bytes_out = tf_encoded_bytes(s->encoding, t->stored_count);
}

Status table_verify(const TableFile *t, char *err, size_t errlen) {
    Status s = STATUS_OK;
    for (uint64_t b = 0; s == STATUS_OK && b < t->block_count; b++) {
        uint8_t *packed;
        size_t len;
        s = table_load_packed(t, b, &packed, &len, err, errlen);
        free(packed);
    }
    return s;
}

Status table_verify_file(const char *path, char *err, size_t errlen) {
    TableFile *t;
    Status s = table_open(path, NULL, NULL, &t, err, errlen);
    if (s == STATUS_OK) s = table_verify(t, err, errlen);
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
