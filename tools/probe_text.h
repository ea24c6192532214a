/* Values and lines of play as the commands print them. */
#ifndef DTB_PROBE_TEXT_H
#define DTB_PROBE_TEXT_H

#include "dtb.h"

#include <stddef.h>

#define PROBE_DRAW_LINE_PLIES 20 /* how much of a drawn line is shown */

/* "win in 5 plies", "loss in 1 ply", "draw". */
void probe_value_text(dtb_value value, char *buf, size_t len);

/* The best line from pos (value its value): to the end of the game, or its first
 * PROBE_DRAW_LINE_PLIES plies for a draw.  On success *line holds its *count moves, and the
 * caller frees it; otherwise *line is NULL.  Returns DTB_ERR_NO_MEMORY or the dtb_line
 * status. */
dtb_status probe_line(dtb_handle *h, const dtb_position *pos, dtb_value value, dtb_move **line,
                      int *count);

/* The line of probe_line as moves separated by spaces.  Returns the probe_line status. */
dtb_status probe_line_text(dtb_handle *h, const dtb_position *pos, dtb_value value, char *buf,
                           size_t len);

#endif
