/* The public API (include/dtb.h) against answers derived by hand from docs/rules.md.
 *
 * Usage: test_api DTB_GEN.  Builds the Brazilian tables of KMvK and all it converts into
 * (KMvK, KKvK, KvM, KvK) with dtb-gen in a temporary folder, then probes them.
 *
 * Brazilian draughts, 8x8 (docs/rules.md 1): square 1 = b8, 4 = h8, 5 = a7, 8 = g7, 11 = f6,
 * 14 = c5, 15 = e5, 18 = d4, 22 = c3, 25 = b2, 29 = a1, 30 = c1, 32 = g1.  Kings fly; a king
 * takes a piece on its diagonal when every square between is empty and the square just
 * beyond is empty, landing on any empty square beyond.
 *
 * Three facts about lone kings, used throughout:
 *  (1) A piece on an edge square can never be taken: each of its diagonals ends there, so
 *      there is no square beyond it.
 *  (2) a1 and h8 lie on one diagonal only, the long one (a1 b2 c3 d4 e5 f6 g7 h8); every
 *      other square has two diagonals, and from a square off a1/h8 a king can always slide
 *      along a diagonal that the other king is not on to its end, an edge square.
 *  (3) So with king against king the side to move
 *      - wins in 1 when it can take the other king at once;
 *      - loses in 2 when its king stands in a1 or h8 and the other king in the opposite
 *        corner: every move stays on the long diagonal, and the corner king takes it
 *        (landing beyond, the square just left being empty);
 *      - wins in 3 when its king stands on the long diagonal between the corners (b2..g7)
 *        and the other king in a corner: it slides to the other corner, giving (3b);
 *      - and otherwise draws: by (2) it reaches an edge square that is safe by (1), and the
 *        other side can do the same, so no one is ever forced.
 *  This gives the KvK counts checked in tests/lookup: per side to move 182 + 12 wins,
 *  2 losses and 796 draws of 32 x 31 = 992 positions. */
#include "check.h"
#include "dtb.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static dtb_position parse(const dtb_handle *h, const char *fen) {
    dtb_position pos;
    memset(&pos, 0, sizeof pos);
    dtb_status s = dtb_parse_fen(h, fen, &pos);
    if (s != DTB_OK) check(false, "parse %s: %s", fen, dtb_last_error());
    return pos;
}

static bool same_value(dtb_value v, dtb_wdl wdl, int dtw) {
    return v.wdl == wdl && v.dtw == dtw;
}

/* The value of fen is wdl in dtw plies, by dtb_probe and by dtb_probe_wdl. */
static void expect_value(dtb_handle *h, const char *fen, dtb_wdl wdl, int dtw, const char *why) {
    dtb_position pos = parse(h, fen);
    dtb_value v = {DTB_DRAW, -1};
    dtb_status s = dtb_probe(h, &pos, &v);
    check(s == DTB_OK && same_value(v, wdl, dtw), "%s is %d/%d (got status %d, %d/%d): %s", fen,
          wdl, dtw, s, v.wdl, v.dtw, why);
    dtb_wdl alone = (dtb_wdl)-2;
    s = dtb_probe_wdl(h, &pos, &alone);
    check(s == DTB_OK && alone == wdl, "%s: dtb_probe_wdl gives %d (got status %d, %d)", fen, wdl,
          s, alone);
}

/* Every legal move of fen gives the mover wdl in dtw plies. */
static void expect_all_moves(dtb_handle *h, const char *fen, int count, dtb_wdl wdl, int dtw) {
    dtb_position pos = parse(h, fen);
    dtb_move moves[64];
    int n = -1, same = 0;
    dtb_status s = dtb_moves(h, &pos, moves, 64, &n);
    for (int i = 0; s == DTB_OK && i < n; i++) same += same_value(moves[i].value, wdl, dtw);
    check(s == DTB_OK && n == count && same == count, "%s: all %d moves give %d/%d (got %d, %d)",
          fen, count, wdl, dtw, n, same);
}

static void expect_best(dtb_handle *h, const char *fen, const char *notation) {
    dtb_position pos = parse(h, fen);
    dtb_move best;
    dtb_status s = dtb_best_move(h, &pos, &best);
    check(s == DTB_OK && strcmp(best.notation, notation) == 0, "%s: best move %s (got %s)", fen,
          notation, s == DTB_OK ? best.notation : dtb_last_error());
}

