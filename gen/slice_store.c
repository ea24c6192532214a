#include "slice_store.h"

#include "atomic_file.h"
#include "block_cache.h"
#include "disk_space.h"
#include "draw_rules.h"
#include "memory.h"
#include "read_guard.h"
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
/* ZSTD_estimateCStreamSize_usingCParams, for slice_store_bytes */
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>

/* Fast: a chunk is packed by the one thread that writes it while the others wait, and a
 * higher level saved little (bench/RESULTS.md, "Scratch of slice groups"). */
enum { STORE_LEVEL = 1 };

enum { HEAD_BYTES = 40, HEAD_CHECKED = 32, U32_BYTES = 4 };

static const uint8_t store_magic[4] = {'d', 't', 'b', 'S'};

/* The budget: a floor, blocks for every thread's slices solving and for a writer's pass
 * over a material of few slices; and a ceiling, so that a material of many slices still
 * solves in the memory of a node.  A writer's walk in an order with the men minor that
 * comes back to a slice after more blocks than the ceiling holds decodes them again. */
#define CACHE_FLOOR   ((uint64_t)64 << 20)
#define CACHE_CEILING ((uint64_t)512 << 20)

/* The blocks' directory, in pages made as blocks are added, so that a material of many
 * records needs no room for them planned ahead, and the slots the cache points to never
 * move. */
enum { PAGE_BITS = 12, PAGE_BLOCKS = 1 << PAGE_BITS };

typedef struct BlockPage {
    uint64_t at[PAGE_BLOCKS];             /* where a block's bytes are in the file */
    uint32_t packed[PAGE_BLOCKS];         /* and how many */
    uint32_t cells[PAGE_BLOCKS];          /* decoded */
    _Atomic(uint8_t *) slot[PAGE_BLOCKS]; /* decoded, or NULL (block_cache.h) */
    atomic_bool referenced[PAGE_BLOCKS];
} BlockPage;

/* The slices order[first, first + count) with a side to move, stored one after another
 * from block `block` on: a record (index_record). */
typedef struct Span {
    uint32_t first, count;
    uint64_t block;
} Span;

/* A side's spans, sorted by first and apart. */
typedef struct Spans {
    Span *span;
    uint64_t count, room;
} Spans;

struct SliceStore {
    int fd;
    char path[4400];
    uint64_t per_side, slice_size, slice_count;
    size_t block_bytes; /* decoded, the most a block holds */
    uint32_t *place;    /* [slice]: its place in the order, k where order[k] is it */
    Spans spans[2];     /* [side] */
    BlockPage **pages;
    uint64_t page_count; /* of pages, made or not */
    uint64_t blocks;
    uint64_t length;   /* of the records whole */
    uint64_t estimate; /* slice_store_estimate */
    BlockCache *cache;
    uint64_t cache_budget;
    bool cut;
    int horizon[2];
    ZSTD_CCtx *cctx;
    uint8_t *planes; /* a block's cells as planes of bytes (to_planes) */
    uint8_t *pack;   /* and packed */
    atomic_bool failed;
    Status failure;
    char why[700];
};

static uint64_t blocks_of(uint64_t cells) {
    return (cells + STORE_BLOCK_CELLS - 1) / STORE_BLOCK_CELLS;
}

static uint64_t side_positions(const Indexer *ix) {
    return slice_positions(ix) / 2;
}

uint64_t slice_store_least_slices(const Indexer *ix) {
    return (STORE_BLOCK_CELLS + side_positions(ix) - 1) / side_positions(ix);
}

/* The records a store takes at most while chunks hold the least slices: a chunk of each
 * side, and of each of its groups one more (its last chunk, shorter). */
static uint64_t records_planned(const Indexer *ix, uint64_t groups) {
    uint64_t least = slice_store_least_slices(ix);
    return 2 * ((slice_count(ix) + least - 1) / least + groups);
}

