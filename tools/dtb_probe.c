/* dtb-probe: look positions up, and inspect the rules engine. */
#include "board_svg.h"
#include "board_text.h"
#include "cli.h"
#include "draw_rules.h"
#include "dtb.h"
#include "fen.h"
#include "index.h"
#include "movegen.h"
#include "notation.h"
#include "tablebase.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DRAW_LINE_PLIES 20 /* how much of a drawn line lookup shows */
#define LINE_ROW_WIDTH  56 /* characters of moves on one row of a printed line */
#define PAGE_WIDTH      160

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
    notation_legal_moves(&v, &p, &list, paths);
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

static void apply_rules(dtb_handle *h, const RulesOptions *o) {
    dtb_set_rules(h, rules_are_pure(o) ? DTB_RULES_PURE : DTB_RULES_OFFICIAL);
}

/* The --moves-played count, 0 without it; exits 2 on a bad one. */
static int moves_played(const RulesOptions *o) {
    return o->moves_played ? (int)cli_number("--moves-played", o->moves_played, 0, 7) : 0;
}

static void apply_moves_played(const RulesOptions *o, dtb_position *pos) {
    if (o->moves_played) pos->strong_moves_played = moves_played(o);
}

static void value_text(dtb_value value, char *buf, size_t len) {
    if (value.wdl == DTB_DRAW)
        snprintf(buf, len, "draw");
    else
        snprintf(buf, len, "%s in %d %s", wdl_names[value.wdl + 1], value.dtw,
                 value.dtw == 1 ? "ply" : "plies");
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
        value_text(moves[i].value, text, sizeof text);
        page_add(page, "%s%-12s %s", i ? "       " : "moves: ", moves[i].notation, text);
    }
}

static void describe_line(dtb_handle *h, const dtb_position *pos, dtb_value value, Page *page) {
    int max = value.wdl == DTB_DRAW ? DRAW_LINE_PLIES : value.dtw, count;
    dtb_move *line = malloc(((size_t)max + 1) * sizeof *line);
    if (!line) cli_die(1, "out of memory");
    if (dtb_line(h, pos, line, max, &count)) cli_die(1, "%s", dtb_last_error());
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
    "pure leaves them out; --moves-played N gives the moves the side with two kings has\n"         \
    "already played in two kings against one king (default 0).\n"

/* The value under the chosen rules, and where the other value set differs, that one too. */
static void both_values(dtb_handle *h, const dtb_position *pos, const RulesOptions *o,
                        dtb_value value, char *buf, size_t len) {
    bool pure = rules_are_pure(o);
    char chosen[64], other_text[64];
    dtb_value other;
    value_text(value, chosen, sizeof chosen);
    dtb_set_rules(h, pure ? DTB_RULES_OFFICIAL : DTB_RULES_PURE);
    if (dtb_probe(h, pos, &other)) cli_die(1, "%s", dtb_last_error());
    apply_rules(h, o);
    value_text(other, other_text, sizeof other_text);
    if (other.wdl == value.wdl && other.dtw == value.dtw)
        snprintf(buf, len, "%s", chosen);
    else if (pure)
        snprintf(buf, len, "%s, but %s under the draw rules", chosen, other_text);
    else
        snprintf(buf, len, "%s under the draw rules (without them: %s)", chosen, other_text);
}

static const char lookup_usage[] =
    "usage: dtb-probe lookup --variant V [--dir DIR] [--rules pure|official] [--moves-played N] "
    "FEN\n"
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
    apply_rules(h, &ro);
    if (!fen) cli_die(2, "lookup needs a FEN");
    dtb_position pos;
    dtb_value value;
    char text[256];
    if (dtb_parse_fen(h, fen, &pos)) cli_die(2, "%s", dtb_last_error());
    apply_moves_played(&ro, &pos);
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
    if (s == DTB_OK) apply_moves_played(ro, &pos);
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
    if (parsed) apply_moves_played(ro, &w->pos[i]);
    return w->count < WDL_LINES || flush_wdl_lines(h, w);
}

static const char batch_usage[] =
    "usage: dtb-probe batch --variant V [--dir DIR] [--rules pure|official] [--moves-played N]\n"
    "                       [--wdl] < FENS\n"
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
    moves_played(&ro); /* a bad count stops the batch before any line, not amid them */
    dtb_handle *h = open_tables(variant, dir, &v);
    apply_rules(h, &ro);
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