/* The line from fen is the given moves, and its last position has no black piece. */
static void expect_line(dtb_handle *h, const char *fen, const char *const *expected, int count) {
    dtb_position pos = parse(h, fen);
    dtb_move line[16];
    int n = -1, same = 0;
    dtb_status s = dtb_line(h, &pos, line, 16, &n);
    for (int i = 0; s == DTB_OK && i < n && i < count; i++)
        same += strcmp(line[i].notation, expected[i]) == 0;
    bool wiped = n > 0 && !line[n - 1].after.black_men && !line[n - 1].after.black_kings;
    check(s == DTB_OK && n == count && same == count && wiped,
          "%s: line of %d moves ending with Black's last piece taken (got %d)", fen, count, n);
}

static dtb_status expect_status(dtb_status got, dtb_status want, const char *what) {
    check(got == want, "%s gives status %d (got %d%s%s)", what, want, got, got ? ": " : "",
          got ? dtb_last_error() : "");
    return got;
}

/* Kings only: see facts (1)-(3) above. */
static void test_lone_kings(dtb_handle *h) {
    expect_value(h, "W:WK30:BK4", DTB_DRAW, 0, "c1 v h8: no shared diagonal, no corner trap");
    expect_value(h, "B:WK30:BK4", DTB_DRAW, 0, "the same with Black to move");
    expect_value(h, "W:WK32:BK5", DTB_DRAW, 0, "g1 and a7 share a diagonal, but both are edges");
    expect_value(h, "B:WK32:BK5", DTB_DRAW, 0, "the same with Black to move");
    expect_value(h, "W:WK18:BK15", DTB_WIN, 1, "d4 takes e5 at once (f6 is empty)");
    expect_value(h, "B:WK18:BK15", DTB_WIN, 1, "e5 takes d4 at once (c3 is empty)");
    /* Landings f6, g7, h8 are three moves, all winning at once; ties go in notation order. */
    expect_all_moves(h, "W:WK18:BK15", 3, DTB_WIN, 1);
    expect_best(h, "W:WK18:BK15", "18x4");
    /* a1 against h8: White's six moves b2..g7 are each taken by h8. */
    expect_value(h, "W:WK29:BK4", DTB_LOSS, 2, "a1 v h8, the corner trap");
    expect_all_moves(h, "W:WK29:BK4", 6, DTB_LOSS, 2);
    /* d4 v h8: d4 cannot take h8 (no square beyond), but slides to a1 and sets the trap. */
    expect_value(h, "W:WK18:BK4", DTB_WIN, 3, "d4 v h8: 18-29 sets the corner trap");
    expect_best(h, "W:WK18:BK4", "18-29");
}

/* A man one step from promotion, the black king in a1 (MvK, read through the KvM table).
 * White: 8-4 (g7-h8) crowns on h8; now the kings stand a1 v h8, Black to move, which
 * loses in 2 by (3): Black's six moves b2..g7 (g7 is empty now) are each taken from h8.
 * Nothing is faster: a1 cannot be taken (an edge), so no win in 1.  So: win in 3.
 * Black's moves all lose equally, so the line takes the first in notation order, 29-8
 * (a1-g7), and White's captures of g7 land on f6, e5, d4, c3, b2 or a1: the first in
 * notation order is 4x11. */
static void test_promotion(dtb_handle *h) {
    static const char *const line[] = {"8-4", "29-8", "4x11"};
    expect_value(h, "W:W8:BK29", DTB_WIN, 3, "g7 crowns on h8 and traps a1");
    expect_best(h, "W:W8:BK29", "8-4");
    expect_line(h, "W:W8:BK29", line, 3);
    expect_value(h, "B:W8:BK29", DTB_WIN, 1, "Black to move: a1 takes g7, landing on h8");
    /* KMvK: the same with a white king on g1, which changes nothing: 8-4 is the only way to
     * h8 and g1's diagonals (g1-h2, g1-a7) do not touch the long one.  8-3 (crowning on f8)
     * does not win in 3: Black answers 29-25, and b2 is on no diagonal of f8 or g1. */
    expect_value(h, "W:WK32,8:BK29", DTB_WIN, 3, "KMvK: g7 crowns on h8 and traps a1");
    expect_best(h, "W:WK32,8:BK29", "8-4");
    /* KMvK, Black to move in a1 with White's king on h8 and a man on c5 (off the long
     * diagonal): every black move is taken from h8 (or, on d4, also by c5x e3). */
    expect_value(h, "B:WK4,14:BK29", DTB_LOSS, 2, "KMvK: Black trapped in a1");
}

