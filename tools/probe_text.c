#include "probe_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void probe_value_text(dtb_value value, char *buf, size_t len) {
    static const char *const names[3] = {"loss", "draw", "win"}; /* [wdl + 1] */
    if (value.wdl == DTB_DRAW)
        snprintf(buf, len, "draw");
    else
        snprintf(buf, len, "%s in %d %s", names[value.wdl + 1], value.dtw,
                 value.dtw == 1 ? "ply" : "plies");
}

dtb_status probe_line(dtb_handle *h, const dtb_position *pos, dtb_value value, dtb_move **line,
                      int *count) {
    int max = value.wdl == DTB_DRAW ? PROBE_DRAW_LINE_PLIES : value.dtw;
    *count = 0;
    *line = malloc(((size_t)max + 1) * sizeof **line);
    if (!*line) return DTB_ERR_NO_MEMORY;
    dtb_status s = dtb_line(h, pos, *line, max, count);
    if (s) {
        free(*line);
        *line = NULL;
    }
    return s;
}

dtb_status probe_line_text(dtb_handle *h, const dtb_position *pos, dtb_value value, char *buf,
                           size_t len) {
    dtb_move *line;
    int count;
    dtb_status s = probe_line(h, pos, value, &line, &count);
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < count && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", line[i].notation);
    free(line);
    return s;
}
