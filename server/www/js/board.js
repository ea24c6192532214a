// The board as SVG in the variant's orientation, White at the bottom (docs/rules.md 1): dark
// squares carry their number (shown on demand) and take clicks; a move hovered in the list
// is drawn over it as an arrow through its landing squares, its captured pieces crossed.
import {cellOf} from "./geometry.js";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 10; // user units a square; the viewBox scales it to the element's size

// A crown drawn on a king, in units of a square, centred on the piece.
const CROWN = "M-2.6,1.4 L-3,-1.6 L-1.4,-0.2 L0,-2.2 L1.4,-0.2 L3,-1.6 L2.6,1.4 Z";

function element(name, attributes, parent) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (parent) parent.appendChild(node);
    return node;
}

function centre(board, number) {
    const {row, col} = cellOf(board, number);
    return {x: col * CELL + CELL / 2, y: row * CELL + CELL / 2};
}

function drawSquares(svg, board) {
    element("rect", {class: "light", width: board.size * CELL, height: board.size * CELL}, svg);
    for (let n = 1; n <= board.squares; n++) {
        const {row, col} = cellOf(board, n);
        const square = element(
            "rect", {class: "dark", x: col * CELL, y: row * CELL, width: CELL, height: CELL}, svg);
        square.dataset.square = n;
    }
}

// Numbers go over the pieces, in a square's corner, so that none is hidden.
function drawNumbers(svg, board) {
    for (let n = 1; n <= board.squares; n++) {
        const {row, col} = cellOf(board, n);
        const label =
            element("text", {class: "number", x: col * CELL + 0.6, y: row * CELL + 2.4}, svg);
        label.textContent = n;
    }
}

function drawPiece(svg, board, number, piece) {
    const {x, y} = centre(board, number);
    const group = element("g", {class: `piece ${piece}`, transform: `translate(${x},${y})`}, svg);
    group.dataset.square = number;
    element("circle", {class: "body", r: CELL * 0.4}, group);
    element("circle", {class: "rim", r: CELL * 0.3}, group);
    if (piece[1] === "k") element("path", {class: "crown", d: CROWN}, group);
}

function drawPath(svg, board, move) {
    const points = move.squares.map((n) => centre(board, n));
    for (const n of move.squares) {
        const {row, col} = cellOf(board, n);
        element("rect", {class: "path", x: col * CELL, y: row * CELL, width: CELL, height: CELL},
                svg);
    }
    const line = points.map((p) => `${p.x},${p.y}`).join(" ");
    element("polyline", {class: "arrow", points: line, "marker-end": "url(#head)"}, svg);
}

function drawTaken(svg, board, move) {
    for (const n of move.captured) {
        const {x, y} = centre(board, n);
        element("path", {
            class: "taken",
            d: `M${x - 3},${y - 3}L${x + 3},${y + 3}M${x + 3},${y - 3}L${x - 3},${y + 3}`
        },
                svg);
    }
}

function arrowHead(svg) {
    const defs = element("defs", {}, svg);
    const marker = element("marker", {
        id: "head",
        viewBox: "0 0 4 4",
        refX: 2,
        refY: 2,
        markerWidth: 3,
        markerHeight: 3,
        orient: "auto"
    },
                           defs);
    element("path", {d: "M0,0 L4,2 L0,4 Z", class: "head"}, marker);
}

/** Draws position on board into svg; move (or null) is {squares, captured} to show. */
export function drawBoard(svg, board, position, {showNumbers, move}) {
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${board.size * CELL} ${board.size * CELL}`);
    arrowHead(svg);
    drawSquares(svg, board);
    if (move) drawPath(svg, board, move);
    for (const [number, piece] of position.pieces) drawPiece(svg, board, number, piece);
    if (move) drawTaken(svg, board, move);
    if (showNumbers) drawNumbers(svg, board);
}

/** The square number a click on svg landed on, or null. */
export function squareAt(event) {
    const target = event.target.closest("[data-square]");
    return target ? Number(target.dataset.square) : null;
}
