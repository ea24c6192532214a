/* Reading table files (layout in table_format.h).  Nothing read from a file is used before
 * it is checked: the file size bounds every allocation and offset, and the header checksum
 * is checked before any field other than those needed to find it.  Allocations ask for
 * one byte more than needed, so that an empty table or block never means malloc(0). */
#include "table_file.h"
#include "table_format.h"

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

struct TableFile {
    char *path;
    int fd;
    uint64_t size; /* of the file */
    TableInfo info;
    uint64_t per_block; /* positions per block */
    uint64_t block_count;
    uint64_t data_start;
    BlockEntry *entries;
    _Atomic(Cell *) *blocks; /* decoded blocks, NULL until first read */
};

/* One row per TableStatus. */
static const char *const status_text[] = {
    [TABLE_OK] = "ok",
    [TABLE_ERR_MISSING] = "no such file",
    [TABLE_ERR_IO] = "input/output error",
    [TABLE_ERR_MAGIC] = "not a dtb table",
    [TABLE_ERR_VERSION] = "unknown format version",
    [TABLE_ERR_VARIANT] = "table of another variant",
    [TABLE_ERR_FINGERPRINT] = "table built under other rules",
    [TABLE_ERR_MATERIAL] = "table of another material",
    [TABLE_ERR_TRUNCATED] = "truncated file",
    [TABLE_ERR_CHECKSUM] = "checksum mismatch",
    [TABLE_ERR_MEMORY] = "out of memory",
    [TABLE_ERR_CORRUPT] = "inconsistent contents",
    [TABLE_ERR_RANGE] = "position index out of range",
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
    t->fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (t->fd < 0 || fstat(t->fd, &st) != 0) {
        TableStatus s = errno == ENOENT ? TABLE_ERR_MISSING : TABLE_ERR_IO;
        return tf_fail(err, errlen, s, path, "%s", strerror(errno));
    }
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
        return tf_fail(err, errlen, TABLE_ERR_VERSION, t->path,
                       "format version %u, this reader knows version %u", version, TF_VERSION);
    if (n < TF_HEADER_SIZE)
        return tf_fail(err, errlen, TABLE_ERR_TRUNCATED, t->path, "truncated header");
    return TABLE_OK;
}

/* The fields that say where the header checksum is, checked before it can be. */
static TableStatus locate_checksum(TableFile *t, const uint8_t *head, char *err, size_t errlen) {
    t->info.positions = tf_get_u64(head + TF_OFF_POSITIONS);
    t->info.cells_per_position = tf_get_u32(head + TF_OFF_CELLS_PER_POSITION);
    t->per_block = tf_get_u32(head + TF_OFF_BLOCK_POSITIONS);
    uint32_t cpp = t->info.cells_per_position;
    if (cpp < 1 || cpp > 2 || t->per_block == 0 ||
        t->per_block * cpp * sizeof(Cell) > TF_BLOCK_BYTES_MAX)
        return tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path,
                       "impossible layout: %u cells per position, %llu positions per block", cpp,
                       (unsigned long long)t->per_block);
    t->block_count = tf_block_count(t->info.positions, t->per_block);
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
        return tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path, "unterminated name in header");
    info->fingerprint = tf_get_u64(head + TF_OFF_FINGERPRINT);
    for (int k = 0; k < 16; k++)
        info->counts[k / 8][k / 4 % 2][k % 4] = tf_get_u64(head + TF_OFF_COUNTS + 8 * k);
    return TABLE_OK;
}

static uint64_t block_begin(const TableFile *t, uint64_t b) {
    return b == 0 ? t->data_start : t->entries[b - 1].end;
}

static size_t block_cells(const TableFile *t, uint64_t b) {
    uint64_t n = tf_block_positions(t->info.positions, t->per_block, b);
    return (size_t)(n * t->info.cells_per_position);
}

/* Each block must lie after the previous one, no longer than zstd's bound for its
 * contents, and the last must end where the file does. */