/* dtb_probe_wdl_many: values by hand, from facts (1)-(3) and test_promotion, in a batch
 * long enough to span several of its groups; and every KvK position with either side to
 * move, whose counts (3) gives. */
static void test_probe_many(dtb_handle *h) {
    static const struct {
        const char *fen;
        dtb_wdl wdl;
    } known[] = {
        {"W:WK30:BK4", DTB_DRAW},    {"W:WK18:BK15", DTB_WIN}, {"W:WK29:BK4", DTB_LOSS},
        {"W:WK18:BK4", DTB_WIN},     {"W:W8:BK29", DTB_WIN},   {"B:W8:BK29", DTB_WIN},
        {"B:WK4,14:BK29", DTB_LOSS}, {"B:WK32:BK5", DTB_DRAW},
    };
    enum { KNOWN = sizeof known / sizeof known[0], BATCH = 150, KVK = 2 * 32 * 31 };
    dtb_position batch[BATCH];
    dtb_wdl got[KVK];
    for (int i = 0; i < BATCH; i++) batch[i] = parse(h, known[i % KNOWN].fen);
    int right = 0;
    dtb_status s = dtb_probe_wdl_many(h, batch, BATCH, got);
    for (int i = 0; s == DTB_OK && i < BATCH; i++) right += got[i] == known[i % KNOWN].wdl;
    check(s == DTB_OK && right == BATCH, "dtb_probe_wdl_many: %d of %d known values (status %d)",
          right, BATCH, s);

    static dtb_position kvk[KVK];
    int n = 0, wins = 0, losses = 0, draws = 0;
    for (int side = 0; side < 2; side++)
        for (int w = 0; w < 32; w++)
            for (int b = 0; b < 32; b++)
                if (w != b)
                    kvk[n++] = (dtb_position){.white_kings = (uint64_t)1 << w,
                                              .black_kings = (uint64_t)1 << b,
                                              .black_to_move = side};
    s = dtb_probe_wdl_many(h, kvk, KVK, got);
    for (int i = 0; s == DTB_OK && i < KVK; i++)
        wins += got[i] == DTB_WIN, losses += got[i] == DTB_LOSS, draws += got[i] == DTB_DRAW;
    check(s == DTB_OK && wins == 2 * 194 && losses == 2 * 2 && draws == 2 * 796,
          "every KvK position: 388 wins, 4 losses, 1592 draws (got %d, %d, %d)", wins, losses,
          draws);

    batch[70].white_men = (uint64_t)1 << 32; /* square 33 */
    expect_status(dtb_probe_wdl_many(h, batch, BATCH, got), DTB_ERR_POSITION,
                  "a batch with a man on square 33");
    check(strstr(dtb_last_error(), "pos[70]") != NULL, "the error names pos[70]: %s",
          dtb_last_error());
    expect_status(dtb_probe_wdl_many(h, NULL, 1, got), DTB_ERR_ARGUMENT,
                  "dtb_probe_wdl_many(NULL positions)");
    expect_status(dtb_probe_wdl_many(h, NULL, 0, NULL), DTB_OK, "an empty batch");
}

/* Copies a table file into folder/name, cut to its first `keep` bytes when shorter and with
 * its last byte flipped when `flip` (the last byte belongs to the last block). */
static bool copy_table(const char *from, const char *folder, const char *name, size_t keep,
                       bool flip) {
    static unsigned char bytes[1 << 20];
    char to[600];
    FILE *in = fopen(from, "rb");
    if (!in) return false;
    size_t n = fread(bytes, 1, sizeof bytes, in);
    fclose(in);
    if (n == 0) return false;
    n = n < keep ? n : keep;
    if (flip) bytes[n - 1] ^= 0xFF;
    mkdir(folder, 0777);
    snprintf(to, sizeof to, "%s/%s", folder, name);
    FILE *out = fopen(to, "wb");
    if (!out) return false;
    bool ok = fwrite(bytes, 1, n, out) == n;
    return fclose(out) == 0 && ok;
}

/* A probe of KvK in variant's view of folder fails with `want`, its message naming the file. */
static void expect_kvk_error(const char *variant, const char *folder, dtb_status want,
                             const char *what) {
    dtb_handle *h;
    dtb_value v;
    if (expect_status(dtb_open(variant, folder, &h), DTB_OK, what) != DTB_OK) return;
    dtb_position pos = parse(h, "W:WK30:BK4");
    expect_status(dtb_probe(h, &pos, &v), want, what);
    check(strstr(dtb_last_error(), "KvK.dtb") != NULL, "the error names KvK.dtb: %s",
          dtb_last_error());
    dtb_close(h);
}

