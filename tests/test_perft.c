/* Checks the move generator against the published perft counts of tests/data/perft.txt.
 * Usage: test_perft FILE [MAX_LEAVES]; depths whose count exceeds MAX_LEAVES are skipped,
 * so sanitizer builds stay quick. */
#include "fen.h"
#include "movegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *trim(char *s) {
    while (*s == ' ' || *s == '\t') s++;
    char *end = s + strlen(s);
    while (end > s && strchr(" \t\r\n", end[-1])) *--end = '\0';
    return s;
}

static int check_line(char *line, long long max_leaves, int *passed) {
    char *variant_id = trim(strtok(line, "|")), *fen = trim(strtok(NULL, "|"));
    char *counts = strtok(NULL, "|");
    Variant v;
    Position p;
    char err[256];
    /* "/no-limit" switches Frisian's king-move limit off, as CHECKS.md's second count does. */
    char *modifier = strchr(variant_id, '/');
    if (modifier) *modifier++ = '\0';
    if (!counts || !variant_lookup(variant_id, &v) || (modifier && strcmp(modifier, "no-limit"))) {
        printf("FAIL bad test line for variant '%s'\n", variant_id);
        return 1;
    }
    if (modifier) v.king_move_limit = false;
    if (strcmp(fen, "initial") == 0)
        fen_initial(&v, &p);
    else if (fen_parse(&v, fen, &p, err, sizeof err) != STATUS_OK) {
        printf("FAIL %s %s: %s\n", variant_id, fen, err);
        return 1;
    }
    int failures = 0, depth = 1;
    for (char *tok = strtok(counts, " "); tok; tok = strtok(NULL, " "), depth++) {
        if (strcmp(tok, "-") == 0) continue;
        long long want = atoll(tok);
        if (want > max_leaves) break;
        long long got = movegen_perft(&v, &p, depth);
        bool ok = got == want;
        printf("%s %s %s depth %d: %lld (published %lld)\n", ok ? "ok  " : "FAIL", variant_id, fen,
               depth, got, want);
        failures += !ok;
        *passed += ok;
    }
    return failures;
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    long long max_leaves = argc > 2 ? atoll(argv[2]) : 1LL << 40;
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    char line[1024];
    int failures = 0, passed = 0;
    while (fgets(line, sizeof line, f))
        if (line[0] != '#' && line[0] != '\n') failures += check_line(line, max_leaves, &passed);
    fclose(f);
    printf("%d passed, %d failed\n", passed, failures);
    return failures ? 1 : 0;
}
