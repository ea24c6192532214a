#include "slice_store.h"

#include "block_cache.h"
#include "draw_rules.h"
#include "memory.h"
#include "read_guard.h"
#include "slice_file.h"
#include "slice_plan.h"
#include "table_reader.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#define ZSTD_STATIC_LINKING_ONLY /* ZSTD_estimateCCtxSize_usingCParams, for slice_store_bytes */
#include <zstd.h>

/* Fast: a chunk is packed by the one thread that writes it while the others wait, and a
 * higher level saved little (bench/RESULTS.md, "Scratch of slice groups"). */
enum { STORE_LEVEL = 1 };

enum { HEAD_BYTES = 32, HEAD_CHECKED = 24, SIZE_BYTES = 4 };

static const uint8_t store_magic[4] = {'d', 't', 'b', 'S'};

#define NO_BLOCK UINT64_MAX

/* The budget's floor: blocks for every thread's slices solving, and for a writer's pass
 * over a material of few slices. */
#define CACHE_FLOOR ((uint64_t)64 << 20)

struct SliceStore {
    int fd;
    char path[4400];
    uint64_t per_side, slice_size, slice_count;
    uint64_t slice_blocks; /* blocks a slice side */
    size_t block_bytes;    /* decoded, of the largest */
    uint64_t *first;       /* [side * slice_count + slice]: its first block, or NO_BLOCK */
    uint64_t *at;          /* per block: where its bytes are in the file */
    uint32_t *packed;      /* and how many */
    _Atomic(uint8_t *) *slot;
    atomic_bool *referenced;
    uint64_t blocks, capacity;
    uint64_t length;   /* of the records whole */
    uint64_t estimate; /* slice_store_estimate */
    BlockCache *cache;
    uint64_t cache_budget;
    bool cut;
    int horizon[2];
    ZSTD_CCtx *cctx;
    uint8_t *pack; /* a block packed */
    atomic_bool failed;
    Status failure;
    char why[700];
};

static uint64_t blocks_of(uint64_t cells) {
    return (cells + STORE_BLOCK_CELLS - 1) / STORE_BLOCK_CELLS;
}

/* The bytes of a block decoded: whole ones, or a slice side's when that is smaller. */
static size_t block_bytes(const Indexer *ix) {
    uint64_t side = slice_positions(ix) / 2;
    return (side < STORE_BLOCK_CELLS ? side : STORE_BLOCK_CELLS) * sizeof(Cell);
}

/* No more than the material's cells, decoded all at once. */
uint64_t slice_store_cache_bytes(const Indexer *ix) {
    uint64_t budget = CACHE_FLOOR + slice_count(ix) * block_bytes(ix);
    return budget < ix->size * sizeof(Cell) ? budget : ix->size * sizeof(Cell);
}

/* The bound of the bytes a store takes, for planning the disk before its cells are known:
 * each block STORE_PERCENT of its cells' bytes, the worst ratio measured over materials
 * solved in slice groups, with room to spare (bench/RESULTS.md, "Scratch of slice groups"),
 * besides its frame (header, block header, checksum) and size, and a record's header for
 * every slice side. */
enum { STORE_PERCENT = 25, FRAME_BYTES = 32 };

uint64_t slice_store_estimate(const Indexer *ix) {
    uint64_t sides = 2 * slice_count(ix);
    uint64_t blocks = sides * blocks_of(slice_positions(ix) / 2);
    return ix->size * sizeof(Cell) * STORE_PERCENT / 100 + blocks * (FRAME_BYTES + SIZE_BYTES) +
           sides * HEAD_BYTES;
}

/* The directory: a first block a slice side, and a place, size, slot and mark a block. */
static uint64_t directory_bytes(const Indexer *ix) {
    uint64_t sides = 2 * slice_count(ix);
    uint64_t blocks = sides * blocks_of(slice_positions(ix) / 2);
    return sides * sizeof(uint64_t) +
           blocks * (sizeof(uint64_t) + sizeof(uint32_t) + sizeof(void *) + sizeof(atomic_bool));
}

uint64_t slice_store_bytes(const Indexer *ix) {
    size_t block = block_bytes(ix);
    return slice_store_cache_bytes(ix) + directory_bytes(ix) + ZSTD_compressBound(block) +
           ZSTD_estimateCCtxSize_usingCParams(ZSTD_getCParams(STORE_LEVEL, block, 0));
}