static void test_table_errors(const char *root) {
    char empty[512], folder[512], kvk[600], kkvk[600];
    snprintf(empty, sizeof empty, "%s/empty", root);
    mkdir(empty, 0777);
    dtb_handle *h;
    dtb_value v;
    expect_status(dtb_open("brazilian", empty, &h), DTB_OK, "opening an empty folder");
    dtb_position pos = parse(h, "W:WK30:BK4");
    expect_status(dtb_probe(h, &pos, &v), DTB_ERR_MISSING_TABLE, "a KvK probe without KvK.dtb");
    dtb_wdl wdl;
    expect_status(dtb_probe_wdl(h, &pos, &wdl), DTB_ERR_MISSING_TABLE,
                  "a KvK WDL probe without KvK.dtb");
    check(strstr(dtb_last_error(), "KvK") != NULL, "the error names KvK: %s", dtb_last_error());
    expect_status(dtb_probe_wdl_many(h, &pos, 1, &wdl), DTB_ERR_MISSING_TABLE,
                  "a batch of one KvK position without KvK.dtb");
    check(strstr(dtb_last_error(), "pos[0]") && strstr(dtb_last_error(), "KvK"),
          "the error names pos[0] and KvK: %s", dtb_last_error());
    /* A capture is settled by search: after d4xe5 Black has no piece, no table needed. */
    expect_value(h, "W:WK18:BK15", DTB_WIN, 1, "an immediate capture needs no table");
    /* A missing table stays missing for the handle (dtb.h), and a new handle finds it. */
    snprintf(kvk, sizeof kvk, "%s/tables/KvK.dtb", root);
    snprintf(kkvk, sizeof kkvk, "%s/tables/KKvK.dtb", root);
    check(copy_table(kvk, empty, "KvK.dtb", SIZE_MAX, false), "copied KvK.dtb into %s", empty);
    expect_status(dtb_probe(h, &pos, &v), DTB_ERR_MISSING_TABLE,
                  "a KvK probe once KvK.dtb came, on the handle that missed it");
    check(strstr(dtb_last_error(), "KvK.dtb") != NULL, "the error names KvK.dtb: %s",
          dtb_last_error());
    dtb_close(h);
    if (expect_status(dtb_open("brazilian", empty, &h), DTB_OK, "opening it again") == DTB_OK)
        expect_status(dtb_probe(h, &pos, &v), DTB_OK, "a KvK probe on a handle opened after");
    dtb_close(h);
    snprintf(folder, sizeof folder, "%s/corrupt", root);
    check(copy_table(kvk, folder, "KvK.dtb", SIZE_MAX, true), "copied KvK.dtb, a byte flipped");
    expect_kvk_error("brazilian", folder, DTB_ERR_CORRUPT, "a probe of a flipped block");
    snprintf(folder, sizeof folder, "%s/truncated", root);
    check(copy_table(kvk, folder, "KvK.dtb", 100, false), "copied KvK.dtb's first 100 bytes");
    expect_kvk_error("brazilian", folder, DTB_ERR_CORRUPT, "a probe of a truncated table");
    /* Stockholm is 8x8 too, with the same KvK index: only the file's own variant tells. */
    snprintf(folder, sizeof folder, "%s/brazilian_as_stockholm", root);
    check(copy_table(kvk, folder, "KvK.dtb", SIZE_MAX, false), "copied KvK.dtb");
    expect_kvk_error("stockholm", folder, DTB_ERR_WRONG_TABLE, "a table of another variant");
    snprintf(folder, sizeof folder, "%s/renamed", root);
    check(copy_table(kkvk, folder, "KvK.dtb", SIZE_MAX, false), "copied KKvK.dtb as KvK.dtb");
    expect_kvk_error("brazilian", folder, DTB_ERR_WRONG_TABLE, "a table of another material");
}

