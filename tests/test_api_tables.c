/* The public API's whole-table questions (dtb_get_variant_info, dtb_materials,
 * dtb_material_stats, dtb_manifest_missing) against answers derived by hand from docs/rules.md.
 *
 * Usage: test_api_tables DTB_GEN.  Builds Brazilian's KMvK and all it converts into (KMvK,
 * KKvK, KvM, KvK) and Frisian's KKvK and KvK with dtb-gen in a temporary folder.
 *
 * Brazilian KvK, derived in tests/test_api.c (facts (1)-(3)) and tests/lookup/test_stats.sh:
 * of the 992 positions with White to move, 182 are won in 1 ply (the king takes at once),
 * 12 in 3 plies (White between the corners on the long diagonal, Black in a corner), 2 lost
 * in 2 plies (a1 against h8 and back) and 796 drawn; Black to move is the same by
 * symmetry. */
#include "check.h"
#include "dtb.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static dtb_handle *open_or_fail(const char *variant, const char *dir) {
    dtb_handle *h = NULL;
    dtb_status s = dtb_open(variant, dir, &h);
    check(s == DTB_OK, "dtb_open %s %s: %s", variant, dir, s ? dtb_last_error() : "ok");
    return h;
}

static void test_variant_info(const char *root) {
    static const struct {
        const char *id;
        int board_size, squares, mirrored, king_move_limit, draw_rules;
    } expected[] = {
        {"brazilian", 8, 32, 0, 0, 0},     {"international", 10, 50, 0, 0, 0},
        {"scandinavian", 10, 50, 1, 0, 0}, {"scandinavian-8-free", 8, 32, 1, 0, 0},
        {"frisian", 10, 50, 0, 1, 1},      {"frisian2-8", 8, 32, 0, 0, 0},
    };
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        dtb_handle *h = open_or_fail(expected[i].id, root);
        dtb_variant_info info;
        if (!h) continue;
        check(dtb_get_variant_info(h, &info) == DTB_OK && !strcmp(info.id, expected[i].id) &&
                  info.board_size == expected[i].board_size &&
                  info.squares == expected[i].squares && info.mirrored == expected[i].mirrored &&
                  info.king_move_limit == expected[i].king_move_limit &&
                  info.draw_rules == expected[i].draw_rules,
              "variant info of %s", expected[i].id);
        dtb_close(h);
    }
    check(dtb_get_variant_info(NULL, NULL) == DTB_ERR_ARGUMENT, "variant info of NULL");
}

static void test_materials(dtb_handle *h, const char *root) {
    static const char want[] = "KvK KvM KKvK KMvK"; /* fewest pieces first, then by name */
    char buf[64], tiny[5];
    size_t needed = 0;
    dtb_status s = dtb_materials(h, buf, sizeof buf, &needed);
    check(s == DTB_OK && !strcmp(buf, want) && needed == sizeof want,
          "the folder's materials are '%s' (got '%s', %zu bytes)", want, buf, needed);
    s = dtb_materials(h, tiny, sizeof tiny, &needed);
    check(s == DTB_ERR_ARGUMENT && needed == sizeof want && strstr(dtb_last_error(), "18 bytes"),
          "a 5-byte buffer is refused, saying the list needs 18 (%s)", dtb_last_error());
    dtb_handle *nowhere = NULL;
    char missing[700];
    snprintf(missing, sizeof missing, "%s/no-such-folder", root);
    if (dtb_open("brazilian", missing, &nowhere) == DTB_OK)
        check(dtb_materials(nowhere, buf, sizeof buf, NULL) == DTB_ERR_IO &&
                  strstr(dtb_last_error(), "no-such-folder"),
              "a missing folder is an I/O error naming it (%s)", dtb_last_error());
    dtb_close(nowhere);
    dtb_handle *empty = NULL;
    if (dtb_open("brazilian", root, &empty) == DTB_OK) /* holds folders only */
        check(dtb_materials(empty, buf, sizeof buf, &needed) == DTB_OK && !buf[0] && needed == 1,
              "a folder of no tables lists none");
    dtb_close(empty);
}

static dtb_stats stats_in(dtb_handle *h, const char *material, dtb_rules rules) {
    static dtb_stats s; /* 8 KiB of histograms */
    dtb_status status = dtb_material_stats(h, material, rules, &s);
    check(status == DTB_OK, "stats of %s: %s", material, status ? dtb_last_error() : "ok");
    return s;
}

