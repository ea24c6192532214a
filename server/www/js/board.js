// The board as SVG in the variant's orientation, White at the bottom unless flipped
// (docs/rules.md 1): dark squares carry their number (shown on demand) and take clicks. Over it
// go the last move's squares, the piece picked and its targets, and the moves shown (hovered
// in the list, or offered when several captures share a start and a target): a line from
// the start through every landing square, each captured piece crossed out.
import {cellOf, squareOf} from "./geometry.js";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 10;         // user units a square; the viewBox scales it to the element's size
export const ROUTES = 3; // line styles of the moves shown at once, used in turn

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

function tint(svg, board, number, className) {
    const {row, col} = cellOf(board, number);
    const square = element(
        "rect", {class: className, x: col * CELL, y: row * CELL, width: CELL, height: CELL}, svg);
    square.dataset.square = number;
}

function drawSquares(svg, board) {
    element("rect", {class: "light", width: board.size * CELL, height: board.size * CELL}, svg);
    for (let n = 1; n <= board.squares; n++) tint(svg, board, n, "dark");
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

// A move's line from its start through every landing square (the API's path).
function routeLine(svg, board, move, attributes) {
    const squares = [move.from, ...move.path];
    const points = squares.map((n) => centre(board, n)).map((p) => `${p.x},${p.y}`).join(" ");
    element("polyline", {...attributes, points}, svg).dataset.squares = squares.join(" ");
}

function drawPath(svg, board, move, index) {
    for (const n of move.path) tint(svg, board, n, "path");
    const route = index % ROUTES;
    routeLine(svg, board, move,
              {class: `arrow route-${route}`, "marker-end": `url(#head-${route})`});
}

// The last move: its start and end tinted, a thin line through a capture's landing squares.
function drawLastMove(svg, board, move) {
    for (const n of [move.from, move.to]) tint(svg, board, n, "last");
    if (move.capture) routeLine(svg, board, move, {class: "last-route"});
}

function drawTaken(svg, board, move) {
    for (const n of move.captured) {
        const {x, y} = centre(board, n);
        const cross = element("path", {
            class: "taken",
            d: `M${x - 3},${y - 3}L${x + 3},${y + 3}M${x + 3},${y - 3}L${x - 3},${y + 3}`
        },
                              svg);
        cross.dataset.square = n;
    }
}

function drawTarget(svg, board, number) {
    const {x, y} = centre(board, number);
    element("circle", {class: "target", cx: x, cy: y, r: CELL * 0.15}, svg).dataset.square = number;
}

// One arrow head a route colour, so that several paths shown at once stay apart.
function arrowHeads(svg) {
    const defs = element("defs", {}, svg);
    for (let i = 0; i < ROUTES; i++) {
        const marker = element("marker", {
            id: `head-${i}`,
            viewBox: "0 0 4 4",
            refX: 2,
            refY: 2,
            markerWidth: 3,
            markerHeight: 3,
            orient: "auto"
        },
                               defs);
        element("path", {d: "M0,0 L4,2 L0,4 Z", class: `head route-${i}`}, marker);
    }
}

/**
 * Draws position on board into svg. view: {showNumbers, lastMove (a move or null),
 * selected (a square or null), targets (squares), shown (moves to draw)}.
 */
export function drawBoard(svg, board, position, view) {
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${board.size * CELL} ${board.size * CELL}`);
    arrowHeads(svg);
    drawSquares(svg, board);
    if (view.lastMove) drawLastMove(svg, board, view.lastMove);
    if (view.selected) tint(svg, board, view.selected, "selected");
    view.shown.forEach((move, i) => drawPath(svg, board, move, i));
    for (const [number, piece] of position.pieces) drawPiece(svg, board, number, piece);
    for (const move of view.shown) drawTaken(svg, board, move);
    for (const n of view.targets) drawTarget(svg, board, n);
    if (view.showNumbers) drawNumbers(svg, board);
}

/** The point of a pointer event in the board's own units. */
export function boardPoint(svg, event) {
    return new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
}

/** The number of the square under a pointer event, or null. */
export function squareUnder(svg, board, event) {
    const {x, y} = boardPoint(svg, event);
    return squareOf(board, Math.floor(y / CELL), Math.floor(x / CELL));
}

/** Moves the piece drawn on square number to the point {x, y}, over everything else. */
export function dragPiece(svg, number, point) {
    const piece = svg.querySelector(`.piece[data-square="${number}"]`);
    if (!piece) return;
    piece.setAttribute("transform", `translate(${point.x},${point.y})`);
    piece.classList.add("dragged");
    svg.appendChild(piece);
}
