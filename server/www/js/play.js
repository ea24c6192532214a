// Playing on the board: a piece is picked by pressing on it and put down on a target by a
// second click, or dragged there and released. The moves are the server's, so only legal
// ones are offered; several captures from one square to one target are all handed on, for
// the page to ask which one.
import {boardPoint, dragPiece, squareUnder} from "./board.js";

const DRAG_START = 2; // board units (a fifth of a square) a press must travel to be a drag

/** The squares the moves from square land on. */
export function targetsOf(moves, square) {
    return [...new Set(moves.filter((m) => m.from === square).map((m) => m.to))];
}

/**
 * Listens to svg's pointer; table: {active(), board(), moves(), selected(), select(square or
 * null), play(candidates: the moves from one square to one target)}.
 */
export function listenPlay(svg, table) {
    let drag = null; // {from, start, moved, pointer}

    const tryMove = (from, to) => {
        const candidates = table.moves().filter((m) => m.from === from && m.to === to);
        if (candidates.length) table.play(candidates);
        return candidates.length > 0;
    };

    svg.addEventListener("pointerdown", (event) => {
        if (!table.active() || event.button !== 0) return;
        const square = squareUnder(svg, table.board(), event);
        const selected = table.selected();
        if (selected !== null && targetsOf(table.moves(), selected).includes(square) &&
            tryMove(selected, square))
            return;
        if (square === null || !targetsOf(table.moves(), square).length) return table.select(null);
        table.select(square);
        drag =
            {from: square, start: boardPoint(svg, event), moved: false, pointer: event.pointerId};
        svg.setPointerCapture(event.pointerId);
        event.preventDefault();
    });

    svg.addEventListener("pointermove", (event) => {
        if (!drag || event.pointerId !== drag.pointer) return;
        const point = boardPoint(svg, event);
        drag.moved ||= Math.hypot(point.x - drag.start.x, point.y - drag.start.y) > DRAG_START;
        if (drag.moved) dragPiece(svg, drag.from, point);
    });

    const drop = (event) => {
        if (!drag || event.pointerId !== drag.pointer) return;
        const {from, moved} = drag;
        drag = null;
        if (!moved) return; // a click: the piece stays picked, for a click on its target
        const square = squareUnder(svg, table.board(), event);
        if (square === from || !tryMove(from, square)) table.select(from); // back in place
    };
    svg.addEventListener("pointerup", drop);
    svg.addEventListener("pointercancel", drop);
}
