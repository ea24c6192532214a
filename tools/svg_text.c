#include "svg_text.h"

#include <stdio.h>

void svg_put_escaped(const char *text, FILE *out) {
    for (; *text; text++) {
        switch (*text) {
        case '&':
            fputs("&amp;", out);
            break;
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        default:
            fputc(*text, out);
        }
    }
}

void svg_open(int width, int height, const char *title, FILE *out) {
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" "
            "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n<title>",
            width, height, width, height);
    svg_put_escaped(title, out);
    fprintf(out, "</title>\n<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
            width, height);
}

FILE *svg_file_open(const char *path, char *tmp, size_t len) {
    if ((size_t)snprintf(tmp, len, "%s.tmp", path) >= len) return NULL;
    return fopen(tmp, "w");
}

bool svg_file_close(FILE *f, const char *tmp, const char *path, bool failed) {
    failed |= ferror(f) != 0;
    failed |= fclose(f) != 0;
    if (!failed && rename(tmp, path) == 0) return true;
    remove(tmp);
    return false;
}
