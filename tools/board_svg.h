/* A board diagram as a picture: a plain SVG 1.1 document with no external resources, on the
 * geometry of board_grid.h (the terminal diagram's too).  Light and dark squares, the
 * square numbers on the dark squares, the files and ranks around the board, men as discs
 * and kings as discs with a ring and a crown; white pieces are white with a dark outline,
 * black pieces black with a light one.  A caption under the board names the side to move. */
#ifndef DTB_BOARD_SVG_H
#define DTB_BOARD_SVG_H

#include "dtb.h"
#include "variant.h"

#include <stdio.h>

/* Writes the diagram of pos to out; title (plain text, XML-escaped here) becomes the SVG's
 * <title>.  Returns 0, or -1 when writing failed. */
int board_svg(const Variant *v, const dtb_position *pos, const char *title, FILE *out);

#endif
