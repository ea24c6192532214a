/* dtb-probe claim and claims: claims of endgame theory checked on the tables. */
#include "dtb_probe.h"

#include "claim_print.h"
#include "claims_file.h"
#include "claims_report.h"
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Checking claims of endgame theory. ---- */
static const char claim_usage[] =
    "usage: dtb-probe claim --variant V [--dir DIR] [--rules pure|official] MATERIAL\n"
    "                       (--wins white|black | --draw) [--where CONDITION]...\n"
    "                       [--to-move white|black] [--within BOUND [--won-only]]\n"
    "                       [--heatmap FILE]\n"
    "Checks a claim over every position of MATERIAL (like KKKvK) that stands inside its\n"
    "conditions: that the named side wins it (--wins: it is to move and wins, or the other\n"
    "side is to move and loses), or that it is drawn (--draw).\n"
    "  --where 'SIDE KIND on|off SQUARES'  SIDE white or black, KIND man, king or piece;\n"
    "        'on': at least one such piece stands on the squares, 'off': none does.  SQUARES\n"
    "        as numbers and ranges with no spaces (4,8,11-15), or main-diagonal, the long\n"
    "        diagonal of the board (5-46 on 10x10, the main road 4-29 on 8x8; on the mirrored\n"
    "        Scandinavian boards 1-50 and 1-32).  Repeatable: every condition must hold.\n"
    "  --to-move SIDE   only the positions with that side to move.\n"
    "  --within BOUND   the win must take at most BOUND: N or 'N plies', or 'N moves' of\n"
    "        the winner (a win of d plies takes (d + 1) / 2 of them with the winner to\n"
    "        move, d / 2 with the loser to move).\n"
    "  --won-only       only the positions the named side wins: the claim is that every\n"
    "        win keeps within the bound (as FMJD's 16-move rule assumes).\n"
    "Prints the claim, the positions inside the conditions and those as claimed, then sorts\n"
    "every other position into a class: those the named side wins, but slower than the\n"
    "bound, and the others by the first of these that fits; it prints each\n"
    "class's count (in all, and with each side to move) with up to 3 example FENs, their\n"
    "values and best lines.  The stronger side is the side the claim says wins; for --draw\n"
    "the side that wins the position.\n"
    "  capture pending                 the side to move must capture;\n"
    "  weaker side captures first      the weaker side has a capture, so it captures on its\n"
    "                                  first move unless the stronger side prevents it;\n"
    "  stronger side threatens         only the stronger side has a capture, and the weaker\n"
    "                                  side is to move;\n"
    "  won, but slower than the bound  (with --within) won by the named side, in more than\n"
    "                                  the bound, whatever the captures;\n"
    "  quiet                           no capture for either side.\n"
    "Then the longest win of the claimed side with each side to move ('longest win: White\n"
    "to move P plies FEN, Black to move P plies FEN', 0 plies and '-' for none), and the\n"
    "verdict: 'claim holds: 0 quiet exceptions' or 'claim fails: N quiet exceptions', with\n"
    "', M won slower than the bound' under --within.  A claim holds when no quiet position\n"
    "is an exception and none is won too slowly.  --heatmap writes FILE, an SVG board\n"
    "showing on each square how many of those failures have there the piece of the first\n"
    "--where (without one, any piece of the side that loses; Black's for --draw).\n"
    "Exit status: 0 when the claim holds, 1 when it fails, 2 on an error (bad arguments, a\n"
    "missing or bad table).  DIR defaults to tables/V.\n"
    "Frisian: --rules official (the default) checks the values under the draw rules of\n"
    "docs/rules.md 7.2 (with no moves played yet in two kings against one king), --rules\n"
    "pure the values without them.\n";

typedef struct ClaimOptions {
    const char *wins, *draw, *to_move, *within, *won_only;
} ClaimOptions;