/* Its blocks: the cells cut into whole blocks, and a shorter one a record. */
static uint64_t blocks_planned(const Indexer *ix, uint64_t groups) {
    return ix->size / STORE_BLOCK_CELLS + records_planned(ix, groups);
}

/* The bound of the bytes a store takes, for planning the disk before its cells are known:
 * each block STORE_PERCENT of its cells' bytes, their unstored bits included, the worst
 * ratio measured over materials solved in slice groups, with room to spare
 * (bench/RESULTS.md, "Scratch of slice groups": the bits of men-only materials hardly
 * compress), besides its frame (header, block header, checksum) and size, and a record's
 * header. */
enum { STORE_PERCENT = 30, FRAME_BYTES = 32 };

uint64_t slice_store_estimate(const Indexer *ix, uint64_t groups) {
    return ix->size * sizeof(Cell) * STORE_PERCENT / 100 +
           blocks_planned(ix, groups) * (FRAME_BYTES + U32_BYTES) +
           records_planned(ix, groups) * HEAD_BYTES;
}

/* The bytes of n cells decoded: the cells, then their unstored bits, a byte for 8. */
static uint64_t decoded_bytes(uint64_t n) {
    return n * sizeof(Cell) + (n + 7) / 8;
}

/* Bytes of 0 after a block's bits decoded, so that copy_bits reads them a word at a time. */
enum { BITS_PAD = 16 };

/* The bytes of a block decoded: whole ones, or all of one side's cells when fewer. */
static size_t block_bytes(const Indexer *ix) {
    return decoded_bytes(ix->per_side < STORE_BLOCK_CELLS ? ix->per_side : STORE_BLOCK_CELLS) +
           BITS_PAD;
}

/* A block of each slice side with one side to move beside the floor, up to the ceiling;
 * no more than the material's cells, decoded all at once. */
uint64_t slice_store_cache_bytes(const Indexer *ix) {
    uint64_t budget = CACHE_FLOOR + slice_count(ix) * block_bytes(ix);
    budget = budget < CACHE_CEILING ? budget : CACHE_CEILING;
    return budget < decoded_bytes(ix->size) ? budget : decoded_bytes(ix->size);
}

/* The pages a store may come to need, whatever its chunks: a record a slice side. */
static uint64_t page_count(const Indexer *ix) {
    return (ix->size / STORE_BLOCK_CELLS + 2 * slice_count(ix) + 2) / PAGE_BLOCKS + 1;
}

/* A side's room for spans made at first: its records planned.  A store that takes more
 * (the shorter last chunks of ranges of other processes) grows it. */
static uint64_t spans_planned(const Indexer *ix) {
    return records_planned(ix, SLICE_ROWS_MAX) / 2;
}

/* The directory: each slice's place in the order, the spans planned, the page pointers,
 * and the pages of the blocks planned. */
static uint64_t directory_bytes(const Indexer *ix) {
    return slice_count(ix) * sizeof(uint32_t) + 2 * spans_planned(ix) * sizeof(Span) +
           page_count(ix) * sizeof(BlockPage *) +
           (blocks_planned(ix, SLICE_ROWS_MAX) / PAGE_BLOCKS + 1) * sizeof(BlockPage);
}

uint64_t slice_store_bytes(const Indexer *ix) {
    size_t block = block_bytes(ix);
    return slice_store_cache_bytes(ix) + directory_bytes(ix) + block + ZSTD_compressBound(block) +
           ZSTD_estimateCStreamSize_usingCParams(ZSTD_getCParams(STORE_LEVEL, block, 0));
}

static Status io_fail(const SliceStore *st, const char *what, char *err, size_t errlen) {
    snprintf(err, errlen, "%s the scratch file '%s': %s", what, st->path, strerror(errno));
    return STATUS_IO;
}

/* Reads len bytes at offset; false, errno 0, at the file's end. */
static bool read_at(int fd, void *data, size_t len, uint64_t offset) {
    ssize_t n = table_read_at(fd, data, len, offset);
    if (n >= 0 && (size_t)n < len) errno = 0;
    return n == (ssize_t)len;
}