static void test_bad_positions(dtb_handle *h) {
    static const char *const bad_fens[] = {
        "W:WK33:BK4",        /* off the 32-square board */
        "X:WK30:BK4",        /* no side to move */
        "W:W1:BK29",         /* a white man on its promotion rank */
        "W:WK30,30:B4",      /* one square twice */
        "W:WK30:BK4:CW30=1", /* king-move counts outside Frisian */
        "",
    };
    dtb_position pos;
    for (size_t i = 0; i < sizeof bad_fens / sizeof bad_fens[0]; i++)
        expect_status(dtb_parse_fen(h, bad_fens[i], &pos), DTB_ERR_POSITION, bad_fens[i]);
    dtb_value v;
    dtb_position good = parse(h, "W:WK30:BK4");
    pos = good;
    pos.white_men = (uint64_t)1 << 32; /* square 33 */
    expect_status(dtb_probe(h, &pos, &v), DTB_ERR_POSITION, "a man on square 33");
    pos = good;
    pos.black_men = pos.white_kings; /* c1 holds two pieces */
    expect_status(dtb_probe(h, &pos, &v), DTB_ERR_POSITION, "two pieces on one square");
    pos = good;
    pos.white_men = 1; /* square 1, White's promotion rank */
    expect_status(dtb_probe(h, &pos, &v), DTB_ERR_POSITION, "a white man on square 1");
    pos = good;
    pos.king_moves_square[0] = 30, pos.king_moves_count[0] = 1;
    expect_status(dtb_probe(h, &pos, &v), DTB_ERR_POSITION, "a king-move count in Brazilian");
    pos = good;
    pos.black_to_move = 2;
    expect_status(dtb_probe(h, &pos, &v), DTB_ERR_POSITION, "black_to_move 2");
    pos = good;
    pos.moves_played = -1;
    expect_status(dtb_probe(h, &pos, &v), DTB_ERR_POSITION, "moves played -1");
}

/* A call on a position whose side not to move has no pieces is refused, naming that side. */
static void expect_refused(dtb_status got, const char *call, const char *fen, const char *named) {
    check(got == DTB_ERR_POSITION && strstr(dtb_last_error(), named) != NULL,
          "%s(%s) is refused naming \"%s\" (got status %d: %s)", call, fen, named, got,
          dtb_last_error());
}

/* The six calls on a position refused because `named` has no pieces and is not to move. */
static void expect_refused_everywhere(dtb_handle *h, const char *fen, const char *named) {
    dtb_position pos = parse(h, fen);
    dtb_value v;
    dtb_wdl wdl;
    dtb_move moves[4];
    int n;
    expect_refused(dtb_probe(h, &pos, &v), "dtb_probe", fen, named);
    expect_refused(dtb_probe_wdl(h, &pos, &wdl), "dtb_probe_wdl", fen, named);
    expect_refused(dtb_probe_wdl_many(h, &pos, 1, &wdl), "dtb_probe_wdl_many", fen, named);
    expect_refused(dtb_moves(h, &pos, moves, 4, &n), "dtb_moves", fen, named);
    expect_refused(dtb_best_move(h, &pos, moves), "dtb_best_move", fen, named);
    expect_refused(dtb_line(h, &pos, moves, 4, &n), "dtb_line", fen, named);
}

/* The game of test_promotion ends 4x11: h8 takes Black's last piece, the king on g7, landing
 * on f6, and Black is to move with no pieces.  A player without pieces has no legal move
 * and has lost (docs/rules.md 5): a loss in 0, no moves, no best move, an empty line, as for
 * W:W29:B25,22 (test_arguments), whose man is blocked.  White to move in that position, or
 * no pieces on either side, cannot arise, since the game ended with the capture. */
static void test_last_piece_taken(dtb_handle *h) {
    static const char *const ended = "B:WK11:B";
    dtb_position pos = parse(h, "W:W8:BK29");
    dtb_move line[4];
    char fen[256] = "";
    int n = -1;
    dtb_status s = dtb_line(h, &pos, line, 4, &n);
    if (s == DTB_OK && n == 3) s = dtb_format_fen(h, &line[2].after, fen, sizeof fen);
    check(s == DTB_OK && n == 3 && !strcmp(fen, ended), "W:W8:BK29's line ends at %s (got %s)",
          ended, fen);
    expect_value(h, ended, DTB_LOSS, 0, "Black to move has no pieces");
    pos = parse(h, ended);
    dtb_position batch[3] = {parse(h, "W:W8:BK29"), pos, parse(h, "B:W8:BK29")};
    dtb_wdl wdl[3] = {DTB_DRAW, DTB_DRAW, DTB_DRAW};
    s = dtb_probe_wdl_many(h, batch, 3, wdl);
    check(s == DTB_OK && wdl[0] == DTB_WIN && wdl[1] == DTB_LOSS && wdl[2] == DTB_WIN,
          "dtb_probe_wdl_many: win, %s a loss, win (got status %d: %d %d %d)", ended, s, wdl[0],
          wdl[1], wdl[2]);
    n = -1;
    s = dtb_moves(h, &pos, line, 4, &n);
    check(s == DTB_OK && n == 0, "%s: no moves (got status %d, %d)", ended, s, n);
    expect_status(dtb_best_move(h, &pos, line), DTB_ERR_GAME_OVER, "the best move of B:WK11:B");
    n = -1;
    s = dtb_line(h, &pos, line, 4, &n);
    check(s == DTB_OK && n == 0, "%s: an empty line (got status %d, %d)", ended, s, n);
    expect_refused_everywhere(h, "W:WK11:B", "Black has no pieces");
    expect_refused_everywhere(h, "B:W:BK30", "White has no pieces");
    expect_refused_everywhere(h, "W:W:B", "Black has no pieces");
}

