/* The variants of docs/rules.md section 6: each is one row of rule parameters, and every
 * other module reads only these parameters. */
#ifndef DTB_VARIANT_H
#define DTB_VARIANT_H

#include "board.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { WHITE, BLACK };
enum { PHASE_IMMEDIATE, PHASE_CONTINUATION };

/* Precedence as one number per complete capture sequence: the legal sequences are those
 * with the largest key = king_weight * kings taken + man_weight * men taken
 * + mover_weight * (the capturing piece is a king).  Lexicographic rules become weights
 * large enough that a later criterion never outweighs an earlier one; all zero is
 * free-line (every complete sequence is legal). */
typedef struct Precedence {
    int king_weight, man_weight, mover_weight;
} Precedence;

typedef struct Variant {
    char id[32];
    const Board *board;
    bool mirrored;            /* Scandinavian: a1 light, square 1 = a10 */
    DirSet man_capture[2][2]; /* [side][phase]: absolute directions */
    DirSet king_capture[2];   /* [phase] */
    DirSet king_move;         /* quiet king moves */
    bool halt;                /* king lands directly behind the last piece taken */
    Precedence precedence;
    bool king_move_limit;  /* Frisian docs/rules.md 7.1 */
    bool draw_rules;       /* Frisian docs/rules.md 7.2 */
    uint8_t number_of[64]; /* bit -> square number as shown (1-based), 0 for none */
    uint8_t bit_of_number[BOARD_MAX_SQUARES + 1]; /* shown number -> bit */
} Variant;

/* Resolves an id such as "scandinavian-medium-8-free".  Returns false for an unknown id. */
bool variant_lookup(const char *id, Variant *out);

/* Writes every valid id, separated by ", ", into buf. */
void variant_list_ids(char *buf, size_t len);

/* A hash of every rule parameter, so a table built under other rules is never read. */
uint64_t variant_fingerprint(const Variant *v);

#endif
