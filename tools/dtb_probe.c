/* dtb-probe: reads tables and draws what they say, a command at a time (dtb_probe.h). */
#include "dtb_probe.h"

#include "cli.h"
#include "fen.h"

#include <stdio.h>
#include <string.h>

typedef struct Command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} Command;

void cmd_read_position(const Variant *v, const char *fen, Position *p) {
    char err[256];
    if (!fen) {
        fen_initial(v, p);
        return;
    }
    if (fen_parse(v, fen, p, err, sizeof err) != STATUS_OK)
        cli_die(2, "bad FEN '%s': %s", fen, err);
}

const char *cmd_tables_dir(const Variant *v, const char *dir, char *buf, size_t len) {
    if (dir) return dir;
    snprintf(buf, len, "tables/%s", v->id);
    return buf;
}

dtb_handle *cmd_open_tables(const char *variant, const char *dir, Variant *v) {
    char default_dir[256];
    dtb_handle *h;
    cli_variant(variant, v);
    if (dtb_open(v->id, cmd_tables_dir(v, dir, default_dir, sizeof default_dir), &h))
        cli_die(1, "%s", dtb_last_error());
    return h;
}

bool cmd_rules_pure(const RulesOptions *o) {
    const char *rules = o->rules ? o->rules : "official";
    if (strcmp(rules, "official") && strcmp(rules, "pure"))
        cli_die(2, "--rules is 'pure' or 'official', not '%s'", rules);
    return strcmp(rules, "pure") == 0;
}

int cmd_moves_played(const RulesOptions *o) {
    const char *text = o->moves_played;
    return text ? (int)cli_number("--moves-played", text, 0, 7) : 0;
}

void cmd_apply_rules(const RulesOptions *o, dtb_position *pos) {
    pos->rules = cmd_rules_pure(o) ? DTB_RULES_PURE : DTB_RULES_OFFICIAL;
    if (o->moves_played) pos->moves_played = cmd_moves_played(o);
}

static const Command commands[] = {
    {"lookup", run_lookup, "the value, moves and best line of a position"},
    {"batch", run_batch, "the value and best move of each FEN on standard input"},
    {"stats", run_stats, "result counts and the longest win of a material"},
    {"claim", run_claim, "check a claim of endgame theory on a material's table"},
    {"claims", run_claims, "check a file of claims, as the report's markdown"},
    {"plot", run_plot, "draw 'label value' lines as an SVG bar chart"},
    {"diagram", run_diagram, "draw a position, as an SVG picture or as text"},
    {"verify", run_verify, "check the table files of a folder"},
    {"perft", run_perft, "count leaf positions to a depth"},
    {"moves", run_moves, "list the legal moves of a position"},
};

static void usage(FILE *out) {
    fputs("usage: dtb-probe COMMAND [OPTIONS]   (COMMAND --help for its options)\n"
          "       dtb-probe --version\n\ncommands:\n",
          out);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
}

int main(int argc, char **argv) {
    cli_check_output_at_exit();
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        cli_print_version();
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) return commands[i].run(argc - 1, argv + 1);
    usage(stderr);
    cli_die(2, "unknown command '%s'", argv[1]);
}