/* Value set `set` prints its lines with this prefix. */
static const char *const set_prefix[2] = {"", "rules-"};

static void print_counts(const TableInfo *info, int set, bool reversed) {
    static const char *const names[2] = {"white-to-move", "black-to-move"};
    for (int side = 0; side < 2; side++) {
        const uint64_t *c = info->counts[set][reversed ? !side : side];
        printf("%s%s win %llu draw %llu loss %llu\n", set_prefix[set], names[side],
               (unsigned long long)c[WDL_WIN], (unsigned long long)c[WDL_DRAW],
               (unsigned long long)c[WDL_LOSS]);
    }
}

/* The table of a material as asked for: the canonical material's table, read with colours
 * swapped when the material asked for is its twin. */
typedef struct MaterialTable {
    TableFile *t;
    Indexer ix;
    bool reversed;
    char dir[4096]; /* the folder, whose tables value the positions the file does not store */
} MaterialTable;

/* Opens the table of material `name`; on an error exits with error_status. */
static void open_material_table(const Variant *v, const char *dir, const char *name,
                                int error_status, MaterialTable *out) {
    Material m;
    char err[1024], default_dir[256], path[4200], canonical_name[MATERIAL_NAME_MAX];
    if (!material_parse(name, &m, err, sizeof err)) cli_die(2, "%s", err);
    out->reversed = !material_is_canonical(&m);
    Material canonical = out->reversed ? material_reversed(&m) : m;
    material_name(&canonical, canonical_name, sizeof canonical_name);
    snprintf(out->dir, sizeof out->dir, "%s", tables_dir(v, dir, default_dir, sizeof default_dir));
    snprintf(path, sizeof path, "%s/%s%s", out->dir, canonical_name, TB_FILE_SUFFIX);
    if (tb_open_indexed(v, &canonical, path, &out->t, &out->ix, err, sizeof err) != TABLE_OK)
        cli_die(error_status, "%s", err);
}

/* Every cell of the table, cells_per_position a position, those the file does not store
 * settled as probes settle them (tb_read_all); the caller frees them. */
static Cell *read_all_cells(const MaterialTable *mt, int error_status) {
    uint32_t cpp = table_info(mt->t)->cells_per_position;
    Cell *cells = malloc(mt->ix.size * cpp * sizeof *cells + 1);
    Tablebase *tb = tb_open(mt->ix.v, mt->dir);
    char err[1024];
    if (!cells || !tb)
        cli_die(1, "out of memory for %llu positions", (unsigned long long)mt->ix.size);
    if (tb_read_all(tb, &mt->ix.m, cells, err, sizeof err)) cli_die(error_status, "%s", err);
    tb_close(tb);
    return cells;
}

/* The position of index i in the colours asked for; false for a hole of the index. */
static bool shown_position(const MaterialTable *mt, uint64_t i, Position *out) {
    Position p;
    if (!idx_decode(&mt->ix, i, &p)) return false;
    if (mt->reversed)
        pos_reversed(mt->ix.v->board, &p, out);
    else
        *out = p;
    return true;
}

/* Scans the whole table for a win with the largest DTW (the first such index). */
static void print_longest_win(const MaterialTable *mt, int set) {
    uint32_t cpp = table_info(mt->t)->cells_per_position;
    Cell *cells = read_all_cells(mt, 1);
    uint64_t found = 0;
    int longest = 0;
    for (uint64_t i = 0; i < mt->ix.size; i++) {
        Cell c = cells[i * cpp + (uint32_t)set];
        if (CELL_WDL(c) == WDL_WIN && (int)CELL_DTW(c) > longest) longest = CELL_DTW(c), found = i;
    }
    free(cells);
    if (!longest) {
        printf("%slongest-win - -\n", set_prefix[set]);
        return;
    }
    Position shown;
    char fen[FEN_MAX];
    shown_position(mt, found, &shown);
    fen_format(mt->ix.v, &shown, fen, sizeof fen);
    printf("%slongest-win %d %s\n", set_prefix[set], longest, fen);
}

static const char stats_usage[] =
    "usage: dtb-probe stats --variant V [--dir DIR] MATERIAL\n"
    "Prints the results of every position of MATERIAL (like KKMvK), for the side to move:\n"
    "  white-to-move win W draw D loss L\n"
    "  black-to-move win W draw D loss L\n"
    "  longest-win PLIES FEN   (a win with the largest DTW; '- -' when there is no win)\n"
    "Frisian adds the same three lines for the values under its draw rules, each prefixed\n"
    "'rules-'.\n"
    "DIR defaults to tables/V.\n";

