/* libFuzzer target: dtb-hub's line parser and position translation (hub/), given what a
 * GUI might send.  Nothing may crash, and what succeeds must agree with itself:
 *  - a parsed line's command and argument names hold no blank or '=', and every value
 *    written back by hub_quote parses to itself;
 *  - a pos= string that parses is written back the same;
 *  - a move that parses is written back and parses to the same move;
 *  - a move played keeps the pieces on distinct squares of the board, removes exactly the
 *    pieces it takes, and leaves Frisian's counters on a king of their side.
 * Input: byte 0 picks the variant (its low two bits) and the move numbering (bit 2); the
 * rest is one Hub line, whose pos= and moves= are translated when it has them. */
#include "hub_board.h"
#include "hub_line.h"
#include "hub_move.h"
#include "hub_play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The boards: International, Brazilian, Frisian (counters, draw rules), Scandinavian 8x8. */
static const dtb_variant_info variants[] = {
    {"international", 10, 50, 0, 0, 0},
    {"brazilian", 8, 32, 0, 0, 0},
    {"frisian", 10, 50, 0, 1, 1},
    {"scandinavian-8", 8, 32, 1, 0, 0},
};

_Noreturn static void fail(const char *what, const char *detail) {
    fprintf(stderr, "fuzz_hub: %s: %s\n", what, detail);
    abort();
}

static hub_line line, again;

static void check_words(void) {
    if (strpbrk(line.command, " \t=")) fail("a command holds a blank or '='", line.command);
    char text[HUB_LINE_MAX + 16], err[256];
    for (int i = 0; i < line.arg_count; i++) {
        const char *name = line.args[i].name, *value = line.args[i].value;
        if (!*name || strpbrk(name, " \t="))
            fail("an argument's name is empty or holds a blank", name);
        if (strchr(value, '"') || strlen(value) > 1000) continue; /* not written back as is */
        char quoted[1100];
        hub_quote(value, quoted, sizeof quoted);
        snprintf(text, sizeof text, "c a=%s", quoted);
        if (hub_line_parse(text, &again, err, sizeof err) || again.arg_count != 1 ||
            strcmp(again.args[0].value, value) != 0)
            fail("a quoted value does not parse to itself", text);
    }
}

static int pieces(const dtb_position *p) {
    return __builtin_popcountll(p->white_men | p->white_kings | p->black_men | p->black_kings);
}

static void check_position(const hub_board *b, const dtb_position *p) {
    uint64_t masks[4] = {p->white_men, p->white_kings, p->black_men, p->black_kings}, seen = 0;
    for (int i = 0; i < 4; i++) {
        if (masks[i] & seen) fail("two pieces on one square", "");
        seen |= masks[i];
    }
    if (seen >> b->squares) fail("a piece off the board", "");
    uint64_t kings[2] = {p->white_kings, p->black_kings};
    for (int s = 0; s < 2; s++) {
        int sq = p->king_moves_square[s], n = p->king_moves_count[s];
        if (n < 0 || n > 3 || (n && !(kings[s] >> (sq - 1) & 1)) || (!n && sq))
            fail("a king-move counter out of place", "");
    }
}

static void check_move(const hub_board *b, dtb_position *pos, const char *text) {
    hub_move m, back;
    char err[256], written[HUB_MOVE_TEXT_MAX];
    if (hub_move_parse(b, text, &m, err, sizeof err)) return;
    dtb_move d = {.from = m.from, .to = m.to, .captured = m.captured};
    hub_move_format(b, &d, written);
    if (hub_move_parse(b, written, &back, err, sizeof err) || back.from != m.from ||
        back.to != m.to || back.captured != m.captured)
        fail("a move does not parse to itself", written);
    int before = pieces(pos);
    if (hub_play(b, pos, &m, err, sizeof err)) return;
    check_position(b, pos);
    if (pieces(pos) != before - __builtin_popcountll(m.captured))
        fail("a move took other pieces than it names", text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1 || size > HUB_LINE_MAX) return 0;
    hub_board board;
    hub_board_init(&board, &variants[data[0] & 3],
                   (data[0] & 4) ? HUB_NUMBERING_A1 : HUB_NUMBERING_DTB);
    char *text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    char err[256];
    if (hub_line_parse(text, &line, err, sizeof err) == 0) {
        check_words();
        const char *pos_text = hub_line_value(&line, "pos"),
                   *moves = hub_line_value(&line, "moves");
        dtb_position pos;
        char written[64];
        if (pos_text && hub_pos_parse(&board, pos_text, &pos, err, sizeof err) == 0) {
            hub_pos_format(&board, &pos, written);
            if (strcmp(written, pos_text) != 0) fail("a pos string is not written back", pos_text);
            char *copy = moves ? strdup(moves) : NULL;
            for (char *word = copy ? strtok(copy, " ") : NULL; word; word = strtok(NULL, " "))
                check_move(&board, &pos, word);
            free(copy);
        }
    }
    free(text);
    return 0;
}
