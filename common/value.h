/* A position's value as the tables store it and every room passes it: a cell of 16 bits. */
#ifndef DTB_VALUE_H
#define DTB_VALUE_H

#include <stdint.h>

/* A position's value for the side to move: the WDL in the low 2 bits, the DTW in plies
 * above them. */
typedef uint16_t Cell;
enum { WDL_NONE = 0, WDL_LOSS = 1, WDL_DRAW = 2, WDL_WIN = 3 };
#define CELL_WDL(c)         ((c)&3)
#define CELL_DTW(c)         ((c) >> 2)
#define CELL_MAKE(wdl, dtw) ((Cell)(((dtw) << 2) | (wdl)))
#define CELL_DTW_MAX        16383
/* The largest DTW a table may store: a probe adds a ply to it for each capture it searches
 * and once more for a move's value, at most a piece a ply, so this leaves room for them. */
#define CELL_DTW_STORED_MAX (CELL_DTW_MAX - 64)

#endif
