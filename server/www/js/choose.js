// The question asked when several captures from one square reach the same target: a list
// under the board, one button a capture with its landing squares and the pieces it takes,
// marked with the line its path is drawn in.
import {ROUTES} from "./board.js";
import {fullNotation} from "./game.js";

const $ = (id) => document.getElementById(id);

/** Asks which of candidates to play; handlers: {hover(move or null), choose(move or null)}. */
export function askWhich(candidates, handlers) {
    const list = $("choose-list");
    list.replaceChildren(...candidates.map((move, i) => {
        const button = document.createElement("button");
        button.className = `choice ${move.category}`;
        button.dataset.move = fullNotation(move);
        const swatch = document.createElement("span");
        swatch.className = `swatch route-${i % ROUTES}`; // as the board draws its path
        button.append(swatch, `${fullNotation(move)} (takes ${move.captured.join(", ")})`);
        button.addEventListener("mouseenter", () => handlers.hover(move));
        button.addEventListener("mouseleave", () => handlers.hover(null));
        button.addEventListener("click", () => handlers.choose(move));
        return button;
    }));
    $("choose-cancel").onclick = () => handlers.choose(null);
    $("choose").hidden = false;
    list.firstChild.focus();
}

/** Takes the question away. */
export function closeQuestion() { $("choose").hidden = true; }