static dtb_stats stats_of(dtb_handle *h, const char *material) {
    return stats_in(h, material, DTB_RULES_OFFICIAL);
}

static uint64_t histogram_sum(const uint64_t *h) {
    uint64_t sum = 0;
    for (int i = 0; i < DTB_DTW_BUCKETS; i++) sum += h[i];
    return sum;
}

/* The position stats gives as the longest win probes as a win in that many plies. */
static void check_longest_win(dtb_handle *h, const dtb_stats *s) {
    dtb_value v = {DTB_DRAW, 0};
    char fen[256] = "?";
    dtb_format_fen(h, &s->longest_win_position, fen, sizeof fen);
    dtb_status status = dtb_probe(h, &s->longest_win_position, &v);
    check(status == DTB_OK && v.wdl == DTB_WIN && v.dtw == s->longest_win,
          "%s's longest win %s probes as a win in %d (got %d/%d)", s->material, fen, s->longest_win,
          v.wdl, v.dtw);
}

static void test_kvk(dtb_handle *h) {
    dtb_stats s = stats_of(h, "KvK");
    bool counts = true;
    for (int side = 0; side < 2; side++)
        counts &= s.wins[side] == 194 && s.draws[side] == 796 && s.losses[side] == 2;
    check(counts && s.positions == 2 * 992, "KvK: 194 wins, 796 draws, 2 losses a side");
    check(s.win_dtw[1] == 2 * 182 && s.win_dtw[3] == 2 * 12 &&
              histogram_sum(s.win_dtw) == 2 * 194 && s.loss_dtw[2] == 4 &&
              histogram_sum(s.loss_dtw) == 4,
          "KvK's wins by DTW: 364 in 1 ply, 24 in 3; its 4 losses in 2");
    check(s.longest_win == 3 && !strcmp(s.material, "KvK"), "KvK's longest win is 3 plies");
    check_longest_win(h, &s);
}

/* MvK is stored as KvM with colours swapped: a side's counts are the other's there. */
static void test_reversed(dtb_handle *h) {
    dtb_stats kvm = stats_of(h, "KvM"), mvk = stats_of(h, "MvK");
    check(mvk.wins[0] == kvm.wins[1] && mvk.wins[1] == kvm.wins[0] &&
              mvk.losses[0] == kvm.losses[1] && mvk.draws[1] == kvm.draws[0] &&
              mvk.positions == kvm.positions,
          "MvK's counts are KvM's with the sides to move swapped");
    check(mvk.longest_win_position.white_men && mvk.longest_win_position.black_kings &&
              !mvk.longest_win_position.white_kings,
          "MvK's longest win is an MvK position");
    check_longest_win(h, &mvk);
    dtb_stats kmvk = stats_of(h, "KMvK");
    check(histogram_sum(kmvk.win_dtw) == kmvk.wins[0] + kmvk.wins[1] &&
              histogram_sum(kmvk.loss_dtw) == kmvk.losses[0] + kmvk.losses[1],
          "KMvK's histograms hold every win and loss");
    check_longest_win(h, &kmvk);
}

static void test_stats_errors(dtb_handle *h) {
    dtb_stats s;
    check(dtb_material_stats(h, "KvQ", DTB_RULES_OFFICIAL, &s) == DTB_ERR_POSITION &&
              strstr(dtb_last_error(), "KvQ"),
          "a bad material name is refused by name (%s)", dtb_last_error());
    check(dtb_material_stats(h, "KKKvK", DTB_RULES_OFFICIAL, &s) == DTB_ERR_MISSING_TABLE &&
              strstr(dtb_last_error(), "KKKvK.dtb"),
          "a material of no table names its file (%s)", dtb_last_error());
    check(dtb_material_stats(h, NULL, DTB_RULES_OFFICIAL, &s) == DTB_ERR_ARGUMENT, "stats of NULL");
}

static bool same_stats(dtb_stats a, dtb_stats b) {
    bool same =
        a.positions == b.positions && a.longest_win == b.longest_win &&
        !memcmp(&a.longest_win_position, &b.longest_win_position, sizeof a.longest_win_position) &&
        !strcmp(a.material, b.material);
    for (int side = 0; side < 2; side++)
        same &= a.wins[side] == b.wins[side] && a.draws[side] == b.draws[side] &&
                a.losses[side] == b.losses[side];
    for (int d = 0; d < DTB_DTW_BUCKETS; d++)
        same &= a.win_dtw[d] == b.win_dtw[d] && a.loss_dtw[d] == b.loss_dtw[d];
    return same;
}

