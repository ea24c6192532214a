// The value of the position and its moves grouped winning / drawing / losing for the side
// that plays them, best first as the server sends them, each with its DTW and marks for
// captures and promotions.
export const SIDE_NAME = {
    W: "White",
    B: "Black"
};

// The groups of the list, in order: a move's category is the value it gives its player.
const GROUPS = [
    {category: "win", title: "Winning moves"},
    {category: "draw", title: "Drawing moves"},
    {category: "loss", title: "Losing moves"},
];

/** "win in 9 plies", "draw" or "loss in 4 plies", as dtb-probe lookup words them. */
export function valueText(category, dtw) {
    if (category === "draw") return "draw";
    return `${category} in ${dtw} ${dtw === 1 ? "ply" : "plies"}`;
}

/** The sentence for the side to move: "White to move: win in 9 plies". */
export function positionText(side, answer) {
    const value = valueText(answer.category, answer.dtw);
    const over = answer.game_over ? ` (game over: ${answer.game_over_reason})` : "";
    return `${SIDE_NAME[side]} to move: ${value}${over}`;
}

function marks(move) {
    const list = [];
    if (move.capture) list.push(["capture", "×", "a capture"]);
    if (move.promotion) list.push(["promotion", "♛", "a man becomes a king"]);
    return list;
}

function moveItem(move, handlers) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.className = `move ${move.category}`;
    button.dataset.move = move.move;
    button.dataset.category = move.category;
    button.dataset.dtw = move.dtw;
    const name = document.createElement("span");
    name.className = "notation";
    name.textContent = move.move;
    button.append(name);
    for (const [kind, symbol, title] of marks(move)) {
        const mark = document.createElement("span");
        mark.className = `mark ${kind}`;
        mark.textContent = symbol;
        mark.title = title;
        button.append(mark);
    }
    const value = document.createElement("span");
    value.className = "value";
    value.textContent = valueText(move.category, move.dtw);
    button.append(value);
    button.addEventListener("mouseenter", () => handlers.hover(move));
    button.addEventListener("mouseleave", () => handlers.hover(null));
    button.addEventListener("focus", () => handlers.hover(move));
    button.addEventListener("blur", () => handlers.hover(null));
    button.addEventListener("click", () => handlers.play(move));
    item.append(button);
    return item;
}

/** Fills container with the grouped moves of answer; handlers: {hover(move|null), play(move)}. */
export function drawMoves(container, moves, handlers) {
    container.replaceChildren();
    for (const group of GROUPS) {
        const members = moves.filter((m) => m.category === group.category);
        if (!members.length) continue;
        const section = document.createElement("section");
        section.className = `group ${group.category}`;
        const heading = document.createElement("h3");
        heading.textContent = `${group.title} (${members.length})`;
        const list = document.createElement("ol");
        list.append(...members.map((m) => moveItem(m, handlers)));
        section.append(heading, list);
        container.append(section);
    }
}
