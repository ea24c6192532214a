/* What the files of dtb-probe share: each group of commands' entry points (dtb_probe.c
 * dispatches to them), and the options and helpers more than one group uses. */
#ifndef DTB_PROBE_H
#define DTB_PROBE_H

#include "dtb.h"
#include "position.h"
#include "variant.h"

#include <stdbool.h>
#include <stddef.h>

/* The rules options of lookup and batch (docs/rules.md 7.2). */
typedef struct RulesOptions {
    const char *rules, *moves_played;
} RulesOptions;

#define RULES_HELP                                                                                 \
    "Frisian: --rules official (the default) applies the draw rules of docs/rules.md 7.2,\n"       \
    "--rules pure leaves them out; --moves-played N gives the moves the side with two\n"           \
    "kings has already played in two kings against one king (default 0).\n"

/* The position of fen, or the variant's starting position for NULL; exits 2 on a bad FEN. */
void cmd_read_position(const Variant *v, const char *fen, Position *p);

/* dir, or tables/ID for NULL (written into buf). */
const char *cmd_tables_dir(const Variant *v, const char *dir, char *buf, size_t len);

/* The handle of variant's tables in dir (cmd_tables_dir), v its variant; exits on failure. */
dtb_handle *cmd_open_tables(const char *variant, const char *dir, Variant *v);

/* Whether o asks for the pure values; exits 2 on a bad --rules. */
bool cmd_rules_pure(const RulesOptions *o);

/* The --moves-played count, 0 without it; exits 2 on a bad one. */
int cmd_moves_played(const RulesOptions *o);

/* The rules and the count o asks for, into pos. */
void cmd_apply_rules(const RulesOptions *o, dtb_position *pos);

/* Each command: its arguments from its name on; returns the exit status. */
int run_perft(int argc, char **argv);   /* dtb_probe_moves.c */
int run_moves(int argc, char **argv);   /* dtb_probe_moves.c */
int run_lookup(int argc, char **argv);  /* dtb_probe_lookup.c */
int run_batch(int argc, char **argv);   /* dtb_probe_lookup.c */
int run_stats(int argc, char **argv);   /* dtb_probe_stats.c */
int run_plot(int argc, char **argv);    /* dtb_probe_stats.c */
int run_diagram(int argc, char **argv); /* dtb_probe_stats.c */
int run_claim(int argc, char **argv);   /* dtb_probe_claims.c */
int run_claims(int argc, char **argv);  /* dtb_probe_claims.c */
int run_verify(int argc, char **argv);  /* dtb_probe_verify.c */

#endif