static Status io_fail(const SliceStore *st, const char *what, char *err, size_t errlen) {
    snprintf(err, errlen, "%s the scratch file '%s': %s", what, st->path, strerror(errno));
    return STATUS_IO;
}

static bool write_at(int fd, const void *data, size_t len, uint64_t offset) {
    const uint8_t *bytes = data;
    while (len > 0) {
        ssize_t n = pwrite(fd, bytes, len, (off_t)offset);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        bytes += n, offset += (uint64_t)n, len -= (size_t)n;
    }
    return true;
}

/* Reads len bytes at offset; false, errno 0, at the file's end. */
static bool read_at(int fd, void *data, size_t len, uint64_t offset) {
    uint8_t *bytes = data;
    while (len > 0) {
        ssize_t n = pread(fd, bytes, len, (off_t)offset);
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) errno = 0;
        if (n <= 0) return false;
        bytes += n, offset += (uint64_t)n, len -= (size_t)n;
    }
    return true;
}

/* A run's place in the index: its side to move and its first slice, and its slices; false
 * where it is not whole slice sides of one side to move, or not all in the index. */
static bool run_slices(const SliceStore *st, uint64_t first, uint64_t count, uint64_t *side_slice,
                       uint64_t *slices) {
    uint64_t side = first / st->per_side, within = first % st->per_side;
    if (side > 1 || count == 0 || within % st->slice_size || count % st->slice_size ||
        within + count > st->per_side)
        return false;
    *side_slice = side * st->slice_count + within / st->slice_size;
    *slices = count / st->slice_size;
    return true;
}

/* A record's header: its run, and the check of the header and the blocks' sizes. */
static void put_head(uint8_t *head, uint64_t first, uint64_t count, const uint32_t *sizes,
                     uint64_t blocks) {
    memset(head, 0, HEAD_BYTES);
    memcpy(head, store_magic, sizeof store_magic);
    memcpy(head + 8, &first, 8);
    memcpy(head + 16, &count, 8);
    uint64_t check =
        XXH3_64bits_withSeed(sizes, blocks * SIZE_BYTES, XXH3_64bits(head, HEAD_CHECKED));
    memcpy(head + HEAD_CHECKED, &check, 8);
}

/* Records the blocks of a run whose bytes begin at `at`, sized `sizes`, in the directory:
 * consecutive numbers, each slice side's from its first on. */
static void index_run(SliceStore *st, uint64_t side_slice, uint64_t slices, const uint32_t *sizes,
                      uint64_t at) {
    for (uint64_t j = 0; j < slices; j++) {
        uint64_t first = st->blocks;
        for (uint64_t q = 0; q < st->slice_blocks; q++, st->blocks++) {
            st->at[st->blocks] = at;
            st->packed[st->blocks] = sizes[j * st->slice_blocks + q];
            at += st->packed[st->blocks];
        }
        st->first[side_slice + j] = first;
    }
}

/* The record at st->length, its header and sizes read into *head and *sizes (malloc'd): its
 * run and bytes.  STATUS_MISSING where none begins there (the end, or one not whole). */
static Status read_record(SliceStore *st, uint64_t end, uint64_t *side_slice, uint64_t *slices,
                          uint32_t **sizes, uint64_t *bytes) {
    uint8_t head[HEAD_BYTES];
    uint64_t first, count, check;
    *sizes = NULL;
    if (st->length + HEAD_BYTES > end || !read_at(st->fd, head, HEAD_BYTES, st->length))
        return STATUS_MISSING;
    memcpy(&first, head + 8, 8);
    memcpy(&count, head + 16, 8);
    memcpy(&check, head + HEAD_CHECKED, 8);
    if (memcmp(head, store_magic, sizeof store_magic) ||
        !run_slices(st, first, count, side_slice, slices))
        return STATUS_MISSING;
    uint64_t blocks = *slices * st->slice_blocks;
    if (blocks > st->capacity - st->blocks) return STATUS_MISSING;
    *sizes = malloc(blocks * SIZE_BYTES + 1);
    if (!*sizes) return STATUS_MEMORY;
    uint64_t at = st->length + HEAD_BYTES;
    if (at + blocks * SIZE_BYTES > end || !read_at(st->fd, *sizes, blocks * SIZE_BYTES, at))
        return STATUS_MISSING;
    uint8_t want[HEAD_BYTES];
    put_head(want, first, count, *sizes, blocks);
    if (memcmp(want + HEAD_CHECKED, &check, 8)) return STATUS_MISSING;
    *bytes = HEAD_BYTES + blocks * SIZE_BYTES;
    for (uint64_t b = 0; b < blocks; b++) *bytes += (*sizes)[b];
    return st->length + *bytes <= end ? STATUS_OK : STATUS_MISSING;
}