/* A record's header and its blocks' sizes, in one buffer: the slices order[first,
 * first + slices) with `side` to move. */
typedef struct Record {
    uint8_t *head;
    uint32_t side;
    uint64_t first, slices, blocks;
    uint32_t *size;
} Record;

static uint64_t record_head_bytes(const Record *r) {
    return HEAD_BYTES + r->blocks * U32_BYTES;
}

/* Room for a record, of the store's blocks; false when out of memory. */
static bool record_make(const SliceStore *st, Record *r, uint32_t side, uint64_t first,
                        uint64_t slices) {
    r->side = side;
    r->first = first;
    r->slices = slices;
    r->blocks = blocks_of(slices * st->slice_size);
    r->head = malloc(record_head_bytes(r));
    r->size = (uint32_t *)(r->head + HEAD_BYTES);
    return r->head != NULL;
}

static uint64_t record_check(const Record *r) {
    return XXH3_64bits_withSeed(r->head + HEAD_BYTES, record_head_bytes(r) - HEAD_BYTES,
                                XXH3_64bits(r->head, HEAD_CHECKED));
}

static void record_seal(Record *r) {
    memset(r->head, 0, HEAD_BYTES);
    memcpy(r->head, store_magic, sizeof store_magic);
    memcpy(r->head + 4, &r->side, 4);
    memcpy(r->head + 8, &r->first, 8);
    memcpy(r->head + 16, &r->slices, 8);
    memcpy(r->head + 24, &r->blocks, 8);
    uint64_t check = record_check(r);
    memcpy(r->head + HEAD_CHECKED, &check, 8);
}

/* The spans of `spans` whose first is at most k: the place after the last of them.  Halved
 * without a branch on the comparison, which a read per position could not predict. */
static uint64_t spans_after(const Spans *spans, uint64_t k) {
    if (spans->count == 0) return 0;
    const Span *base = spans->span;
    for (uint64_t n = spans->count; n > 1; n -= n / 2)
        base = base[n / 2].first <= k ? base + n / 2 : base;
    return (uint64_t)(base - spans->span) + (base->first <= k);
}

/* Whether r's slices are of the order and not stored yet: apart from the spans before and
 * after where it goes. */
static bool record_fits(const SliceStore *st, const Record *r) {
    if (r->side > 1 || r->slices == 0 || r->first > st->slice_count ||
        r->slices > st->slice_count - r->first)
        return false;
    const Spans *spans = &st->spans[r->side];
    uint64_t at = spans_after(spans, r->first);
    const Span *before = at > 0 ? &spans->span[at - 1] : NULL;
    const Span *after = at < spans->count ? &spans->span[at] : NULL;
    return (!before || before->first + before->count <= r->first) &&
           (!after || r->first + r->slices <= after->first);
}

/* Puts span in its place among spans, growing their room where full; false when out of
 * memory. */
static bool spans_insert(Spans *spans, Span span) {
    if (spans->count == spans->room) {
        uint64_t room = 2 * spans->room + 1;
        Span *more = realloc(spans->span, room * sizeof *more);
        if (!more) return false;
        spans->span = more;
        spans->room = room;
    }
    uint64_t at = spans_after(spans, span.first);
    memmove(&spans->span[at + 1], &spans->span[at], (spans->count - at) * sizeof span);
    spans->span[at] = span;
    spans->count++;
    return true;
}

/* Block b's page, made where it is not yet; NULL when out of memory or past the pages. */
static BlockPage *page_of(SliceStore *st, uint64_t b) {
    uint64_t p = b >> PAGE_BITS;
    if (p >= st->page_count) return NULL;
    if (!st->pages[p]) st->pages[p] = calloc(1, sizeof **st->pages);
    return st->pages[p];
}

/* Records r's blocks, whose bytes begin at `at`, in the directory, and its span: its
 * slices lie one after another from its first block on, each block STORE_BLOCK_CELLS long
 * (a record's last has fewer, past which no slice of it reaches), so that a slice's place
 * in its span gives a position's block and its cell there.  False when out of memory. */