/* Frisian's draw rules only turn wins into draws (docs/rules.md 7.2): under them two kings win
 * fewer positions against one king than in the pure game, and no more are lost. */
static void test_frisian_rules(const char *tables) {
    dtb_handle *h = open_or_fail("frisian", tables);
    if (!h) return;
    dtb_stats official = stats_of(h, "KKvK");
    dtb_stats pure = stats_in(h, "KKvK", DTB_RULES_PURE);
    check(official.positions == pure.positions &&
              official.wins[0] + official.losses[1] < pure.wins[0] + pure.losses[1],
          "Frisian KKvK: White wins fewer positions under the draw rules (%llu) than in the "
          "pure game (%llu)",
          (unsigned long long)(official.wins[0] + official.losses[1]),
          (unsigned long long)(pure.wins[0] + pure.losses[1]));
    /* One handle serves both value sets, a position at a time: the pure game's longest win
     * in KKvK, longer than the 7 moves the draw rules give two kings, is that win with
     * rules pure and a draw with the official rules; its moves keep the rules asked for. */
    dtb_position longest = pure.longest_win_position;
    dtb_value as_pure, as_official;
    dtb_move moves[DTB_MOVES_MAX];
    int count = 0;
    check(longest.rules == DTB_RULES_PURE && pure.longest_win > 14,
          "the pure longest win of KKvK is a pure position, longer than 14 plies (%d)",
          pure.longest_win);
    check(dtb_probe(h, &longest, &as_pure) == DTB_OK && as_pure.wdl == DTB_WIN &&
              as_pure.dtw == pure.longest_win,
          "the pure longest win probes as that win on the same handle");
    longest.rules = DTB_RULES_OFFICIAL;
    check(dtb_probe(h, &longest, &as_official) == DTB_OK && as_official.wdl == DTB_DRAW,
          "and as a draw with the official rules");
    longest.rules = DTB_RULES_PURE;
    check(dtb_moves(h, &longest, moves, DTB_MOVES_MAX, &count) == DTB_OK && count > 0 &&
              moves[0].after.rules == DTB_RULES_PURE && moves[0].value.dtw == pure.longest_win,
          "its best pure move keeps rules pure and wins in as many plies");
    /* The pure counts came from the read that gave the official ones: a handle that reads
     * the table for the pure values alone must find the same. */
    dtb_handle *fresh = open_or_fail("frisian", tables);
    if (fresh) {
        check(same_stats(pure, stats_in(fresh, "KKvK", DTB_RULES_PURE)),
              "Frisian KKvK: the pure counts after the official ones are those of a read for "
              "them alone");
        check(same_stats(official, stats_of(fresh, "KKvK")),
              "and the official ones after the pure ones those of the first handle");
        dtb_stats reversed = stats_of(fresh, "KvKK");
        check(reversed.wins[0] == official.wins[1] && reversed.losses[1] == official.losses[0],
              "KvKK right after KKvK: its own counts, the sides swapped");
        dtb_stats bad;
        check(dtb_material_stats(fresh, "KKvK", (dtb_rules)7, &bad) == DTB_ERR_ARGUMENT &&
                  strstr(dtb_last_error(), "rules is 7"),
              "rules 7 is refused, naming it (%s)", dtb_last_error());
    }
    dtb_close(fresh);
    dtb_close(h);
}