static int run_stats(int argc, char **argv) {
    const char *variant = NULL, *dir = NULL, *name = NULL;
    const CliOption options[] = {{"--variant", true, &variant}, {"--dir", true, &dir}, {0}};
    cli_parse(argc, argv, options, &name, 1, stats_usage);
    Variant v;
    cli_variant(variant, &v);
    if (!name) cli_die(2, "stats needs a material, like KKvK");
    MaterialTable mt;
    open_material_table(&v, dir, name, 1, &mt);
    for (int set = 0; set < (int)table_info(mt.t)->cells_per_position; set++) {
        print_counts(table_info(mt.t), set, mt.reversed);
        print_longest_win(&mt, set);
    }
    table_close(mt.t);
    return 0;
}

/* ---- Checking a claim that one side wins a whole material. ---- */

#define CLAIM_EXAMPLES 5

/* The classes of the positions the named side does not win, in the order they are tried. */
enum { CLASS_CAPTURE, CLASS_WEAKER_CAPTURES, CLASS_STRONGER_THREATENS, CLASS_QUIET, CLASS_COUNT };

static const char *const class_names[CLASS_COUNT] = {
    "capture pending", "weaker side captures first", "stronger side threatens", "quiet"};

static const char *const side_names[2] = {"White", "Black"}; /* [WHITE], [BLACK] */

typedef struct ClaimClass {
    uint64_t count[2]; /* [side to move] */
    int examples;
    char example[CLAIM_EXAMPLES][FEN_MAX + 2 + 64]; /* "FEN  value" */
} ClaimClass;

typedef struct ClaimTally {
    uint64_t positions, won;
    ClaimClass classes[CLASS_COUNT];
} ClaimTally;

/* The class of p, a position the stronger side does not win (see claim_usage). */
static int exception_class(const Variant *v, const Position *p, int weaker) {
    if (movegen_has_capture(v, p)) return CLASS_CAPTURE;
    Position waiting = *p; /* the side not to move, as if it were to move */
    waiting.side = !p->side;
    if (!movegen_has_capture(v, &waiting)) return CLASS_QUIET;
    return waiting.side == weaker ? CLASS_WEAKER_CAPTURES : CLASS_STRONGER_THREATENS;
}

static dtb_value cell_value(Cell c) {
    static const dtb_wdl wdl_of_cell[4] = {[WDL_LOSS] = DTB_LOSS, [WDL_WIN] = DTB_WIN};
    return (dtb_value){wdl_of_cell[CELL_WDL(c)], CELL_WDL(c) == WDL_DRAW ? 0 : CELL_DTW(c)};
}

static void add_exception(const Variant *v, const Position *p, Cell c, ClaimClass *class) {
    if (class->examples < CLAIM_EXAMPLES) {
        char fen[FEN_MAX], value[64];
        fen_format(v, p, fen, sizeof fen);
        value_text(cell_value(c), value, sizeof value);
        snprintf(class->example[class->examples++], sizeof class->example[0], "%s  %s", fen, value);
    }
    class->count[p->side]++;
}

static void tally_claim(const MaterialTable *mt, int set, int winner, ClaimTally *tally) {
    uint32_t cpp = table_info(mt->t)->cells_per_position;
    Cell *cells = read_all_cells(mt, 2);
    memset(tally, 0, sizeof *tally);
    for (uint64_t i = 0; i < mt->ix.size; i++) {
        Position p;
        if (!shown_position(mt, i, &p)) continue;
        Cell c = cells[i * cpp + (uint32_t)set];
        tally->positions++;
        if (CELL_WDL(c) == (p.side == winner ? WDL_WIN : WDL_LOSS))
            tally->won++;
        else
            add_exception(mt->ix.v, &p, c, &tally->classes[exception_class(mt->ix.v, &p, !winner)]);
    }
    free(cells);
}

static uint64_t quiet_exceptions(const ClaimTally *tally) {
    const uint64_t *by_side = tally->classes[CLASS_QUIET].count;
    return by_side[WHITE] + by_side[BLACK];
}

