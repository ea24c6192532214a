#include "svg_plot.h"

#include "board_grid.h"
#include "svg_text.h"

#include <string.h>

/* Bar chart sizes in pixels: the plot area, the margins around it, the widest bar. */
enum {
    PLOT_HEIGHT = 260,
    PLOT_WIDTH_MAX = 900,
    MARGIN_LEFT = 70,
    MARGIN_TOP = 36,
    MARGIN_RIGHT = 16,
    MARGIN_BOTTOM = 110,
    BAR_MAX = 36,
    GRID_LINES = 4
};
/* Heat map sizes: the square, the margins, a line of the title, a character of it. */
enum { HEAT_SQUARE = 44, HEAT_EDGE = 8, HEAT_BOTTOM = 30, TITLE_LINE = 17, TITLE_CHAR = 7 };

#define BAR_COLOR    "#4a78a8"
#define TEXT_COLOR   "#303030"
#define GRID_COLOR   "#d8d8d8"
#define LIGHT_SQUARE "#f4f0e8"
#define COLD_SQUARE  "#c8c8c8" /* a dark square where the count is 0 */

static void put_text(int x, int y, int size, const char *anchor, const char *transform,
                     const char *text, FILE *out) {
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"%s\" fill=\"%s\"%s>", x, y,
            size, anchor, TEXT_COLOR, transform);
    svg_put_escaped(text, out);
    fputs("</text>\n", out);
}

/* Rounded to the nearest pixel; x is never negative. */
static int pixels(double x) {
    return (int)(x + 0.5);
}

/* A round number (1, 2, 2.5 or 5 times a power of ten) at least max / GRID_LINES, so that
 * the grid lines fall on round values. */
static double grid_step(double max) {
    double raw = max / GRID_LINES, unit = 1;
    while (unit * 10 < raw) unit *= 10;
    while (unit > raw) unit /= 10;
    static const double nice[] = {1, 2, 2.5, 5, 10};
    for (size_t i = 0; i < sizeof nice / sizeof nice[0]; i++)
        if (nice[i] * unit >= raw) return nice[i] * unit;
    return 10 * unit;
}

static void draw_axis(double top, int plot_width, const char *y_label, FILE *out) {
    double step = grid_step(top);
    for (int i = 0; i * step <= top * 1.0000001; i++) {
        int y = MARGIN_TOP + PLOT_HEIGHT - pixels(i * step / top * PLOT_HEIGHT);
        char value[32];
        snprintf(value, sizeof value, "%g", i * step);
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\"/>\n", MARGIN_LEFT,
                y, MARGIN_LEFT + plot_width, y, GRID_COLOR);
        put_text(MARGIN_LEFT - 6, y + 4, 11, "end", "", value, out);
    }
    char rotate[64];
    snprintf(rotate, sizeof rotate, " transform=\"rotate(-90 16 %d)\"",
             MARGIN_TOP + PLOT_HEIGHT / 2);
    put_text(16, MARGIN_TOP + PLOT_HEIGHT / 2, 12, "middle", rotate, y_label, out);
}

/* Labels every `every`-th bar, turned to read upwards when they would not fit. */
static void draw_labels(const SvgBars *bars, int bar, int every, FILE *out) {
    for (int i = 0; i < bars->count; i += every) {
        int x = MARGIN_LEFT + i * bar + bar / 2, y = MARGIN_TOP + PLOT_HEIGHT + 14;
        char turn[64] = "";
        if ((int)strlen(bars->labels[i]) * 6 > bar * every)
            snprintf(turn, sizeof turn, " transform=\"rotate(-60 %d %d)\"", x, y);
        put_text(x, y, 10, *turn ? "end" : "middle", turn, bars->labels[i], out);
    }
}