static bool index_record(SliceStore *st, const Record *r, uint64_t at) {
    uint64_t first = st->blocks, cells = r->slices * st->slice_size;
    for (uint64_t b = 0; b < r->blocks; b++) {
        BlockPage *page = page_of(st, first + b);
        if (!page) return false;
        uint64_t i = (first + b) & (PAGE_BLOCKS - 1), left = cells - b * STORE_BLOCK_CELLS;
        page->at[i] = at;
        page->packed[i] = r->size[b];
        page->cells[i] = (uint32_t)(left < STORE_BLOCK_CELLS ? left : STORE_BLOCK_CELLS);
        at += r->size[b];
    }
    Span span = {(uint32_t)r->first, (uint32_t)r->slices, first};
    if (!spans_insert(&st->spans[r->side], span)) return false;
    st->blocks += r->blocks;
    return true;
}

/* The record at st->length, whole before `end`, read into *r (free r->head after), and its
 * bytes.  STATUS_MISSING where none begins there (the end, or one not whole). */
static Status read_record(SliceStore *st, uint64_t end, Record *r, uint64_t *bytes) {
    uint8_t head[HEAD_BYTES];
    uint32_t side;
    uint64_t first, slices, blocks, check;
    r->head = NULL;
    if (st->length + HEAD_BYTES > end || !read_at(st->fd, head, HEAD_BYTES, st->length))
        return STATUS_MISSING;
    memcpy(&side, head + 4, 4);
    memcpy(&first, head + 8, 8);
    memcpy(&slices, head + 16, 8);
    memcpy(&blocks, head + 24, 8);
    memcpy(&check, head + HEAD_CHECKED, 8);
    if (memcmp(head, store_magic, sizeof store_magic) || slices > st->slice_count ||
        blocks != blocks_of(slices * st->slice_size))
        return STATUS_MISSING;
    if (!record_make(st, r, side, first, slices)) return STATUS_MEMORY;
    uint64_t head_bytes = record_head_bytes(r);
    if (st->length + head_bytes > end || !read_at(st->fd, r->head, head_bytes, st->length) ||
        record_check(r) != check || !record_fits(st, r))
        return STATUS_MISSING;
    *bytes = head_bytes;
    for (uint64_t b = 0; b < r->blocks; b++) *bytes += r->size[b];
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
        Record r;
        uint64_t bytes;
        Status s = read_record(st, end, &r, &bytes);
        if (s == STATUS_OK && !index_record(st, &r, st->length + record_head_bytes(&r)))
            s = STATUS_MEMORY;
        free(r.head);
        if (s == STATUS_MEMORY) return status_fail(err, errlen, s, st->path, "out of memory");
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

static bool alloc_directory(SliceStore *st, const Indexer *ix, const uint32_t *order,
                            uint64_t cache_bytes) {
    st->place = malloc(st->slice_count * sizeof *st->place + 1);
    for (int side = 0; side < 2; side++) {
        st->spans[side].room = spans_planned(ix);
        st->spans[side].span = malloc(st->spans[side].room * sizeof(Span) + 1);
    }
    st->page_count = page_count(ix);
    st->pages = calloc(st->page_count, sizeof *st->pages);
    st->cache = cache_new(cache_bytes);
    st->cache_budget = cache_bytes;
    st->cctx = ZSTD_createCCtx();
    st->planes = malloc(st->block_bytes);
    st->pack = malloc(ZSTD_compressBound(st->block_bytes));
    if (!st->place || !st->spans[0].span || !st->spans[1].span || !st->pages || !st->cache ||
        !st->cctx || !st->planes || !st->pack)
        return false;
    for (uint64_t k = 0; k < st->slice_count; k++) st->place[order[k]] = (uint32_t)k;
    return !ZSTD_isError(ZSTD_CCtx_setParameter(st->cctx, ZSTD_c_compressionLevel, STORE_LEVEL)) &&
           !ZSTD_isError(ZSTD_CCtx_setParameter(st->cctx, ZSTD_c_checksumFlag, 1));
}

Status slice_store_open(const char *path, const Indexer *ix, const uint32_t *order, bool fresh,
                        uint64_t length, uint64_t cache_bytes, SliceStore **out, char *err,
                        size_t errlen) {
    SliceStore *st = calloc(1, sizeof *st);
    if (!st) return STATUS_MEMORY;
    snprintf(st->path, sizeof st->path, "%s", path);
    st->fd = -1;
    st->per_side = ix->per_side;
    st->slice_count = slice_count(ix);
    st->slice_size = side_positions(ix);
    st->block_bytes = block_bytes(ix);
    st->estimate = slice_store_estimate(ix, SLICE_ROWS_MAX);
    Status s = st->slice_count <= UINT32_MAX
                   ? STATUS_OK
                   : status_fail(err, errlen, STATUS_INPUT, path,
                                 "%llu slices, more than a store numbers (%lu)",
                                 (unsigned long long)st->slice_count, (unsigned long)UINT32_MAX);
    if (s == STATUS_OK && !alloc_directory(st, ix, order, cache_bytes))
        s = status_fail(err, errlen, STATUS_MEMORY, path, "out of memory");
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
    if (disk_space(st->path, &free_bytes)) memory_format(free_bytes, free_text, sizeof free_text);
    memory_format(more, more_text, sizeof more_text);
    snprintf(err, errlen,
             "no room for the scratch file '%s': it holds %llu bytes and may need %llu (%s) "
             "more, its filesystem has %s free: %s; make room and run again to continue from "
             "the last checkpoint",
             st->path, (unsigned long long)st->length, (unsigned long long)more, more_text,
             free_text, strerror(error));
    return STATUS_IO;
}

/* Bits [at, at + n) of bits, n at most 8, as a byte: bit k of it is bit at + k.  Reads no
 * word past the last of those bits. */
static uint8_t bits_byte(const uint64_t *bits, uint64_t at, uint64_t n) {
    uint64_t word = bits[at / 64] >> (at % 64);
    if (at % 64 + n > 64) word |= bits[at / 64 + 1] << (64 - at % 64);
    return (uint8_t)(word & ((1u << n) - 1));
}

/* A block's n cells as three planes, their low bytes, their high bytes, and their
 * unstored bits from bit `from` of unstored on, 8 a byte: a cell's WDL and its DTW's low
 * bits, then the DTW's high bits, most of them 0 and packed to almost nothing, rather than
 * the two interleaved (bench/RESULTS.md, "Scratch of slice groups"). */
static void to_planes(const Cell *cells, const uint64_t *unstored, uint64_t from, uint64_t n,
                      uint8_t *planes) {
    for (uint64_t k = 0; k < n; k++) {
        planes[k] = (uint8_t)cells[k];
        planes[n + k] = (uint8_t)(cells[k] >> 8);
    }
    uint8_t *bits = planes + n * sizeof *cells;
    for (uint64_t k = 0; k < n; k += 8)
        bits[k / 8] = bits_byte(unstored, from + k, n - k < 8 ? n - k : 8);
}

/* The cells of the planes, then their bits as they are, then BITS_PAD bytes of 0. */
static void from_planes(const uint8_t *planes, uint64_t n, uint8_t *decoded) {
    Cell *cells = (Cell *)decoded;
    for (uint64_t k = 0; k < n; k++) cells[k] = (Cell)(planes[k] | planes[n + k] << 8);
    memcpy(decoded + n * sizeof *cells, planes + n * sizeof *cells, (n + 7) / 8);
    memset(decoded + decoded_bytes(n), 0, BITS_PAD);
}

/* Packs the planes of a block of n cells (to_planes) into one zstd frame in st->pack, its
 * size to *size: the cells' planes, then their bits in a zstd block of their own, whose
 * bytes are nothing like the cells' (in one block, both packed worse: bench/RESULTS.md,
 * "Scratch of slice groups").  STATUS_MEMORY naming zstd's error. */
static Status pack_planes(SliceStore *st, uint64_t n, size_t *size, char *err, size_t errlen) {
    ZSTD_outBuffer out = {st->pack, ZSTD_compressBound(st->block_bytes), 0};
    ZSTD_inBuffer cells = {st->planes, n * sizeof(Cell), 0};
    ZSTD_inBuffer bits = {st->planes + n * sizeof(Cell), (n + 7) / 8, 0};
    size_t left = ZSTD_CCtx_setPledgedSrcSize(st->cctx, decoded_bytes(n));
    if (!ZSTD_isError(left)) left = ZSTD_compressStream2(st->cctx, &out, &cells, ZSTD_e_flush);
    if (!ZSTD_isError(left) && left == 0)
        left = ZSTD_compressStream2(st->cctx, &out, &bits, ZSTD_e_end);
    *size = out.pos;
    if (!ZSTD_isError(left) && left == 0) return STATUS_OK;
    ZSTD_CCtx_reset(st->cctx, ZSTD_reset_session_only);
    return status_fail(err, errlen, STATUS_MEMORY, st->path, "%s",
                       ZSTD_isError(left) ? ZSTD_getErrorName(left) : "a block packs too large");
}

/* Packs and writes r's blocks of cells, with their bits from bit `from` of unstored on,
 * from `at` on; sets r's sizes. */
static Status write_blocks(SliceStore *st, Record *r, const Cell *cells, const uint64_t *unstored,
                           uint64_t from, uint64_t at, char *err, size_t errlen) {
    uint64_t total = r->slices * st->slice_size;
    for (uint64_t b = 0; b < r->blocks; b++) {
        uint64_t first = b * STORE_BLOCK_CELLS, left = total - first;
        uint64_t n = left < STORE_BLOCK_CELLS ? left : STORE_BLOCK_CELLS;
        size_t size;
        to_planes(cells + first, unstored, from + first, n, st->planes);
        Status s = pack_planes(st, n, &size, err, errlen);
        if (s != STATUS_OK) return s;
        if (!file_write_at(st->fd, st->pack, size, at)) return write_fail(st, err, errlen);
        r->size[b] = (uint32_t)size;
        at += size;
    }
    return STATUS_OK;
}

Status slice_store_put(SliceStore *st, int side, uint64_t first, uint64_t count, const Cell *cells,
                       const uint64_t *unstored, uint64_t from, char *err, size_t errlen) {
    Record r;
    if (!record_make(st, &r, (uint32_t)side, first, count))
        return status_fail(err, errlen, STATUS_MEMORY, st->path, "out of memory");
    uint64_t head_bytes = record_head_bytes(&r);
    Status s = record_fits(st, &r)
                   ? STATUS_OK
                   : status_fail(err, errlen, STATUS_CORRUPT, st->path,
                                 "cannot take slices %llu to %llu of the order",
                                 (unsigned long long)first, (unsigned long long)(first + count));
    if (s == STATUS_OK)
        s = write_blocks(st, &r, cells, unstored, from, st->length + head_bytes, err, errlen);
    if (s == STATUS_OK) {
        record_seal(&r);
        if (!file_write_at(st->fd, r.head, head_bytes, st->length)) s = write_fail(st, err, errlen);
    }
    if (s == STATUS_OK && !index_record(st, &r, st->length + head_bytes))
        s = status_fail(err, errlen, STATUS_MEMORY, st->path, "out of memory");
    if (s == STATUS_OK) {
        st->length += head_bytes;
        for (uint64_t b = 0; b < r.blocks; b++) st->length += r.size[b];
    }
    free(r.head);
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
                            errno ? strerror(errno) : "truncated");
        else if (!file_write_at(st->fd, buffer, n, st->length + done))
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

/* Decodes block i of page, of `side` to move, into out (its cells, then their bits), the
 * cells cut where the store cuts. */
static Status decode(SliceStore *st, const BlockPage *page, uint64_t i, int side, uint8_t *out,
                     char *err, size_t errlen) {
    uint64_t n = page->cells[i], bytes = decoded_bytes(n);
    uint8_t *packed = malloc(page->packed[i] + bytes), *planes = packed + page->packed[i];
    bool kept = true;
    ZSTD_DCtx *dctx = packed ? table_thread_dctx(&kept) : NULL;
    Status s =
        dctx ? STATUS_OK : status_fail(err, errlen, STATUS_MEMORY, st->path, "out of memory");
    if (s == STATUS_OK && !read_at(st->fd, packed, page->packed[i], page->at[i]))
        s = status_fail(err, errlen, STATUS_IO, st->path, "cannot read a block at byte %llu: %s",
                        (unsigned long long)page->at[i], errno ? strerror(errno) : "truncated");
    size_t got =
        s == STATUS_OK ? ZSTD_decompressDCtx(dctx, planes, bytes, packed, page->packed[i]) : 0;
    if (s == STATUS_OK && (ZSTD_isError(got) || got != bytes))
        s = status_fail(err, errlen, STATUS_CORRUPT, st->path,
                        "the block at byte %llu does not decompress to %llu cells",
                        (unsigned long long)page->at[i], (unsigned long long)n);
    if (s == STATUS_OK) from_planes(planes, n, out);
    Cell *cells = (Cell *)out;
    for (uint64_t k = 0; s == STATUS_OK && st->cut && k < n; k++)
        cells[k] = draw_cut(cells[k], st->horizon[side]);
    if (dctx && !kept) ZSTD_freeDCtx(dctx);
    free(packed);
    return s;
}

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "a plane of bits is read as words");

