#include "hub_board.h"

#include <stdio.h>
#include <string.h>

void hub_board_init(hub_board *b, const dtb_variant_info *info, hub_numbering numbering) {
    b->squares = info->squares;
    b->per_row = info->board_size / 2;
    b->king_move_limit = info->king_move_limit;
    b->draw_rules = info->draw_rules;
    b->numbering = numbering;
}

/* Each character of a square, with the mask of dtb_position it sets. */
static const struct {
    char c;
    size_t mask_offset;
} pieces[] = {
    {'w', offsetof(dtb_position, white_men)},
    {'W', offsetof(dtb_position, white_kings)},
    {'b', offsetof(dtb_position, black_men)},
    {'B', offsetof(dtb_position, black_kings)},
};

static uint64_t *mask_of(dtb_position *pos, size_t offset) {
    return (uint64_t *)((char *)pos + offset);
}

int hub_pos_parse(const hub_board *b, const char *text, dtb_position *out, char *err,
                  size_t err_len) {
    size_t want = (size_t)b->squares + 1, len = strlen(text);
    if (len != want) {
        snprintf(err, err_len, "pos has %zu characters, not %zu (the side to move and %d squares)",
                 len, want, b->squares);
        return -1;
    }
    memset(out, 0, sizeof *out);
    if (text[0] != 'W' && text[0] != 'B') {
        snprintf(err, err_len, "pos starts with '%c', not the side to move W or B", text[0]);
        return -1;
    }
    out->black_to_move = text[0] == 'B';
    for (int sq = 1; sq <= b->squares; sq++) {
        char c = text[sq];
        if (c == 'e') continue;
        size_t i = 0;
        while (i < sizeof pieces / sizeof *pieces && pieces[i].c != c) i++;
        if (i == sizeof pieces / sizeof *pieces) {
            snprintf(err, err_len, "pos has '%c' on square %d, not one of w b W B e",
                     (unsigned char)c < 0x20 ? '?' : c, sq);
            return -1;
        }
        *mask_of(out, pieces[i].mask_offset) |= 1ull << (sq - 1);
    }
    return 0;
}

void hub_pos_format(const hub_board *b, const dtb_position *pos, char *out) {
    out[0] = pos->black_to_move ? 'B' : 'W';
    for (int sq = 1; sq <= b->squares; sq++) {
        char c = 'e';
        for (size_t i = 0; i < sizeof pieces / sizeof *pieces; i++)
            if (*mask_of((dtb_position *)pos, pieces[i].mask_offset) >> (sq - 1) & 1)
                c = pieces[i].c;
        out[sq] = c;
    }
    out[b->squares + 1] = '\0';
}

/* Square n with its rows counted from the other edge of the board. */
static int flip_rows(const hub_board *b, int n) {
    int rows = b->squares / b->per_row, row = (n - 1) / b->per_row, column = (n - 1) % b->per_row;
    return (rows - 1 - row) * b->per_row + column + 1;
}

int hub_square_out(const hub_board *b, int dtb_square) {
    return b->numbering == HUB_NUMBERING_A1 ? flip_rows(b, dtb_square) : dtb_square;
}

int hub_square_in(const hub_board *b, int hub_square) {
    return b->numbering == HUB_NUMBERING_A1 ? flip_rows(b, hub_square) : hub_square;
}
