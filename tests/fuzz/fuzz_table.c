/* libFuzzer target: table files that were tampered with, read as the prober and dtb-gen
 * read them: tb_open_indexed, table_verify, then values read whole and one by one.
 *
 * A random file would never get past the header checksum, so an input is a list of edits
 * to one of the real tables in $DTB_FUZZ_TABLES, after which the checksums are made to
 * match again unless the input asks not to: the reader must then refuse what does not fit
 * together by looking at it, and never crash, read out of bounds or allocate without bound.
 * An input with no edits must open and read: a harness that could not read a sound table
 * would test nothing.
 *
 * Input: byte 0 picks the table (in make_tables.sh's order, by name), byte 1 equal to 7
 * modulo 8 leaves the checksums as the edits make them, then records of 6 bytes: a 4-byte
 * little-endian offset (modulo the file's size), a byte and an operation: 0 stores the
 * byte, 1 XORs it in, 2 cuts the file there.  The copy lives in memory (memfd_create),
 * so that no run, even one killed, leaves a file behind. */
#include "table_format.h"
#include "tablebase.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xxhash.h>

#define SEEDS_MAX  16
#define SEED_BYTES (4u << 20) /* small tables only: every input reads one whole */
#define EDITS_MAX  32
#define CELLS_MAX  (1u << 16) /* positions of a table read whole */
#define READ_EVERY 4096

typedef struct Seed {
    uint8_t *bytes;
    size_t size;
    Variant v;
    Material m;
} Seed;

static Seed seeds[SEEDS_MAX];
static int seed_count;
static int copy_fd;   /* of the edited copy */
static char path[64]; /* the copy's name: /proc/self/fd/copy_fd */
static uint8_t *edited;

_Noreturn static void die(const char *what, const char *detail) {
    fprintf(stderr, "fuzz_table: %s%s\n", what, detail);
    exit(2);
}

static int by_name(const struct dirent **a, const struct dirent **b) {
    return strcmp((*a)->d_name, (*b)->d_name);
}

static void *allocate(size_t size) {
    void *p = malloc(size);
    if (!p) die("out of memory", "");
    return p;
}

static void load_seed(const char *dir, const char *name) {
    char file[4200];
    snprintf(file, sizeof file, "%s/%s", dir, name);
    FILE *f = fopen(file, "rb");
    if (!f) die("cannot open ", file);
    Seed *s = &seeds[seed_count];
    s->bytes = allocate(SEED_BYTES);
    s->size = fread(s->bytes, 1, SEED_BYTES, f);
    fclose(f);
    if (s->size < TF_HEADER_SIZE || s->size == SEED_BYTES)
        die("not a table of at most 4 MiB: ", file);
    char variant[33] = {0}, material[49] = {0}, err[256];
    memcpy(variant, s->bytes + TF_OFF_VARIANT, 32);
    memcpy(material, s->bytes + TF_OFF_MATERIAL, 48);
    if (!variant_lookup(variant, &s->v) ||
        material_parse(material, &s->m, err, sizeof err) != STATUS_OK)
        die("not a table of a known variant and material: ", file);
    seed_count++;
}

/* Applies the edit records to the copy; returns its new size. */
static size_t apply_edits(const uint8_t *data, size_t size, size_t len) {
    for (size_t r = 0; r < EDITS_MAX && size >= 6 * (r + 1) && len > 0; r++) {
        const uint8_t *e = data + 6 * r;
        size_t at = (e[0] | e[1] << 8 | e[2] << 16 | (size_t)e[3] << 24) % len;
        if (e[5] % 3 == 0) edited[at] = e[4];
        if (e[5] % 3 == 1) edited[at] ^= e[4];
        if (e[5] % 3 == 2) len = at;
    }
    return len;
}

/* The number of blocks the header of the copy announces, as the reader counts them. */
static uint64_t announced_blocks(size_t len) {
    uint64_t positions = tf_get_u64(edited + TF_OFF_POSITIONS), first, count, blocks = 0;
    uint32_t sides = tf_get_u32(edited + TF_OFF_SIDES);
    if (sides >= TABLE_SIDES_SMALLER) return UINT64_MAX;
    tf_stored_range(positions, sides, &first, &count);
    for (int i = 0; i < TF_STREAMS; i++) {
        uint32_t per_block = tf_get_u32(edited + TF_OFF_STREAMS + i * TF_STREAM_ROW);
        if (per_block) blocks += tf_block_count(count, per_block);
        if (blocks > len) return UINT64_MAX;
    }
    return blocks;
}

