/* PDN FEN in and out (docs/rules.md 1), with Frisian's ":C" king-move counts (docs/rules.md 7.1).
 * Read also as other programs write it: inside a PDN tag line [FEN "..."], letters in either
 * case, and lidraughts' fields (its format/Forsyth.scala): ":H" half-moves since the
 * material of a draw rule arose, ":F" the move number, and in Frisian the king-move counts
 * ":+" Black's count "+" White's, each a digit then the king's square in two digits
 * ("+0+246": White's king on 46 made 2 moves in a row). */
#ifndef DTB_FEN_H
#define DTB_FEN_H

#include "position.h"
#include "status.h"
#include "variant.h"

#include <stdbool.h>
#include <stddef.h>

#define FEN_MAX 400 /* longest FEN fen_format writes */

/* Parses text into p.  On error returns STATUS_INPUT and writes a message naming the offending
 * part into err.  Where docs/rules.md 1 and 7.1 give an order but no error, it is lenient: the
 * W and B lists may come in either order or be left out (a side without pieces, which the
 * probe then refuses), and so may the counts of ":C". */
Status fen_parse(const Variant *v, const char *text, Position *p, char *err, size_t errlen);

/* fen_parse, also giving lidraughts' ":H" in *half_moves, -1 where the FEN has none (":F"
 * says nothing about the position, and is only checked). */
Status fen_parse_clock(const Variant *v, const char *text, Position *p, int *half_moves, char *err,
                       size_t errlen);

/* Writes p as FEN: White's pieces first, in square order, kings marked K. */
void fen_format(const Variant *v, const Position *p, char *buf, size_t len);

/* The starting position of the variant. */
void fen_initial(const Variant *v, Position *p);

#endif
