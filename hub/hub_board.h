/* Hub's position string and square numbers, translated to and from dtb's.
 *
 * pos=: the side to move ('W' or 'B'), then one character a square in the order of its
 * number ('w', 'b' men, 'W', 'B' kings, 'e' empty), 51 characters on 10x10 and 33 on
 * 8x8.  Every client we know writes it in dtb's numbering, square 1 the top-left dark
 * square seen from White (docs/rules.md 1), so that translation is one to one.
 *
 * Moves: in the same numbering by default.  pydraughts' draughts.Board (since 0.6) writes
 * the moves of Russian and Brazilian with square 1 on a1 instead (its "variant notation":
 * a1 c1 e1 g1 are 1-4, b2 d2 f2 h2 are 5-8, ..., h8 is 32) while its pos string keeps
 * dtb's order; set-param name=move-numbering value=a1 reads and writes moves that way.
 * In dtb's numbering square n lies on row (n-1)/per_row from the top, in column
 * (n-1)%per_row of that row's dark squares; a1 numbering counts the rows from the bottom:
 * n' = (rows-1-row)*per_row + column + 1, which is its own inverse. */
#ifndef HUB_BOARD_H
#define HUB_BOARD_H

#include "dtb.h"

#include <stddef.h>

typedef enum hub_numbering { HUB_NUMBERING_DTB = 0, HUB_NUMBERING_A1 = 1 } hub_numbering;

typedef struct hub_board {
    int squares;                     /* 50 or 32 */
    int per_row;                     /* dark squares on a row: 5 or 4 */
    int king_move_limit, draw_rules; /* Frisian's, as dtb_variant_info has them */
    hub_numbering numbering;
} hub_board;

/* The board of a variant: squares from its dtb_variant_info. */
void hub_board_init(hub_board *b, const dtb_variant_info *info, hub_numbering numbering);

/* Parses a pos= string.  RETURN: 0, or -1 with err naming the character at fault. */
int hub_pos_parse(const hub_board *b, const char *text, dtb_position *out, char *err,
                  size_t err_len);

/* Writes pos as a pos= string into out, which takes b->squares + 2 bytes. */
void hub_pos_format(const hub_board *b, const dtb_position *pos, char *out);

/* A square of a move as the client writes it, from dtb's numbering, and back. */
int hub_square_out(const hub_board *b, int dtb_square);
int hub_square_in(const hub_board *b, int hub_square);

#endif