/* Rebuilds the directory from the records before `length` (all whole ones for
 * SLICE_STORE_ALL), and cuts the file there. */
static Status read_records(SliceStore *st, uint64_t length, char *err, size_t errlen) {
    struct stat info;
    if (fstat(st->fd, &info) != 0) return io_fail(st, "cannot read the size of", err, errlen);
    uint64_t size = (uint64_t)info.st_size, end = length == SLICE_STORE_ALL ? size : length;
    if (end > size) {
        snprintf(err, errlen, "the scratch file '%s' has %llu bytes, not the %llu checkpointed",
                 st->path, (unsigned long long)size, (unsigned long long)end);
        return STATUS_CORRUPT;
    }
    for (;;) {
        uint64_t side_slice, slices, bytes;
        uint32_t *sizes;
        Status s = read_record(st, end, &side_slice, &slices, &sizes, &bytes);
        uint64_t blocks_at = st->length + HEAD_BYTES + slices * st->slice_blocks * SIZE_BYTES;
        if (s == STATUS_OK) index_run(st, side_slice, slices, sizes, blocks_at);
        free(sizes);
        if (s == STATUS_MEMORY) return s;
        if (s != STATUS_OK) break;
        st->length += bytes;
    }
    if (length == SLICE_STORE_ALL) return STATUS_OK; /* another process may be appending */
    if (st->length != length) {
        snprintf(err, errlen, "the scratch file '%s' has a record that does not check at byte %llu",
                 st->path, (unsigned long long)st->length);
        return STATUS_CORRUPT;
    }
    if (ftruncate(st->fd, (off_t)length) != 0) return io_fail(st, "cannot cut", err, errlen);
    return STATUS_OK;
}

static Status open_file(SliceStore *st, bool fresh, uint64_t length, char *err, size_t errlen) {
    st->fd = fresh ? open(st->path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)
                   : open(st->path, O_RDWR | O_CLOEXEC);
    if (st->fd < 0) {
        Status status = errno == ENOENT ? STATUS_MISSING : STATUS_IO;
        io_fail(st, fresh ? "cannot create" : "cannot open", err, errlen);
        return status;
    }
    return fresh ? STATUS_OK : read_records(st, length, err, errlen);
}

static bool alloc_directory(SliceStore *st, uint64_t cache_bytes) {
    uint64_t sides = 2 * st->slice_count;
    st->capacity = sides * st->slice_blocks;
    st->first = malloc(sides * sizeof *st->first + 1);
    st->at = malloc(st->capacity * sizeof *st->at + 1);
    st->packed = malloc(st->capacity * sizeof *st->packed + 1);
    st->slot = calloc(st->capacity + 1, sizeof *st->slot);
    st->referenced = calloc(st->capacity + 1, sizeof *st->referenced);
    st->cache = cache_new(cache_bytes);
    st->cache_budget = cache_bytes;
    st->cctx = ZSTD_createCCtx();
    st->pack = malloc(ZSTD_compressBound(st->block_bytes));
    if (!st->first || !st->at || !st->packed || !st->slot || !st->referenced || !st->cache ||
        !st->cctx || !st->pack)
        return false;
    for (uint64_t k = 0; k < sides; k++) st->first[k] = NO_BLOCK;
    return !ZSTD_isError(ZSTD_CCtx_setParameter(st->cctx, ZSTD_c_compressionLevel, STORE_LEVEL)) &&
           !ZSTD_isError(ZSTD_CCtx_setParameter(st->cctx, ZSTD_c_checksumFlag, 1));
}

