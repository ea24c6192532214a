#include "hub_search.h"

#include "hub_move.h"
#include "hub_out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int pieces(const dtb_position *p) {
    return __builtin_popcountll(p->white_men | p->white_kings | p->black_men | p->black_kings);
}

int hub_in_tables(dtb_handle *h, const dtb_position *pos, int max_pieces, char *why,
                  size_t why_len) {
    if (max_pieces > 0 && pieces(pos) > max_pieces) {
        snprintf(why, why_len, "the position has %d pieces, more than max-pieces %d", pieces(pos),
                 max_pieces);
        return 0;
    }
    dtb_value value;
    dtb_status s = dtb_probe(h, pos, &value);
    if (s == DTB_OK) return 1;
    snprintf(why, why_len, "the position is not in the tables: %s (%s)", dtb_status_message(s),
             dtb_last_error());
    return 0;
}

static double score_of(dtb_value v) {
    double decided = 100.0 - (v.dtw < 9999 ? v.dtw : 9999) / 100.0;
    return v.wdl == DTB_WIN ? decided : v.wdl == DTB_LOSS ? -decided : 0.0;
}

static const char *wdl_names[] = {"loss", "draw", "win"};

int hub_search(dtb_handle *h, const hub_board *b, const dtb_position *pos, char *why,
               size_t why_len) {
    dtb_value value;
    dtb_status s = dtb_probe(h, pos, &value);
    int max = value.wdl == DTB_DRAW ? HUB_DRAW_PV_MAX : value.dtw;
    dtb_move *line = s == DTB_OK ? malloc((size_t)(max > 0 ? max : 1) * sizeof *line) : NULL;
    int count = 0;
    if (s == DTB_OK && !line) s = DTB_ERR_NO_MEMORY;
    if (s == DTB_OK) s = dtb_line(h, pos, line, max, &count);
    if (s != DTB_OK || count == 0) {
        snprintf(why, why_len, "%s",
                 s != DTB_OK ? dtb_last_error() : "the side to move has no legal move");
        free(line);
        return -1;
    }
    char *pv = malloc((size_t)count * HUB_MOVE_TEXT_MAX + 1), first[HUB_MOVE_TEXT_MAX],
         second[HUB_MOVE_TEXT_MAX] = "";
    if (!pv) {
        snprintf(why, why_len, "out of memory");
        free(line);
        return -1;
    }
    size_t used = 0;
    for (int i = 0; i < count; i++) {
        char text[HUB_MOVE_TEXT_MAX];
        hub_move_format(b, &line[i], text);
        used += (size_t)sprintf(pv + used, "%s%s", i ? " " : "", text);
        if (i == 0) strcpy(first, text);
        if (i == 1) strcpy(second, text);
    }
    hub_say("info depth=%d score=%.2f wdl=%s dtw=%d pv=\"%s\"", count, score_of(value),
            wdl_names[value.wdl + 1], value.dtw, pv);
    if (count > 1)
        hub_say("done move=%s ponder=%s", first, second);
    else
        hub_say("done move=%s", first);
    free(pv);
    free(line);
    return 0;
}
