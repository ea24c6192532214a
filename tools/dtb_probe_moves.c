/* dtb-probe perft and moves: the rules alone, no table. */
#include "dtb_probe.h"

#include "cli.h"
#include "movegen.h"
#include "notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char perft_usage[] =
    "usage: dtb-probe perft --variant V --depth D [FEN]\n"
    "Prints 'd count' for d = 1..D: the leaf positions after exactly d plies from FEN\n"
    "(the initial position when no FEN is given).  A capture taking the same pieces from\n"
    "the same start to the same end counts once.\n";

int run_perft(int argc, char **argv) {
    const char *variant = NULL, *depth_text = NULL, *fen = NULL;
    const CliOption options[] = {
        {"--variant", true, &variant}, {"--depth", true, &depth_text}, {0}};
    cli_parse(argc, argv, options, &fen, 1, perft_usage);
    Variant v;
    cli_variant(variant, &v);
    char *end = NULL;
    long depth = depth_text ? strtol(depth_text, &end, 10) : -1;
    if (!depth_text || *end || depth < 1 || depth > 30)
        cli_die(2, "--depth needs a whole number from 1 to 30, not '%s'",
                depth_text ? depth_text : "");
    Position p;
    cmd_read_position(&v, fen, &p);
    for (int d = 1; d <= depth; d++) {
        int64_t count = movegen_perft(&v, &p, d);
        if (count < 0) cli_die(1, "a position has more than %d legal moves", MOVE_MAX);
        printf("%d %lld\n", d, (long long)count);
        fflush(stdout);
    }
    return 0;
}

static const char moves_usage[] = "usage: dtb-probe moves --variant V FEN\n"
                                  "Prints the legal moves of FEN, one per line, in notation.\n";

int run_moves(int argc, char **argv) {
    const char *variant = NULL, *fen = NULL;
    const CliOption options[] = {{"--variant", true, &variant}, {0}};
    cli_parse(argc, argv, options, &fen, 1, moves_usage);
    Variant v;
    cli_variant(variant, &v);
    if (!fen) cli_die(2, "moves needs a FEN");
    Position p;
    cmd_read_position(&v, fen, &p);
    static MoveList list;
    static MovePath paths[MOVE_MAX];
    if (!notation_legal_moves(&v, &p, &list, paths)) cli_die(1, "out of memory");
    if (list.overflow) cli_die(1, "the position has more than %d legal moves", MOVE_MAX);
    for (int i = 0; i < list.count; i++) {
        char text[NOTATION_MAX];
        notation_format(&v, &list, i, text, sizeof text);
        puts(text);
    }
    return 0;
}
