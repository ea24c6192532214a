/* What the SVG pictures dtb writes (board diagrams, plots) share: their opening, the text
 * inside them, and their files written whole. */
#ifndef DTB_SVG_TEXT_H
#define DTB_SVG_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes text with XML's special characters escaped. */
void svg_put_escaped(const char *text, FILE *out);

/* Starts a picture of width x height pixels: the SVG element, its title and a white
 * background. */
void svg_open(int width, int height, const char *title, FILE *out);

/* A picture is written to a temporary file beside path (its name into tmp) and renamed into
 * place only when whole: svg_file_open returns NULL when it cannot be created. */
FILE *svg_file_open(const char *path, char *tmp, size_t len);

/* Closes f and renames tmp to path unless writing failed (failed, or an error of f); on
 * failure removes tmp.  Returns whether path now holds the picture. */
bool svg_file_close(FILE *f, const char *tmp, const char *path, bool failed);

#endif
