// PDN FEN (docs/rules.md 1) with Frisian's ":C" king-move counts (docs/rules.md 7.1), read and
// written as rules/fen.c does, and read as other programs write it as rules/fen.c reads it: in a
// PDN tag line [FEN "..."], in lower case, and lidraughts' FEN with its ":H" (half-moves since the
// material of a draw rule arose), ":F" (the move number) and Frisian king-move field
// ":+" Black's count and king (two digits) "+" White's. The page only needs it to draw and
// edit a position; the server's answer is what says whether a position is legal, with its own
// error naming the part.

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
    if (/^[GP]/i.test(token))
        fail(`ghost piece '${token}': lidraughts' FEN of a capture still being played, which ` +
             "has no value until the capture ends");
    const king = /^K/i.test(token);
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
    const match = /^([WB])(\d+)=([1-3])$/i.exec(token);
    if (!match) fail(`bad count '${token}': expected side, square, '=' and a count 1-3`);
    position.counts[match[1].toUpperCase()] = {
        square: readSquare(match[2], token, squares),
        count: +match[3],
    };
}

/** One side's part of lidraughts' king-move field: a count, then its king's square. */
function readLidraughtsCount(position, side, part, field, squares) {
    if (!/^\d(\d\d)?$/.test(part))
        fail(`bad king-move field '${field}': each side's part is a count, then the king's ` +
             "square in two digits");
    const count = +part[0];
    if (count > 3) fail(`count ${count} in '${field}' is not 0 to 3`);
    if (count === 0) return;
    if (part.length === 1) fail(`count ${count} in '${field}' names no king's square`);
    position.counts[side] = {square: readSquare(part.slice(1), field, squares), count};
}

/** lidraughts' king-move field, Black's part first: "+0+0", "+0+246". */
function readLidraughtsCounts(position, field, squares) {
    const parts = field.split("+");
    if (parts.length !== 3 || parts[0] !== "")
        fail(`bad king-move field '${field}': expected '+', Black's count, '+' and White's`);
    readLidraughtsCount(position, "B", parts[1], field, squares);
    readLidraughtsCount(position, "W", parts[2], field, squares);
    // lidraughts keeps a count after its king was taken, or its side lost its men: no limit
    // applies there (docs/rules.md 7.1).
    pruneCounts(position);
}

/** lidraughts' ":H" or ":F": a whole number. */
function readClock(field) {
    if (!/^\d{1,6}$/.test(field.slice(1)))
        fail(`bad field '${field}': '${field[0]}' needs a whole number`);
    return Number(field.slice(1));
}

function readTokens(position, kind, field, squares) {
    const list = field.slice(1) === "" ? [] : field.slice(1).split(",");
    for (const token of list) {
        if (kind === "C")
            readCountToken(position, token, squares);
        else
            readPieceToken(position, kind.toLowerCase(), token, squares);
    }
}

function readField(position, field, squares) {
    const kind = field[0].toUpperCase();
    if (kind === "H")
        position.halfMoves = readClock(field);
    else if (kind === "F")
        readClock(field);
    else if (kind === "+")
        readLidraughtsCounts(position, field, squares);
    else
        readTokens(position, kind, field, squares);
}

/** text without a PDN tag's wrapping ([FEN "..."]) or a final '.', which PDN allows. */
function unwrap(text) {
    let fen = text.trim();
    if (fen.startsWith("[")) {
        const match = /^\[\s*FEN\s*"(.*)"\s*\]$/i.exec(fen);
        if (!match) fail("a PDN tag must read [FEN \"...\"]");
        fen = match[1];
    }
    return fen.endsWith(".") ? fen.slice(0, -1) : fen;
}

/**
 * Parses text for a board of `squares` squares; throws an Error naming the bad part. The
 * position has halfMoves: lidraughts' ":H", null without one.
 */
export function parseFen(text, squares) {
    const fields = unwrap(text).split(":");
    const side = fields[0].toUpperCase();
    if (side !== "W" && side !== "B") fail("a FEN starts with the side to move, W or B, then ':'");
    const position = {...emptyPosition(), side, halfMoves: null};
    // Counts name pieces, so they are read last.
    const last = (field) => /^[C+]/i.test(field);
    for (const field
             of [...fields.slice(1).filter((f) => !last(f)), ...fields.slice(1).filter(last)]) {
        if (!/^[WBCHF+]/i.test(field))
            fail(`unknown field '${field}': expected W, B or C first (or lidraughts' H, F or +)`);
        readField(position, field, squares);
    }
    return position;
}

/**
 * The moves the side with two kings has played in two kings against one king (docs/rules.md 7.2)
 * by lidraughts' ":H", the plies of both sides since that material arose, as dtb_parse_fen
 * reads them: half, and the odd one when the lone king is to move; null without ":H" or in
 * another material.
 */
export function movesPlayedOf(position) {
    const material = materialOf(position);
    const half = position.halfMoves;
    if (half === null || (material !== "KKvK" && material !== "KvKK")) return null;
    const stronger = material === "KKvK" ? "W" : "B";
    const played = Math.floor((half + (stronger === position.side ? 0 : 1)) / 2);
    if (played > 7)
        fail(`':H${half}' in two kings against one gives the stronger side ${played} moves ` +
             "there, past the 7 after which the game is drawn");
    return played;
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
