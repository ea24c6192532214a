#include "hub_play.h"

#include <stdio.h>

static int count_bits(uint64_t m) {
    return __builtin_popcountll(m);
}

/* The side with two kings in two kings against one king (no men), else -1. */
static int strong_side(const dtb_position *p) {
    if (p->white_men || p->black_men) return -1;
    int w = count_bits(p->white_kings), k = count_bits(p->black_kings);
    return w == 2 && k == 1 ? 0 : w == 1 && k == 2 ? 1 : -1;
}

static uint64_t promotion_row(const hub_board *b, int side) {
    uint64_t row = (1ull << b->per_row) - 1;
    return side == 0 ? row : row << (b->squares - b->per_row);
}

static int refuse(char *err, size_t err_len, const char *why, int square) {
    snprintf(err, err_len, why, square);
    return -1;
}

/* The king-move counters after side played m, a king's move when was_king. */
static void count_king_moves(dtb_position *p, int side, const hub_move *m, int was_king) {
    if (was_king && !m->is_capture) {
        int same = p->king_moves_count[side] && p->king_moves_square[side] == m->from;
        p->king_moves_count[side] = same ? p->king_moves_count[side] + 1 : 1;
        p->king_moves_square[side] = m->to;
    } else {
        p->king_moves_count[side] = p->king_moves_square[side] = 0;
    }
    uint64_t kings[2] = {p->white_kings, p->black_kings}, men[2] = {p->white_men, p->black_men};
    for (int s = 0; s < 2; s++) {
        int sq = p->king_moves_square[s];
        if (!men[s] || !sq || !(kings[s] >> (sq - 1) & 1))
            p->king_moves_count[s] = p->king_moves_square[s] = 0;
    }
}

int hub_play(const hub_board *b, dtb_position *pos, const hub_move *m, char *err, size_t err_len) {
    int side = pos->black_to_move;
    uint64_t *men = side ? &pos->black_men : &pos->white_men;
    uint64_t *kings = side ? &pos->black_kings : &pos->white_kings;
    uint64_t *their_men = side ? &pos->white_men : &pos->black_men;
    uint64_t *their_kings = side ? &pos->white_kings : &pos->black_kings;
    uint64_t from = 1ull << (m->from - 1), to = 1ull << (m->to - 1);
    uint64_t all = *men | *kings | *their_men | *their_kings;

    if (!((*men | *kings) & from))
        return refuse(err, err_len, "square %d holds no piece of the side to move", m->from);
    if (to != from && (all & to)) return refuse(err, err_len, "square %d is not empty", m->to);
    if (m->captured & ~(*their_men | *their_kings)) {
        int sq = __builtin_ctzll(m->captured & ~(*their_men | *their_kings)) + 1;
        return refuse(err, err_len, "square %d holds no piece to take", sq);
    }
    if (b->king_move_limit && !m->is_capture && (*kings & from) &&
        pos->king_moves_count[side] == 3 && pos->king_moves_square[side] == m->from)
        return refuse(err, err_len, "the king on %d would make a 4th move in a row", m->from);

    int strong_before = strong_side(pos), was_king = (*kings & from) != 0;
    *men &= ~from;
    *kings &= ~from;
    *their_men &= ~m->captured;
    *their_kings &= ~m->captured;
    if (was_king || (to & promotion_row(b, side)))
        *kings |= to;
    else
        *men |= to;
    pos->black_to_move = !side;

    if (b->king_move_limit) count_king_moves(pos, side, m, was_king);
    if (b->draw_rules) {
        int strong = strong_side(pos);
        if (strong < 0 || strong != strong_before)
            pos->moves_played = 0;
        else if (strong == side)
            pos->moves_played++;
    }
    return 0;
}
