/* libFuzzer target: the public API (dtb.h) given what an engine or a user might pass it,
 * FEN text, a position made of arbitrary bits or a few pieces placed at random, on the
 * tables in $DTB_FUZZ_TABLES (a folder per variant, named by its id; a variant without one
 * is probed all the same and answers that tables are missing).
 *
 * Nothing may crash, and what succeeds must agree with itself as dtb.h documents it: a
 * FEN that parses is written back and parses to the same position; the WDL probes answer
 * the full probe's value; the best move is the first of the moves, and a line starts with
 * it.
 *
 * Input: byte 0 picks the variant, byte 1 modulo 3 the form of the rest: 0, FEN text; 1,
 * a dtb_position's bytes; 2, pairs of bytes placing up to PLACED_MAX pieces (a square,
 * modulo the board's, and a kind: a white man, a white king, a black man or a black king),
 * with Black to move where byte 1 is odd.  The last form mostly gives positions the
 * 3-piece tables hold, where the other two mostly give more pieces than that, whose
 * probes end at a missing table. */
#include "dtb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct FuzzedVariant {
    const char *id;
    int squares;
} FuzzedVariant;

static const FuzzedVariant variants[] = {
    {"scandinavian", 50},   {"scandinavian-8-free", 32}, {"frisian", 50},   {"frisian2-8", 32},
    {"stockholm-halt", 32}, {"international", 50},       {"brazilian", 32},
};
enum {
    VARIANTS = sizeof variants / sizeof variants[0],
    MOVES_MAX = 64,
    LINE_MAX = 8,
    PLACED_MAX = 3
};

/* A position of each variant that make_tables.sh builds tables of, which must probe: else
 * the tables were not found, and every probe would only answer that they are missing. */
static const char *const probed[][2] = {
    {"scandinavian", "W:WK46,28:B5"},
    {"frisian", "B:WK1,K2:BK17"},
    {"stockholm-halt", "B:WK29,20:B5"},
};

static dtb_handle *handles[VARIANTS];

_Noreturn static void fail(const char *what, const char *detail) {
    fprintf(stderr, "fuzz_api: %s: %s\n", what, detail);
    abort();
}

static void require_tables(dtb_handle *h, const char *variant) {
    for (size_t k = 0; k < sizeof probed / sizeof probed[0]; k++) {
        dtb_position pos;
        dtb_value value;
        if (strcmp(probed[k][0], variant) == 0 && (dtb_parse_fen(h, probed[k][1], &pos) != DTB_OK ||
                                                   dtb_probe(h, &pos, &value) != DTB_OK))
            fail("the tables of DTB_FUZZ_TABLES do not probe", dtb_last_error());
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    const char *root = getenv("DTB_FUZZ_TABLES");
    if (!root) fail("DTB_FUZZ_TABLES names no folder", "set it to make_tables.sh's OUT/api");
    for (int i = 0; i < VARIANTS; i++) {
        const char *variant = variants[i].id;
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/%s", root, variant);
        if (dtb_open(variant, dir, &handles[i]) != DTB_OK)
            fail("cannot open a handle", dtb_last_error());
        require_tables(handles[i], variant);
    }
    return 0;
}

static void check_fen_round_trip(dtb_handle *h, const dtb_position *pos) {
    char fen[DTB_FEN_MAX];
    dtb_position again;
    if (dtb_format_fen(h, pos, fen, sizeof fen) != DTB_OK) fail("cannot write FEN", "");
    if (dtb_parse_fen(h, fen, &again) != DTB_OK) fail("written FEN does not parse", fen);
    again.rules = pos->rules; /* which FEN does not carry */
    if (memcmp(&again, pos, sizeof again) != 0) fail("FEN parses to another position", fen);
}

/* The position as FEN for a message, or a note that it has none. */
static const char *fen_of(dtb_handle *h, const dtb_position *pos, char fen[DTB_FEN_MAX]) {
    return dtb_format_fen(h, pos, fen, DTB_FEN_MAX) == DTB_OK ? fen
                                                              : "(a position FEN cannot write)";
}

/* Where the full probe answers, the WDL probes answer its value.  They may answer where it
 * does not: a win found ends their search, while the full probe looks on for the fastest. */
static void check_wdl(dtb_handle *h, const dtb_position *pos) {
    dtb_value value;
    dtb_wdl wdl, many;
    char fen[DTB_FEN_MAX];
    if (dtb_probe(h, pos, &value) != DTB_OK) {
        dtb_probe_wdl(h, pos, &wdl);
        return;
    }
    if (dtb_probe_wdl(h, pos, &wdl) != DTB_OK || wdl != value.wdl)
        fail("dtb_probe_wdl disagrees with dtb_probe", fen_of(h, pos, fen));
    if (dtb_probe_wdl_many(h, pos, 1, &many) != DTB_OK || many != value.wdl)
        fail("dtb_probe_wdl_many disagrees with dtb_probe", fen_of(h, pos, fen));
}

/* The best move is the first of the moves, and the line starts with it. */
static void check_moves(dtb_handle *h, const dtb_position *pos) {
    dtb_move moves[MOVES_MAX], line[LINE_MAX], best;
    int count = 0, length = 0;
    char fen[DTB_FEN_MAX];
    if (dtb_moves(h, pos, moves, MOVES_MAX, &count) != DTB_OK) return;
    if (dtb_best_move(h, pos, &best) == DTB_OK &&
        (count == 0 || strcmp(best.notation, moves[0].notation) != 0))
        fail("the best move is not the first of the moves", fen_of(h, pos, fen));
    if (dtb_line(h, pos, line, LINE_MAX, &length) == DTB_OK && length > 0 &&
        (count == 0 || strcmp(line[0].notation, moves[0].notation) != 0))
        fail("the line does not start with the best move", fen_of(h, pos, fen));
}

/* The pieces that pairs of bytes place (the input's third form). */
static void place_pieces(const uint8_t *pairs, size_t size, int squares, dtb_position *pos) {
    uint64_t *masks[4] = {&pos->white_men, &pos->white_kings, &pos->black_men, &pos->black_kings};
    for (size_t k = 0; k + 1 < size && k < 2 * PLACED_MAX; k += 2)
        *masks[pairs[k + 1] % 4] |= (uint64_t)1 << (pairs[k] % squares);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    /* The official values, then the pure ones. */
    int variant = data[0] % (2 * VARIANTS);
    dtb_rules rules = variant < VARIANTS ? DTB_RULES_OFFICIAL : DTB_RULES_PURE;
    dtb_handle *h = handles[variant % VARIANTS];
    dtb_position pos;
    memset(&pos, 0, sizeof pos);
    if (data[1] % 3 == 0) {
        char fen[257];
        size_t len = size - 2 < sizeof fen - 1 ? size - 2 : sizeof fen - 1;
        memcpy(fen, data + 2, len);
        fen[len] = '\0';
        if (dtb_parse_fen(h, fen, &pos) != DTB_OK) return 0;
        pos.rules = rules;
        check_fen_round_trip(h, &pos);
    } else if (data[1] % 3 == 1) {
        memcpy(&pos, data + 2, size - 2 < sizeof pos ? size - 2 : sizeof pos);
    } else {
        place_pieces(data + 2, size - 2, variants[variant % VARIANTS].squares, &pos);
        pos.black_to_move = data[1] % 2;
        pos.rules = rules;
    }
    check_wdl(h, &pos);
    check_moves(h, &pos);
    return 0;
}