/* Copies bits [at, at + n) of a plane of bits, 8 a byte, to bits from bit 0 on, a word at
 * a time, reading up to 9 bytes past the last of them (BITS_PAD): a cursor fills once a
 * position or so in the writer's walk, where a call to copy a few bytes doubled the time
 * spent copying. */
static void copy_bits(const uint8_t *plane, uint64_t at, uint64_t n, uint64_t *bits) {
    unsigned shift = at % 8;
    const uint8_t *from = plane + at / 8;
    for (uint64_t w = 0; w < (n + 63) / 64; w++, from += 8) {
        uint64_t word;
        memcpy(&word, from, sizeof word);
        bits[w] = shift ? word >> shift | (uint64_t)from[8] << (64 - shift) : word;
    }
}

/* Copies n cells from cell k of a block of `cells` decoded to out, and their bits to bits
 * unless NULL (copy_bits). */
static void copy_decoded(const uint8_t *block, uint64_t cells, uint64_t k, uint64_t n, Cell *out,
                         uint64_t *bits) {
    memcpy(out, block + k * sizeof *out, n * sizeof *out);
    if (bits) copy_bits(block + cells * sizeof *out, k, n, bits);
}

/* Copies n cells from cell k of block i of page from its decoded copy (copy_decoded),
 * marking it referenced; false where it is not decoded (or evicted), or out of memory for
 * the read section. */
