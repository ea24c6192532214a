#include "board_svg.h"

#include "board_grid.h"
#include "svg_text.h"

#include <stdbool.h>

/* Sizes in pixels: the square, the room left of the board for the rank numbers, above and
 * right of it, and below it for the file letters and the caption. */
enum { SQUARE = 48, LEFT = 24, EDGE = 8, BOTTOM = 48, PIECE_RADIUS = 15, RING_RADIUS = 10 };

#define LIGHT_SQUARE "#f0d9b5"
#define DARK_SQUARE  "#b07d52"
#define NUMBER_COLOR "#f7ead2"
#define TEXT_COLOR   "#303030"

/* How each piece is drawn (indexed by BoardPiece): a king also gets a ring and a crown in
 * its outline colour. */
static const struct {
    const char *fill, *outline;
    bool king;
} piece_styles[BOARD_EMPTY] = {
    [BOARD_WHITE_MAN] = {"#ffffff", "#202020", false},
    [BOARD_WHITE_KING] = {"#ffffff", "#202020", true},
    [BOARD_BLACK_MAN] = {"#202020", "#e8e8e8", false},
    [BOARD_BLACK_KING] = {"#202020", "#e8e8e8", true},
};

/* A crown around the piece's centre: a band with three points. */
static const char crown_path[] = "M-7,4 L-7,-4 L-3.5,0 L0,-6 L3.5,0 L7,-4 L7,4 Z";

static void draw_piece(BoardPiece piece, int cx, int cy, FILE *out) {
    const char *fill = piece_styles[piece].fill, *outline = piece_styles[piece].outline;
    fprintf(out,
            "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/>\n",
            cx, cy, PIECE_RADIUS, fill, outline);
    if (!piece_styles[piece].king) return;
    fprintf(
        out,
        "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
        cx, cy, RING_RADIUS, outline);
    fprintf(out, "<path d=\"%s\" transform=\"translate(%d,%d)\" fill=\"%s\"/>\n", crown_path, cx,
            cy, outline);
}

/* A dark square with its number in the top-left corner, clear of the piece. */
static void draw_dark_square(const dtb_position *pos, int number, int x, int y, FILE *out) {
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", x, y, SQUARE,
            SQUARE, DARK_SQUARE);
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"%s\">%d</text>\n", x + 3, y + 11,
            NUMBER_COLOR, number);
    BoardPiece piece = board_grid_piece(pos, number);
    if (piece != BOARD_EMPTY) draw_piece(piece, x + SQUARE / 2, y + SQUARE / 2 + 2, out);
}

static void draw_coordinates(int size, FILE *out) {
    for (int i = 0; i < size; i++) {
        int middle = EDGE + i * SQUARE + SQUARE / 2;
        fprintf(out,
                "<text x=\"%d\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\" "
                "fill=\"%s\">%d</text>\n",
                LEFT / 2, middle + 5, TEXT_COLOR, size - i);
        fprintf(out,
                "<text x=\"%d\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\" "
                "fill=\"%s\">%c</text>\n",
                LEFT + middle - EDGE, EDGE + size * SQUARE + 16, TEXT_COLOR, 'a' + i);
    }
}

int board_svg(const Variant *v, const dtb_position *pos, const char *title, FILE *out) {
    BoardGrid grid;
    board_grid(v, &grid);
    int side = grid.size * SQUARE, width = LEFT + side + EDGE, height = EDGE + side + BOTTOM;
    svg_open(width, height, title, out);
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", LEFT, EDGE,
            side, side, LIGHT_SQUARE);
    for (int row = 0; row < grid.size; row++)
        for (int col = 0; col < grid.size; col++)
            if (grid.number[row][col])
                draw_dark_square(pos, grid.number[row][col], LEFT + col * SQUARE,
                                 EDGE + row * SQUARE, out);
    draw_coordinates(grid.size, out);
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"14\" fill=\"%s\">%s to move</text>\n</svg>\n",
            LEFT, height - 10, TEXT_COLOR, pos->black_to_move ? "Black" : "White");
    return ferror(out) ? -1 : 0;
}