Status slice_store_open(const char *path, const Indexer *ix, bool fresh, uint64_t length,
                        uint64_t cache_bytes, SliceStore **out, char *err, size_t errlen) {
    SliceStore *st = calloc(1, sizeof *st);
    if (!st) return STATUS_MEMORY;
    snprintf(st->path, sizeof st->path, "%s", path);
    st->fd = -1;
    st->per_side = ix->per_side;
    st->slice_count = slice_count(ix);
    st->slice_size = ix->per_side / st->slice_count;
    st->slice_blocks = blocks_of(st->slice_size);
    st->block_bytes = block_bytes(ix);
    st->estimate = slice_store_estimate(ix);
    Status s = alloc_directory(st, cache_bytes) ? STATUS_OK : STATUS_MEMORY;
    if (s == STATUS_MEMORY) snprintf(err, errlen, "out of memory");
    if (s == STATUS_OK) s = open_file(st, fresh, length, err, errlen);
    if (s != STATUS_OK) {
        slice_store_free(st);
        return s;
    }
    *out = st;
    return STATUS_OK;
}

/* A failed write, naming the bytes the store may still need and what its filesystem has
 * free where the disk is full.  The record begun is not whole: the next is written over it,
 * a reader stops before it, and a run resumed cuts the file before it. */
static Status write_fail(SliceStore *st, char *err, size_t errlen) {
    int error = errno;
    if (error != ENOSPC && error != EDQUOT && error != EFBIG)
        return io_fail(st, "cannot write", err, errlen);
    uint64_t free_bytes = 0, more = st->estimate > st->length ? st->estimate - st->length : 0;
    char free_text[32] = "?", more_text[32];
    if (slice_file_space(st->path, &free_bytes))
        memory_format(free_bytes, free_text, sizeof free_text);
    memory_format(more, more_text, sizeof more_text);
    snprintf(err, errlen,
             "no room for the scratch file '%s': it holds %llu bytes and may need %llu (%s) "
             "more, its filesystem has %s free: %s; make room and run again to continue from "
             "the last checkpoint",
             st->path, (unsigned long long)st->length, (unsigned long long)more, more_text,
             free_text, strerror(error));
    return STATUS_IO;
}

Status slice_store_put(SliceStore *st, uint64_t first, const Cell *cells, uint64_t count, char *err,
                       size_t errlen) {
    uint64_t side_slice, slices;
    if (!run_slices(st, first, count, &side_slice, &slices) ||
        slices * st->slice_blocks > st->capacity - st->blocks) {
        snprintf(err, errlen, "the scratch file '%s' cannot take %llu cells at %llu", st->path,
                 (unsigned long long)count, (unsigned long long)first);
        return STATUS_CORRUPT;
    }
    uint64_t blocks = slices * st->slice_blocks;
    uint8_t *head = malloc(HEAD_BYTES + blocks * SIZE_BYTES);
    if (!head) return status_fail(err, errlen, STATUS_MEMORY, st->path, "out of memory");
    uint32_t *sizes = (uint32_t *)(head + HEAD_BYTES);
    uint64_t at = st->length + HEAD_BYTES + blocks * SIZE_BYTES, begin = at;
    Status s = STATUS_OK;
    for (uint64_t b = 0; b < blocks && s == STATUS_OK; b++) {
        uint64_t rank = b % st->slice_blocks * STORE_BLOCK_CELLS, left = st->slice_size - rank;
        uint64_t n = left < STORE_BLOCK_CELLS ? left : STORE_BLOCK_CELLS;
        size_t size =
            ZSTD_compress2(st->cctx, st->pack, ZSTD_compressBound(st->block_bytes),
                           cells + b / st->slice_blocks * st->slice_size + rank, n * sizeof *cells);
        if (ZSTD_isError(size))
            s = status_fail(err, errlen, STATUS_MEMORY, st->path, "%s", ZSTD_getErrorName(size));
        else if (!write_at(st->fd, st->pack, size, at))
            s = write_fail(st, err, errlen);
        sizes[b] = (uint32_t)size;
        at += size;
    }
    if (s == STATUS_OK) {
        put_head(head, first, count, sizes, blocks);
        if (!write_at(st->fd, head, HEAD_BYTES + blocks * SIZE_BYTES, st->length))
            s = write_fail(st, err, errlen);
    }
    if (s == STATUS_OK) {
        index_run(st, side_slice, slices, sizes, begin);
        st->length = at;
    }
    free(head);
    return s;
}

