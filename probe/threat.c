#include "threat.h"

bool threat_bounded(const Variant *v, const Position *p, MoveList *list) {
    Position flipped = *p;
    flipped.side = !p->side;
    if (!movegen_has_capture(v, &flipped)) return false;
    movegen_legal(v, p, list);
    for (int k = 0; k < list->count; k++) {
        Position next;
        movegen_play(v, p, &list->move[k], &next);
        if (!movegen_has_capture(v, &next)) return false;
    }
    return !list->overflow;
}
