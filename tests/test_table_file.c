/* Table files: cells written are read back, unstored positions cost nothing and change
 * nothing, files are deterministic, and every kind of damage gives its own status.  The
 * cells are a formula of the index (pattern below), and the byte offsets checked are those
 * of the layout in format/table_format.h, derived here by hand rather than taken from the
 * code under test. */
#include "build.h"
#include "check.h"
#include "folder_lock.h"
#include "index.h"
#include "movegen.h"
#include "table_file.h"
#include "table_writer.h"
#include "tablebase.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#define POSITIONS 600000 /* several blocks in every stream at any block size to 128 Ki */
#define THREADS   4
#define HEADER    328 /* bytes before the offset table */

static char dir[] = "/tmp/dtb-table-test-XXXXXX";
static const char *const file_names[] = {
    "a.dtb",    "b.dtb",    "bad.dtb",   "pair.dtb", "none.dtb", "c.dtb",          "dtw.dtb",
    "fifo.dtb", "runs.dtb", "index.dtb", "KvK.dtb",  "MANIFEST", FOLDER_LOCK_NAME, "small.dtb"};

#define FILE_COUNT (sizeof file_names / sizeof file_names[0])

static char *path_of(const char *name) {
    static char paths[FILE_COUNT][128];
    for (size_t i = 0; i < FILE_COUNT; i++)
        if (strcmp(name, file_names[i]) == 0) {
            snprintf(paths[i], sizeof paths[i], "%s/%s", dir, name);
            return paths[i];
        }
    abort();
}

/* Runs of equal WDL (as real tables have) with DTW varying inside them, odd for a win and
 * even for a loss as the format needs; the second value set differs from the first and
 * has DTWs over 511, which need two bytes a half. */
static Cell pattern(uint64_t index, int set) {
    uint64_t mix = (index * 0x9E3779B97F4A7C15u) >> 58;
    int wdl = (int)((index / 37 + (uint64_t)set) % 4);
    unsigned half = (unsigned)((index / 11 + mix + 400 * (uint64_t)set) % (set ? 4000 : 250));
    return CELL_MAKE(wdl, wdl == WDL_WIN ? 2 * half + 1 : wdl == WDL_LOSS ? 2 * half : 0);
}

/* Every fifth position is one the prober never reads. */
static bool unstored_at(uint64_t index) {
    return index % 5 == 3;
}

static uint64_t *make_unstored(uint64_t positions) {
    uint64_t *bits = calloc(positions / 64 + 1, sizeof *bits);
    for (uint64_t i = 0; i < positions; i++)
        if (unstored_at(i)) bits[i / 64] |= (uint64_t)1 << (i % 64);
    return bits;
}

/* A DTW no stored cell of value wdl may have (table_format.h). */
static unsigned unwritable_dtw(int wdl, uint64_t index) {
    return 2 * (unsigned)(index % 7) + 1 + (wdl != WDL_LOSS);
}

/* The cells of value set `set`; with junk, unstored positions get their true WDL with a
 * DTW that could not be stored. */
static Cell *make_cells(uint64_t positions, int set, bool junk) {
    Cell *cells = malloc(positions * sizeof *cells);
    for (uint64_t i = 0; i < positions; i++) {
        int wdl = CELL_WDL(pattern(i, set));
        cells[i] =
            junk && unstored_at(i) ? CELL_MAKE(wdl, unwritable_dtw(wdl, i)) : pattern(i, set);
    }
    return cells;
}

/* Index parts for a side's `per_side` positions: White's and Black's kings, the largest
 * divisor up to its square root for Black's, so that there are two orders. */
static void split_parts(uint64_t per_side, uint64_t size[PART_COUNT]) {
    uint64_t black = 1;
    for (uint64_t d = 1; d * d <= per_side; d++)
        if (per_side % d == 0) black = d;
    const uint64_t parts[PART_COUNT] = {1, 1, per_side / black, black, 1, 1};
    memcpy(size, parts, sizeof parts);
}

static TableInfo make_info(const Variant *v, const char *material, uint64_t positions,
                           uint32_t sets) {
    TableInfo info = {
        .fingerprint = variant_fingerprint(v), .positions = positions, .cells_per_position = sets};
    split_parts(positions / 2, info.part_size);
    for (uint8_t k = 0; k < PART_COUNT; k++) info.part_order[k] = k; /* the index's */
    snprintf(info.variant, sizeof info.variant, "%s", v->id);
    snprintf(info.material, sizeof info.material, "%s", material);
    return info;
}

/* Writes every value set of info, the cells given by make_cells, through the writer. */
static Status write_table(const char *path, const TableInfo *info, bool junk,
                          const uint64_t *unstored, char *err, size_t errlen) {
    TableWriter *w;
    Status s = table_writer_begin(path, info, &w, err, errlen);
    for (int set = 0; s == STATUS_OK && set < (int)info->cells_per_position; set++) {
        Cell *cells = make_cells(info->positions, set, junk);
        s = table_writer_add_set(w, set, cells, unstored, err, errlen);
        free(cells);
    }
    if (s == STATUS_OK) s = table_writer_commit(w, err, errlen);
    table_writer_free(w);
    return s;
}

/* The counts the header must hold: the true value of every position, stored or not. */
static bool counts_match(const TableInfo *got, uint64_t positions, uint32_t sets) {
    uint64_t want[2][2][4] = {{{0}}};
    for (uint64_t i = 0; i < positions; i++)
        for (uint32_t set = 0; set < sets; set++)
            want[set][i >= positions / 2][CELL_WDL(pattern(i, (int)set))]++;
    return memcmp(want, got->counts, sizeof want) == 0;
}

