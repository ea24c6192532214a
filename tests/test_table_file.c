/* Table files: cells written are read back, files are deterministic, and every kind of
 * damage gives its own status.  The cells are a formula of the index (pattern below), and
 * the byte offsets checked are those of the layout in probe/table_format.h, derived here
 * by hand rather than taken from the code under test. */
#include "table_file.h"
#include "table_writer.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

#define POSITIONS 200000 /* several blocks at any block size up to 64 Ki positions */
#define THREADS   4

static int passed, failed;
static char dir[] = "/tmp/dtb-table-test-XXXXXX";
static const char *const file_names[] = {"a.dtb", "b.dtb", "bad.dtb", "pair.dtb", "none.dtb"};

static void check(bool ok, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("%s ", ok ? "ok  " : "FAIL");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    passed += ok;
    failed += !ok;
}

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

/* Runs of equal WDL (as real tables have) with DTW varying inside them; the second value
 * set differs from the first. */
static Cell pattern(uint64_t index, uint32_t j) {
    uint64_t mix = (index * 0x9E3779B97F4A7C15u) >> 58;
    return CELL_MAKE((index / 37 + j) % 4, (index / 11 + mix + 100 * j) % (CELL_DTW_MAX + 1));
}

static Cell *make_cells(uint64_t positions, uint32_t cpp) {
    Cell *cells = malloc(positions * cpp * sizeof *cells);
    for (uint64_t i = 0; i < positions; i++)
        for (uint32_t j = 0; j < cpp; j++) cells[i * cpp + j] = pattern(i, j);
    return cells;
}

static TableInfo make_info(const Variant *v, const char *material, uint64_t positions,
                           uint32_t cpp) {
    TableInfo info = {
        .fingerprint = variant_fingerprint(v), .positions = positions, .cells_per_position = cpp};
    snprintf(info.variant, sizeof info.variant, "%s", v->id);
    snprintf(info.material, sizeof info.material, "%s", material);
    for (uint64_t i = 0; i < positions; i++) info.counts[0][i % 2][CELL_WDL(pattern(i, 0))]++;
    return info;
}

