/* dtb-probe stats, plot and diagram: a material's counts, and pictures. */
#include "dtb_probe.h"

#include "board_svg.h"
#include "board_text.h"
#include "cli.h"
#include "svg_plot.h"
#include "svg_text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- Inspecting table files. ---- */

/* The three lines of a material's stats in one value set, each prefixed with prefix. */
static void print_stats(dtb_handle *h, const dtb_stats *s, const char *prefix) {
    static const char *const names[2] = {"white-to-move", "black-to-move"};
    for (int side = 0; side < 2; side++)
        printf("%s%s win %llu draw %llu loss %llu\n", prefix, names[side],
               (unsigned long long)s->wins[side], (unsigned long long)s->draws[side],
               (unsigned long long)s->losses[side]);
    if (!s->longest_win) {
        printf("%slongest-win - -\n", prefix);
        return;
    }
    char fen[DTB_FEN_MAX];
    if (dtb_format_fen(h, &s->longest_win_position, fen, sizeof fen))
        cli_die(1, "%s", dtb_last_error());
    printf("%slongest-win %d %s\n", prefix, s->longest_win, fen);
}

/* The value sets' names, in run_stats' order (none shown where a variant has one set). */
static const char *const set_names[2] = {"pure", "official"};

/* The DTW histogram of value set `set` of `sets` as a bar chart: a bar a DTW from 1 to the
 * longest. */
static void write_dtw_histogram(const Variant *v, const char *name, int sets, int set,
                                const dtb_stats *s, const char *path) {
    enum { LAST = DTB_DTW_BUCKETS - 1 };
    int longest = 0;
    for (int d = 1; d <= LAST; d++)
        if (s->win_dtw[d] || s->loss_dtw[d]) longest = d;
    static char label_text[DTB_DTW_BUCKETS][12]; /* room for any int and a '+' */
    static const char *labels[DTB_DTW_BUCKETS];
    static double values[DTB_DTW_BUCKETS];
    for (int d = 1; d <= longest; d++) {
        /* The last bucket holds every longer DTW too. */
        snprintf(label_text[d - 1], sizeof label_text[0], d == LAST ? "%d+" : "%d", d);
        labels[d - 1] = label_text[d - 1];
        values[d - 1] = (double)(s->win_dtw[d] + s->loss_dtw[d]);
    }
    char title[256], tmp[4200];
    snprintf(title, sizeof title, "%s %s%s%s%s: decided positions by DTW", v->id, name,
             sets > 1 ? ", " : "", sets > 1 ? set_names[set] : "", sets > 1 ? " values" : "");
    SvgBars bars = {title,       "DTW (plies; odd: the side to move wins, even: it loses)",
                    "positions", longest,
                    labels,      values};
    FILE *out = svg_file_open(path, tmp, sizeof tmp);
    if (!out || !svg_file_close(out, tmp, path, svg_bar_chart(&bars, out) != 0))
        cli_die(1, "cannot write '%s'", path);
}

static const char stats_usage[] =
    "usage: dtb-probe stats --variant V [--dir DIR] [--svg FILE [--rules pure|official]]\n"
    "                       [--svg-dir FOLDER] MATERIAL\n"
    "Prints the results of every position of MATERIAL (like KKMvK), for the side to move:\n"
    "  white-to-move win W draw D loss L\n"
    "  black-to-move win W draw D loss L\n"
    "  longest-win PLIES FEN   (a win with the largest DTW; '- -' when there is no win)\n"
    "Frisian adds the same three lines for the values under its draw rules, each prefixed\n"
    "'rules-'.\n"
    "--svg writes FILE, the histogram of the decided positions by DTW as a plain SVG bar\n"
    "chart; for Frisian, of the values --rules names (official by default).\n"
    "--svg-dir writes every histogram of MATERIAL into FOLDER: V-MATERIAL-dtw.svg, or\n"
    "for Frisian V-MATERIAL-dtw-official.svg and V-MATERIAL-dtw-pure.svg: one read of the\n"
    "table for both.\n"
    "DIR defaults to tables/V.\n";

int run_stats(int argc, char **argv) {
    const char *variant = NULL, *dir = NULL, *name = NULL, *svg = NULL, *svg_dir = NULL;
    RulesOptions ro = {0};
    const CliOption options[] = {{"--variant", true, &variant}, {"--dir", true, &dir},
                                 {"--svg", true, &svg},         {"--svg-dir", true, &svg_dir},
                                 {"--rules", true, &ro.rules},  {0}};
    cli_parse(argc, argv, options, &name, 1, stats_usage);
    Variant v;
    dtb_handle *h = cmd_open_tables(variant, dir, &v);
    if (!name) cli_die(2, "stats needs a material, like KKvK");
    bool pure = cmd_rules_pure(&ro);
    dtb_variant_info info;
    dtb_get_variant_info(h, &info);
    /* The pure values unprefixed, then Frisian's official ones as 'rules-'. */
    static const dtb_rules rules[2] = {DTB_RULES_PURE, DTB_RULES_OFFICIAL};
    static const char *const prefix[2] = {"", "rules-"};
    static dtb_stats stats[2];
    int sets = info.draw_rules ? 2 : 1;
    for (int set = 0; set < sets; set++) {
        dtb_status s = dtb_material_stats(h, name, rules[set], &stats[set]);
        if (s) cli_die(s == DTB_ERR_POSITION ? 2 : 1, "%s", dtb_last_error());
        print_stats(h, &stats[set], prefix[set]);
    }
    dtb_close(h);
    int chosen = sets > 1 && !pure;
    if (svg) write_dtw_histogram(&v, name, sets, chosen, &stats[chosen], svg);
    for (int set = 0; svg_dir && set < sets; set++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s-%s-dtw%s%s.svg", svg_dir, v.id, name,
                 sets > 1 ? "-" : "", sets > 1 ? set_names[set] : "");
        write_dtw_histogram(&v, name, sets, set, &stats[set], path);
    }
    return 0;
}

