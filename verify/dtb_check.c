/* dtb-check: confirm that every stored value follows from the moves (see check.c). */
#include "check.h"
#include "cli.h"
#include "draw_rules.h"
#include "fen.h"
#include "index.h"
#include "set_manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MATERIALS_MAX 1024

static const char usage[] =
    "usage: dtb-check --variant V [--dir DIR] [--threads T] [--memory SIZE] [--scratch DIR]\n"
    "                 [MATERIAL...]\n"
    "       dtb-check --version\n"
    "Checks the named tables (like KKMvK), or every table in DIR, against the rules: each\n"
    "position's stored value and DTW must be the best its legal moves give, valued through\n"
    "the tables in DIR, and a position without moves must be a loss in 0.  Positions with a\n"
    "capture pending are not stored: their captures value them, and the header's W/D/L\n"
    "counts must count those values too; so are those of a side to move a table leaves out\n"
    "(dtb-gen --one-side) and, in such a table, those where the opponent threatens a\n"
    "capture that every move leaves standing: their moves value them.  The tables a\n"
    "material converts into are trusted there and checked on their own: without names,\n"
    "every table, smaller first.  Prints 'ok MATERIAL N positions' (not counting index\n"
    "holes) or 'FAIL MATERIAL: ...' with up to 5 wrong positions, then 'N passed, M\n"
    "failed'.\n"
    "Then it names the tables that DIR/MANIFEST lists and it did not check ('not checked,\n"
    "listed in the MANIFEST: ...'), or says that there is no MANIFEST to tell.\n"
    "Exits 1 when a table fails or cannot be read, or, checking every table in DIR, when\n"
    "the MANIFEST lists one that is not there.  DIR defaults to tables/V, T to 1.\n"
    "Memory: a table's cells, 2 bytes a position for each value set checked at once, plus\n"
    "a bit a position; the values of other materials' positions it reads, kept in up to half\n"
    "the memory left spare; and the blocks of those tables it decodes.  --memory (like 16G or\n"
    "512M; default 90% of this machine's) is the memory it plans by, not a hard bound:\n"
    "Frisian's two value sets are checked at once where their cells fit in a quarter of it,\n"
    "else one after the other.  Cells that do not fit in half of it go to a scratch file in\n"
    "--scratch DIR (default $TMPDIR, else /tmp), said so on stderr, which the kernel keeps\n"
    "in memory as far as it can: it is removed as it is made, so it is gone when dtb-check\n"
    "ends, however it ends, and its room on disk is reserved first.\n";

typedef char Name[MATERIAL_NAME_MAX];

/* A name has one letter per piece, so shorter names have fewer pieces. */
static int fewer_pieces_first(const void *a, const void *b) {
    const char *x = a, *y = b;
    size_t lx = strlen(x), ly = strlen(y);
    return lx != ly ? (lx > ly) - (lx < ly) : strcmp(x, y);
}

/* The materials of a folder's tables so far (for tb_each_file). */
typedef struct Listing {
    Name *names;
    int count;
} Listing;

static bool add_name(const char *material, void *listing) {
    Listing *l = listing;
    snprintf(l->names[l->count++], MATERIAL_NAME_MAX, "%s", material);
    return l->count < MATERIALS_MAX;
}

/* The materials of the table files in dir, smaller first: names receives them and list
 * points to them. */
static int list_tables(const char *dir, Name *names, const char **list) {
    Listing l = {names, 0};
    char err[1024];
    if (tb_each_file(dir, add_name, &l, err, sizeof err) != STATUS_OK) cli_die(1, "%s", err);
    if (l.count == 0) cli_die(1, "no tables (*%s) in '%s'", TB_FILE_SUFFIX, dir);
    qsort(names, (size_t)l.count, sizeof *names, fewer_pieces_first);
    for (int i = 0; i < l.count; i++) list[i] = names[i];
    return l.count;
}

static void print_wrong(const Variant *v, const Indexer *ix, const CheckWrong *w,
                        const char *lead) {
    char fen[FEN_MAX], stored[32], expected[32];
    Position p;
    if (idx_decode(ix, w->index, &p))
        fen_format(v, &p, fen, sizeof fen);
    else
        snprintf(fen, sizeof fen, "index %llu (no position)", (unsigned long long)w->index);
    check_cell_text(w->stored, stored, sizeof stored);
    check_cell_text(w->expected, expected, sizeof expected);
    printf("%s%s stored %s expected %s%s\n", lead, fen, stored, expected,
           w->set == VALUES_OFFICIAL ? " (draw-rules value)" : "");
}