/* Runs a shell command made like printf; whether it succeeded. */
__attribute__((format(printf, 1, 2))) static bool shell(const char *fmt, ...) {
    char command[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(command, sizeof command, fmt, ap);
    va_end(ap);
    return system(command) == 0;
}

static void expect_missing(dtb_handle *h, int read_files, dtb_status want, const char *list,
                           const char *what) {
    char buf[64] = "unchanged";
    dtb_status s = dtb_manifest_missing(h, read_files, buf, sizeof buf, NULL);
    check(s == want && (want != DTB_OK || !strcmp(buf, list)),
          "%s: dtb_manifest_missing(read_files %d) gives '%s' (status %d, '%s': %s)", what,
          read_files, list, (int)s, buf, s ? dtb_last_error() : "ok");
}

/* dtb_manifest_missing over a copy of Brazilian's set (KvK, KvM, KKvK, KMvK in its
 * MANIFEST), spoilt one way at a time and put back from the set. */
static void test_manifest(const char *root, const char *set, const char *frisian) {
    char copy[700];
    snprintf(copy, sizeof copy, "%s/copy", root);
    dtb_handle *h = shell("cp -r '%s' '%s'", set, copy) ? open_or_fail("brazilian", copy) : NULL;
    if (!h) return;
    expect_missing(h, 1, DTB_OK, "", "the set as built");
    shell("rm '%s/KvM.dtb' '%s/KKvK.dtb'", copy, copy);
    expect_missing(h, 0, DTB_OK, "KvM KKvK", "two tables removed, in the MANIFEST's order");
    shell("cp '%s/KvM.dtb' '%s/KKvK.dtb' '%s'", set, set, copy);
    shell("printf x >>'%s/KvK.dtb'", copy);
    expect_missing(h, 0, DTB_OK, "KvK", "a byte more");
    shell("cp '%s/KvK.dtb' '%s'", set, copy);
    shell("printf x | dd of='%s/KMvK.dtb' bs=1 seek=200 conv=notrunc 2>/dev/null", copy);
    expect_missing(h, 0, DTB_OK, "", "a byte changed, by sizes alone");
    expect_missing(h, 1, DTB_OK, "KMvK", "a byte changed, by XXH3");
    char tiny[4];
    size_t needed = 0;
    dtb_status s = dtb_manifest_missing(h, 1, tiny, sizeof tiny, &needed);
    check(s == DTB_ERR_ARGUMENT && needed == sizeof "KMvK" && strstr(dtb_last_error(), "5 bytes"),
          "a 4-byte buffer is refused, saying the list needs 5 (%s)", dtb_last_error());
    shell("echo 'KvK size=441' >>'%s/MANIFEST'", copy);
    expect_missing(h, 0, DTB_ERR_CORRUPT, "", "a line that is not dtb-gen's");
    check(strstr(dtb_last_error(), "MANIFEST: line 6 ") != NULL, "names its line (%s)",
          dtb_last_error());
    shell("cp '%s/MANIFEST' '%s'", frisian, copy);
    expect_missing(h, 0, DTB_ERR_WRONG_TABLE, "", "Frisian's MANIFEST");
    shell("rm '%s/MANIFEST'", copy);
    expect_missing(h, 0, DTB_ERR_MISSING_TABLE, "", "no MANIFEST");
    check(strstr(dtb_last_error(), "/copy/MANIFEST") != NULL, "names it (%s)", dtb_last_error());
    check(dtb_manifest_missing(NULL, 0, tiny, sizeof tiny, NULL) == DTB_ERR_ARGUMENT,
          "a NULL handle is refused");
    dtb_close(h);
}

static bool build(const char *gen, const char *variant, const char *dir, const char *material) {
    char command[2048];
    snprintf(command, sizeof command, "'%s' --variant %s --dir '%s' %s >/dev/null 2>&1", gen,
             variant, dir, material);
    return system(command) == 0;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_api_tables DTB_GEN\n");
        return 2;
    }
    char root[] = "/tmp/dtb_api_tables_XXXXXX", brazilian[600], frisian[600];
    if (!mkdtemp(root)) return 2;
    snprintf(brazilian, sizeof brazilian, "%s/brazilian", root);
    snprintf(frisian, sizeof frisian, "%s/frisian", root);
    check(build(argv[1], "brazilian", brazilian, "KMvK") &&
              build(argv[1], "frisian", frisian, "KKvK"),
          "dtb-gen builds Brazilian's KMvK and Frisian's KKvK, with what they convert into");
    test_variant_info(root);
    dtb_handle *h = open_or_fail("brazilian", brazilian);
    if (h) {
        test_materials(h, root);
        test_kvk(h);
        test_reversed(h);
        test_stats_errors(h);
    }
    dtb_close(h);
    test_frisian_rules(frisian);
    test_manifest(root, brazilian, frisian);
    char command[700];
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    if (system(command) != 0) fprintf(stderr, "could not remove %s\n", root);
    return check_summary();
}
