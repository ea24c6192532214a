/* An engine with functions and data of its own named like dtb's internals (movegen_legal,
 * fen_parse, board_get), linked against libdtb.a or libdtb.so: it links, and each side
 * keeps its own.  It prints what the engine's own give and what the library's FEN reading
 * and writing give for a Brazilian position, which the test compares with the FEN. */
#include "dtb.h"

#include <stdio.h>

int movegen_legal = 7;
int fen_parse(const char *text) {
    return text[0];
}
int board_get(int square) {
    return square * 2;
}

int main(void) {
    dtb_handle *h;
    if (dtb_open("brazilian", ".", &h) != DTB_OK) return 1;
    dtb_position pos;
    char fen[256];
    int ok = dtb_parse_fen(h, "W:W22,K31:BK1", &pos) == DTB_OK &&
             dtb_format_fen(h, &pos, fen, sizeof fen) == DTB_OK;
    dtb_close(h);
    if (!ok) return 1;
    printf("engine %d %d %d, library %s\n", movegen_legal, fen_parse("x"), board_get(3), fen);
    return 0;
}