static bool copy_kept(BlockPage *page, uint64_t i, uint64_t k, uint64_t n, Cell *out,
                      uint64_t *bits) {
    if (!guard_enter()) return false;
    const uint8_t *bytes = atomic_load_explicit(&page->slot[i], memory_order_seq_cst);
    if (bytes) copy_decoded(bytes, page->cells[i], k, n, out, bits);
    guard_leave();
    if (bytes && !atomic_load_explicit(&page->referenced[i], memory_order_relaxed))
        atomic_store_explicit(&page->referenced[i], true, memory_order_relaxed);
    return bytes != NULL;
}

/* Where slice order[k] with `side` to move begins in the cells of all blocks laid end to
 * end; false where it was never stored (a hole).  The span a thread found last in a store
 * is tried first: the reads of a slice's successors, and a writer's walk, come back to it
 * more often than not. */
static bool slice_start(const SliceStore *st, int side, uint64_t k, uint64_t *cell) {
    static _Thread_local struct {
        const SliceStore *st;
        uint64_t at[2];
    } hint;
    const Spans *spans = &st->spans[side];
    uint64_t at = hint.st == st ? hint.at[side] : 0;
    if (at == 0 || at > spans->count || k - spans->span[at - 1].first >= spans->span[at - 1].count)
        at = spans_after(spans, k);
    if (at == 0 || k - spans->span[at - 1].first >= spans->span[at - 1].count) return false;
    hint.st = st;
    hint.at[side] = at;
    const Span *span = &spans->span[at - 1];
    *cell = span->block * STORE_BLOCK_CELLS + (k - span->first) * st->slice_size;
    return true;
}