/* No table holds more than 15 pieces a side, the most a table's material key counts: such
 * positions report a missing table.  A 10x10 start position has 20 men a side, whose key
 * once ran past the tables' array; 17 white kings against one had the key of KMvK, whose
 * table, once open, answered for it. */
static void test_oversized_materials(dtb_handle *h, const char *root) {
    dtb_wdl wdl;
    dtb_position pos = parse(h, "W:WK32,8:BK29"); /* KMvK, opened here whatever ran before */
    expect_status(dtb_probe_wdl(h, &pos, &wdl), DTB_OK, "a KMvK probe");
    pos = parse(h, "B:WK1-17:BK29");
    expect_status(dtb_probe_wdl(h, &pos, &wdl), DTB_ERR_MISSING_TABLE,
                  "17 kings against one, after a probe of KMvK");
    check(strstr(dtb_last_error(), "over 15 pieces") != NULL, "says why: %s", dtb_last_error());
    dtb_handle *big;
    if (expect_status(dtb_open("scandinavian", root, &big), DTB_OK, "dtb_open scandinavian"))
        return;
    pos = parse(big, "W:W31-50:B1-20");
    expect_status(dtb_probe_wdl(big, &pos, &wdl), DTB_ERR_MISSING_TABLE,
                  "the 10x10 start position, 20 men a side");
    dtb_close(big);
}

static void test_arguments(dtb_handle *h, const char *root) {
    dtb_handle *none = h; /* not NULL, so that the failed open must clear it */
    expect_status(dtb_open("checkers", root, &none), DTB_ERR_VARIANT, "variant 'checkers'");
    check(none == NULL, "a failed open sets the handle to NULL");
    expect_status(dtb_open(NULL, root, &none), DTB_ERR_ARGUMENT, "dtb_open(NULL variant)");
    expect_status(dtb_open("brazilian", NULL, &none), DTB_ERR_ARGUMENT, "dtb_open(NULL dir)");
    expect_status(dtb_open("brazilian", root, NULL), DTB_ERR_ARGUMENT, "dtb_open(NULL out)");
    /* "" would be the root folder once "/KvK.dtb" is appended. */
    expect_status(dtb_open("brazilian", "", &none), DTB_ERR_ARGUMENT, "dtb_open(empty dir)");
    static char long_dir[4002];
    memset(long_dir, 'd', sizeof long_dir - 1);
    expect_status(dtb_open("brazilian", long_dir, &none), DTB_ERR_ARGUMENT,
                  "dtb_open(a folder name of 4001 characters)");
    dtb_close(NULL);
    check(true, "dtb_close(NULL) returns");
    dtb_position pos = parse(h, "W:WK29:BK4");
    dtb_value v;
    dtb_move moves[8], one;
    char buf[256];
    int n;
    expect_status(dtb_probe(NULL, &pos, &v), DTB_ERR_ARGUMENT, "dtb_probe(NULL handle)");
    expect_status(dtb_probe(h, NULL, &v), DTB_ERR_ARGUMENT, "dtb_probe(NULL position)");
    expect_status(dtb_probe_wdl(h, &pos, NULL), DTB_ERR_ARGUMENT, "dtb_probe_wdl(NULL out)");
    expect_status(dtb_probe(h, &pos, NULL), DTB_ERR_ARGUMENT, "dtb_probe(NULL out)");
    expect_status(dtb_parse_fen(h, NULL, &pos), DTB_ERR_ARGUMENT, "dtb_parse_fen(NULL fen)");
    expect_status(dtb_format_fen(h, &pos, NULL, 9), DTB_ERR_ARGUMENT, "dtb_format_fen(NULL)");
    expect_status(dtb_moves(h, &pos, NULL, 8, &n), DTB_ERR_ARGUMENT, "dtb_moves(NULL moves)");
    expect_status(dtb_moves(h, &pos, moves, 8, NULL), DTB_ERR_ARGUMENT, "dtb_moves(NULL count)");
    expect_status(dtb_best_move(h, NULL, &one), DTB_ERR_ARGUMENT, "dtb_best_move(NULL)");
    expect_status(dtb_line(h, &pos, NULL, 8, &n), DTB_ERR_ARGUMENT, "dtb_line(NULL line)");
    /* a1 has six moves (b2..g7): room for five is too little. */
    expect_status(dtb_moves(h, &pos, moves, 5, &n), DTB_ERR_ARGUMENT, "room for 5 of 6 moves");
    expect_status(dtb_moves(h, &pos, moves, -1, &n), DTB_ERR_ARGUMENT, "dtb_moves(max -1)");
    expect_status(dtb_line(h, &pos, moves, -1, &n), DTB_ERR_ARGUMENT, "dtb_line(max -1)");
    pos.rules = (dtb_rules)7;
    expect_status(dtb_probe(h, &pos, &v), DTB_ERR_ARGUMENT, "a position of rules 7");
    pos.rules = DTB_RULES_OFFICIAL;
    expect_status(dtb_format_fen(h, &pos, buf, 5), DTB_ERR_ARGUMENT, "a 5-byte FEN buffer");
    /* A man in a1 behind black men on b2 and c3: it can neither step nor take. */
    pos = parse(h, "W:W29:B25,22");
    expect_status(dtb_best_move(h, &pos, &one), DTB_ERR_GAME_OVER, "best move without a move");
    check(dtb_moves(h, &pos, moves, 8, &n) == DTB_OK && n == 0, "no legal moves listed");
}

