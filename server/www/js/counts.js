// Frisian's king-move counts (docs/rules.md 7.1) as two selects, one a side: "none", or one of
// the side's kings with the number of moves it has made in a row. A side needs both men
// and kings for a count to exist.

function option(value, text) {
    const node = document.createElement("option");
    node.value = value;
    node.textContent = text;
    return node;
}

function kingsOf(position, colour) {
    return [...position.pieces]
        .filter(([, p]) => p === colour + "k")
        .map(([n]) => n)
        .sort((a, b) => a - b);
}

/** Fills the select of side ("W" or "B") from position. */
export function drawCount(select, position, side) {
    const colour = side.toLowerCase();
    const kings = kingsOf(position, colour);
    const hasMen = [...position.pieces.values()].includes(colour + "m");
    select.replaceChildren(option("", "none"));
    for (const king of hasMen ? kings : [])
        for (let count = 1; count <= 3; count++)
            select.append(option(`${king}=${count}`, `king ${king}: ${count}`));
    const current = position.counts[side];
    select.value = current ? `${current.square}=${current.count}` : "";
    select.disabled = select.options.length === 1;
}

/** The count a select holds: null or {square, count}. */
export function readCount(select) {
    if (!select.value) return null;
    const [square, count] = select.value.split("=").map(Number);
    return {square, count};
}