/* Copies up to *n cells from position index on, as far as its slice and its block go, to
 * out, and their bits to bits unless NULL (at most STORE_CURSOR_CELLS then); *n is set to
 * the cells copied.  A block not decoded is, and kept in the cache.  A slice never stored
 * is a hole: cells 0, every bit set. */
static Status copy_cells(SliceStore *st, uint64_t index, Cell *out, uint64_t *bits, uint64_t *n,
                         char *err, size_t errlen) {
    int side = index >= st->per_side;
    uint64_t within = index - (uint64_t)side * st->per_side;
    uint64_t slice = within / st->slice_size, rank = within % st->slice_size, cell;
    if (*n > st->slice_size - rank) *n = st->slice_size - rank;
    if (!slice_start(st, side, st->place[slice], &cell)) {
        memset(out, 0, *n * sizeof *out);
        if (bits) memset(bits, 0xff, (*n + 63) / 64 * sizeof *bits);
        return STATUS_OK;
    }
    cell += rank;
    uint64_t b = cell / STORE_BLOCK_CELLS;
    BlockPage *page = st->pages[b >> PAGE_BITS];
    uint64_t i = b & (PAGE_BLOCKS - 1), at = cell % STORE_BLOCK_CELLS;
    if (*n > page->cells[i] - at) *n = page->cells[i] - at;
    if (copy_kept(page, i, at, *n, out, bits)) return STATUS_OK;
    uint8_t *mine = cache_block_new(st->cache, st->block_bytes);
    if (!mine) return status_fail(err, errlen, STATUS_MEMORY, st->path, "out of memory");
    Status s = decode(st, page, i, side, mine, err, errlen);
    if (s == STATUS_OK) copy_decoded(mine, page->cells[i], at, *n, out, bits);
    if (s != STATUS_OK || cache_admit(st->cache, &page->slot[i], &page->referenced[i], mine,
                                      st->block_bytes) != CACHE_ADMITTED)
        cache_block_drop(st->cache, mine, st->block_bytes);
    return s;
}

