/* dtb-probe: look positions up, and inspect the rules engine. */
#include "board_svg.h"
#include "board_text.h"
#include "claim_print.h"
#include "claims_file.h"
#include "claims_report.h"
#include "cli.h"
#include "dtb.h"
#include "fen.h"
#include "index.h"
#include "movegen.h"
#include "notation.h"
#include "probe_text.h"
#include "svg_plot.h"
#include "svg_text.h"
#include "tablebase.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define LINE_ROW_WIDTH 56 /* characters of moves on one row of a printed line */
#define PAGE_WIDTH     160

typedef struct Command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} Command;

static void read_position(const Variant *v, const char *fen, Position *p) {
    char err[256];
    if (!fen) {
        fen_initial(v, p);
        return;
    }
    if (!fen_parse(v, fen, p, err, sizeof err)) cli_die(2, "bad FEN '%s': %s", fen, err);
}

static const char perft_usage[] =
    "usage: dtb-probe perft --variant V --depth D [FEN]\n"
    "Prints 'd count' for d = 1..D: the leaf positions after exactly d plies from FEN\n"
    "(the initial position when no FEN is given).  A capture taking the same pieces from\n"
    "the same start to the same end counts once.\n";

static int run_perft(int argc, char **argv) {
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
    read_position(&v, fen, &p);
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

static int run_moves(int argc, char **argv) {
    const char *variant = NULL, *fen = NULL;
    const CliOption options[] = {{"--variant", true, &variant}, {0}};
    cli_parse(argc, argv, options, &fen, 1, moves_usage);
    Variant v;
    cli_variant(variant, &v);
    if (!fen) cli_die(2, "moves needs a FEN");
    Position p;
    read_position(&v, fen, &p);
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

/* ---- Looking positions up through the public API. ---- */

static const char *const wdl_names[3] = {"loss", "draw", "win"}; /* [wdl + 1] */

static const char *tables_dir(const Variant *v, const char *dir, char *buf, size_t len) {
    if (dir) return dir;
    snprintf(buf, len, "tables/%s", v->id);
    return buf;
}

static dtb_handle *open_tables(const char *variant, const char *dir, Variant *v) {
    char default_dir[256];
    dtb_handle *h;
    cli_variant(variant, v);
    if (dtb_open(v->id, tables_dir(v, dir, default_dir, sizeof default_dir), &h))
        cli_die(1, "%s", dtb_last_error());
    return h;
}

/* The rules options of lookup and batch (RULES.md 7.2). */
typedef struct RulesOptions {
    const char *rules, *moves_played;
} RulesOptions;

/* Whether o asks for the pure values; exits 2 on a bad --rules. */
static bool rules_are_pure(const RulesOptions *o) {
    const char *rules = o->rules ? o->rules : "official";
    if (strcmp(rules, "official") && strcmp(rules, "pure"))
        cli_die(2, "--rules is 'pure' or 'official', not '%s'", rules);
    return strcmp(rules, "pure") == 0;
}

/* The --moves-played count, 0 without it; exits 2 on a bad one. */
static int moves_played(const RulesOptions *o) {
    const char *text = o->moves_played;
    return text ? (int)cli_number("--moves-played", text, 0, 7) : 0;
}

/* The rules and the count o asks for, into pos. */
static void apply_rules(const RulesOptions *o, dtb_position *pos) {
    pos->rules = rules_are_pure(o) ? DTB_RULES_PURE : DTB_RULES_OFFICIAL;
    if (o->moves_played) pos->moves_played = moves_played(o);
}

/* Text lines to print beside the board diagram. */
typedef struct Page {
    int count, cap;
    char (*line)[PAGE_WIDTH];
} Page;

static void page_add(Page *page, const char *fmt, ...) {
    if (page->count == page->cap) {
        page->cap = page->cap ? 2 * page->cap : 32;
        page->line = realloc(page->line, (size_t)page->cap * sizeof *page->line);
        if (!page->line) cli_die(1, "out of memory");
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(page->line[page->count++], PAGE_WIDTH, fmt, ap);
    va_end(ap);
}

static void print_beside(const BoardText *board, const Page *page) {
    int rows = board->count > page->count ? board->count : page->count;
    for (int i = 0; i < rows; i++) {
        const char *left = i < board->count ? board->line[i] : "";
        if (i < page->count)
            printf("%-*s  %s\n", BOARD_TEXT_WIDTH - 8, left, page->line[i]);
        else
            printf("%s\n", left);
    }
}

static void describe_moves(dtb_handle *h, const dtb_position *pos, Page *page) {
    static dtb_move moves[MOVE_MAX];
    int count;
    char text[64];
    if (dtb_moves(h, pos, moves, MOVE_MAX, &count)) cli_die(1, "%s", dtb_last_error());
    if (count == 0) page_add(page, "no legal move: the side to move has lost");
    for (int i = 0; i < count; i++) {
        probe_value_text(moves[i].value, text, sizeof text);
        page_add(page, "%s%-12s %s", i ? "       " : "moves: ", moves[i].notation, text);
    }
}

static void describe_line(dtb_handle *h, const dtb_position *pos, dtb_value value, Page *page) {
    dtb_move *line;
    int count;
    dtb_status s = probe_line(h, pos, value, &line, &count);
    if (s) cli_die(1, "%s", s == DTB_ERR_NO_MEMORY ? "out of memory" : dtb_last_error());
    /* A row stays under LINE_ROW_WIDTH unless one move alone is longer (NOTATION_MAX). */
    char row[LINE_ROW_WIDTH + NOTATION_MAX + 1];
    size_t used = 0;
    const char *label = "line: ";
    for (int i = 0; i < count; i++) {
        used += (size_t)snprintf(row + used, sizeof row - used, " %s", line[i].notation);
        bool full = i + 1 < count && used + 1 + strlen(line[i + 1].notation) > LINE_ROW_WIDTH;
        if (full || i + 1 == count) {
            page_add(page, "%s%s", label, row);
            label = "      ";
            used = 0;
        }
    }
    if (value.wdl == DTB_DRAW && count) page_add(page, "      (a draw: the first %d plies)", count);
    free(line);
}

#define RULES_HELP                                                                                 \
    "Frisian: --rules official (the default) applies the draw rules of RULES.md 7.2, --rules\n"    \
    "pure leaves them out; --moves-played N gives the moves the side with two kings\n"             \
    "has already played in two kings against one king (default 0).\n"

/* The value under the chosen rules, and where the other value set differs, that one too. */
static void both_values(dtb_handle *h, const dtb_position *pos, const RulesOptions *o,
                        dtb_value value, char *buf, size_t len) {
    bool pure = rules_are_pure(o);
    char chosen[64], other_text[64];
    dtb_value other;
    probe_value_text(value, chosen, sizeof chosen);
    dtb_position other_rules = *pos;
    other_rules.rules = pure ? DTB_RULES_OFFICIAL : DTB_RULES_PURE;
    if (dtb_probe(h, &other_rules, &other)) cli_die(1, "%s", dtb_last_error());
    probe_value_text(other, other_text, sizeof other_text);
    if (other.wdl == value.wdl && other.dtw == value.dtw)
        snprintf(buf, len, "%s", chosen);
    else if (pure)
        snprintf(buf, len, "%s, but %s under the draw rules", chosen, other_text);
    else
        snprintf(buf, len, "%s under the draw rules (without them: %s)", chosen, other_text);
}

static const char lookup_usage[] =
    "usage: dtb-probe lookup --variant V [--dir DIR] [--rules pure|official]\n"
    "                        [--moves-played N] FEN\n"
    "Prints the value of FEN for the side to move (win or loss in so many plies, or draw),\n"
    "every legal move with the value it gives the side that plays it, best first, and the\n"
    "line of best moves to the end of the game (or its first plies for a draw), beside a\n"
    "diagram of the board: w/W white man/king, b/B black man/king, '.' an empty square,\n"
    "each rank followed by the numbers of its squares.  DIR defaults to tables/V.\n"
    "Exit status: 1 when a table is missing or bad, 2 for a bad FEN or option.\n" RULES_HELP;

static int run_lookup(int argc, char **argv) {
    const char *variant = NULL, *dir = NULL, *fen = NULL;
    RulesOptions ro = {0};
    const CliOption options[] = {{"--variant", true, &variant},
                                 {"--dir", true, &dir},
                                 {"--rules", true, &ro.rules},
                                 {"--moves-played", true, &ro.moves_played},
                                 {0}};
    cli_parse(argc, argv, options, &fen, 1, lookup_usage);
    Variant v;
    dtb_handle *h = open_tables(variant, dir, &v);
    if (!fen) cli_die(2, "lookup needs a FEN");
    dtb_position pos;
    dtb_value value;
    char text[256];
    if (dtb_parse_fen(h, fen, &pos)) cli_die(2, "%s", dtb_last_error());
    apply_rules(&ro, &pos);
    dtb_status probed = dtb_probe(h, &pos, &value);
    if (probed) cli_die(probed == DTB_ERR_POSITION ? 2 : 1, "%s", dtb_last_error());
    both_values(h, &pos, &ro, value, text, sizeof text);
    Page page = {0};
    page_add(&page, "%s  %s", v.id, fen);
    page_add(&page, "%s to move: %s", pos.black_to_move ? "Black" : "White", text);
    page_add(&page, "");
    describe_moves(h, &pos, &page);
    describe_line(h, &pos, value, &page);
    BoardText board;
    board_text(&v, &pos, &board);
    print_beside(&board, &page);
    free(page.line);
    dtb_close(h);
    return 0;
}

/* One line of batch output, for a FEN or, where the line cannot be one, the problem that
 * says why; returns false for an error line. */
static bool batch_line(dtb_handle *h, const RulesOptions *ro, const char *fen,
                       const char *problem) {
    if (problem) {
        printf("%s\terror\t%s\n", fen, problem);
        return false;
    }
    dtb_position pos;
    dtb_value value;
    dtb_move best;
    dtb_status s = dtb_parse_fen(h, fen, &pos);
    if (s == DTB_OK) apply_rules(ro, &pos);
    if (s == DTB_OK) s = dtb_probe(h, &pos, &value);
    if (s == DTB_OK) s = dtb_best_move(h, &pos, &best);
    if (s != DTB_OK && s != DTB_ERR_GAME_OVER) {
        printf("%s\terror\t%s\n", fen, dtb_last_error());
        return false;
    }
    char dtw[16] = "-";
    if (value.wdl != DTB_DRAW) snprintf(dtw, sizeof dtw, "%d", value.dtw);
    printf("%s\t%s\t%s\t%s\n", fen, wdl_names[value.wdl + 1], dtw, s ? "-" : best.notation);
    return true;
}

/* FENs read before one dtb_probe_wdl_many call: enough for its reads to overlap. */
enum { WDL_LINES = 256 };

/* Lines of batch --wdl waiting for their probe: each FEN, and its position where it parsed,
 * else why it did not. */
typedef struct WdlLines {
    int count;
    char *fen[WDL_LINES];
    char *bad_fen[WDL_LINES]; /* NULL where the FEN parsed */
    dtb_position pos[WDL_LINES];
} WdlLines;

/* Probes and prints the lines waiting, in their order; returns false if one failed.  A
 * failing group is probed again one line at a time, to say which lines fail and why. */
static bool flush_wdl_lines(dtb_handle *h, WdlLines *w) {
    dtb_position pos[WDL_LINES];
    dtb_wdl wdl[WDL_LINES];
    size_t n = 0;
    for (int i = 0; i < w->count; i++)
        if (!w->bad_fen[i]) pos[n++] = w->pos[i];
    bool group_ok = dtb_probe_wdl_many(h, pos, n, wdl) == DTB_OK, all_ok = true;
    for (int i = 0, k = 0; i < w->count; i++) {
        dtb_wdl one;
        bool parsed = !w->bad_fen[i];
        bool ok = parsed && (group_ok || dtb_probe_wdl(h, &w->pos[i], &one) == DTB_OK);
        if (ok)
            printf("%s\t%s\n", w->fen[i], wdl_names[(group_ok ? wdl[k] : one) + 1]);
        else
            printf("%s\terror\t%s\n", w->fen[i], parsed ? dtb_last_error() : w->bad_fen[i]);
        k += parsed;
        all_ok &= ok;
        free(w->fen[i]);
        free(w->bad_fen[i]);
    }
    w->count = 0;
    return all_ok;
}

/* Queues one line of batch --wdl (a problem as batch_line's), probing the queue once it is
 * full. */
static bool wdl_line(dtb_handle *h, const RulesOptions *ro, const char *fen, const char *problem,
                     WdlLines *w) {
    int i = w->count++;
    bool parsed = !problem && dtb_parse_fen(h, fen, &w->pos[i]) == DTB_OK;
    w->fen[i] = strdup(fen);
    w->bad_fen[i] = parsed ? NULL : strdup(problem ? problem : dtb_last_error());
    if (!w->fen[i] || (!parsed && !w->bad_fen[i])) cli_die(1, "out of memory");
    if (parsed) apply_rules(ro, &w->pos[i]);
    return w->count < WDL_LINES || flush_wdl_lines(h, w);
}

static const char batch_usage[] =
    "usage: dtb-probe batch --variant V [--dir DIR] [--rules pure|official]\n"
    "                       [--moves-played N] [--wdl] < FENS\n"
    "Reads FENs from standard input, one a line (blank lines are skipped, and a line may end\n"
    "in CR LF), and writes for each 'FEN<TAB>win|draw|loss<TAB>DTW<TAB>best move', with '-'\n"
    "for the DTW of a draw and the move of a position without one.  A line that fails gives\n"
    "'FEN<TAB>error<TAB>why' and the batch goes on; the exit status is 1 if any line failed.\n"
    "DIR defaults to tables/V.\n"
    "--wdl writes only 'FEN<TAB>win|draw|loss', many times faster: it reads no distances and\n"
    "looks for no best move, and probes the positions in groups whose reads overlap.\n" RULES_HELP;

static int run_batch(int argc, char **argv) {
    const char *variant = NULL, *dir = NULL, *wdl_only = NULL;
    RulesOptions ro = {0};
    const CliOption options[] = {
        {"--variant", true, &variant}, {"--dir", true, &dir},
        {"--rules", true, &ro.rules},  {"--moves-played", true, &ro.moves_played},
        {"--wdl", false, &wdl_only},   {0}};
    cli_parse(argc, argv, options, NULL, 0, batch_usage);
    Variant v;
    /* Bad options stop the batch before any line, not amid them. */
    moves_played(&ro);
    rules_are_pure(&ro);
    dtb_handle *h = open_tables(variant, dir, &v);
    char *text = NULL;
    size_t cap = 0;
    ssize_t n;
    bool all_ok = true;
    WdlLines *waiting = wdl_only ? calloc(1, sizeof *waiting) : NULL;
    if (wdl_only && !waiting) cli_die(1, "out of memory");
    while ((n = getline(&text, &cap, stdin)) >= 0) {
        while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r')) text[--n] = '\0';
        if (strspn(text, " \t") == (size_t)n) continue; /* blank, and no NUL byte inside */
        /* A NUL byte would end the FEN early, and the rest of the line go unread. */
        const char *problem = strlen(text) < (size_t)n ? "the line holds a NUL byte" : NULL;
        all_ok &=
            waiting ? wdl_line(h, &ro, text, problem, waiting) : batch_line(h, &ro, text, problem);
    }
    int read_error = ferror(stdin) ? errno : 0;
    if (waiting) all_ok &= flush_wdl_lines(h, waiting);
    free(waiting);
    free(text);
    dtb_close(h);
    if (read_error) cli_die(1, "cannot read standard input: %s", strerror(read_error));
    return all_ok ? 0 : 1;
}

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
    char fen[FEN_MAX];
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

static int run_stats(int argc, char **argv) {
    const char *variant = NULL, *dir = NULL, *name = NULL, *svg = NULL, *svg_dir = NULL;
    RulesOptions ro = {0};
    const CliOption options[] = {{"--variant", true, &variant}, {"--dir", true, &dir},
                                 {"--svg", true, &svg},         {"--svg-dir", true, &svg_dir},
                                 {"--rules", true, &ro.rules},  {0}};
    cli_parse(argc, argv, options, &name, 1, stats_usage);
    Variant v;
    dtb_handle *h = open_tables(variant, dir, &v);
    if (!name) cli_die(2, "stats needs a material, like KKvK");
    bool pure = rules_are_pure(&ro);
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
    "RULES.md 7.2 (with no moves played yet in two kings against one king), --rules pure the\n"
    "values without them.\n";

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

static int run_claim(int argc, char **argv) {
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
    dtb_handle *h = open_tables(variant, dir, &v);
    if (!name) cli_die(2, "claim needs a material, like KKvK");
    Claim c;
    claim_from_options(&v, &co, where, conditions, rules_are_pure(&ro), &c);
    char default_dir[256], err[1024];
    static ClaimResult result;
    /* A table that cannot be read is an error, not a failed claim: exit 2. */
    if (claim_check_material(&v, tables_dir(&v, dir, default_dir, sizeof default_dir), name, &c,
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

static int run_claims(int argc, char **argv) {
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

/* ---- Plots. ---- */

static const char plot_usage[] =
    "usage: dtb-probe plot --svg FILE [--title TEXT] [--x-label TEXT] [--y-label TEXT]\n"
    "Reads 'LABEL VALUE' lines from standard input (LABEL without spaces, VALUE a number of\n"
    "at least 0) and writes FILE as a plain SVG 1.1 bar chart, one bar a line in their\n"
    "order.  Exit status: 0, 1 when FILE cannot be written, 2 for a bad line.\n";

enum { PLOT_BARS_MAX = 4096, PLOT_LABEL_MAX = 64 };

static int run_plot(int argc, char **argv) {
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

static int run_diagram(int argc, char **argv) {
    const char *variant = NULL, *svg = NULL, *fen = NULL;
    const CliOption options[] = {{"--variant", true, &variant}, {"--svg", true, &svg}, {0}};
    cli_parse(argc, argv, options, &fen, 1, diagram_usage);
    Variant v;
    dtb_handle *h = open_tables(variant, ".", &v); /* only to read the FEN: no table opens */
    if (!fen) cli_die(2, "diagram needs a FEN");
    dtb_position pos;
    char title[FEN_MAX + 64];
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

/* The table's header must name this variant's rules and the material of its file name,
 * with as many positions as that material's index. */
static bool check_identity(const Variant *v, const char *path, const char *file, char *err,
                           size_t errlen) {
    char name[MATERIAL_NAME_MAX];
    snprintf(name, sizeof name, "%.*s", (int)(strlen(file) - strlen(TB_FILE_SUFFIX)), file);
    Material m;
    bool ok = material_parse(name, &m, err, errlen);
    if (ok && !(ok = material_is_canonical(&m)))
        snprintf(err, errlen, "'%s' is not the canonical name of its material", name);
    TableFile *t = NULL;
    if (ok) ok = tb_open_indexed(v, &m, path, &t, NULL, err, errlen) == STATUS_OK;
    table_close(t);
    return ok;
}

/* Prints "ok NAME" or "BAD NAME: reason"; returns whether the table is good. */
static bool verify_table(const Variant *v, const char *dir, const char *file) {
    char path[4200], err[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (table_verify_file(path, err, sizeof err) == STATUS_OK &&
        check_identity(v, path, file, err, sizeof err)) {
        printf("ok %s\n", file);
        return true;
    }
    size_t n = strlen(path);
    const char *reason = strncmp(err, path, n) == 0 && err[n] == ':' ? err + n + 2 : err;
    printf("BAD %s: %s\n", file, reason);
    return false;
}

static bool is_table_name(const char *name) {
    size_t n = strlen(name), k = strlen(TB_FILE_SUFFIX);
    return n > k && strcmp(name + n - k, TB_FILE_SUFFIX) == 0;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The table files of dir, sorted; the caller frees each name and the array. */
static int list_tables(const char *dir, char ***out) {
    DIR *d = opendir(dir);
    if (!d) cli_die(1, "cannot read the folder '%s': %s", dir, strerror(errno));
    char **names = NULL;
    int count = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!is_table_name(e->d_name)) continue;
        names = realloc(names, (size_t)(count + 1) * sizeof *names);
        if (!names || !(names[count++] = strdup(e->d_name))) cli_die(1, "out of memory");
    }
    closedir(d);
    if (count) qsort(names, (size_t)count, sizeof *names, compare_names);
    *out = names;
    return count;
}

static const char verify_usage[] =
    "usage: dtb-probe verify --variant V [--dir DIR]\n"
    "Checks every *.dtb file in DIR: its checksums, and that its header names variant V and\n"
    "the material of its file name.  Prints 'ok NAME' or 'BAD NAME: reason' per file, then\n"
    "a summary; the exit status is 1 if any file is bad or there is none.  DIR defaults to\n"
    "tables/V.\n";

static int run_verify(int argc, char **argv) {
    const char *variant = NULL, *dir = NULL;
    const CliOption options[] = {{"--variant", true, &variant}, {"--dir", true, &dir}, {0}};
    cli_parse(argc, argv, options, NULL, 0, verify_usage);
    Variant v;
    cli_variant(variant, &v);
    char default_dir[256], **names;
    dir = tables_dir(&v, dir, default_dir, sizeof default_dir);
    int count = list_tables(dir, &names), bad = 0;
    for (int i = 0; i < count; i++) {
        bad += !verify_table(&v, dir, names[i]);
        free(names[i]);
    }
    free(names);
    printf("%d tables checked, %d bad\n", count, bad);
    if (count == 0) fprintf(stderr, "dtb: no table (*%s) in '%s'\n", TB_FILE_SUFFIX, dir);
    return bad || count == 0 ? 1 : 0;
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
    fputs("usage: dtb-probe COMMAND [OPTIONS]   (COMMAND --help for its options)\n\ncommands:\n",
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
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) return commands[i].run(argc - 1, argv + 1);
    usage(stderr);
    cli_die(2, "unknown command '%s'", argv[1]);
}