static void print_claim(const ClaimTally *tally, int winner) {
    printf("positions: %llu\nwon by %s: %llu\n", (unsigned long long)tally->positions,
           side_names[winner], (unsigned long long)tally->won);
    for (int k = 0; k < CLASS_COUNT; k++) {
        const ClaimClass *class = &tally->classes[k];
        printf("%s: %llu (White to move %llu, Black to move %llu)\n", class_names[k],
               (unsigned long long)(class->count[WHITE] + class->count[BLACK]),
               (unsigned long long)class->count[WHITE], (unsigned long long)class->count[BLACK]);
        for (int e = 0; e < class->examples; e++) printf("  %s\n", class->example[e]);
    }
    uint64_t quiet = quiet_exceptions(tally);
    printf("claim %s: %llu quiet exceptions\n", quiet ? "fails" : "holds",
           (unsigned long long)quiet);
}

static const char claim_usage[] =
    "usage: dtb-probe claim --variant V [--dir DIR] [--rules pure|official] MATERIAL\n"
    "                       --wins white|black\n"
    "Checks the claim that the named side wins every position of MATERIAL (like KKvK), with\n"
    "either side to move.  Values are for the side to move: the named side wins a position\n"
    "when it is to move and the value is a win, or the other side is to move and the value\n"
    "is a loss.  Prints the number of positions and of those won, then sorts every other\n"
    "position into the first of these classes that fits, and prints each class's count (in\n"
    "all, and with each side to move) with up to 5 example FENs and their values:\n"
    "  capture pending             the side to move must capture;\n"
    "  weaker side captures first  the weaker side (the one the claim says loses) has a\n"
    "                              capture, so it captures on its first move unless the\n"
    "                              stronger side prevents it;\n"
    "  stronger side threatens     only the stronger side has a capture, and the weaker side\n"
    "                              is to move (not quiet: a capture is pending for a side);\n"
    "  quiet                       no capture for either side.\n"
    "The last line is 'claim holds: 0 quiet exceptions' or 'claim fails: N quiet\n"
    "exceptions'.  Exit status: 0 when no quiet position is an exception, 1 when one is, 2\n"
    "on an error (bad arguments, a missing or bad table).  DIR defaults to tables/V.\n"
    "Frisian: --rules official (the default) checks the values under the draw rules of\n"
    "RULES.md 7.2 (with no moves played yet in two kings against one king), --rules pure the\n"
    "values without them.\n";

/* The side of --wins; exits 2 on anything but white or black. */
static int parse_winner(const char *wins) {
    for (int side = WHITE; side <= BLACK; side++)
        if (wins && strcasecmp(wins, side_names[side]) == 0) return side;
    cli_die(2, "--wins is 'white' or 'black', not '%s'", wins ? wins : "");
}

static int run_claim(int argc, char **argv) {
    const char *variant = NULL, *dir = NULL, *name = NULL, *wins = NULL;
    RulesOptions ro = {0};
    const CliOption options[] = {{"--variant", true, &variant},
                                 {"--dir", true, &dir},
                                 {"--rules", true, &ro.rules},
                                 {"--wins", true, &wins},
                                 {0}};
    cli_parse(argc, argv, options, &name, 1, claim_usage);
    Variant v;
    cli_variant(variant, &v);
    if (!name) cli_die(2, "claim needs a material, like KKvK");
    int winner = parse_winner(wins);
    bool pure = rules_are_pure(&ro);
    MaterialTable mt;
    open_material_table(&v, dir, name, 2, &mt);
    bool two_sets = table_info(mt.t)->cells_per_position > 1;
    int set = two_sets && !pure ? VALUES_RULES : VALUES_PURE;
    printf("claim: %s wins every position of %s (%s%s)\n", side_names[winner], name, v.id,
           two_sets ? (pure ? ", pure values" : ", official values") : "");
    static ClaimTally tally;
    tally_claim(&mt, set, winner, &tally);
    table_close(mt.t);
    print_claim(&tally, winner);
    return quiet_exceptions(&tally) ? 1 : 0;
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
    if (ok) ok = tb_open_indexed(v, &m, path, &t, NULL, err, errlen) == TABLE_OK;
    table_close(t);
    return ok;
}

/* Prints "ok NAME" or "BAD NAME: reason"; returns whether the table is good. */
static bool verify_table(const Variant *v, const char *dir, const char *file) {
    char path[4200], err[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (table_verify_file(path, err, sizeof err) == TABLE_OK &&
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
    {"claim", run_claim, "check that one side wins every position of a material"},
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