Status slice_store_read(SliceStore *st, uint64_t index, Cell *out, char *err, size_t errlen) {
    uint64_t n = 1;
    return copy_cells(st, index, out, NULL, &n, err, errlen);
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
    Status s = copy_cells(st, index, c->cell, c->unstored, &n, why, sizeof why);
    c->first = index;
    c->end = s == STATUS_OK ? index + n : index;
    if (s == STATUS_OK) return c->cell[0];
    keep_failure(st, s, why);
    c->unstored[0] = 0;
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

/* Frees a page and the blocks its slots hold, which the cache leaves to their owner. */
static void page_free(BlockPage *page) {
    for (uint64_t i = 0; page && i < PAGE_BLOCKS; i++)
        free(atomic_load_explicit(&page->slot[i], memory_order_relaxed));
    free(page);
}

void slice_store_free(SliceStore *st) {
    if (!st) return;
    if (st->fd >= 0) close(st->fd);
    cache_free(st->cache);
    for (uint64_t p = 0; st->pages && p < st->page_count; p++) page_free(st->pages[p]);
    free((void *)st->pages);
    free(st->place);
    free(st->spans[0].span);
    free(st->spans[1].span);
    ZSTD_freeCCtx(st->cctx);
    free(st->planes);
    free(st->pack);
    free(st);
}