/* ---- Plots. ---- */
static const char plot_usage[] =
    "usage: dtb-probe plot --svg FILE [--title TEXT] [--x-label TEXT] [--y-label TEXT]\n"
    "Reads 'LABEL VALUE' lines from standard input (LABEL without spaces, VALUE a number of\n"
    "at least 0) and writes FILE as a plain SVG 1.1 bar chart, one bar a line in their\n"
    "order.  Exit status: 0, 1 when FILE cannot be written, 2 for a bad line.\n";

enum { PLOT_BARS_MAX = 4096, PLOT_LABEL_MAX = 64 };

int run_plot(int argc, char **argv) {
    const char *svg = NULL, *title = "", *x_label = "", *y_label = "";
    const CliOption options[] = {{"--svg", true, &svg},
                                 {"--title", true, &title},
                                 {"--x-label", true, &x_label},
                                 {"--y-label", true, &y_label},
                                 {0}};
    cli_parse(argc, argv, options, NULL, 0, plot_usage);
    if (!svg) cli_die(2, "plot needs --svg FILE");
    static char label_text[PLOT_BARS_MAX][PLOT_LABEL_MAX];
    static const char *labels[PLOT_BARS_MAX];
    static double values[PLOT_BARS_MAX];
    int count = 0;
    char line[256], extra;
    for (int n = 1; fgets(line, sizeof line, stdin); n++) {
        if (strspn(line, " \t\r\n") == strlen(line)) continue;
        if (count == PLOT_BARS_MAX) cli_die(2, "more than %d bars", PLOT_BARS_MAX);
        if (sscanf(line, "%63s %lf %c", label_text[count], &values[count], &extra) != 2 ||
            !(values[count] >= 0))
            cli_die(2, "line %d of standard input is not 'LABEL VALUE': %s", n, line);
        labels[count] = label_text[count];
        count++;
    }
    SvgBars bars = {title, x_label, y_label, count, labels, values};
    char tmp[4200];
    FILE *out = svg_file_open(svg, tmp, sizeof tmp);
    if (!out || !svg_file_close(out, tmp, svg, svg_bar_chart(&bars, out) != 0))
        cli_die(1, "cannot write '%s'", svg);
    return 0;
}

/* ---- Diagrams. ---- */
static const char diagram_usage[] =
    "usage: dtb-probe diagram --variant V [--svg FILE] FEN\n"
    "Draws the position of FEN.  With --svg, writes FILE as a plain SVG 1.1 picture: light\n"
    "and dark squares, the square numbers on the dark squares, files and ranks around the\n"
    "board (a mirrored board for Scandinavian: a1 light, square 1 top left), men as discs and\n"
    "kings as discs with a ring and a crown, white pieces white with a dark outline, black\n"
    "pieces black with a light one, and the side to move under the board.  Without --svg,\n"
    "prints the diagram of lookup: w/W white man/king, b/B black man/king, '.' an empty\n"
    "square.  No table is needed.\n";

int run_diagram(int argc, char **argv) {
    const char *variant = NULL, *svg = NULL, *fen = NULL;
    const CliOption options[] = {{"--variant", true, &variant}, {"--svg", true, &svg}, {0}};
    cli_parse(argc, argv, options, &fen, 1, diagram_usage);
    Variant v;
    dtb_handle *h = cmd_open_tables(variant, ".", &v); /* only to read the FEN: no table opens */
    if (!fen) cli_die(2, "diagram needs a FEN");
    dtb_position pos;
    char title[DTB_FEN_MAX + 64];
    if (dtb_parse_fen(h, fen, &pos)) cli_die(2, "%s", dtb_last_error());
    dtb_close(h);
    if (!svg) {
        BoardText board;
        board_text(&v, &pos, &board);
        for (int i = 0; i < board.count; i++) puts(board.line[i]);
        return 0;
    }
    FILE *out = fopen(svg, "w");
    if (!out) cli_die(1, "cannot write '%s': %s", svg, strerror(errno));
    snprintf(title, sizeof title, "%s %s", v.id, fen);
    int failed = board_svg(&v, &pos, title, out);
    if (fclose(out) || failed) cli_die(1, "cannot write '%s'", svg);
    return 0;
}
