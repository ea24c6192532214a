/* libFuzzer target: the public API (dtb.h) given what an engine or a user might pass it,
 * FEN text or a position made of arbitrary bits, on the tables in $DTB_FUZZ_TABLES (a
 * folder per variant, named by its id; a variant without one is probed all the same and
 * answers that tables are missing).
 *
 * Nothing may crash, and what succeeds must agree with itself: a FEN that parses is
 * written back and parses to the same position; where the full probe answers, the WDL
 * probes answer its value (they may answer where it does not: a win found ends their
 * search, while the full probe looks on for the fastest); the best move is the first of
 * the moves; a line starts with the best move.
 *
 * Input: byte 0 picks the variant, byte 1 the form of the rest: even, FEN text; odd, a
 * dtb_position's bytes. */
#include "dtb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const variants[] = {
    "scandinavian",   "scandinavian-8-free", "frisian",   "frisian2-8",
    "stockholm-halt", "international",       "brazilian",
};
enum { VARIANTS = sizeof variants / sizeof variants[0], MOVES_MAX = 64, LINE_MAX = 8 };

static dtb_handle *handles[2 * VARIANTS]; /* official values, then pure */

_Noreturn static void fail(const char *what, const char *detail) {
    fprintf(stderr, "fuzz_api: %s: %s\n", what, detail);
    abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    const char *root = getenv("DTB_FUZZ_TABLES");
    for (int i = 0; i < 2 * VARIANTS; i++) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/%s", root ? root : ".", variants[i % VARIANTS]);
        if (dtb_open(variants[i % VARIANTS], dir, &handles[i]) != DTB_OK)
            fail("cannot open a handle", dtb_last_error());
        if (i >= VARIANTS) dtb_set_rules(handles[i], DTB_RULES_PURE);
    }
    return 0;
}

static void check_fen_round_trip(dtb_handle *h, const dtb_position *pos) {
    char fen[256];
    dtb_position again;
    if (dtb_format_fen(h, pos, fen, sizeof fen) != DTB_OK) fail("cannot write FEN", "");
    if (dtb_parse_fen(h, fen, &again) != DTB_OK) fail("written FEN does not parse", fen);
    if (memcmp(&again, pos, sizeof again) != 0) fail("FEN parses to another position", fen);
}

static void check_probes(dtb_handle *h, const dtb_position *pos) {
    dtb_value value;
    dtb_wdl wdl;
    if (dtb_probe(h, pos, &value) == DTB_OK) {
        if (dtb_probe_wdl(h, pos, &wdl) != DTB_OK || wdl != value.wdl)
            fail("dtb_probe_wdl disagrees with dtb_probe", dtb_last_error());
        if (dtb_probe_wdl_many(h, pos, 1, &wdl) != DTB_OK || wdl != value.wdl)
            fail("dtb_probe_wdl_many disagrees with dtb_probe", dtb_last_error());
    } else {
        dtb_probe_wdl(h, pos, &wdl); /* which may still answer: it stops at a first win */
    }
    static dtb_move moves[MOVES_MAX], line[LINE_MAX];
    dtb_move best;
    int count = 0, length = 0;
    if (dtb_moves(h, pos, moves, MOVES_MAX, &count) != DTB_OK) return;
    if (dtb_best_move(h, pos, &best) == DTB_OK &&
        (count == 0 || strcmp(best.notation, moves[0].notation) != 0))
        fail("the best move is not the first of the moves", best.notation);
    if (dtb_line(h, pos, line, LINE_MAX, &length) == DTB_OK && length > 0 &&
        (count == 0 || strcmp(line[0].notation, moves[0].notation) != 0))
        fail("the line does not start with the best move", line[0].notation);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    dtb_handle *h = handles[data[0] % (2 * VARIANTS)];
    dtb_position pos;
    if (data[1] % 2 == 0) {
        char *fen = malloc(size - 1);
        memcpy(fen, data + 2, size - 2);
        fen[size - 2] = '\0';
        dtb_status st = dtb_parse_fen(h, fen, &pos);
        free(fen);
        if (st != DTB_OK) return 0;
        check_fen_round_trip(h, &pos);
    } else {
        memset(&pos, 0, sizeof pos);
        memcpy(&pos, data + 2, size - 2 < sizeof pos ? size - 2 : sizeof pos);
    }
    check_probes(h, &pos);
    return 0;
}
