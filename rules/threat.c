#include "threat.h"

/* A move that leaves the threat's first capture found standing needs no new search for
 * one: most of a bounded threat's moves, and those before the escape of another threat.
 * Marking a Scandinavian table's bounded threats spent most of its time in those
 * searches. */
bool threat_bounded(const Variant *v, const Position *p, MoveList *list) {
    Position flipped = *p;
    flipped.side = !p->side;
    CaptureWitness threat;
    if (!movegen_capture_witness(v, &flipped, &threat)) return false;
    movegen_legal(v, p, list);
    for (int k = 0; k < list->count; k++) {
        if (movegen_capture_stands(&threat, &list->move[k])) continue;
        Position next;
        movegen_play(v, p, &list->move[k], &next);
        if (!movegen_has_capture(v, &next)) return false;
    }
    return !list->overflow;
}
