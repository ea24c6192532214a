/* dtb-gen: build endgame tables. */
#include "build.h"
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>

#define PIECES_MAX 8

static const char usage[] =
    "usage: dtb-gen --variant V --pieces N [--dir DIR] [--threads T]\n"
    "       dtb-gen --variant V [--dir DIR] [--threads T] MATERIAL...\n"
    "Builds the tables of every material with up to N pieces, or of the named materials\n"
    "(like KKMvK: White's kings and men, 'v', Black's) and all they convert into.\n"
    "Tables already complete and valid are kept.  DIR defaults to tables/V.\n";

static long number_option(const char *name, const char *text, long low, long high) {
    char *end;
    long n = strtol(text, &end, 10);
    if (*text == '\0' || *end || n < low || n > high)
        cli_die(2, "%s needs a whole number from %ld to %ld, not '%s'", name, low, high, text);
    return n;
}

static int collect(const char *pieces, const char **names, int named, Material *list) {
    char err[256];
    if (pieces && named) cli_die(2, "give either --pieces or materials, not both");
    if (pieces)
        return material_all((int)number_option("--pieces", pieces, 2, PIECES_MAX), list,
                            BUILD_MAX_MATERIALS);
    if (!named) cli_die(2, "nothing to build: give --pieces N or materials (see --help)");
    for (int i = 0; i < named; i++) {
        if (!material_parse(names[i], &list[i], err, sizeof err)) cli_die(2, "%s", err);
        if (material_pieces(&list[i]) > PIECES_MAX)
            cli_die(2, "material '%s' has more than %d pieces", names[i], PIECES_MAX);
    }
    return build_closure(list, named);
}

int main(int argc, char **argv) {
    const char *variant = NULL, *pieces = NULL, *dir = NULL, *threads = "1";
    const CliOption options[] = {{"--variant", true, &variant},
                                 {"--pieces", true, &pieces},
                                 {"--dir", true, &dir},
                                 {"--threads", true, &threads},
                                 {0}};
    static const char *names[BUILD_MAX_MATERIALS];
    int named = cli_parse(argc, argv, options, names, BUILD_MAX_MATERIALS, usage);
    Variant v;
    cli_variant(variant, &v);
    static Material list[BUILD_MAX_MATERIALS];
    int count = collect(pieces, names, named, list);
    char default_dir[256], err[1024];
    snprintf(default_dir, sizeof default_dir, "tables/%s", v.id);
    BuildOptions opt = {.dir = dir ? dir : default_dir,
                        .threads = (int)number_option("--threads", threads, 1, 64),
                        .log = stderr};
    if (build_tables(&v, list, count, &opt, err, sizeof err)) cli_die(1, "%s", err);
    return 0;
}