static bool same_info(const TableInfo *a, const TableInfo *b) {
    return strcmp(a->variant, b->variant) == 0 && a->fingerprint == b->fingerprint &&
           strcmp(a->material, b->material) == 0 && a->positions == b->positions &&
           a->cells_per_position == b->cells_per_position &&
           memcmp(a->counts, b->counts, sizeof a->counts) == 0;
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

/* Where the header checksum sits: after the 240-byte header and 16 bytes per block. */
static size_t checksum_offset(const uint8_t *bytes) {
    uint64_t positions = get_le(bytes + 96, 8), per_block = get_le(bytes + 108, 4);
    return 240 + 16 * (size_t)((positions + per_block - 1) / per_block);
}

static void rechecksum(uint8_t *bytes, size_t at) {
    put_le(bytes + at, XXH3_64bits(bytes, at), 8);
}

/* Opens path expecting status want; on error the message must name the file. */
static void expect_open(const char *path, const Variant *v, const char *material, TableStatus want,
                        const char *what) {
    TableFile *t;
    char err[512] = "";
    TableStatus got = table_open(path, v, material, &t, err, sizeof err);
    bool named = want == TABLE_OK || strstr(err, path) != NULL;
    check(got == want && named && (t != NULL) == (want == TABLE_OK), "%s: open gives '%s' (%s)",
          what, table_status_text(got), err);
    table_close(t);
}

static void test_round_trip(const Variant *v, const Cell *cells) {
    const char *path = path_of("a.dtb");
    TableInfo info = make_info(v, "KMvKK", POSITIONS, 1);
    char err[512] = "", tmp[160];
    check(table_write(path, &info, cells, err, sizeof err) == TABLE_OK, "write (%s)", err);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    check(access(tmp, F_OK) != 0, "no temporary file remains after writing");
    TableFile *t;
    check(table_open(path, v, "KMvKK", &t, err, sizeof err) == TABLE_OK, "open (%s)", err);
    if (!t) return;
    const TableInfo *got = table_info(t);
    check(same_info(got, &info), "header fields read back as written");
    uint64_t bad = 0;
    for (uint64_t i = 0; i < POSITIONS; i += 1 + i % 3) {
        Cell c = 0;
        bad += table_read(t, i, &c, err, sizeof err) != TABLE_OK || c != pattern(i, 0);
    }
    check(bad == 0, "random access: %llu wrong cells", (unsigned long long)bad);
    Cell *all = calloc(POSITIONS, sizeof *all);
    check(table_read_all(t, all, err, sizeof err) == TABLE_OK &&
              memcmp(all, cells, POSITIONS * sizeof *all) == 0,
          "read_all gives every cell (with some blocks cached)");
    Cell c;
    check(table_read(t, POSITIONS, &c, err, sizeof err) == TABLE_ERR_RANGE,
          "index past the end is out of range");
    free(all);
    table_close(t);
    table_close(NULL);
}

static void test_layout(void) {
    size_t len;
    uint8_t *b = load(path_of("a.dtb"), &len);
    check(memcmp(b, "DTB\x1A", 4) == 0 && get_le(b + 4, 4) == 1, "magic \"DTB\" 1A, version 1");
    check(strcmp((char *)b + 8, "international") == 0 && strcmp((char *)b + 48, "KMvKK") == 0,
          "variant at 8, material at 48");
    check(get_le(b + 96, 8) == POSITIONS && get_le(b + 104, 4) == 1,
          "positions at 96 and cells per position at 104, little-endian");
    uint64_t total = 0;
    for (int k = 0; k < 8; k++) total += get_le(b + 112 + 8 * k, 8);
    check(total == POSITIONS, "counts at 112 add up to the positions");
    size_t at = checksum_offset(b);
    check(get_le(b + at - 16, 8) == len, "last block ends at the end of the file");
    check(get_le(b + at, 8) == XXH3_64bits(b, at), "header checksum after the offset table");
    uint64_t first_end = get_le(b + 240, 8);
    check(get_le(b + 248, 8) == XXH3_64bits(b + at + 8, first_end - at - 8),
          "first block's checksum covers its compressed bytes");
    free(b);
}

static void test_deterministic(const Variant *v, const Cell *cells) {
    TableInfo info = make_info(v, "KMvKK", POSITIONS, 1);
    char err[512] = "";
    check(table_write(path_of("b.dtb"), &info, cells, err, sizeof err) == TABLE_OK,
          "second write (%s)", err);
    size_t la, lb;
    uint8_t *a = load(path_of("a.dtb"), &la), *b = load(path_of("b.dtb"), &lb);
    check(la == lb && memcmp(a, b, la) == 0, "two writes give identical bytes (%zu bytes)", la);
    free(a);
    free(b);
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
    return b == 0 ? at + 8 : get_le(bytes + 240 + 16 * (size_t)(b - 1), 8);
}

static size_t flip_in_block_2(uint8_t *bytes, size_t len) {
    bytes[(block_begin(bytes, 2) + block_begin(bytes, 3)) / 2] ^= 0x10;
    return len;
}

static void test_block_damage(const Variant *v) {
    const char *path = damaged(flip_in_block_2);
    TableFile *t;
    char err[512] = "";
    check(table_open(path, v, "KMvKK", &t, err, sizeof err) == TABLE_OK,
          "a damaged block does not stop opening");
    if (!t) return;
    size_t len;
    uint8_t *bytes = load(path, &len);
    uint64_t per_block = get_le(bytes + 108, 4);
    free(bytes);
    Cell c;
    check(table_read(t, 0, &c, err, sizeof err) == TABLE_OK && c == pattern(0, 0),
          "block 0 still reads");
    TableStatus s = table_read(t, 2 * per_block + 5, &c, err, sizeof err);
    check(s == TABLE_ERR_CHECKSUM && strstr(err, path), "read in block 2: '%s' (%s)",
          table_status_text(s), err);
    Cell *all = malloc(POSITIONS * sizeof *all);
    check(table_read_all(t, all, err, sizeof err) == TABLE_ERR_CHECKSUM, "read_all: %s", err);
    free(all);
    table_close(t);
    s = table_verify_file(path, err, sizeof err);
    check(s == TABLE_ERR_CHECKSUM && strstr(err, "block 2 ") && strstr(err, path),
          "verify names block 2 (%s)", err);
    check(table_verify_file(path_of("a.dtb"), err, sizeof err) == TABLE_OK,
          "verify passes the good file");
}

static size_t flip_material(uint8_t *b, size_t len) {
    b[49] ^= 1;
    return len;
}

static size_t flip_offset_table(uint8_t *b, size_t len) {
    b[240 + 16 + 9] ^= 4; /* block 1's end offset */
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

static size_t newer_version(uint8_t *b, size_t len) {
    put_le(b + 4, 2, 4);
    rechecksum(b, checksum_offset(b));
    return len;
}

/* A re-checksummed header whose offset table puts block 1 before block 0. */
static size_t blocks_out_of_order(uint8_t *b, size_t len) {
    put_le(b + 240, get_le(b + 240 + 16, 8) + 1, 8);
    rechecksum(b, checksum_offset(b));
    return len;
}

static void test_header_damage(const Variant *v) {
    static const struct {
        size_t (*edit)(uint8_t *, size_t);
        TableStatus want;
        const char *what;
    } cases[] = {
        {flip_material, TABLE_ERR_CHECKSUM, "material byte flipped"},
        {flip_offset_table, TABLE_ERR_CHECKSUM, "offset table byte flipped"},
        {truncate_last, TABLE_ERR_TRUNCATED, "last 10 bytes cut"},
        {truncate_header, TABLE_ERR_TRUNCATED, "cut inside the header"},
        {truncate_empty, TABLE_ERR_TRUNCATED, "empty file"},
        {wrong_magic, TABLE_ERR_MAGIC, "wrong magic"},
        {newer_version, TABLE_ERR_VERSION, "version 2, re-checksummed"},
        {blocks_out_of_order, TABLE_ERR_CORRUPT, "offsets out of order, re-checksummed"},
        {trailing_byte, TABLE_ERR_CORRUPT, "a byte after the last block"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_open(damaged(cases[i].edit), v, "KMvKK", cases[i].want, cases[i].what);
    char err[512];
    check(table_verify_file(damaged(flip_material), err, sizeof err) == TABLE_ERR_CHECKSUM,
          "verify catches a header flip (%s)", err);
}

static void test_identity(const Variant *v) {
    const char *path = path_of("a.dtb");
    Variant other, changed = *v;
    variant_lookup("brazilian", &other);
    changed.halt = !changed.halt;
    expect_open(path, &other, "KMvKK", TABLE_ERR_VARIANT, "opened as brazilian");
    expect_open(path, &changed, "KMvKK", TABLE_ERR_FINGERPRINT, "same id, halt rule changed");
    expect_open(path, v, "KMvK", TABLE_ERR_MATERIAL, "opened as KMvK");
    expect_open(path_of("none.dtb"), v, "KMvKK", TABLE_ERR_MISSING, "missing file");
    expect_open(path, NULL, NULL, TABLE_OK, "any variant and material");
}

/* Every single-byte change to header and offset table must be caught at open.  Then, with
 * the header checksum recomputed as a crafted file would have it, the reader must not
 * crash, and whatever it reads without error must be the true cells. */
static void test_every_header_byte(const Variant *v, const Cell *cells) {
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
            TableStatus s = table_open(path_of("bad.dtb"), v, "KMvKK", &t, NULL, 0);
            uncaught += !crafted && s == TABLE_OK;
            if (s == TABLE_OK && table_read_all(t, all, NULL, 0) == TABLE_OK)
                wrong += memcmp(all, cells, POSITIONS * sizeof *all) != 0;
            table_close(t);
        }
    check(uncaught == 0, "every flipped byte of %zu is caught (%d not)", at + 8, uncaught);
    check(wrong == 0, "crafted headers never give wrong cells (%d did)", wrong);
    free(all);
    free(bytes);
    free(good);
}

static void test_two_value_sets(const Variant *v) {
    const uint64_t positions = 70001; /* 3 blocks of 32 Ki two-cell positions */
    Cell *cells = make_cells(positions, 2);
    TableInfo info = make_info(v, "KvK", positions, 2);
    char err[512] = "";
    TableFile *t = NULL;
    check(table_write(path_of("pair.dtb"), &info, cells, err, sizeof err) == TABLE_OK &&
              table_open(path_of("pair.dtb"), v, "KvK", &t, err, sizeof err) == TABLE_OK,
          "two cells per position: write and open (%s)", err);
    uint64_t bad = 0;
    for (uint64_t i = 0; t && i < positions; i += 7) {
        Cell pair[2] = {0, 0};
        bad += table_read(t, i, pair, err, sizeof err) != TABLE_OK || pair[0] != pattern(i, 0) ||
               pair[1] != pattern(i, 1);
    }
    check(t && bad == 0, "both value sets read back (%llu wrong)", (unsigned long long)bad);
    table_close(t);
    free(cells);
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
        r->wrong += table_read(r->t, i, &c, NULL, 0) != TABLE_OK || c != pattern(i, 0);
    }
    return NULL;
}

static void test_threads(const Variant *v) {
    TableFile *t;
    if (table_open(path_of("a.dtb"), v, "KMvKK", &t, NULL, 0) != TABLE_OK) {
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
    Cell *cells = make_cells(POSITIONS, 1);
    test_round_trip(&v, cells);
    test_layout();
    test_deterministic(&v, cells);
    test_block_damage(&v);
    test_header_damage(&v);
    test_identity(&v);
    test_every_header_byte(&v, cells);
    test_two_value_sets(&v);
    test_threads(&v);
    remove_files();
    free(cells);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