static uint8_t *load(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("FAIL cannot open %s\n", path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    rewind(f);
    uint8_t *bytes = calloc(*len + 1, 1); /* one spare byte, for trailing_byte */
    if (fread(bytes, 1, *len, f) != *len) *len = 0;
    fclose(f);
    return bytes;
}

static void save(const char *path, const uint8_t *bytes, size_t len) {
    FILE *f = fopen(path, "wb");
    fwrite(bytes, 1, len, f);
    fclose(f);
}

static uint64_t get_le(const uint8_t *p, int n) {
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

static void put_le(uint8_t *p, uint64_t v, int n) {
    for (int i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* The blocks of all streams: each of the 2 per value set (rows of 8 bytes from 240: the
 * positions per block, then the encoding) has ceil(positions / per block). */
static uint64_t block_count(const uint8_t *bytes) {
    uint64_t positions = get_le(bytes + 96, 8), blocks = 0;
    for (uint64_t i = 0; i < 2 * get_le(bytes + 104, 4); i++) {
        uint64_t per_block = get_le(bytes + 240 + 8 * i, 4);
        blocks += (positions + per_block - 1) / per_block;
    }
    return blocks;
}

/* Where the header checksum sits: after the header and 16 bytes per block. */
static size_t checksum_offset(const uint8_t *bytes) {
    return HEADER + 16 * (size_t)block_count(bytes);
}

static void rechecksum(uint8_t *bytes, size_t at) {
    put_le(bytes + at, XXH3_64bits(bytes, at), 8);
}

/* Opens path expecting status want; on error the message must name the file. */
static void expect_open(const char *path, const Variant *v, const char *material, Status want,
                        const char *what) {
    TableFile *t;
    char err[512] = "";
    Status got = table_open(path, v, material, &t, err, sizeof err);
    bool named = want == STATUS_OK || strstr(err, path) != NULL;
    check(got == want && named && (t != NULL) == (want == STATUS_OK), "%s: open gives '%s' (%s)",
          what, status_text(got), err);
    table_close(t);
}

/* Reads every stored position of set 0 both ways; returns the cells that differ. */
static uint64_t wrong_reads(TableFile *t, uint64_t positions, int set, uint64_t step) {
    uint64_t bad = 0;
    char err[512];
    for (uint64_t i = 0; i < positions; i += step) {
        Cell c = 0;
        int wdl = -1;
        if (unstored_at(i)) continue;
        bad += table_read(t, i, set, &c, err, sizeof err) != STATUS_OK || c != pattern(i, set);
        bad += table_read_wdl(t, i, set, &wdl, err, sizeof err) != STATUS_OK ||
               wdl != CELL_WDL(pattern(i, set));
    }
    return bad;
}

/* Positions of read_all's cells (sets of them adjacent) that differ where stored. */
static uint64_t wrong_stored(const Cell *all, uint64_t positions, uint32_t sets) {
    uint64_t bad = 0;
    for (uint64_t i = 0; i < positions; i++)
        for (uint32_t set = 0; set < sets; set++)
            bad += !unstored_at(i) && all[i * sets + set] != pattern(i, (int)set);
    return bad;
}

/* What table_scan gave: how often each position, and how many cells (of value sets `sets`)
 * differ from the pattern where stored; it stops the scan with `stop` after `limit` visits. */
typedef struct ScanTally {
    uint32_t sets;
    uint8_t *seen;
    uint64_t visits, wrong, limit;
    Status stop;
} ScanTally;

static Status tally_scan(void *ctx, uint64_t index, const Cell *cells, char *err, size_t errlen) {
    (void)err, (void)errlen;
    ScanTally *tally = ctx;
    if (tally->visits == tally->limit) return tally->stop;
    tally->visits++;
    tally->seen[index]++;
    for (uint32_t set = 0; set < tally->sets; set++)
        tally->wrong += !unstored_at(index) && cells[set] != pattern(index, (int)set);
    return STATUS_OK;
}

/* Whether table_scan of t visits each position t stores once, with the pattern's cells. */
static bool scan_right(TableFile *t, uint64_t positions, uint32_t sets, char *err, size_t errlen) {
    ScanTally tally = {.sets = sets, .seen = calloc(positions + 1, 1), .limit = UINT64_MAX};
    bool right = tally.seen && table_scan(t, tally_scan, &tally, err, errlen) == STATUS_OK &&
                 tally.wrong == 0;
    for (uint64_t i = 0; right && i < positions; i++) right = tally.seen[i] == table_stores(t, i);
    free(tally.seen);
    return right;
}

/* Whether table_read_all of t succeeds and puts every stored cell of its `sets` value sets
 * where it belongs, and table_scan gives the same. */
static bool read_all_right(TableFile *t, uint64_t positions, uint32_t sets, char *err,
                           size_t errlen) {
    Cell *all = malloc(positions * sets * sizeof *all);
    bool right = all && table_read_all(t, all, err, errlen) == STATUS_OK &&
                 wrong_stored(all, positions, sets) == 0;
    free(all);
    return right && scan_right(t, positions, sets, err, errlen);
}

static void test_round_trip(const Variant *v, const uint64_t *unstored) {
    const char *path = path_of("a.dtb");
    TableInfo info = make_info(v, "KMvKK", POSITIONS, 1);
    char err[512] = "", tmp[160];
    check(write_table(path, &info, true, unstored, err, sizeof err) == STATUS_OK, "write (%s)",
          err);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    check(access(tmp, F_OK) != 0, "no temporary file remains after writing");
    TableFile *t;
    check(table_open(path, v, "KMvKK", &t, err, sizeof err) == STATUS_OK, "open (%s)", err);
    if (!t) return;
    const TableInfo *got = table_info(t);
    check(strcmp(got->variant, v->id) == 0 && got->fingerprint == variant_fingerprint(v) &&
              strcmp(got->material, "KMvKK") == 0 && got->positions == POSITIONS &&
              got->cells_per_position == 1,
          "header fields read back as written");
    check(counts_match(got, POSITIONS, 1), "counts hold the true values, unstored ones too");
    check(wrong_reads(t, POSITIONS, 0, 1) == 0, "every stored cell and WDL reads back");
    check(read_all_right(t, POSITIONS, 1, err, sizeof err),
          "read_all gives every stored cell (with some blocks cached)");
    Cell c;
    int wdl;
    check(table_read(t, POSITIONS, 0, &c, err, sizeof err) == STATUS_RANGE &&
              table_read_wdl(t, POSITIONS, 0, &wdl, err, sizeof err) == STATUS_RANGE,
          "index past the end is out of range");
    check(table_read(t, 0, 1, &c, err, sizeof err) == STATUS_RANGE,
          "a value set the table lacks is out of range");
    table_close(t);
    table_close(NULL);
}

static void test_layout(void) {
    size_t len;
    uint8_t *b = load(path_of("a.dtb"), &len);
    check(memcmp(b, "DTB\x1A", 4) == 0 && get_le(b + 4, 4) == 6, "magic \"DTB\" 1A, version 6");
    check(strcmp((char *)b + 8, "international") == 0 && strcmp((char *)b + 48, "KMvKK") == 0,
          "variant at 8, material at 48");
    check(get_le(b + 96, 8) == POSITIONS && get_le(b + 104, 4) == 1 && get_le(b + 108, 4) == 0,
          "positions at 96, value sets at 104, little-endian, then sides stored 0: both");
    uint64_t total = 0;
    for (int k = 0; k < 8; k++) total += get_le(b + 112 + 8 * k, 8);
    check(total == POSITIONS, "counts at 112 add up to the positions");
    /* Encodings: 1 for 2-bit WDL, 2 for one-byte DTW halves (all below 250 in set 0). */
    check(get_le(b + 240, 4) % 4 == 0 && get_le(b + 244, 4) == 1 && get_le(b + 252, 4) == 2,
          "WDL stream of 2-bit values in whole bytes, DTW stream of one-byte halves");
    check(get_le(b + 256, 8) == 0 && get_le(b + 264, 8) == 0, "no streams for value set 1");
    uint64_t product = 1;
    for (int k = 0; k < 6; k++) product *= get_le(b + 272 + 8 * k, 8);
    check(product == POSITIONS / 2 && get_le(b + 288, 8) == 600 && get_le(b + 296, 8) == 500,
          "the index's six part sizes at 272: White's kings 600, Black's 500");
    check(memcmp(b + 320, "\0\1\2\3\4\5\0\0", 8) == 0,
          "their order at 320: the index's as asked, padded");
    size_t at = checksum_offset(b);
    check(get_le(b + at - 16, 8) == len, "last block ends at the end of the file");
    check(get_le(b + at, 8) == XXH3_64bits(b, at), "header checksum after the offset table");
    uint64_t first_end = get_le(b + HEADER, 8);
    check(get_le(b + HEADER + 8, 8) == XXH3_64bits(b + at + 8, first_end - at - 8),
          "first block's checksum covers its compressed bytes");
    free(b);
}

static void test_stream_sizes(const Variant *v) {
    TableFile *t;
    if (table_open(path_of("a.dtb"), v, NULL, &t, NULL, 0) != STATUS_OK) {
        check(false, "open a.dtb for its stream sizes");
        return;
    }
    uint64_t wdl, dtw, wdl_decoded, dtw_decoded;
    table_stream_size(t, 0, false, &wdl, &wdl_decoded);
    table_stream_size(t, 0, true, &dtw, &dtw_decoded);
    table_close(t);
    size_t len;
    free(load(path_of("a.dtb"), &len));
    check(HEADER + wdl + dtw + 8 == len, "header, two streams and checksum make the file");
    check(wdl_decoded == POSITIONS / 4 && dtw_decoded == POSITIONS,
          "decoded: 2 bits a position of WDL, a byte of DTW");
}

static bool same_file(const char *a, const char *b) {
    size_t la, lb;
    uint8_t *x = load(a, &la), *y = load(b, &lb);
    bool same = la == lb && memcmp(x, y, la) == 0;
    free(x);
    free(y);
    return same;
}

/* The same stored cells give the same bytes, whatever the unstored positions hold (with
 * their WDL, which the counts see, unchanged). */
static void test_deterministic(const Variant *v, const uint64_t *unstored) {
    TableInfo info = make_info(v, "KMvKK", POSITIONS, 1);
    char err[512] = "";
    TableWriter *w;
    Cell *cells = make_cells(POSITIONS, 0, true);
    for (uint64_t i = 3; i < POSITIONS; i += 5) cells[i] = CELL_MAKE(CELL_WDL(cells[i]), 4000);
    bool ok = table_writer_begin(path_of("b.dtb"), &info, &w, err, sizeof err) == STATUS_OK &&
              table_writer_add_set(w, 0, cells, unstored, err, sizeof err) == STATUS_OK &&
              table_writer_commit(w, err, sizeof err) == STATUS_OK;
    table_writer_free(w);
    free(cells);
    check(ok, "second write, other DTWs where unstored (%s)", err);
    check(same_file(path_of("a.dtb"), path_of("b.dtb")), "two writes give identical bytes");
}

/* Cells with noise where unstored_at: a random WDL, with a DTW it may have. */
static Cell *noisy_cells(void) {
    Cell *cells = make_cells(POSITIONS, 0, false);
    for (uint64_t i = 3; i < POSITIONS; i += 5) {
        int wdl = 1 + (int)((i * 0x9E3779B97F4A7C15u) >> 61) % 3;
        cells[i] = CELL_MAKE(wdl, wdl == WDL_WIN ? 1 : 0);
    }
    return cells;
}

/* Writes cells as value set 0, the table's only one, through the writer (a draft when
 * asked: table_writer_draft). */
static Status write_set0(const char *path, const TableInfo *info, const Cell *cells,
                         const uint64_t *unstored, bool draft, char *err, size_t errlen) {
    TableWriter *w;
    Status s = table_writer_begin(path, info, &w, err, errlen);
    if (s == STATUS_OK && draft) table_writer_draft(w);
    if (s == STATUS_OK) s = table_writer_add_set(w, 0, cells, unstored, err, errlen);
    if (s == STATUS_OK) s = table_writer_commit(w, err, errlen);
    table_writer_free(w);
    return s;
}

/* Noise the writer must store costs more than noise it may leave out. */
static void test_unstored_cost(const Variant *v, const uint64_t *unstored) {
    TableInfo info = make_info(v, "KMvKK", POSITIONS, 1);
    char err[512] = "";
    Cell *cells = noisy_cells();
    check(write_set0(path_of("c.dtb"), &info, cells, NULL, false, err, sizeof err) == STATUS_OK &&
              write_set0(path_of("b.dtb"), &info, cells, unstored, false, err, sizeof err) ==
                  STATUS_OK,
          "write noise stored and unstored (%s)", err);
    size_t all, some;
    free(load(path_of("c.dtb"), &all));
    free(load(path_of("b.dtb"), &some));
    check(some < all, "unstored noise makes the file smaller (%zu < %zu bytes)", some, all);
    TableFile *t = NULL;
    Cell c = 0;
    bool ok = table_open(path_of("c.dtb"), v, NULL, &t, err, sizeof err) == STATUS_OK &&
              table_read(t, 8, 0, &c, err, sizeof err) == STATUS_OK;
    check(ok && c == cells[8], "with no unstored bitmap, every position reads back");
    table_close(t);
    free(cells);
}

static void expect_refused(const Variant *v, Cell stored, const char *what) {
    TableInfo info = make_info(v, "KMvKK", 64, 1);
    Cell cells[64] = {0};
    uint64_t unstored[1] = {(uint64_t)1 << 9};
    char err[512] = "";
    TableWriter *w;
    cells[9] = stored; /* accepted where unstored */
    Status s = table_writer_begin(path_of("none.dtb"), &info, &w, err, sizeof err);
    if (s == STATUS_OK) s = table_writer_add_set(w, 0, cells, unstored, err, sizeof err);
    check(s == STATUS_OK, "%s accepted where unstored (%s)", what, err);
    cells[5] = stored;
    if (s == STATUS_OK) s = table_writer_add_set(w, 0, cells, unstored, err, sizeof err);
    check(s == STATUS_CORRUPT, "%s: set 0 twice refused (%s)", what, err);
    table_writer_free(w);
    s = table_writer_begin(path_of("none.dtb"), &info, &w, err, sizeof err);
    if (s == STATUS_OK) s = table_writer_add_set(w, 0, cells, unstored, err, sizeof err);
    check(s == STATUS_CORRUPT && strstr(err, "position 5 "), "%s refused where stored (%s)", what,
          err);
    check(table_writer_commit(w, err, sizeof err) == STATUS_CORRUPT,
          "commit without every value set refused (%s)", err);
    table_writer_free(w);
    check(access(path_of("none.dtb"), F_OK) != 0, "no file is left behind");
}

static void test_refused(const Variant *v) {
    expect_refused(v, CELL_MAKE(WDL_WIN, 4), "a win with an even DTW");
    expect_refused(v, CELL_MAKE(WDL_LOSS, 3), "a loss with an odd DTW");
    expect_refused(v, CELL_MAKE(WDL_DRAW, 2), "a draw with a DTW");
}

/* Writes a changed copy of a.dtb to bad.dtb: edit gets the bytes and returns the length
 * to keep. */
static const char *damaged(size_t (*edit)(uint8_t *bytes, size_t len)) {
    size_t len;
    uint8_t *bytes = load(path_of("a.dtb"), &len);
    save(path_of("bad.dtb"), bytes, edit(bytes, len));
    free(bytes);
    return path_of("bad.dtb");
}

static uint64_t block_begin(const uint8_t *bytes, int b) {
    size_t at = checksum_offset(bytes);
    return b == 0 ? at + 8 : get_le(bytes + HEADER + 16 * (size_t)(b - 1), 8);
}

/* Block 2 is the third block of set 0's WDL stream, which has at least 4. */
static size_t flip_in_block_2(uint8_t *bytes, size_t len) {
    bytes[(block_begin(bytes, 2) + block_begin(bytes, 3)) / 2] ^= 0x10;
    return len;
}

static void test_block_damage(const Variant *v) {
    const char *path = damaged(flip_in_block_2);
    TableFile *t;
    char err[512] = "";
    check(table_open(path, v, "KMvKK", &t, err, sizeof err) == STATUS_OK,
          "a damaged block does not stop opening");
    if (!t) return;
    size_t len;
    uint8_t *bytes = load(path, &len);
    uint64_t per_block = get_le(bytes + 240, 4);
    free(bytes);
    Cell c;
    int wdl;
    check(table_read(t, 0, 0, &c, err, sizeof err) == STATUS_OK && c == pattern(0, 0),
          "block 0 still reads");
    Status s = table_read_wdl(t, 2 * per_block + 5, 0, &wdl, err, sizeof err);
    check(s == STATUS_CHECKSUM && strstr(err, path), "WDL read in block 2: '%s' (%s)",
          status_text(s), err);
    s = table_read(t, 2 * per_block + 5, 0, &c, err, sizeof err);
    check(s == STATUS_CHECKSUM, "full read in block 2: '%s'", status_text(s));
    Cell *all = malloc(POSITIONS * sizeof *all);
    check(table_read_all(t, all, err, sizeof err) == STATUS_CHECKSUM, "read_all: %s", err);
    free(all);
    ScanTally tally = {.sets = 1, .seen = calloc(POSITIONS, 1), .limit = UINT64_MAX};
    s = table_scan(t, tally_scan, &tally, err, sizeof err);
    check(s == STATUS_CHECKSUM && strstr(err, "block 2 ") && tally.visits == 2 * per_block,
          "a scan stops at block 2, after its %llu positions: '%s' after %llu (%s)",
          (unsigned long long)(2 * per_block), status_text(s), (unsigned long long)tally.visits,
          err);
    tally.visits = 0, tally.limit = 10, tally.stop = STATUS_RANGE;
    s = table_scan(t, tally_scan, &tally, err, sizeof err);
    check(s == STATUS_RANGE && tally.visits == 10, "a visit stops a scan: '%s' after %llu",
          status_text(s), (unsigned long long)tally.visits);
    free(tally.seen);
    table_close(t);
    s = table_verify_file(path, err, sizeof err);
    check(s == STATUS_CHECKSUM && strstr(err, "block 2 ") && strstr(err, path),
          "verify names block 2 (%s)", err);
    check(table_verify_file(path_of("a.dtb"), err, sizeof err) == STATUS_OK,
          "verify passes the good file");
}

static size_t flip_material(uint8_t *b, size_t len) {
    b[49] ^= 1;
    return len;
}

static size_t flip_offset_table(uint8_t *b, size_t len) {
    b[HEADER + 16 + 1] ^= 4; /* block 1's end offset */
    return len;
}

static size_t flip_stream_table(uint8_t *b, size_t len) {
    b[252] ^= 1; /* the DTW encoding */
    return len;
}

static size_t wrong_magic(uint8_t *b, size_t len) {
    b[0] = 'X';
    return len;
}

static size_t truncate_last(uint8_t *b, size_t len) {
    return (void)b, len - 10;
}
static size_t truncate_header(uint8_t *b, size_t len) {
    return (void)b, (void)len, 100;
}
static size_t truncate_empty(uint8_t *b, size_t len) {
    return (void)b, (void)len, 0;
}
static size_t trailing_byte(uint8_t *b, size_t len) {
    return (void)b, len + 1;
}

static size_t set_version(uint8_t *b, size_t len, uint32_t version) {
    put_le(b + 4, version, 4);
    rechecksum(b, checksum_offset(b));
    return len;
}
static size_t newer_version(uint8_t *b, size_t len) {
    return set_version(b, len, 7);
}
static size_t older_version(uint8_t *b, size_t len) {
    return set_version(b, len, 5);
}

/* A re-checksummed header whose offset table puts block 1 before block 0. */
static size_t blocks_out_of_order(uint8_t *b, size_t len) {
    put_le(b + HEADER, get_le(b + HEADER + 16, 8) + 1, 8);
    rechecksum(b, checksum_offset(b));
    return len;
}

/* A re-checksummed header whose blocks all end 1 MiB later: so block 0 is longer than zstd's
 * bound for what its positions decode to, while every block still follows the one before
 * (without the bound the file would read as truncated). */
static size_t block_beyond_bound(uint8_t *b, size_t len) {
    for (uint64_t i = 0; i < block_count(b); i++)
        put_le(b + HEADER + 16 * i, get_le(b + HEADER + 16 * i, 8) + (1 << 20), 8);
    rechecksum(b, checksum_offset(b));
    return len;
}

/* A re-checksummed header giving set 0's DTW stream an encoding of a WDL stream. */
static size_t wrong_encoding(uint8_t *b, size_t len) {
    put_le(b + 252, 1, 4);
    rechecksum(b, checksum_offset(b));
    return len;
}

/* Sides code 3 is TABLE_SIDES_SMALLER, a request to the writer, never stored. */
static size_t bad_sides(uint8_t *b, size_t len) {
    put_le(b + 108, 3, 4);
    rechecksum(b, checksum_offset(b));
    return len;
}

/* Re-checksummed headers whose parts cannot lay out the index: the order at 320 naming a
 * part twice, White's kings' size at 288 halved, a nonzero byte after the order. */
static size_t part_twice(uint8_t *b, size_t len) {
    b[320] = b[321];
    rechecksum(b, checksum_offset(b));
    return len;
}
static size_t parts_too_few(uint8_t *b, size_t len) {
    put_le(b + 288, get_le(b + 288, 8) / 2, 8);
    rechecksum(b, checksum_offset(b));
    return len;
}
static size_t order_unpadded(uint8_t *b, size_t len) {
    b[326] = 1;
    rechecksum(b, checksum_offset(b));
    return len;
}

static size_t unknown_flag(uint8_t *b, size_t len) {
    b[327] = 4;
    rechecksum(b, checksum_offset(b));
    return len;
}
static size_t mirrored_both(uint8_t *b, size_t len) {
    b[327] = 2;
    rechecksum(b, checksum_offset(b));
    return len;
}

static void test_header_damage(const Variant *v) {
    static const struct {
        size_t (*edit)(uint8_t *, size_t);
        Status want;
        const char *what;
    } cases[] = {
        {flip_material, STATUS_CHECKSUM, "material byte flipped"},
        {flip_offset_table, STATUS_CHECKSUM, "offset table byte flipped"},
        {flip_stream_table, STATUS_CHECKSUM, "stream table byte flipped"},
        {truncate_last, STATUS_TRUNCATED, "last 10 bytes cut"},
        {truncate_header, STATUS_TRUNCATED, "cut inside the header"},
        {truncate_empty, STATUS_TRUNCATED, "empty file"},
        {wrong_magic, STATUS_MAGIC, "wrong magic"},
        {newer_version, STATUS_NEWER, "version 7, re-checksummed"},
        {older_version, STATUS_VERSION, "version 5, re-checksummed"},
        {blocks_out_of_order, STATUS_CORRUPT, "offsets out of order, re-checksummed"},
        {block_beyond_bound, STATUS_CORRUPT, "a block longer than zstd's bound, re-checksummed"},
        {wrong_encoding, STATUS_CORRUPT, "a DTW stream with a WDL encoding, re-checksummed"},
        {bad_sides, STATUS_CORRUPT, "sides stored code 3, re-checksummed"},
        {part_twice, STATUS_CORRUPT, "a part placed twice in the order, re-checksummed"},
        {parts_too_few, STATUS_CORRUPT, "parts multiplying to less, re-checksummed"},
        {order_unpadded, STATUS_CORRUPT, "a byte after the order, re-checksummed"},
        {unknown_flag, STATUS_CORRUPT, "a flag but the draft's and mirrored, re-checksummed"},
        {mirrored_both, STATUS_CORRUPT, "mirrored with both sides stored, re-checksummed"},
        {trailing_byte, STATUS_CORRUPT, "a byte after the last block"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_open(damaged(cases[i].edit), v, "KMvKK", cases[i].want, cases[i].what);
    char err[512];
    check(table_verify_file(damaged(flip_material), err, sizeof err) == STATUS_CHECKSUM,
          "verify catches a header flip (%s)", err);
}

static void test_identity(const Variant *v) {
    const char *path = path_of("a.dtb");
    Variant other, changed = *v;
    variant_lookup("brazilian", &other);
    changed.halt = !changed.halt;
    expect_open(path, &other, "KMvKK", STATUS_VARIANT, "opened as brazilian");
    expect_open(path, &changed, "KMvKK", STATUS_FINGERPRINT, "same id, halt rule changed");
    expect_open(path, v, "KMvK", STATUS_MATERIAL, "opened as KMvK");
    expect_open(path_of("none.dtb"), v, "KMvKK", STATUS_MISSING, "missing file");
    /* Opened for reading without O_NONBLOCK, a FIFO blocks until a writer comes. */
    check(mkfifo(path_of("fifo.dtb"), 0600) == 0, "made a FIFO");
    expect_open(path_of("fifo.dtb"), v, "KMvKK", STATUS_IO, "a FIFO under a table's name");
    expect_open(path, NULL, NULL, STATUS_OK, "any variant and material");
}

/* Every single-byte change to header and offset table must be caught at open.  Then, with
 * the header checksum recomputed as a crafted file would have it, the reader must not
 * crash, and whatever it reads without error must be the true stored cells. */
static void test_every_header_byte(const Variant *v) {
    size_t len;
    uint8_t *good = load(path_of("a.dtb"), &len), *bytes = malloc(len);
    size_t at = checksum_offset(good);
    Cell *all = malloc(POSITIONS * sizeof *all);
    int uncaught = 0, wrong = 0;
    for (size_t i = 0; i < at + 8; i++)
        for (int crafted = 0; crafted < 2; crafted++) {
            memcpy(bytes, good, len);
            bytes[i] ^= (uint8_t)(crafted ? 0x80 : 0x01);
            if (crafted && i < at) rechecksum(bytes, at);
            save(path_of("bad.dtb"), bytes, len);
            TableFile *t;
            Status s = table_open(path_of("bad.dtb"), v, "KMvKK", &t, NULL, 0);
            uncaught += !crafted && s == STATUS_OK;
            if (s == STATUS_OK && table_read_all(t, all, NULL, 0) == STATUS_OK)
                wrong += wrong_stored(all, POSITIONS, 1) != 0;
            table_close(t);
        }
    check(uncaught == 0, "every flipped byte of %zu is caught (%d not)", at + 8, uncaught);
    check(wrong == 0, "crafted headers never give wrong cells (%d did)", wrong);
    free(all);
    free(bytes);
    free(good);
}

/* Writes the table of info at path (write_table, junk where unstored) and opens it; NULL
 * with err saying why when either fails. */
static TableFile *write_and_open(const char *path, const Variant *v, const TableInfo *info,
                                 const uint64_t *unstored, char *err, size_t errlen) {
    TableFile *t = NULL;
    if (write_table(path, info, true, unstored, err, errlen) == STATUS_OK)
        table_open(path, v, info->material, &t, err, errlen);
    return t;
}

/* A sound file of a material whose index is not this build's (a build with another index)
 * is refused by tb_check_index: first by its size, then, at the right size, by the sizes of
 * its parts (the index's with White's and Black's kings swapped: 49 and 50 squares). */
static void test_index_check(const Variant *v) {
    Material m;
    Indexer ix;
    char err[512] = "";
    material_parse("KvK", &m, err, sizeof err);
    idx_init(&ix, v, &m);
    const uint64_t sizes[2] = {ix.size + 2, ix.size};
    const char *const reason[2] = {"positions where the index has", "parts are not those"};
    for (int k = 0; k < 2; k++) {
        TableInfo info = make_info(v, "KvK", sizes[k], 1);
        if (k == 1) {
            idx_part_sizes(&ix, info.part_size);
            uint64_t white_kings = info.part_size[2];
            info.part_size[2] = info.part_size[3], info.part_size[3] = white_kings;
        }
        TableFile *t = NULL;
        err[0] = '\0';
        Status s = write_table(path_of("index.dtb"), &info, false, NULL, err, sizeof err);
        if (s == STATUS_OK) s = table_open(path_of("index.dtb"), v, "KvK", &t, err, sizeof err);
        if (s == STATUS_OK) s = tb_check_index(t, &ix, "index.dtb", err, sizeof err);
        check(s == STATUS_CORRUPT && strstr(err, reason[k]),
              "a KvK file of %llu positions is refused (%s)", (unsigned long long)sizes[k], err);
        table_close(t);
    }
    /* dtb-gen takes such a file for a damaged table, and builds it again. */
    rename(path_of("index.dtb"), path_of("KvK.dtb"));
    BuildOptions opt = {.dir = dir, .threads = 1, .memory = UINT64_MAX};
    err[0] = '\0';
    check(build_tables(v, &m, 1, &opt, err, sizeof err) == 0, "KvK built over it (%s)", err);
    TableFile *t = NULL;
    err[0] = '\0';
    check(tb_open_indexed(v, &m, path_of("KvK.dtb"), &t, NULL, err, sizeof err) == STATUS_OK,
          "and the new KvK.dtb has the index's layout (%s)", err);
    table_close(t);
}

/* What dtb-gen leaves unstored in a table of both sides: holes and captures pending. */
static uint64_t *holes_and_captures(const Variant *v, const Indexer *ix) {
    uint64_t *bits = calloc(ix->size / 64 + 1, sizeof *bits);
    for (uint64_t i = 0; i < ix->size; i++) {
        Position p;
        if (!idx_decode(ix, i, &p) || movegen_has_capture(v, &p)) bits[i / 64] |= 1ull << (i % 64);
    }
    return bits;
}

/* KvK.dtb, as build_tables wrote it, written again as a draft of the same values and
 * counts, as a run of dtb-gen --one-side cut short before its rewrite leaves it. */
static Status make_draft(const Variant *v, const Material *m, char *err, size_t errlen) {
    TableFile *t;
    Indexer ix;
    Status s = tb_open_indexed(v, m, path_of("KvK.dtb"), &t, &ix, err, errlen);
    if (s != STATUS_OK) return s;
    TableInfo info = *table_info(t);
    memset(info.part_order, 0, sizeof info.part_order);
    Cell *cells = malloc(ix.size * sizeof *cells);
    uint64_t *unstored = holes_and_captures(v, &ix);
    s = table_read_set(t, 0, cells, err, errlen);
    table_close(t);
    TableWriter *w = NULL;
    if (s == STATUS_OK) s = table_writer_begin(path_of("KvK.dtb"), &info, &w, err, errlen);
    if (s == STATUS_OK) {
        table_writer_draft(w);
        table_writer_keep_counts(w, info.counts);
        s = table_writer_add_set(w, 0, cells, unstored, err, errlen);
    }
    if (s == STATUS_OK) s = table_writer_commit(w, err, errlen);
    table_writer_free(w);
    free(unstored);
    free(cells);
    return s;
}

/* A draft is marked in its header, and dtb-gen, run without --one-side, writes it in full:
 * byte for byte the table it builds.  Run after test_index_check, which builds KvK.dtb. */
static void test_draft_left(const Variant *v) {
    Material m;
    char err[512] = "";
    material_parse("KvK", &m, err, sizeof err);
    size_t full_size, finished_size;
    uint8_t *full = load(path_of("KvK.dtb"), &full_size);
    Status s = make_draft(v, &m, err, sizeof err);
    TableFile *t = NULL;
    if (s == STATUS_OK) s = table_open(path_of("KvK.dtb"), v, "KvK", &t, err, sizeof err);
    check(s == STATUS_OK && table_info(t)->draft, "a draft of KvK opens, marked a draft (%s)", err);
    table_close(t);
    char log[4096] = "";
    FILE *log_file = tmpfile();
    BuildOptions opt = {.dir = dir, .threads = 1, .memory = UINT64_MAX, .log = log_file};
    int result = build_tables(v, &m, 1, &opt, err, sizeof err);
    rewind(log_file);
    log[fread(log, 1, sizeof log - 1, log_file)] = '\0';
    fclose(log_file);
    check(result == 0 && strstr(log, "KvK: a draft that a run cut short left, written in full"),
          "dtb-gen writes the draft in full (%s%s)", err, log);
    uint8_t *finished = load(path_of("KvK.dtb"), &finished_size);
    check(finished_size == full_size && memcmp(finished, full, full_size) == 0,
          "as the table it built: %zu bytes, %zu before", finished_size, full_size);
    s = table_open(path_of("KvK.dtb"), v, "KvK", &t, err, sizeof err);
    check(s == STATUS_OK && !table_info(t)->draft, "and no longer marked a draft (%s)", err);
    table_close(t);
    free(finished);
    free(full);
}

/* A WDL stream whose blocks are not whole chunks of the summary (table_file.c), which
 * dtb-gen never writes, is read without one.  A table of one block a stream is given a
 * block size of its positions and 4 (the one block still holds them all), re-checksummed:
 * every value reads back, one by one and all at once. */
static void test_without_summary(const Variant *v, const uint64_t *unstored) {
    enum { SMALL = 6000, WDL_ROW = 240 };
    TableInfo info = make_info(v, "KMvKK", SMALL, 1);
    char err[512] = "";
    Status s = write_table(path_of("small.dtb"), &info, false, unstored, err, sizeof err);
    size_t len;
    uint8_t *b = load(path_of("small.dtb"), &len);
    check(get_le(b + WDL_ROW, 4) >= SMALL, "one WDL block holds all %d positions", SMALL);
    put_le(b + WDL_ROW, SMALL + 4, 4);
    rechecksum(b, checksum_offset(b));
    save(path_of("small.dtb"), b, len);
    free(b);
    TableFile *t = NULL;
    if (s == STATUS_OK) s = table_open(path_of("small.dtb"), v, "KMvKK", &t, err, sizeof err);
    check(s == STATUS_OK && wrong_reads(t, SMALL, 0, 1) == 0 &&
              read_all_right(t, SMALL, 1, err, sizeof err),
          "blocks of %d positions read back without a summary (%s)", SMALL + 4, err);
    table_close(t);
}

/* A file laid out with Black's kings major (order 3, 2, 0, 1, 4, 5) stores position i at
 * place (i % 500) * 600 + i / 500 % 600 of its side: checked in the decoded WDL stream, and
 * every cell reads back by its index, one at a time and all at once. */
static void test_given_order(const Variant *v, const uint64_t *unstored) {
    TableInfo info = make_info(v, "KMvKK", POSITIONS, 1);
    static const uint8_t order[PART_COUNT] = {3, 2, 0, 1, 4, 5};
    memcpy(info.part_order, order, sizeof order);
    char err[512] = "";
    TableFile *t = write_and_open(path_of("c.dtb"), v, &info, unstored, err, sizeof err);
    check(t != NULL, "write and open a table in a given order (%s)", err);
    if (!t) return;
    check(memcmp(table_info(t)->part_order, order, sizeof order) == 0, "its order reads back");
    check(wrong_reads(t, POSITIONS, 0, 1) == 0, "every stored cell and WDL reads back");
    check(read_all_right(t, POSITIONS, 1, err, sizeof err),
          "read_all puts every stored cell at its index");
    table_close(t);
    size_t len;
    uint8_t *b = load(path_of("c.dtb"), &len);
    uint64_t at = checksum_offset(b) + 8, end = get_le(b + HEADER, 8);
    uint8_t *raw = malloc(POSITIONS / 4);
    size_t got = ZSTD_decompress(raw, POSITIONS / 4, b + at, end - at);
    uint64_t wrong = 0, checked = 0;
    for (uint64_t i = 0; i < POSITIONS / 2 && !ZSTD_isError(got); i++) {
        uint64_t place = i % 500 * 600 + i / 500 % 600;
        if (unstored_at(i) || place >= 4 * got) continue;
        checked++;
        wrong += (unsigned)(raw[place / 4] >> (2 * (place % 4)) & 3) != CELL_WDL(pattern(i, 0));
    }
    check(b[320] == 3 && checked > 10000 && wrong == 0,
          "block 0 holds position i's WDL at (i %% 500) * 600 + i / 500 (%llu checked, %llu wrong)",
          (unsigned long long)checked, (unsigned long long)wrong);
    free(raw), free(b);
}

/* Left the order, the writer picks one, and every cell still reads back by its index. */
static void test_picked_order(const Variant *v, const uint64_t *unstored) {
    TableInfo info = make_info(v, "KMvKK", POSITIONS, 1);
    memset(info.part_order, 0, sizeof info.part_order);
    char err[512] = "";
    TableFile *t = write_and_open(path_of("c.dtb"), v, &info, unstored, err, sizeof err);
    check(t != NULL, "write a table leaving the order to the writer (%s)", err);
    if (!t) return;
    int seen = 0;
    for (int k = 0; k < PART_COUNT; k++) seen |= 1 << table_info(t)->part_order[k];
    check(seen == 63, "it stores a permutation of the parts (first %d)",
          table_info(t)->part_order[0]);
    check(wrong_reads(t, POSITIONS, 0, 1) == 0, "every stored cell and WDL reads back");
    table_close(t);
}

/* A draft left to pick the order keeps the index's, and its values read back as written;
 * the same cells written in full in that order are smaller (zstd level 15 against 1). */
static void test_draft(const Variant *v, const uint64_t *unstored) {
    TableInfo full = make_info(v, "KMvKK", POSITIONS, 1), draft = full;
    memset(draft.part_order, 0, sizeof draft.part_order);
    char err[512] = "";
    Cell *cells = make_cells(POSITIONS, 0, true);
    Status s = write_set0(path_of("c.dtb"), &draft, cells, unstored, true, err, sizeof err);
    if (s == STATUS_OK)
        s = write_set0(path_of("b.dtb"), &full, cells, unstored, false, err, sizeof err);
    free(cells);
    TableFile *t = NULL;
    if (s == STATUS_OK) s = table_open(path_of("c.dtb"), v, NULL, &t, err, sizeof err);
    check(s == STATUS_OK, "write a draft and the same table in full, open the draft (%s)", err);
    if (!t) return;
    check(memcmp(table_info(t)->part_order, full.part_order, PART_COUNT) == 0,
          "the draft keeps the index's order of the parts");
    check(wrong_reads(t, POSITIONS, 0, 1) == 0, "every stored cell of the draft reads back");
    table_close(t);
    size_t draft_size, full_size;
    free(load(path_of("c.dtb"), &draft_size));
    free(load(path_of("b.dtb"), &full_size));
    check(full_size < draft_size, "the table in full is smaller than the draft (%zu < %zu bytes)",
          full_size, draft_size);
}

static void test_two_value_sets(const Variant *v, const uint64_t *unstored) {
    const uint64_t positions = 70002; /* blocks of every stream end unevenly */
    TableInfo info = make_info(v, "KvK", positions, 2);
    char err[512] = "";
    TableFile *t = write_and_open(path_of("pair.dtb"), v, &info, unstored, err, sizeof err);
    check(t != NULL, "two value sets: write and open (%s)", err);
    if (!t) return;
    check(counts_match(table_info(t), positions, 2), "counts of both value sets");
    check(wrong_reads(t, positions, 0, 7) == 0 && wrong_reads(t, positions, 1, 7) == 0,
          "both value sets read back, set 1 with DTWs over 511");
    check(read_all_right(t, positions, 2, err, sizeof err),
          "read_all puts a position's two cells side by side");
    table_close(t);
    size_t len;
    uint8_t *b = load(path_of("pair.dtb"), &len);
    check(get_le(b + 104, 4) == 2 && get_le(b + 268, 4) == 3,
          "value sets at 104; set 1's DTW stream of two-byte halves (encoding 3)");
    free(b);
}

/* The blocks of stream i, all positions stored. */
static uint64_t stream_blocks(const uint8_t *bytes, int i) {
    uint64_t positions = get_le(bytes + 96, 8), per_block = get_le(bytes + 240 + 8 * i, 4);
    return (positions + per_block - 1) / per_block;
}

/* A DTW too long for the prober's cells behind valid checksums: pair.dtb with position 75's
 * set-1 DTW (a win, in the two-byte encoding) made 16321, its block compressed again and
 * every offset and checksum after it made good.  Reads must call the file corrupt. */
static void test_dtw_past_cells(const Variant *v) {
    size_t len;
    uint8_t *b = load(path_of("pair.dtb"), &len);
    int block = (int)(stream_blocks(b, 0) + stream_blocks(b, 1) + stream_blocks(b, 2));
    uint64_t begin = block_begin(b, block), end = block_begin(b, block + 1);
    size_t raw_len = (size_t)ZSTD_getFrameContentSize(b + begin, end - begin);
    uint8_t *raw = malloc(raw_len), *packed = malloc(ZSTD_compressBound(raw_len));
    ZSTD_decompress(raw, raw_len, b + begin, end - begin);
    check(CELL_WDL(pattern(75, 1)) == WDL_WIN, "position 75 of set 1 is a win");
    put_le(raw + 2 * 75, (16321 - 1) / 2, 2);
    size_t packed_len = ZSTD_compress(packed, ZSTD_compressBound(raw_len), raw, raw_len, 3);
    size_t out_len = len - (end - begin) + packed_len;
    uint8_t *out = malloc(out_len);
    memcpy(out, b, begin);
    memcpy(out + begin, packed, packed_len);
    memcpy(out + begin + packed_len, b + end, len - end);
    for (uint64_t k = (uint64_t)block; k < block_count(b); k++)
        put_le(out + HEADER + 16 * k, get_le(b + HEADER + 16 * k, 8) + packed_len - (end - begin),
               8);
    put_le(out + HEADER + 16 * (size_t)block + 8, XXH3_64bits(packed, packed_len), 8);
    rechecksum(out, checksum_offset(out));
    save(path_of("dtw.dtb"), out, out_len);
    free(b), free(raw), free(packed), free(out);

    TableFile *t;
    char err[512] = "";
    Cell c;
    check(table_open(path_of("dtw.dtb"), v, "KvK", &t, err, sizeof err) == STATUS_OK,
          "the crafted file opens: its checksums are good (%s)", err);
    if (!t) return;
    check(table_read(t, 74, 1, &c, err, sizeof err) == STATUS_OK && c == pattern(74, 1),
          "its other positions read");
    Status s = table_read(t, 75, 1, &c, err, sizeof err);
    check(s == STATUS_CORRUPT && strstr(err, "DTW over"), "a DTW of 16321: '%s' (%s)",
          status_text(s), err);
    Cell *all = malloc(2 * table_info(t)->positions * sizeof *all);
    s = table_read_all(t, all, err, sizeof err);
    check(s == STATUS_CORRUPT && strstr(err, "DTW over"), "read_all of it: '%s' (%s)",
          status_text(s), err);
    free(all);
    table_close(t);
}

typedef struct Reader {
    TableFile *t;
    uint64_t seed, wrong;
} Reader;

static void *read_randomly(void *arg) {
    Reader *r = arg;
    for (int k = 0; k < 50000; k++) {
        r->seed ^= r->seed << 13, r->seed ^= r->seed >> 7, r->seed ^= r->seed << 17;
        uint64_t i = r->seed % POSITIONS;
        Cell c = 0;
        if (unstored_at(i)) continue;
        r->wrong += table_read(r->t, i, 0, &c, NULL, 0) != STATUS_OK || c != pattern(i, 0);
    }
    return NULL;
}

static void test_threads(const Variant *v) {
    TableFile *t;
    if (table_open(path_of("a.dtb"), v, "KMvKK", &t, NULL, 0) != STATUS_OK) {
        check(false, "open for threads");
        return;
    }
    pthread_t threads[THREADS];
    Reader readers[THREADS];
    for (int k = 0; k < THREADS; k++) {
        readers[k] = (Reader){t, 0x9E3779B97F4A7C15u * (uint64_t)(k + 1), 0};
        pthread_create(&threads[k], NULL, read_randomly, &readers[k]);
    }
    uint64_t wrong = 0;
    for (int k = 0; k < THREADS; k++) {
        pthread_join(threads[k], NULL);
        wrong += readers[k].wrong;
    }
    check(wrong == 0, "%d threads reading at random: %llu wrong", THREADS,
          (unsigned long long)wrong);
    table_close(t);
}

/* Long runs of one WDL, so that many a cache line of decoded values holds one value (the
 * prober summarises those), with single positions of another value inside some runs, one
 * of them the table's last position, in a block's last chunk, which is not a whole one. */
static Cell run_cell(uint64_t index) {
    bool odd_one = index % 5003 == 17 || index == POSITIONS - 1;
    int wdl = (int)((index / 1000 + odd_one) % 3) + WDL_LOSS;
    return CELL_MAKE(wdl, wdl == WDL_WIN ? 1 : 0);
}

static void test_runs(const Variant *v) {
    const char *path = path_of("runs.dtb");
    TableInfo info = make_info(v, "KMvKK", POSITIONS, 1);
    Cell *cells = malloc(POSITIONS * sizeof *cells);
    uint64_t *none = calloc(POSITIONS / 64 + 1, sizeof *none);
    for (uint64_t i = 0; i < POSITIONS; i++) cells[i] = run_cell(i);
    char err[512] = "";
    Status s = write_set0(path, &info, cells, none, false, err, sizeof err);
    TableFile *t = NULL;
    if (s == STATUS_OK) s = table_open(path, v, "KMvKK", &t, err, sizeof err);
    uint64_t wrong = 0;
    for (int pass = 0; pass < 2 && s == STATUS_OK; pass++)
        for (uint64_t i = 0; i < POSITIONS; i++) {
            int wdl = WDL_NONE;
            Cell cell = 0;
            wrong += table_read_wdl(t, i, 0, &wdl, err, sizeof err) != STATUS_OK ||
                     wdl != CELL_WDL(cells[i]);
            wrong += table_read(t, i, 0, &cell, err, sizeof err) != STATUS_OK || cell != cells[i];
        }
    check(s == STATUS_OK && wrong == 0,
          "runs of one value and the odd position inside them read back, twice: %llu wrong (%s)",
          (unsigned long long)wrong, err);
    table_close(t);
    free(cells);
    free(none);
}

/* Writes the pattern of value set 0 with the half where `quiet` is to move all draws,
 * asking for `sides`; returns the file opened, or NULL. */
static TableFile *write_sided(const Variant *v, uint32_t sides, int quiet,
                              const uint64_t *unstored) {
    const char *path = path_of("c.dtb");
    TableInfo info = make_info(v, "KMvKK", POSITIONS, 1);
    info.sides = sides;
    Cell *cells = make_cells(POSITIONS, 0, false);
    uint64_t half = POSITIONS / 2;
    for (uint64_t i = (uint64_t)quiet * half; i < (uint64_t)(quiet + 1) * half; i++)
        cells[i] = CELL_MAKE(WDL_DRAW, 0);
    char err[512] = "";
    Status s = write_set0(path, &info, cells, unstored, false, err, sizeof err);
    free(cells);
    TableFile *t = NULL;
    if (s == STATUS_OK) s = table_open(path, v, "KMvKK", &t, err, sizeof err);
    check(s == STATUS_OK, "one side (sides %u, draws for side %d): written and opened (%s)", sides,
          quiet, err);
    return t;
}

/* The stored half reads back, the other is out of range and reads as WDL_NONE through
 * read_all; the counts still hold every position's value. */
static void expect_sided(TableFile *t, int stored_side, int quiet) {
    uint64_t half = POSITIONS / 2, first = (uint64_t)stored_side * half, other = half - first;
    Cell c, *all = calloc(POSITIONS, sizeof *all);
    char err[512];
    uint64_t bad = 0, none = 0;
    for (uint64_t i = first; i < first + half; i++) {
        Cell want = stored_side == quiet ? CELL_MAKE(WDL_DRAW, 0) : pattern(i, 0);
        bad +=
            !unstored_at(i) && (table_read(t, i, 0, &c, err, sizeof err) != STATUS_OK || c != want);
    }
    check(table_info(t)->sides == (uint32_t)(stored_side ? TABLE_SIDES_BLACK : TABLE_SIDES_WHITE) &&
              table_stores(t, first) && table_stores(t, first + half - 1) &&
              !table_stores(t, other) && !table_stores(t, other + half - 1),
          "the file stores the half where side %d is to move", stored_side);
    check(bad == 0, "every stored cell of that half reads back (%llu wrong)",
          (unsigned long long)bad);
    check(table_read(t, other, 0, &c, err, sizeof err) == STATUS_RANGE,
          "a position of the other half is out of range");
    check(table_read_all(t, all, err, sizeof err) == STATUS_OK, "read_all (%s)", err);
    for (uint64_t i = other; i < other + half; i++) none += all[i] == CELL_MAKE(WDL_NONE, 0);
    check(none == half, "read_all gives the other half WDL_NONE");
    check(table_info(t)->counts[0][quiet][WDL_DRAW] == half,
          "the counts hold the values of the half left out too");
    free(all);
}

static void test_one_side(const Variant *v, const uint64_t *unstored) {
    for (int quiet = 0; quiet < 2; quiet++) {
        TableFile *t = write_sided(v, TABLE_SIDES_SMALLER, quiet, unstored);
        if (t) expect_sided(t, quiet, quiet);
        table_close(t);
    }
    TableFile *t = write_sided(v, TABLE_SIDES_WHITE, 1, unstored);
    if (t) expect_sided(t, 0, 1);
    table_close(t);
    TableInfo info = make_info(v, "KMvKK", POSITIONS, 1);
    char err[512] = "";
    check(write_table(path_of("b.dtb"), &info, false, unstored, err, sizeof err) == STATUS_OK,
          "both sides written (%s)", err);
    struct stat one, both;
    check(stat(path_of("c.dtb"), &one) == 0 && stat(path_of("b.dtb"), &both) == 0 &&
              one.st_size < both.st_size * 2 / 3,
          "one side of the pattern takes under two thirds of both sides' bytes");
}

static void remove_files(void) {
    for (size_t i = 0; i < FILE_COUNT; i++) unlink(path_of(file_names[i]));
    check(rmdir(dir) == 0, "nothing else left in the test folder");
}

int main(void) {
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    Variant v;
    variant_lookup("international", &v);
    uint64_t *unstored = make_unstored(POSITIONS);
    test_round_trip(&v, unstored);
    test_index_check(&v);
    test_draft_left(&v);
    test_layout();
    test_stream_sizes(&v);
    test_deterministic(&v, unstored);
    test_unstored_cost(&v, unstored);
    test_refused(&v);
    test_block_damage(&v);
    test_header_damage(&v);
    test_identity(&v);
    test_every_header_byte(&v);
    test_two_value_sets(&v, unstored);
    test_given_order(&v, unstored);
    test_without_summary(&v, unstored);
    test_picked_order(&v, unstored);
    test_draft(&v, unstored);
    test_dtw_past_cells(&v);
    test_threads(&v);
    test_runs(&v);
    test_one_side(&v, unstored);
    remove_files();
    free(unstored);
    return check_summary();
}