/* A move's squares, derived by hand on the Brazilian board (a1 = 29, c3 = 22, d4 = 18,
 * e5 = 15, f6 = 11, e7 = 7, d8 = 2): the king on a1 takes c3, e5 and e7 landing on d4, f6
 * and d8, the most it can take (c5 = 14 then stays: from b6 or a7 nothing more is taken);
 * a quiet move lands once, on its end. */
static void test_move_squares(dtb_handle *h) {
    dtb_position pos = parse(h, "W:WK29:B7,14,15,22");
    dtb_move moves[4];
    int n = -1;
    dtb_status s = dtb_moves(h, &pos, moves, 4, &n);
    const dtb_move *m = &moves[0];
    uint64_t taken = (1u << 21) | (1u << 14) | (1u << 6);
    check(s == DTB_OK && n == 1 && !strcmp(m->notation, "29x2") && m->from == 29 && m->to == 2 &&
              m->path_length == 3 && m->path[0] == 18 && m->path[1] == 11 && m->path[2] == 2 &&
              m->captured == taken,
          "29x2 lands on 18, 11 and 2 and takes 22, 15 and 7 (got %d moves, %s, %d squares)", n,
          n > 0 ? m->notation : "-", n > 0 ? m->path_length : 0);
    pos = parse(h, "W:W8:BK29");
    s = dtb_best_move(h, &pos, moves);
    check(s == DTB_OK && m->from == 8 && m->to == 4 && m->path_length == 1 && m->path[0] == 4 &&
              m->captured == 0,
          "8-4 lands on 4 alone and takes nothing");
}

