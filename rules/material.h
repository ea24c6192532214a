/* Materials: how many kings and men each side has, named like "KKMvK" (White's kings, then
 * men, "v", Black's).  A material and its colour-reversed twin (board turned 180 degrees,
 * colours swapped) share one table, stored under the canonical name. */
#ifndef DTB_MATERIAL_H
#define DTB_MATERIAL_H

#include "position.h"
#include "status.h"

#include <stdbool.h>
#include <stddef.h>

#define MATERIAL_NAME_MAX 48

typedef struct Material {
    int kings[2], men[2]; /* [WHITE], [BLACK] */
} Material;

static inline int material_pieces(const Material *m) {
    return m->kings[0] + m->men[0] + m->kings[1] + m->men[1];
}

/* The most pieces a side may have in a material with a table: material_key gives each count
 * 4 bits, and a side's kings stay within them when its men promote. */
#define MATERIAL_SIDE_MAX 15

static inline bool material_has_table_size(const Material *m) {
    return m->kings[0] + m->men[0] <= MATERIAL_SIDE_MAX &&
           m->kings[1] + m->men[1] <= MATERIAL_SIDE_MAX;
}

/* A number naming m, 4 bits a count, for arrays indexed by material; m must have a table's
 * size (material_has_table_size). */
#define MATERIAL_KEYS (1 << 16)
static inline int material_key(const Material *m) {
    return m->kings[0] | m->men[0] << 4 | m->kings[1] << 8 | m->men[1] << 12;
}

/* Parses "KKMvK"; STATUS_INPUT with a message in err when malformed. */
Status material_parse(const char *text, Material *out, char *err, size_t errlen);
void material_name(const Material *m, char *buf, size_t len);
Material material_of(const Position *p);
Material material_reversed(const Material *m);

/* p's material in the colours its table is stored in (the stronger side White); returns
 * true when that reverses p's colours. */
bool material_stored_of(const Position *p, Material *out);

/* Whether m is its own colour-reversed twin (KvK, KMvKM): a position and its reversal,
 * the other side to move, have the same value, so its table stores one side to move
 * (TableInfo.mirrored). */
static inline bool material_self_symmetric(const Material *m) {
    return m->kings[0] == m->kings[1] && m->men[0] == m->men[1];
}

/* Whether m is the form its table is stored under (the other is read through it). */
bool material_is_canonical(const Material *m);

/* True when a and b are the same. */
bool material_equal(const Material *a, const Material *b);

/* The materials m converts into by one move: captures (fewer pieces) and promotions
 * (a man becoming a king), canonical, without duplicates.  Returns the count. */
int material_successors(const Material *m, Material *out, int max);

/* Room enough for material_exits of any material with up to 16 pieces a side. */
#define MATERIAL_EXITS_MAX (2 * 9 * 9)

/* The materials `side` leaves m for by one capture: any of the opponent's pieces taken but
 * not all, the capturing man promoted or not; as seen from m, not canonical, and at most
 * max of them.  Returns the count. */
int material_captures(const Material *m, int side, Material *out, int max);

/* Those and the promotion of one of side's men without a capture. */
int material_exits(const Material *m, int side, Material *out, int max);

/* qsort order in which every material comes after all it converts into: fewer pieces
 * first, then fewer men (promotion only removes men). */
int material_dependency_order(const void *a, const void *b);

/* Every canonical material with 2..pieces pieces where each side has at least one piece,
 * in an order where every material comes after all it converts into.  Returns the count. */
int material_all(int pieces, Material *out, int max);

/* The position turned 180 degrees with colours swapped, same side to move relative:
 * White to move becomes Black to move. */
void pos_reversed(const Board *b, const Position *p, Position *out);

#endif