static TableStatus parse_entries(TableFile *t, const uint8_t *table, char *err, size_t errlen) {
    t->entries = malloc(t->block_count * sizeof *t->entries + 1);
    if (!t->entries) return tf_fail(err, errlen, TABLE_ERR_MEMORY, t->path, "out of memory");
    for (uint64_t b = 0; b < t->block_count; b++) {
        t->entries[b].end = tf_get_u64(table + b * TF_ENTRY_SIZE);
        t->entries[b].sum = tf_get_u64(table + b * TF_ENTRY_SIZE + 8);
        uint64_t begin = block_begin(t, b), end = t->entries[b].end;
        if (end < begin || end - begin > ZSTD_compressBound(block_cells(t, b) * sizeof(Cell)))
            return tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path,
                           "block %llu has an impossible offset", (unsigned long long)b);
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

TableStatus table_open(const char *path, const Variant *v, const char *material, TableFile **out,
                       char *err, size_t errlen) {
    *out = NULL;
    TableFile *t = calloc(1, sizeof *t);
    if (!t) return tf_fail(err, errlen, TABLE_ERR_MEMORY, path, "out of memory");
    t->fd = -1;
    TableStatus s = open_file(t, path, err, errlen);
    if (s == TABLE_OK) s = read_header(t, err, errlen);
    if (s == TABLE_OK) s = check_identity(t, v, material, err, errlen);
    if (s == TABLE_OK && !(t->blocks = calloc(t->block_count + 1, sizeof *t->blocks)))
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
                       "block %llu does not match its checksum", (unsigned long long)b);
    return TABLE_OK;
}

/* Decodes block b into out, which has room for block_cells(t, b) cells. */
static TableStatus decode_block(const TableFile *t, uint64_t b, Cell *out, char *err,
                                size_t errlen) {
    uint8_t *packed;
    size_t len, want = block_cells(t, b) * sizeof(Cell);
    TableStatus s = load_packed(t, b, &packed, &len, err, errlen);
    if (s == TABLE_OK) {
        size_t got = ZSTD_decompress(out, want, packed, len);
        if (ZSTD_isError(got) || got != want)
            s = tf_fail(err, errlen, TABLE_ERR_CORRUPT, t->path,
                        "block %llu does not decompress to %zu bytes", (unsigned long long)b, want);
    }
    free(packed);
    if (s == TABLE_OK) tf_cells_from_le(out, want / sizeof(Cell));
    return s;
}

/* Decodes block b and publishes it; when another thread was quicker, keeps its copy. */
static TableStatus touch_block(TableFile *t, uint64_t b, Cell **cells, char *err, size_t errlen) {
    Cell *mine = malloc(block_cells(t, b) * sizeof(Cell) + 1);
    if (!mine) return tf_fail(err, errlen, TABLE_ERR_MEMORY, t->path, "out of memory");
    TableStatus s = decode_block(t, b, mine, err, errlen);
    if (s != TABLE_OK) {
        free(mine);
        return s;
    }
    Cell *expected = NULL;
    if (atomic_compare_exchange_strong_explicit(&t->blocks[b], &expected, mine,
                                                memory_order_acq_rel, memory_order_acquire)) {
        *cells = mine;
    } else {
        free(mine);
        *cells = expected;
    }
    return TABLE_OK;
}

TableStatus table_read(TableFile *t, uint64_t index, Cell *out, char *err, size_t errlen) {
    if (index >= t->info.positions)
        return tf_fail(err, errlen, TABLE_ERR_RANGE, t->path, "index %llu beyond %llu positions",
                       (unsigned long long)index, (unsigned long long)t->info.positions);
    uint64_t b = index / t->per_block;
    Cell *cells = atomic_load_explicit(&t->blocks[b], memory_order_acquire);
    if (!cells) {
        TableStatus s = touch_block(t, b, &cells, err, errlen);
        if (s != TABLE_OK) return s;
    }
    uint32_t cpp = t->info.cells_per_position;
    memcpy(out, cells + (index - b * t->per_block) * cpp, cpp * sizeof(Cell));
    return TABLE_OK;
}

TableStatus table_read_all(TableFile *t, Cell *out, char *err, size_t errlen) {
    for (uint64_t b = 0; b < t->block_count; b++) {
        Cell *dst = out + b * t->per_block * t->info.cells_per_position;
        Cell *cached = atomic_load_explicit(&t->blocks[b], memory_order_acquire);
        if (cached) {
            memcpy(dst, cached, block_cells(t, b) * sizeof(Cell));
            continue;
        }
        TableStatus s = decode_block(t, b, dst, err, errlen);
        if (s != TABLE_OK) return s;
    }
    return TABLE_OK;
}

TableStatus table_verify_file(const char *path, char *err, size_t errlen) {
    TableFile *t;
    TableStatus s = table_open(path, NULL, NULL, &t, err, errlen);
    for (uint64_t b = 0; s == TABLE_OK && b < t->block_count; b++) {
        uint8_t *packed;
        size_t len;
        s = load_packed(t, b, &packed, &len, err, errlen);
        free(packed);
    }
    table_close(t);
    return s;
}

void table_close(TableFile *t) {
    if (!t) return;
    if (t->blocks)
        for (uint64_t b = 0; b < t->block_count; b++)
            free(atomic_load_explicit(&t->blocks[b], memory_order_relaxed));
    free(t->blocks);
    free(t->entries);
    free(t->path);
    if (t->fd >= 0) close(t->fd);
    free(t);
}
