/* dtb-gen: build endgame tables. */
#include "build.h"
#include "cli.h"
#include "memory.h"
#include "mpi_run.h"
#include "table_writer.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PIECES_MAX 8

static const char usage[] =
    "usage: dtb-gen --variant V --pieces N [--dir DIR] [--threads T] [--memory SIZE]\n"
    "               [--one-side] [--slices auto|always|never] [--plan] [--block-size SIZE]\n"
    "       dtb-gen --variant V [--dir DIR] [--threads T] [--memory SIZE] [--one-side]\n"
    "               [--block-size SIZE] MATERIAL...\n"
    "       mpirun -np N dtb-gen --mpi ... (either form)\n"
    "       dtb-gen --version\n"
    "Builds the tables of every material with up to N pieces, or of the named materials\n"
    "(like KKMvK: White's kings and men, 'v', Black's) and all they convert into.\n"
    "Tables already complete and valid are kept; damaged or outdated ones are built again,\n"
    "and any other file under a table's name (a newer format's table, say) stops the run.\n"
    "DIR defaults to tables/V.  One run at a time builds in a folder: a second stops at\n"
    "once, naming the folder.  Temporary files a run cut short left are removed.\n"
    "--threads T solves and writes each table with T threads (default: the cores this\n"
    "process may run on); materials of under a million positions a thread are built\n"
    "several at once, one thread each, once the materials they convert into are complete.\n"
    "--memory bounds the resident memory of the run (like 16G or 512M; default 90% of\n"
    "this machine's memory): what the program holds, plus what solving a material and\n"
    "writing its table take; a material that needs more, even in slices (below), is\n"
    "refused before building starts, naming both.  The peak resident memory is printed at\n"
    "the end.\n"
    "--slices auto|always|never: a material that does not fit whole in --memory is solved\n"
    "by placements of the men (slices), as many at a time as it leaves room for, finished\n"
    "ones kept in scratch files beside its table (auto, the default); always forces that,\n"
    "never refuses such a material.  The tables are the same byte for byte.  A run killed\n"
    "mid-material leaves them with a checkpoint (TABLE.dtb.SET.*): the next run resumes\n"
    "after its last checkpointed slice and says so; they are removed once the table is\n"
    "written or its build fails before a checkpoint.  The finished cells, each with its\n"
    "bit of the positions the table leaves unstored, are kept compressed, read back\n"
    "through a cache counted in --memory; they take at most a measured bound (30% of 2\n"
    "bytes a position, twice with Frisian's two value sets) on DIR's filesystem: a\n"
    "material whose scratch files would not fit in its free space is refused before\n"
    "building starts, and one that runs out of space fails naming the file, the bytes it\n"
    "may still need and those free; run again once there is room to resume.\n"
    "--plan builds nothing: it prints each material's positions, slices and memory, whole\n"
    "and in slice groups, the disk its scratch files take in slice groups, and the memory\n"
    "its table's writer takes beside either.\n"
    "--block-size SIZE: the decoded size of the tables' blocks, a multiple of 1K up to 8M\n"
    "(default 32K; DTW blocks of two bytes a position are twice that).  A probe that misses\n"
    "the cache decodes a whole block: with 8K, probes of random positions were 2 to 3.5\n"
    "times as fast at cache budgets of 1% and 10% of the decoded set (dtb_set_cache_size),\n"
    "a search-like walk as fast, but the files were 6.7% larger and first probes without\n"
    "a cap 15% slower.  Tables already complete are kept whatever their block size.\n"
    "--one-side then rewrites each table to store only the side to move whose values\n"
    "compress smaller, and none of the positions where the opponent threatens a capture\n"
    "that every move leaves standing (a quarter of the WDL size over a 5-piece set); a\n"
    "probe of those or of the other side searches their moves: probes over all positions\n"
    "about 14 times slower.  Tables are kept as they are found, one side or both, so\n"
    "--one-side also compacts a set built without it.  Until the set is complete its\n"
    "tables are quick drafts of both sides; a run without --one-side writes in full any\n"
    "draft a run cut short left.\n"
    "--mpi builds with every rank of an MPI job, which share DIR (say on NFS):\n"
    "  mpirun -np N dtb-gen --mpi --variant V --pieces P --dir DIR\n"
    "rank 0 holds the folder's lock and hands each other rank a material whose\n"
    "successors are complete, or, of a material solved in slice groups, ranges of its\n"
    "slices, one group at a time (--slices always shares out every material); the\n"
    "tables are those of a one-process run, byte for byte.\n"
    "--threads applies to each rank.  A run cut short (a rank killed) leaves only the\n"
    "tables completed, and the checkpoints of slice groups; run it again to finish the\n"
    "set.  Needs a dtb-gen built with MPI.\n"
    "       dtb-gen --list-variants\n"
    "Prints every variant id with its board size.\n";

