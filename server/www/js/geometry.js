// Where each numbered square lies on the screen (docs/rules.md 1): squares are numbered in
// reading order from White's side, and White sits at the bottom, so square 1 is on the top
// row. The dark squares of the top row start on file b (standard) or file a (mirrored).

/** The board of a variant as /api/variants describes it. */
export function boardOf(variant) {
    return {size: variant.board_size, squares: variant.squares, mirrored: !!variant.mirrored};
}

/** {row, col} on screen (0-based, row 0 at the top) of square number (1-based). */
export function cellOf(board, number) {
    const perRow = board.size / 2;
    const row = Math.floor((number - 1) / perRow);
    const dark = (number - 1) % perRow;
    const shift = board.mirrored ? row % 2 : (row + 1) % 2;
    return {row, col: 2 * dark + shift};
}

/** Is a man of this colour ("w" or "b") on its promotion rank here? */
export function onPromotionRank(board, number, colour) {
    const {row} = cellOf(board, number);
    return colour === "w" ? row === 0 : row === board.size - 1;
}
