// Edit mode's changes to a square: the palette's "cycle" steps a square through empty, white
// man, white king, black man, black king; any other tool puts its piece there, or takes it
// away when it is already there. A man is never put on its own promotion rank.
import {onPromotionRank} from "./geometry.js";

// What "cycle" puts on a square next, after what is there now.
const CYCLE = ["", "wm", "wk", "bm", "bk"];

function allowed(board, number, piece) {
    return !(piece && piece[1] === "m" && onPromotionRank(board, number, piece[0]));
}

function nextInCycle(board, number, piece) {
    for (let i = CYCLE.indexOf(piece ?? "") + 1;; i++) {
        const next = CYCLE[i % CYCLE.length];
        if (allowed(board, number, next)) return next;
    }
}

/**
 * The piece tool ("cycle", "wm", "wk", "bm", "bk" or "" to empty) leaves on square number
 * that now holds piece (undefined when empty); null when the tool cannot go there.
 */
export function pieceAfter(board, number, piece, tool) {
    if (tool === "cycle") return nextInCycle(board, number, piece);
    if (!allowed(board, number, tool)) return null;
    return tool === piece ? "" : tool;
}