/* The claim the options state; exits 2 naming a bad part. */
static void claim_from_options(const Variant *v, const ClaimOptions *o, const char **where,
                               int conditions, bool pure, Claim *c) {
    char err[CLAIM_TEXT_MAX + 256];
    memset(c, 0, sizeof *c);
    c->to_move = CLAIM_ANY_SIDE;
    c->pure = pure;
    if (!o->wins == !o->draw) cli_die(2, "a claim needs one of --wins white|black and --draw");
    if (o->draw && o->within) cli_die(2, "--within bounds a win: --draw takes none");
    if (o->won_only && !o->within)
        cli_die(2, "--won-only is a claim on the bound: it needs --within");
    c->won_only = o->won_only != NULL;
    c->outcome = CLAIM_DRAW;
    if (o->wins && !claim_parse_side("--wins", o->wins, &c->outcome, err, sizeof err))
        cli_die(2, "%s", err);
    if (o->to_move && !claim_parse_side("--to-move", o->to_move, &c->to_move, err, sizeof err))
        cli_die(2, "%s", err);
    if (o->within && !claim_parse_bound(o->within, c, err, sizeof err)) cli_die(2, "%s", err);
    for (int i = 0; i < conditions; i++)
        if (!claim_add_where(v, where[i], c, err, sizeof err)) cli_die(2, "%s", err);
}

int run_claim(int argc, char **argv) {
    const char *variant = NULL, *dir = NULL, *name = NULL, *heatmap = NULL;
    ClaimOptions co = {0};
    RulesOptions ro = {0};
    const char *where[CLAIM_CONDITIONS];
    int conditions;
    const CliOption options[] = {
        {"--variant", true, &variant},  {"--dir", true, &dir},
        {"--rules", true, &ro.rules},   {"--wins", true, &co.wins},
        {"--draw", false, &co.draw},    {"--to-move", true, &co.to_move},
        {"--within", true, &co.within}, {"--won-only", false, &co.won_only},
        {"--heatmap", true, &heatmap},  {0}};
    const CliRepeatable repeatable[] = {{"--where", where, CLAIM_CONDITIONS, &conditions}, {0}};
    cli_parse_repeatable(argc, argv, options, repeatable, &name, 1, claim_usage);
    Variant v;
    dtb_handle *h = cmd_open_tables(variant, dir, &v);
    if (!name) cli_die(2, "claim needs a material, like KKvK");
    Claim c;
    claim_from_options(&v, &co, where, conditions, cmd_rules_pure(&ro), &c);
    char default_dir[256], err[1024];
    static ClaimResult result;
    /* A table that cannot be read is an error, not a failed claim: exit 2. */
    if (claim_check_material(&v, cmd_tables_dir(&v, dir, default_dir, sizeof default_dir), name, &c,
                             &result, err, sizeof err) != STATUS_OK)
        cli_die(2, "%s", err);
    ClaimView view = {&v, name, &c, &result, h};
    if (claim_print_text(&view, stdout) != DTB_OK) cli_die(1, "%s", dtb_last_error());
    if (heatmap && !claim_write_heat_map(&view, heatmap))
        cli_die(2, "cannot write '%s': %s", heatmap, strerror(errno));
    dtb_close(h);
    return claim_failures(&result) ? 1 : 0;
}

static const char claims_usage[] =
    "usage: dtb-probe claims --sets DIR [--pictures DIR] FILE\n"
    "Checks every claim of FILE (the format is described in claims/claims.txt) on the\n"
    "tables of DIR/VARIANT and writes the report's section on them as markdown: a table of\n"
    "every claim with its verdict, then each claim with its source, the dtb-probe claim\n"
    "command that checks it, its counts by class, its longest wins and first failures with\n"
    "their best lines.  A claim whose table DIR lacks is listed as not checked.  With\n"
    "--pictures, each failing claim's heat map (as dtb-probe claim --heatmap draws it) goes\n"
    "to DIR/claim-ID.svg, linked as report/claim-ID.svg.\n"
    "Exit status: 0 when every claim could be checked or lacked only its table, 1 when a\n"
    "picture cannot be written, 2 for a bad file, option or table.\n";

int run_claims(int argc, char **argv) {
    const char *sets = NULL, *pictures = NULL, *file = NULL;
    const CliOption options[] = {{"--sets", true, &sets}, {"--pictures", true, &pictures}, {0}};
    cli_parse(argc, argv, options, &file, 1, claims_usage);
    if (!file || !sets) cli_die(2, "claims needs --sets DIR and a claims file");
    ClaimEntry *entries;
    int count;
    char err[CLAIMS_FIELD_MAX + 512];
    if (!claims_file_read(file, &entries, &count, err, sizeof err)) cli_die(2, "%s", err);
    Status s = claims_report(entries, count, sets, pictures, stdout, err, sizeof err);
    if (s != STATUS_OK) cli_die(s == STATUS_IO || s == STATUS_MEMORY ? 1 : 2, "%s", err);
    free(entries);
    return 0;
}
