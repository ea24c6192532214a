/* Prints what include/dtb.h lays out, as the C compiler does, for the Python package's test
 * of its ctypes mirror (python/tests/test_capi.py): each struct's size and each field's
 * offset ("field STRUCT.FIELD OFFSET"), and each limit ("number NAME VALUE"). */
#include "dtb.h"

#include <stddef.h>
#include <stdio.h>

#define SIZE(type)         printf("size %s %zu\n", #type, sizeof(type))
#define FIELD(type, field) printf("field %s.%s %zu\n", #type, #field, offsetof(type, field))
#define NUMBER(name)       printf("number %s %d\n", #name, (int)(name))

int main(void) {
    SIZE(dtb_position);
    FIELD(dtb_position, white_men);
    FIELD(dtb_position, white_kings);
    FIELD(dtb_position, black_men);
    FIELD(dtb_position, black_kings);
    FIELD(dtb_position, black_to_move);
    FIELD(dtb_position, king_moves_square);
    FIELD(dtb_position, king_moves_count);
    FIELD(dtb_position, moves_played);
    FIELD(dtb_position, rules);
    SIZE(dtb_value);
    FIELD(dtb_value, wdl);
    FIELD(dtb_value, dtw);
    SIZE(dtb_move);
    FIELD(dtb_move, notation);
    FIELD(dtb_move, from);
    FIELD(dtb_move, to);
    FIELD(dtb_move, path_length);
    FIELD(dtb_move, path);
    FIELD(dtb_move, captured);
    FIELD(dtb_move, after);
    FIELD(dtb_move, value);
    SIZE(dtb_stats);
    FIELD(dtb_stats, material);
    FIELD(dtb_stats, positions);
    FIELD(dtb_stats, wins);
    FIELD(dtb_stats, draws);
    FIELD(dtb_stats, losses);
    FIELD(dtb_stats, longest_win);
    FIELD(dtb_stats, longest_win_position);
    FIELD(dtb_stats, win_dtw);
    FIELD(dtb_stats, loss_dtw);
    NUMBER(DTB_DTW_BUCKETS);
    NUMBER(DTB_PATH_MAX);
    NUMBER(DTB_MOVES_MAX);
    NUMBER(DTB_FEN_MAX);
    NUMBER(DTB_MATERIAL_NAME_MAX);
    NUMBER(DTB_RULES_OFFICIAL);
    NUMBER(DTB_RULES_PURE);
    return 0;
}
