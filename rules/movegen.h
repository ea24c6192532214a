/* Legal moves of a position under a variant's rules (docs/rules.md sections 3-5 and 7.1). */
#ifndef DTB_MOVEGEN_H
#define DTB_MOVEGEN_H

#include "position.h"
#include "variant.h"

#include <stdbool.h>
#include <stdint.h>

#define MOVE_MAX     1024 /* legal moves of one position, far above any real count */
#define PATH_MAX_LEN 24   /* landing squares of one capture, above the 20 pieces a side has */

typedef struct Move {
    Bitboard captured; /* the pieces taken, empty for a quiet move */
    uint8_t from, to;  /* bits */
} Move;

/* Landing squares of one capture as shown numbers, for notation. */
typedef struct MovePath {
    uint8_t len;
    uint8_t square[PATH_MAX_LEN];
} MovePath;

typedef struct MoveList {
    int count;
    bool overflow;   /* more than MOVE_MAX moves: the list is incomplete */
    MovePath *paths; /* NULL, or MOVE_MAX entries to receive each capture's path */
    Move move[MOVE_MAX];
} MoveList;

/* Fills list with the legal moves of p.  Sequences with the same start, end and captured
 * set are one move; with paths requested it keeps the smallest path (docs/rules.md 1). */
void movegen_legal(const Variant *v, const Position *p, MoveList *list);

/* Fills list with the legal captures of p alone: empty when no capture is pending. */
void movegen_captures(const Variant *v, const Position *p, MoveList *list);

/* For the generator, which follows the moves that change the men's placement or the
 * material and only counts the others (the kings' quiet moves): fills list with p's
 * captures, or when none is pending with its men's moves; returns the number of legal
 * moves. */
int movegen_men_changes(const Variant *v, const Position *p, MoveList *list);

/* The number of quiet moves of p, legal when no capture is pending.  Only they depend on
 * the king-move state (docs/rules.md 7.1): the generator lists the captures or the men's moves
 * of a placement once for all its states, and counts the rest for each. */
int movegen_quiet_count(const Variant *v, const Position *p);

/* True when the side to move must capture. */
bool movegen_has_capture(const Variant *v, const Position *p);

/* One capture of the side to move, enough to tell that a quiet move of the other side
 * leaves it standing (movegen_capture_stands) without generating the captures again. */
typedef struct CaptureWitness {
    Bitboard victim;
    Bitboard must_stay_empty; /* the squares it passes over and the first behind the victim */
} CaptureWitness;

/* movegen_has_capture, and where it is true one of the captures in *w. */
bool movegen_capture_witness(const Variant *v, const Position *p, CaptureWitness *w);

/* Whether the capture w still stands after the other side's quiet move m: m neither moves
 * the victim nor stops on a square the capture needs empty.  The square m leaves can only
 * open more captures, and the capturer is not m's to move.  False says only that it may
 * not stand. */
static inline bool movegen_capture_stands(const CaptureWitness *w, const Move *m) {
    return !(w->victim & bit_at(m->from)) && !(w->must_stay_empty & bit_at(m->to));
}

/* The position after m (which must be legal in p). */
void movegen_play(const Variant *v, const Position *p, const Move *m, Position *out);

/* Whether m (legal in p) leaves the material as it is: neither captures nor promotes. */
static inline bool movegen_keeps_material(const Variant *v, const Position *p, const Move *m) {
    bool promotes =
        (p->man[p->side] & bit_at(m->from)) && (bit_at(m->to) & v->board->promotion[p->side]);
    return !m->captured && !promotes;
}

/* Leaf count after depth plies; depth 0 is 1.  Returns -1 if a move list overflowed. */
int64_t movegen_perft(const Variant *v, const Position *p, int depth);

#endif
