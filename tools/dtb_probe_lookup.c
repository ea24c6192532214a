/* dtb-probe lookup and batch: the values of positions. */
#include "dtb_probe.h"

#include "board_text.h"
#include "cli.h"
#include "notation.h"
#include "probe_text.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_ROW_WIDTH 56 /* characters of moves on one row of a printed line */
#define PAGE_WIDTH     160

static const char *const wdl_names[3] = {"loss", "draw", "win"}; /* [wdl + 1] */

/* The value under the chosen rules, and where the other value set differs, that one too. */
static void both_values(dtb_handle *h, const dtb_position *pos, const RulesOptions *o,
                        dtb_value value, char *buf, size_t len) {
    bool pure = cmd_rules_pure(o);
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

static const char lookup_usage[] =
    "usage: dtb-probe lookup --variant V [--dir DIR] [--rules pure|official]\n"
    "                        [--moves-played N] FEN\n"
    "Prints the value of FEN for the side to move (win or loss in so many plies, or draw),\n"
    "every legal move with the value it gives the side that plays it, best first, and the\n"
    "line of best moves to the end of the game (or its first plies for a draw), beside a\n"
    "diagram of the board: w/W white man/king, b/B black man/king, '.' an empty square,\n"
    "each rank followed by the numbers of its squares.  DIR defaults to tables/V.\n"
    "Exit status: 1 when a table is missing or bad, 2 for a bad FEN or option.\n" RULES_HELP;

int run_lookup(int argc, char **argv) {
    const char *variant = NULL, *dir = NULL, *fen = NULL;
    RulesOptions ro = {0};
    const CliOption options[] = {{"--variant", true, &variant},
                                 {"--dir", true, &dir},
                                 {"--rules", true, &ro.rules},
                                 {"--moves-played", true, &ro.moves_played},
                                 {0}};
    cli_parse(argc, argv, options, &fen, 1, lookup_usage);
    Variant v;
    dtb_handle *h = cmd_open_tables(variant, dir, &v);
    if (!fen) cli_die(2, "lookup needs a FEN");
    dtb_position pos;
    dtb_value value;
    char text[256];
    if (dtb_parse_fen(h, fen, &pos)) cli_die(2, "%s", dtb_last_error());
    cmd_apply_rules(&ro, &pos);
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
    if (s == DTB_OK) cmd_apply_rules(ro, &pos);
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
    if (parsed) cmd_apply_rules(ro, &w->pos[i]);
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

int run_batch(int argc, char **argv) {
    const char *variant = NULL, *dir = NULL, *wdl_only = NULL;
    RulesOptions ro = {0};
    const CliOption options[] = {
        {"--variant", true, &variant}, {"--dir", true, &dir},
        {"--rules", true, &ro.rules},  {"--moves-played", true, &ro.moves_played},
        {"--wdl", false, &wdl_only},   {0}};
    cli_parse(argc, argv, options, NULL, 0, batch_usage);
    Variant v;
    /* Bad options stop the batch before any line, not amid them. */
    cmd_moves_played(&ro);
    cmd_rules_pure(&ro);
    dtb_handle *h = cmd_open_tables(variant, dir, &v);
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
