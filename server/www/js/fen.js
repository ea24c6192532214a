// PDN FEN (docs/rules.md 1) with Frisian's ":C" king-move counts (docs/rules.md 7.1), read
// and written as rules/fen.c does. The page only needs it to draw and edit a position; the server's
// answer is what says whether a position is legal, with its own error naming the part.

/**
 * A position: side "W" or "B"; pieces: Map square -> "wm" | "wk" | "bm" | "bk";
 * counts: {W, B}, each null or {square, count}.
 */
export function emptyPosition() {
    return {side: "W", pieces: new Map(), counts: {W: null, B: null}};
}

function fail(message) { throw new Error(message); }

function readSquare(text, token, squares) {
    if (!/^\d+$/.test(text)) fail(`bad token '${token}': expected a square number`);
    const n = Number(text);
    if (n < 1 || n > squares) fail(`square ${text} in '${token}' is off the board (1-${squares})`);
    return n;
}

function readPieceToken(position, colour, token, squares) {
    const king = token.startsWith("K");
    const [first, last = first] = (king ? token.slice(1) : token).split("-");
    const from = readSquare(first, token, squares);
    const to = readSquare(last, token, squares);
    if (to < from) fail(`bad range '${token}': it runs backwards`);
    for (let n = from; n <= to; n++) {
        if (position.pieces.has(n)) fail(`square ${n} is listed twice ('${token}')`);
        position.pieces.set(n, colour + (king ? "k" : "m"));
    }
}

function readCountToken(position, token, squares) {
    const match = /^([WB])(\d+)=([1-3])$/.exec(token);
    if (!match) fail(`bad count '${token}': expected side, square, '=' and a count 1-3`);
    position.counts[match[1]] = {square: readSquare(match[2], token, squares), count: +match[3]};
}

function readField(position, field, squares) {
    const list = field.slice(1) === "" ? [] : field.slice(1).split(",");
    for (const token of list) {
        if (field[0] === "C")
            readCountToken(position, token, squares);
        else
            readPieceToken(position, field[0].toLowerCase(), token, squares);
    }
}

/** Parses text for a board of `squares` squares; throws an Error naming the bad part. */
export function parseFen(text, squares) {
    const fields = text.trim().split(":");
    if (fields[0] !== "W" && fields[0] !== "B")
        fail("a FEN starts with the side to move, W or B, then ':'");
    const position = emptyPosition();
    position.side = fields[0];
    for (const field of fields.slice(1)) {
        if (!"WBC".includes(field[0] || "?"))
            fail(`unknown field '${field}': expected W, B or C first`);
        readField(position, field, squares);
    }
    return position;
}

function pieceList(position, colour, squares) {
    const tokens = [];
    for (let n = 1; n <= squares; n++) {
        const piece = position.pieces.get(n);
        if (piece && piece[0] === colour) tokens.push((piece[1] === "k" ? "K" : "") + n);
    }
    return tokens.join(",");
}

/** The FEN of position, White's pieces first in square order, as rules/fen.c writes it. */
export function formatFen(position, squares) {
    let fen = `${position.side}:W${pieceList(position, "w", squares)}:B${
        pieceList(position, "b", squares)}`;
    const counts =
        ["W", "B"]
            .filter((side) => position.counts[side])
            .map((side) => `${side}${position.counts[side].square}=${position.counts[side].count}`);
    return counts.length ? `${fen}:C${counts.join(",")}` : fen;
}

/** The material's name as dtb names tables: White's kings and men, "v", Black's ("KKMvK"). */
export function materialOf(position) {
    const count = (piece) => [...position.pieces.values()].filter((p) => p === piece).length;
    const side = (c) => "K".repeat(count(c + "k")) + "M".repeat(count(c + "m"));
    return `${side("w")}v${side("b")}`;
}

/**
 * Drops king-move counts the position no longer allows (docs/rules.md 7.1): the counted king
 * gone, or its side left without men.
 */
export function pruneCounts(position) {
    for (const side of ["W", "B"]) {
        const c = position.counts[side];
        const colour = side.toLowerCase();
        const hasMen = [...position.pieces.values()].includes(colour + "m");
        if (c && (position.pieces.get(c.square) !== colour + "k" || !hasMen))
            position.counts[side] = null;
    }
}
