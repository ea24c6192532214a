/* A claim of endgame theory as the books state it (issue 43): a variant's material, which
 * side wins it or that it is drawn, and optionally conditions on where pieces stand, the
 * side to move and a bound on the length of the win.  This file parses and prints the
 * parts of a claim; claim.c checks one against a table; claims_file.c reads a file of them. */
#ifndef DTB_CLAIM_SPEC_H
#define DTB_CLAIM_SPEC_H

#include "position.h"
#include "variant.h"

#include <stdbool.h>
#include <stddef.h>

/* Outcome a claim states: WHITE or BLACK wins, or the game is drawn. */
enum { CLAIM_DRAW = 2 };
#define CLAIM_ANY_SIDE     (-1) /* to_move when the claim holds for either side to move */
#define CLAIM_CONDITIONS   8    /* the most conditions a claim takes */
#define CLAIM_TEXT_MAX     1024 /* room for a claim or a condition as text */
#define CLAIM_SQUARES_NAME "main-diagonal"

/* The piece kinds a condition names. */
enum { CLAIM_MAN, CLAIM_KING, CLAIM_PIECE };

/* "side kind on|off squares": on = at least one such piece stands on the squares, off =
 * none does. */
typedef struct ClaimCondition {
    int side, kind;
    bool on;
    Bitboard squares;
} ClaimCondition;

typedef struct Claim {
    int outcome;       /* WHITE, BLACK or CLAIM_DRAW */
    int to_move;       /* WHITE, BLACK or CLAIM_ANY_SIDE */
    int within;        /* the bound on the win's length, 0 for none */
    bool within_moves; /* within counts the winner's moves, not plies */
    bool won_only;     /* only the positions the claimed side wins count: a claim on the bound */
    bool pure;         /* Frisian: the values without the draw rules of docs/rules.md 7.2 */
    int conditions;
    ClaimCondition condition[CLAIM_CONDITIONS];
} Claim;

/* Each parser reads one part of a claim as the command line and the claims file give it,
 * and on a bad one returns false with a message naming the bad part in err. */
bool claim_parse_where(const Variant *v, const char *text, ClaimCondition *out, char *err,
                       size_t errlen);
bool claim_parse_side(const char *what, const char *text, int *out, char *err, size_t errlen);
/* "N", "N plies" or "N moves" (the winner's moves) into c's bound. */
bool claim_parse_bound(const char *text, Claim *c, char *err, size_t errlen);
/* Adds a condition to c, refusing more than CLAIM_CONDITIONS. */
bool claim_add_where(const Variant *v, const char *text, Claim *c, char *err, size_t errlen);

/* The long diagonal of v's board (the main diagonal, the main road), in v's square numbers. */
Bitboard claim_main_diagonal(const Variant *v);

/* Whether p stands inside the claim's conditions and side to move. */
bool claim_applies(const Claim *c, const Position *p);

/* Whether a win of dtw plies (for the side that wins) keeps within the claim's bound; the
 * winner is to move when winner_to_move. */
bool claim_within_bound(const Claim *c, int dtw, bool winner_to_move);

/* The condition as the command line takes it, its squares as ranges ("black king off
 * 1-4,9"). */
void claim_condition_text(const Variant *v, const ClaimCondition *cond, char *buf, size_t len);

/* The dtb-probe options that state c ("--wins white --where '...' --within 26"). */
void claim_options_text(const Variant *v, const Claim *c, char *buf, size_t len);

#endif