/* Copies the bytes of file `from` to the end of st's: the records of a segment. */
static Status copy_records(SliceStore *st, int from, uint64_t bytes, char *err, size_t errlen) {
    enum { COPY_BYTES = 1 << 20 };
    uint8_t *buffer = malloc(COPY_BYTES);
    if (!buffer) return status_fail(err, errlen, STATUS_MEMORY, st->path, "out of memory");
    Status s = STATUS_OK;
    for (uint64_t done = 0; done < bytes && s == STATUS_OK;) {
        size_t n = bytes - done < COPY_BYTES ? (size_t)(bytes - done) : COPY_BYTES;
        if (!read_at(from, buffer, n, done))
            s = status_fail(err, errlen, STATUS_IO, st->path, "cannot read a segment: %s",
                            strerror(errno));
        else if (!write_at(st->fd, buffer, n, st->length + done))
            s = write_fail(st, err, errlen);
        done += n;
    }
    free(buffer);
    return s;
}

Status slice_store_append_file(SliceStore *st, const char *path, char *err, size_t errlen) {
    int from = open(path, O_RDONLY | O_CLOEXEC);
    struct stat info;
    if (from < 0 || fstat(from, &info) != 0) {
        if (from >= 0) close(from);
        return status_fail(err, errlen, STATUS_IO, path, "cannot read: %s", strerror(errno));
    }
    uint64_t start = st->length;
    Status s = copy_records(st, from, (uint64_t)info.st_size, err, errlen);
    close(from);
    if (s == STATUS_OK) s = read_records(st, start + (uint64_t)info.st_size, err, errlen);
    if (s == STATUS_OK) unlink(path);
    return s;
}

Status slice_store_sync(SliceStore *st, char *err, size_t errlen) {
    return fdatasync(st->fd) == 0 ? STATUS_OK : io_fail(st, "cannot sync", err, errlen);
}

uint64_t slice_store_length(const SliceStore *st) {
    return st->length;
}

/* The cells of block b, the rank-th of a slice side on: whole blocks but the last. */
static uint64_t block_cells(const SliceStore *st, uint64_t rank) {
    uint64_t start = rank / STORE_BLOCK_CELLS * STORE_BLOCK_CELLS, left = st->slice_size - start;
    return left < STORE_BLOCK_CELLS ? left : STORE_BLOCK_CELLS;
}

/* Decodes block b of n cells, of `side` to move, into out, cut where the store cuts. */
static Status decode(SliceStore *st, uint64_t b, uint64_t n, int side, Cell *out, char *err,
                     size_t errlen) {
    uint8_t *packed = malloc(st->packed[b] + 1);
    bool kept = true;
    ZSTD_DCtx *dctx = packed ? table_thread_dctx(&kept) : NULL;
    Status s =
        dctx ? STATUS_OK : status_fail(err, errlen, STATUS_MEMORY, st->path, "out of memory");
    if (s == STATUS_OK && !read_at(st->fd, packed, st->packed[b], st->at[b]))
        s = status_fail(err, errlen, STATUS_IO, st->path, "cannot read block %llu: %s",
                        (unsigned long long)b, errno ? strerror(errno) : "truncated");
    size_t got =
        s == STATUS_OK ? ZSTD_decompressDCtx(dctx, out, n * sizeof *out, packed, st->packed[b]) : 0;
    if (s == STATUS_OK && (ZSTD_isError(got) || got != n * sizeof *out))
        s = status_fail(err, errlen, STATUS_CORRUPT, st->path,
                        "block %llu does not decompress to %llu cells", (unsigned long long)b,
                        (unsigned long long)n);
    for (uint64_t k = 0; s == STATUS_OK && st->cut && k < n; k++)
        out[k] = draw_cut(out[k], st->horizon[side]);
    if (dctx && !kept) ZSTD_freeDCtx(dctx);
    free(packed);
    return s;
}

/* Copies n cells from cell k of block b from its decoded copy, marking it referenced;
 * false where it is not decoded (or evicted), or out of memory for the read section. */
