/* Plots as plain SVG 1.1 documents with no external resources: a bar chart (a DTW
 * histogram is one, a bar a DTW) and a board heat map (how often a piece stands on each
 * square). */
#ifndef DTB_SVG_PLOT_H
#define DTB_SVG_PLOT_H

#include "variant.h"

#include <stdint.h>
#include <stdio.h>

typedef struct SvgBars {
    const char *title, *x_label, *y_label;
    int count;
    const char *const *labels; /* [count]: under each bar, where there is room */
    const double *values;      /* [count]: at least 0 */
} SvgBars;

/* Writes the bar chart, each bar titled "LABEL: VALUE"; returns 0, or -1 when writing
 * failed. */
int svg_bar_chart(const SvgBars *bars, FILE *out);

/* Writes v's board with each dark square shaded by heat[its number] (heat has
 * squares + 1 entries, [0] unused) and the count written in it, and caption under it.
 * Returns 0, or -1 when writing failed. */
int svg_heat_map(const Variant *v, const uint64_t *heat, const char *title, const char *caption,
                 FILE *out);

#endif