static void print_result(const Variant *v, const Material *m, const CheckResult *r) {
    char name[MATERIAL_NAME_MAX];
    material_name(m, name, sizeof name);
    if (check_passed(r)) {
        printf("ok %s %llu positions\n", name, (unsigned long long)r->positions);
        return;
    }
    Indexer ix;
    idx_init(&ix, v, m);
    if (r->counts_wrong)
        printf("FAIL %s: the header's W/D/L counts do not match the cells\n", name);
    if (!r->wrong) return;
    printf("FAIL %s: %llu wrong, first: ", name, (unsigned long long)r->wrong);
    for (int k = 0; k < r->shown; k++) print_wrong(v, &ix, &r->first[k], k ? "  " : "");
}

/* Checks one table, named as a material or, with file_name, as a file of the folder; true
 * when it passed.  A file under another name than its material's table (KvKK.dtb for
 * KKvK.dtb) fails: no probe reads it. */
static bool check_one(const Variant *v, const char *dir, const char *text, bool file_name,
                      const CheckOptions *opt) {
    char err[1024], name[MATERIAL_NAME_MAX];
    Material m;
    if (material_parse(text, &m, err, sizeof err) != STATUS_OK) {
        printf("FAIL %s: %s\n", text, err);
        return false;
    }
    if (!material_is_canonical(&m)) m = material_reversed(&m);
    material_name(&m, name, sizeof name);
    if (file_name && strcmp(name, text) != 0) {
        printf("FAIL %s%s: not a table's name; that material's table is %s%s\n", text,
               TB_FILE_SUFFIX, name, TB_FILE_SUFFIX);
        return false;
    }
    CheckResult r;
    Status status = check_material(v, dir, &m, opt, &r, err, sizeof err);
    if (status != STATUS_OK) {
        printf("FAIL %s: %s\n", name, err);
        return false;
    }
    print_result(v, &m, &r);
    return check_passed(&r);
}

/* Whether the names (materials as the command line or the folder gave them) include
 * material's table. */
static bool among(const char *material, const char **names, int count) {
    for (int i = 0; i < count; i++) {
        char err[256], name[MATERIAL_NAME_MAX];
        Material m;
        if (material_parse(names[i], &m, err, sizeof err) != STATUS_OK) continue;
        if (!material_is_canonical(&m)) m = material_reversed(&m);
        material_name(&m, name, sizeof name);
        if (strcmp(name, material) == 0) return true;
    }
    return false;
}

/* Prints the tables the folder's MANIFEST lists that were not among those checked, or that
 * it has no MANIFEST to tell; returns how many. */
static int print_unchecked(const Variant *v, const char *dir, const char **checked, int count) {
    Manifest m;
    char err[1024];
    if (manifest_read(dir, v->id, &m, err, sizeof err) != STATUS_OK) {
        printf("no %s read (%s): the tables of the set not checked are unknown\n", MANIFEST_NAME,
               err);
        manifest_free(&m);
        return 0;
    }
    int unchecked = 0;
    for (int i = 0; i < m.count; i++) {
        if (among(m.entries[i].material, checked, count)) continue;
        printf("%s %s", unchecked++ ? "" : "not checked, listed in the " MANIFEST_NAME ":",
               m.entries[i].material);
    }
    if (unchecked) putchar('\n');
    manifest_free(&m);
    return unchecked;
}

int main(int argc, char **argv) {
    cli_check_output_at_exit();
    const char *variant = NULL, *dir = NULL, *threads = "1", *memory = NULL,
               *scratch = getenv("TMPDIR");
    const CliOption options[] = {{"--variant", true, &variant}, {"--dir", true, &dir},
                                 {"--threads", true, &threads}, {"--memory", true, &memory},
                                 {"--scratch", true, &scratch}, {0}};
    static Name names[MATERIALS_MAX];
    static const char *list[MATERIALS_MAX];
    int count = cli_parse(argc, argv, options, list, MATERIALS_MAX, usage);
    Variant v;
    cli_variant(variant, &v);
    char default_dir[256];
    snprintf(default_dir, sizeof default_dir, "tables/%s", v.id);
    if (!dir) dir = default_dir;
    bool whole_folder = count == 0;
    if (whole_folder) count = list_tables(dir, names, list);
    CheckOptions opt = {.threads = (int)cli_number("--threads", threads, 1, 64),
                        .memory = cli_memory(memory),
                        .scratch = scratch && *scratch ? scratch : "/tmp",
                        .progress = isatty(fileno(stderr)) ? stderr : NULL,
                        .log = stderr};
    int passed = 0;
    for (int i = 0; i < count; i++) {
        passed += check_one(&v, dir, list[i], whole_folder, &opt);
        fflush(stdout);
    }
    int unchecked = print_unchecked(&v, dir, list, count);
    printf("%d passed, %d failed\n", passed, count - passed);
    return passed == count && !(whole_folder && unchecked) ? 0 : 1;
}