static bool copy_kept(SliceStore *st, uint64_t b, uint64_t k, uint64_t n, Cell *out) {
    if (!guard_enter()) return false;
    const uint8_t *bytes = atomic_load_explicit(&st->slot[b], memory_order_seq_cst);
    if (bytes) memcpy(out, bytes + k * sizeof *out, n * sizeof *out);
    guard_leave();
    if (bytes && !atomic_load_explicit(&st->referenced[b], memory_order_relaxed))
        atomic_store_explicit(&st->referenced[b], true, memory_order_relaxed);
    return bytes != NULL;
}

/* Copies up to *n cells from position index on, as far as its block goes, to out; *n is
 * set to the cells copied.  A block not decoded is, and kept in the cache. */
static Status copy_cells(SliceStore *st, uint64_t index, Cell *out, uint64_t *n, char *err,
                         size_t errlen) {
    int side = index >= st->per_side;
    uint64_t within = index - (uint64_t)side * st->per_side;
    uint64_t slice = within / st->slice_size, rank = within % st->slice_size;
    uint64_t first = st->first[(uint64_t)side * st->slice_count + slice];
    uint64_t k = rank % STORE_BLOCK_CELLS, cells = block_cells(st, rank);
    if (*n > cells - k) *n = cells - k;
    if (first == NO_BLOCK) {
        memset(out, 0, *n * sizeof *out);
        return STATUS_OK;
    }
    uint64_t b = first + rank / STORE_BLOCK_CELLS;
    if (copy_kept(st, b, k, *n, out)) return STATUS_OK;
    uint8_t *mine = cache_block_new(st->cache, st->block_bytes);
    if (!mine) return status_fail(err, errlen, STATUS_MEMORY, st->path, "out of memory");
    Status s = decode(st, b, cells, side, (Cell *)mine, err, errlen);
    if (s == STATUS_OK) memcpy(out, mine + k * sizeof *out, *n * sizeof *out);
    if (s != STATUS_OK || cache_admit(st->cache, &st->slot[b], &st->referenced[b], mine,
                                      st->block_bytes) != CACHE_ADMITTED)
        cache_block_drop(st->cache, mine, st->block_bytes);
    return s;
}

Status slice_store_read(SliceStore *st, uint64_t index, Cell *out, char *err, size_t errlen) {
    uint64_t n = 1;
    return copy_cells(st, index, out, &n, err, errlen);
}

/* Keeps the first failure of a reader that checks after its pass. */
static void keep_failure(SliceStore *st, Status s, const char *why) {
    bool first = false;
    if (atomic_compare_exchange_strong(&st->failed, &first, true)) {
        st->failure = s;
        snprintf(st->why, sizeof st->why, "%s", why);
    }
}

Cell slice_store_fill(SliceStore *st, StoreCursor *c, uint64_t index) {
    char why[sizeof st->why];
    uint64_t n = STORE_CURSOR_CELLS;
    Status s = copy_cells(st, index, c->cell, &n, why, sizeof why);
    c->first = index;
    c->end = s == STATUS_OK ? index + n : index;
    if (s == STATUS_OK) return c->cell[0];
    keep_failure(st, s, why);
    return 0;
}

Status slice_store_failed(SliceStore *st, char *err, size_t errlen) {
    if (!atomic_load(&st->failed)) return STATUS_OK;
    snprintf(err, errlen, "%s", st->why);
    return st->failure;
}

void slice_store_cut(SliceStore *st, const int horizon[2]) {
    st->cut = true;
    st->horizon[0] = horizon[0];
    st->horizon[1] = horizon[1];
    cache_set_budget(st->cache, 0);
    cache_set_budget(st->cache, st->cache_budget);
}

void slice_store_free(SliceStore *st) {
    if (!st) return;
    if (st->fd >= 0) close(st->fd);
    cache_free(st->cache);
    for (uint64_t b = 0; st->slot && b < st->capacity; b++)
        free(atomic_load_explicit(&st->slot[b], memory_order_relaxed));
    free(st->first);
    free(st->at);
    free(st->packed);
    free((void *)st->slot);
    free(st->referenced);
    ZSTD_freeCCtx(st->cctx);
    free(st->pack);
    free(st);
}
