// Where each numbered square lies on the screen (docs/rules.md 1): squares are numbered in
// reading order from White's side, and White sits at the bottom, so square 1 is on the top
// row. The dark squares of the top row start on file b (standard) or file a (mirrored).
// A flipped board turns it half a turn, Black at the bottom.

/** The board of a variant as /api/variants describes it, seen from White's side. */
export function boardOf(variant) {
    return {
        size: variant.board_size,
        squares: variant.squares,
        mirrored: !!variant.mirrored,
        flipped: false
    };
}

// {row, col} of square number with White at the bottom.
function whiteSideCell(board, number) {
    const perRow = board.size / 2;
    const row = Math.floor((number - 1) / perRow);
    const dark = (number - 1) % perRow;
    const shift = board.mirrored ? row % 2 : (row + 1) % 2;
    return {row, col: 2 * dark + shift};
}

/** {row, col} on screen (0-based, row 0 at the top) of square number (1-based). */
export function cellOf(board, number) {
    const {row, col} = whiteSideCell(board, number);
    const last = board.size - 1;
    return board.flipped ? {row: last - row, col: last - col} : {row, col};
}

/** The number of the square at {row, col} on screen, or null for a light or outside cell. */
export function squareOf(board, row, col) {
    const last = board.size - 1;
    if (row < 0 || col < 0 || row > last || col > last) return null;
    if (board.flipped) [row, col] = [last - row, last - col];
    const number = row * (board.size / 2) + Math.floor(col / 2) + 1;
    const cell = whiteSideCell(board, number);
    return cell.col === col ? number : null;
}

/** Is a man of this colour ("w" or "b") on its promotion rank here? */
export function onPromotionRank(board, number, colour) {
    const {row} = whiteSideCell(board, number);
    return colour === "w" ? row === 0 : row === board.size - 1;
}
