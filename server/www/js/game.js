// The moves played from the position set up: a numbered list in the variant's notation
// with the value each move gives its player, the line as PDN, and each move written in full
// (every landing square) for the address, where no two moves of a position read alike.
import {valueText} from "./moves.js";

// PDN's GameType of the variants that have one.
const GAME_TYPES = {
    international: 20,
    brazilian: 26,
    frisian: 40
};

/** A move with its every landing square: "2x20x31x13", "32-28". */
export function fullNotation(move) {
    return [move.from, ...move.path].join(move.capture ? "x" : "-");
}

/** The move of moves that notation (full, or as the server writes it) names, or undefined. */
export function findMove(moves, notation) {
    return moves.find((m) => fullNotation(m) === notation) ??
           moves.find((m) => m.move === notation);
}

// The played moves of game (entries after the first), each with its ply's number and mover.
function plies(game, startSide) {
    const first = startSide === "W" ? 0 : 1; // plies counted from White's first move
    return game.slice(1).map((entry, i) => ({
                                 entry,
                                 index: i + 1,
                                 number: Math.floor((first + i) / 2) + 1,
                                 white: (first + i) % 2 === 0
                             }));
}

// "1." before White's move, "1..." before Black's when it opens a line or a row.
function numberText(ply, opening) {
    if (ply.white) return `${ply.number}.`;
    return opening ? `${ply.number}...` : "";
}

function span(className, text) {
    return Object.assign(document.createElement("span"), {className, textContent: text});
}

function plyButton(ply, shown, goTo) {
    const {move} = ply.entry;
    const button = document.createElement("button");
    button.className = `ply ${move.category}`;
    button.dataset.index = ply.index;
    button.dataset.move = move.move;
    button.dataset.value = valueText(move.category, move.dtw);
    if (ply.index === shown) button.setAttribute("aria-current", "step");
    const name = document.createElement("span");
    name.className = "notation";
    name.textContent = move.move;
    const value = document.createElement("span");
    value.className = "value";
    value.textContent = move.category === "draw" ? "draw" : `${move.category} ${move.dtw}`;
    button.title = `${move.move}: ${button.dataset.value} for its player`;
    button.append(name, " ", value);
    button.addEventListener("click", () => goTo(ply.index));
    return button;
}

/** Fills list (an <ol>) with game's moves, a row a move number; goTo(index) on a click. */
export function drawGame(list, game, shown, startSide, goTo) {
    list.replaceChildren();
    let row = null;
    for (const ply of plies(game, startSide)) {
        if (ply.white || !row) {
            row = document.createElement("li");
            list.append(row);
        }
        const opening = row.childElementCount === 0;
        const number = numberText(ply, opening);
        if (number) row.append(span("number", number));
        if (opening && !ply.white) row.append(span("", "")); // Black's move in Black's column
        row.append(plyButton(ply, shown, goTo));
    }
}

/** The line played as PDN: the set-up position in its FEN tag, then the moves. */
export function pdnOf(variantId, game, startFen, startSide) {
    const tags = [];
    const type = GAME_TYPES[variantId];
    if (type) tags.push(`[GameType "${type}"]`);
    tags.push(`[FEN "${startFen}"]`, `[Result "*"]`);
    const moves = plies(game, startSide)
                      .map((ply, i) => [numberText(ply, i === 0), ply.entry.move.move])
                      .flat()
                      .filter(Boolean);
    return `${tags.join("\n")}\n\n${[...moves, "*"].join(" ")}\n`;
}