int svg_bar_chart(const SvgBars *bars, FILE *out) {
    int bar = bars->count ? PLOT_WIDTH_MAX / bars->count : BAR_MAX;
    bar = bar > BAR_MAX ? BAR_MAX : bar < 1 ? 1 : bar;
    int plot_width = bar * bars->count, width = MARGIN_LEFT + plot_width + MARGIN_RIGHT;
    width = width < 360 ? 360 : width;
    double top = 0;
    for (int i = 0; i < bars->count; i++) top = bars->values[i] > top ? bars->values[i] : top;
    if (top > 0) {
        double step = grid_step(top);
        top = step * (int)((top + step * 0.999999) / step); /* up to a grid line */
    } else
        top = 1;
    svg_open(width, MARGIN_TOP + PLOT_HEIGHT + MARGIN_BOTTOM, bars->title, out);
    put_text(width / 2, 22, 14, "middle", "", bars->title, out);
    draw_axis(top, plot_width, bars->y_label, out);
    for (int i = 0; i < bars->count; i++) {
        int h = pixels(bars->values[i] / top * PLOT_HEIGHT);
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>",
                MARGIN_LEFT + i * bar + (bar > 3), MARGIN_TOP + PLOT_HEIGHT - h,
                bar - 2 * (bar > 3), h, BAR_COLOR);
        svg_put_escaped(bars->labels[i], out); /* a reader's pointer shows the exact value */
        fprintf(out, ": %g</title></rect>\n", bars->values[i]);
    }
    int every = bar >= 14 ? 1 : (14 + bar - 1) / bar;
    draw_labels(bars, bar, every, out);
    put_text(MARGIN_LEFT + plot_width / 2, MARGIN_TOP + PLOT_HEIGHT + MARGIN_BOTTOM - 8, 12,
             "middle", "", bars->x_label, out);
    fputs("</svg>\n", out);
    return ferror(out) ? -1 : 0;
}

/* White through yellow to red as share goes from 0 to 1. */
static void heat_color(double share, char *buf, size_t len) {
    int green = pixels(240 - 200 * share), blue = pixels(200 * (1 - share) * (1 - share));
    snprintf(buf, len, "#%02x%02x%02x", 250, green, blue);
}

static void draw_heat_square(uint64_t count, uint64_t max, int number, int x, int y, FILE *out) {
    char color[16] = COLD_SQUARE;
    if (count) heat_color((double)count / (double)max, color, sizeof color);
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", x, y,
            HEAT_SQUARE, HEAT_SQUARE, color);
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"9\" fill=\"%s\">%d</text>\n", x + 3, y + 10,
            TEXT_COLOR, number);
    if (count)
        fprintf(out,
                "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" "
                "fill=\"%s\">%llu</text>\n",
                x + HEAT_SQUARE / 2, y + HEAT_SQUARE / 2 + 8, TEXT_COLOR,
                (unsigned long long)count);
}

/* Writes text as lines of at most `chars` characters, broken at spaces, from (x, y) down;
 * returns the number of lines, or only counts them when out is NULL. */
static int put_wrapped(int x, int y, int chars, const char *text, FILE *out) {
    int lines = 0;
    while (*text) {
        int n = (int)strlen(text);
        if (n > chars) {
            n = chars;
            while (n > 0 && text[n] != ' ') n--;
            if (n == 0) n = chars; /* one word longer than a line */
        }
        char line[256];
        snprintf(line, sizeof line, "%.*s", n < 255 ? n : 255, text);
        if (out) put_text(x, y + lines * TITLE_LINE, 13, "start", "", line, out);
        lines++;
        text += n;
        while (*text == ' ') text++;
    }
    return lines;
}

int svg_heat_map(const Variant *v, const uint64_t *heat, const char *title, const char *caption,
                 FILE *out) {
    BoardGrid grid;
    board_grid(v, &grid);
    int side = grid.size * HEAT_SQUARE, width = 2 * HEAT_EDGE + side;
    int chars = (width - 2 * HEAT_EDGE) / TITLE_CHAR;
    int top = HEAT_EDGE + put_wrapped(0, 0, chars, title, NULL) * TITLE_LINE + 6;
    int height = top + side + HEAT_BOTTOM;
    uint64_t max = 0;
    for (int n = 1; n <= v->board->squares; n++) max = heat[n] > max ? heat[n] : max;
    svg_open(width < 420 ? 420 : width, height, title, out);
    put_wrapped(HEAT_EDGE, HEAT_EDGE + 13, chars, title, out);
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", HEAT_EDGE,
            top, side, side, LIGHT_SQUARE);
    for (int row = 0; row < grid.size; row++)
        for (int col = 0; col < grid.size; col++)
            if (grid.number[row][col])
                draw_heat_square(heat[grid.number[row][col]], max, grid.number[row][col],
                                 HEAT_EDGE + col * HEAT_SQUARE, top + row * HEAT_SQUARE, out);
    put_text(HEAT_EDGE, height - 10, 12, "start", "", caption, out);
    fputs("</svg>\n", out);
    return ferror(out) ? -1 : 0;
}