/* Bit n-1 is square n as the variant shows it, also on a mirrored board; FEN round trips. */
static void test_positions(dtb_handle *h, const char *root) {
    char buf[256];
    dtb_position pos = parse(h, "B:WK4,14:BK29");
    check(pos.white_kings == 1u << 3 && pos.white_men == 1u << 13 && pos.black_kings == 1u << 28 &&
              !pos.black_men && pos.black_to_move == 1,
          "B:WK4,14:BK29 as bits");
    check(dtb_format_fen(h, &pos, buf, sizeof buf) == DTB_OK && !strcmp(buf, "B:WK4,14:BK29"),
          "formats back to B:WK4,14:BK29 (%s)", buf);
    dtb_handle *mirrored, *frisian;
    /* Mirrored 8x8: 22 = d3, 18 = c4, 13 = b5.  The man on d3 takes c4 to b5 (on a standard
     * board 22 = c3 and 18 = d4, and the capture would be 22x15); Black is then left
     * without pieces, so no table is needed. */
    if (dtb_open("scandinavian-8", root, &mirrored) == DTB_OK) {
        dtb_move moves[4];
        int n = 0;
        pos = parse(mirrored, "W:W22:B18");
        check(pos.white_men == 1u << 21 && pos.black_men == 1u << 17,
              "scandinavian-8 W22 B18 as bits");
        check(dtb_moves(mirrored, &pos, moves, 4, &n) == DTB_OK && n == 1 &&
                  !strcmp(moves[0].notation, "22x13") && same_value(moves[0].value, DTB_WIN, 1),
              "scandinavian-8 W:W22:B18 has the one move 22x13, winning at once");
        dtb_close(mirrored);
    }
    if (dtb_open("frisian", root, &frisian) == DTB_OK) {
        pos = parse(frisian, "W:WK46,28:BK43:CW46=2");
        check(pos.king_moves_square[0] == 46 && pos.king_moves_count[0] == 2 &&
                  !pos.king_moves_count[1],
              "frisian count W46=2");
        /* fen_format lists each side's pieces in square order. */
        check(dtb_format_fen(frisian, &pos, buf, sizeof buf) == DTB_OK &&
                  !strcmp(buf, "W:W28,K46:BK43:CW46=2"),
              "formats back to W:W28,K46:BK43:CW46=2 (%s)", buf);
        dtb_close(frisian);
    }
}

static void test_version(void) {
    check(dtb_version_number() == DTB_VERSION_NUMBER, "dtb_version_number");
    check(strcmp(dtb_version_string(), DTB_VERSION_STRING) == 0, "dtb_version_string");
    bool all = true;
    for (int s = DTB_OK; s <= DTB_ERR_GAME_OVER; s++) all &= dtb_status_message(s)[0] != '\0';
    check(all && dtb_status_message((dtb_status)99) != NULL, "every status has a message");
}

/* An engine's own per-thread cleanup may probe as its thread ends, after the library's
 * destructor freed that thread's move lists: such a probe once used the freed lists, which
 * AddressSanitizer builds catch.  W:WK18:BK15 has a capture pending, so its probe takes a
 * list (d4 takes e5 at once: win in 1). */
static const char ending_fen[] = "W:WK18:BK15";
static pthread_key_t ending_key; /* made after the library's, so its destructor runs later */
static bool ending_probe_right;

static void probe_as_thread_ends(void *handle) {
    dtb_value v;
    dtb_position pos = parse(handle, ending_fen);
    ending_probe_right = dtb_probe(handle, &pos, &v) == DTB_OK && same_value(v, DTB_WIN, 1);
}

static void *probe_then_end(void *handle) {
    dtb_value v;
    dtb_position pos = parse(handle, ending_fen);
    dtb_probe(handle, &pos, &v); /* makes this thread's lists */
    pthread_setspecific(ending_key, handle);
    return NULL;
}

static void test_probe_as_thread_ends(dtb_handle *h) {
    pthread_t thread;
    check(pthread_key_create(&ending_key, probe_as_thread_ends) == 0 &&
              pthread_create(&thread, NULL, probe_then_end, h) == 0 &&
              pthread_join(thread, NULL) == 0,
          "a thread that probes, then probes again from a key's destructor as it ends");
    check(ending_probe_right, "the probe from the destructor: win in 1");
    pthread_key_delete(ending_key);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_api DTB_GEN\n");
        return 2;
    }
    char root[] = "/tmp/dtb_api_XXXXXX", command[1024];
    if (!mkdtemp(root)) return 2;
    snprintf(command, sizeof command, "'%s' --variant brazilian --dir '%s/tables' KMvK 2>&1",
             argv[1], root);
    check(system(command) == 0, "dtb-gen builds KMvK and what it converts into");
    dtb_handle *h = NULL;
    char tables[600];
    snprintf(tables, sizeof tables, "%s/tables", root);
    if (expect_status(dtb_open("brazilian", tables, &h), DTB_OK, "dtb_open") == DTB_OK) {
        test_lone_kings(h);
        test_promotion(h);
        test_bad_positions(h);
        test_last_piece_taken(h);
        test_arguments(h, root);
        test_positions(h, root);
        test_move_squares(h);
        test_probe_many(h);
        test_oversized_materials(h, root);
        test_probe_as_thread_ends(h);
    }
    dtb_close(h);
    test_table_errors(root);
    test_version();
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    if (system(command) != 0) fprintf(stderr, "could not remove %s\n", root);
    return check_summary();
}