/* Makes every block's checksum and the header's match the bytes, where the header's
 * fields leave them inside the file. */
static void fix_checksums(size_t len) {
    if (len < TF_HEADER_SIZE) return;
    uint64_t blocks = announced_blocks(len);
    if (blocks == UINT64_MAX || tf_data_start(blocks) > len) return;
    uint64_t begin = tf_data_start(blocks);
    for (uint64_t b = 0; b < blocks; b++) {
        uint8_t *entry = edited + TF_HEADER_SIZE + b * TF_ENTRY_SIZE;
        uint64_t end = tf_get_u64(entry);
        if (end < begin || end > len) break;
        tf_put_u64(entry + 8, XXH3_64bits(edited + begin, end - begin));
        begin = end;
    }
    uint64_t covered = tf_data_start(blocks) - TF_SUM_SIZE;
    tf_put_u64(edited + covered, XXH3_64bits(edited, covered));
}

/* The fix-up must leave a sound table as it is: else it would count the blocks otherwise
 * than the reader, and every input would stop at a checksum. */
static void check_fix_up(const Seed *s) {
    memcpy(edited, s->bytes, s->size);
    fix_checksums(s->size);
    if (memcmp(edited, s->bytes, s->size) != 0)
        die("the checksum fix-up changes a sound table", "");
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    const char *dir = getenv("DTB_FUZZ_TABLES");
    if (!dir) die("DTB_FUZZ_TABLES names no folder of tables", "");
    struct dirent **names;
    int n = scandir(dir, &names, NULL, by_name);
    if (n < 0) die("cannot read ", dir);
    for (int i = 0; i < n; i++) {
        size_t len = strlen(names[i]->d_name);
        if (seed_count < SEEDS_MAX && len > 4 && strcmp(names[i]->d_name + len - 4, ".dtb") == 0)
            load_seed(dir, names[i]->d_name);
        free(names[i]);
    }
    free(names);
    if (!seed_count) die("no table in ", dir);
    edited = allocate(SEED_BYTES);
    for (int k = 0; k < seed_count; k++) check_fix_up(&seeds[k]);
    copy_fd = memfd_create("fuzz_table", 0);
    if (copy_fd < 0) die("cannot make a file in memory", "");
    snprintf(path, sizeof path, "/proc/self/fd/%d", copy_fd);
    return 0;
}

static void write_copy(size_t len) {
    if (ftruncate(copy_fd, 0) != 0 || pwrite(copy_fd, edited, len, 0) != (ssize_t)len)
        die("cannot write the copy in memory", "");
}

/* Reads every value of a small table, and of a larger one the value of every READ_EVERY-th
 * index of each side stored: reading all of a table of 10^5-10^6 positions took the fuzzer
 * down to 16 inputs a second.  Returns false at an error. */
static bool read_values(TableFile *t, const Indexer *ix, char *err, size_t errlen) {
    const TableInfo *info = table_info(t);
    bool ok = true;
    if (ix->size <= CELLS_MAX) {
        Cell *cells = allocate(ix->size * sizeof *cells);
        for (uint32_t set = 0; set < info->cells_per_position && ok; set++)
            ok = table_read_set(t, (int)set, cells, err, errlen) == STATUS_OK;
        free(cells);
    }
    for (uint32_t set = 0; set < info->cells_per_position && ok; set++)
        for (uint64_t i = 0; i < ix->size && ok; i += READ_EVERY) {
            Cell c;
            int wdl;
            ok = !table_stores(t, i) ||
                 (table_read(t, i, (int)set, &c, err, errlen) == STATUS_OK &&
                  table_read_wdl(t, i, (int)set, &wdl, err, errlen) == STATUS_OK);
        }
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const Seed *s = &seeds[size ? data[0] % seed_count : 0];
    bool keep_checksums = size > 1 && data[1] % 8 == 7;
    memcpy(edited, s->bytes, s->size);
    size_t edits = size > 2 ? size - 2 : 0;
    size_t len = apply_edits(data + 2, edits, s->size);
    if (!keep_checksums) fix_checksums(len);
    write_copy(len);
    TableFile *t;
    Indexer ix;
    char err[512];
    Status st = tb_open_indexed(&s->v, &s->m, path, &t, &ix, err, sizeof err);
    if (st == STATUS_OK) st = table_verify(t, err, sizeof err);
    bool sound = edits < 6;
    if (sound && st != STATUS_OK) die("a sound table does not open: ", err);
    if (st == STATUS_OK && !read_values(t, &ix, err, sizeof err) && sound)
        die("a sound table does not read: ", err);
    table_close(t);
    return 0;
}