static void list_variants(void) {
    char ids[2048];
    variant_list_ids(ids, sizeof ids);
    for (char *id = strtok(ids, ", "); id; id = strtok(NULL, ", ")) {
        Variant v;
        variant_lookup(id, &v);
        printf("%s %d\n", id, v.board->size);
    }
}

static int collect(const char *pieces, const char **names, int named, Material *list) {
    char err[256];
    if (pieces && named) cli_die(2, "give either --pieces or materials, not both");
    if (pieces)
        return material_all((int)cli_number("--pieces", pieces, 2, PIECES_MAX), list,
                            BUILD_MAX_MATERIALS);
    if (!named) cli_die(2, "nothing to build: give --pieces N or materials (see --help)");
    for (int i = 0; i < named; i++) {
        if (material_parse(names[i], &list[i], err, sizeof err) != STATUS_OK) cli_die(2, "%s", err);
        if (material_pieces(&list[i]) > PIECES_MAX)
            cli_die(2, "material '%s' has more than %d pieces", names[i], PIECES_MAX);
    }
    return build_closure(list, named);
}

/* --slices' words, in the order of SliceMode. */
static SliceMode slice_mode(const char *text) {
    static const char *const words[] = {"auto", "always", "never"};
    if (!text) return SLICES_AUTO;
    for (int k = 0; k < 3; k++)
        if (strcmp(text, words[k]) == 0) return (SliceMode)k;
    cli_die(2, "--slices needs auto, always or never, not '%s'", text);
}

/* --block-size: a size in bytes (like 8K) that the table writer takes. */
static uint32_t block_size(const char *text) {
    uint64_t bytes = TABLE_BLOCK_BYTES;
    if (text && (!memory_parse(text, &bytes) || bytes % TABLE_BLOCK_BYTES_STEP ||
                 bytes > TABLE_BLOCK_BYTES_MAX))
        cli_die(2, "--block-size needs a multiple of 1K up to 8M, like 8K or 32K, not '%s'", text);
    return (uint32_t)bytes;
}

static void print_peak(uint64_t used, uint64_t limit) {
    char peak[32], bound[32];
    memory_format(used, peak, sizeof peak);
    memory_format(limit, bound, sizeof bound);
    fprintf(stderr, "peak memory %s (limit %s)\n", peak, bound);
}

int main(int argc, char **argv) {
    cli_check_output_at_exit();
    /* A file grown past ulimit -f then fails with EFBIG, which the error names, rather
     * than killing the process without a word. */
    signal(SIGXFSZ, SIG_IGN);
    const char *variant = NULL, *pieces = NULL, *dir = NULL, *threads = NULL, *list_ids = NULL;
    const char *memory = NULL, *one_side = NULL, *mpi = NULL, *slices = NULL;
    const char *plan = NULL, *block_text = NULL;
    const CliOption options[] = {
        {"--list-variants", false, &list_ids}, {"--variant", true, &variant},
        {"--pieces", true, &pieces},           {"--dir", true, &dir},
        {"--threads", true, &threads},         {"--memory", true, &memory},
        {"--one-side", false, &one_side},      {"--mpi", false, &mpi},
        {"--slices", true, &slices},           {"--plan", false, &plan},
        {"--block-size", true, &block_text},   {0}};
    static const char *names[BUILD_MAX_MATERIALS];
    int named = cli_parse(argc, argv, options, names, BUILD_MAX_MATERIALS, usage);
    if (list_ids) {
        list_variants();
        return 0;
    }
    Variant v;
    cli_variant(variant, &v);
    static Material list[BUILD_MAX_MATERIALS];
    int count = collect(pieces, names, named, list);
    char default_dir[256], err[1024];
    snprintf(default_dir, sizeof default_dir, "tables/%s", v.id);
    BuildOptions opt = {.dir = dir ? dir : default_dir,
                        .threads = cli_threads(threads, 64),
                        .memory = cli_memory(memory),
                        .one_side = one_side != NULL,
                        .slices = slice_mode(slices),
                        .block_bytes = block_size(block_text),
                        .log = stderr};
    if (plan) {
        if (build_plan(&v, list, count, &opt, stdout) != STATUS_OK) cli_die(1, "out of memory");
        return 0;
    }
    MpiReport report = {.speaks = true};
    Status failed = mpi ? mpi_build_tables(&v, list, count, &opt, &report, err, sizeof err)
                        : build_tables(&v, list, count, &opt, err, sizeof err);
    if (!report.speaks) return failed != STATUS_OK; /* a worker: rank 0 tells its failure */
    if (failed != STATUS_OK) cli_die(1, "%s", err);
    print_peak(mpi ? report.peak : memory_peak(), opt.memory);
    return 0;
}
