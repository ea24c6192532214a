// The page's FEN reader (server/www/js/fen.js) on the FENs other programs write: every
// "format" case of tests/data/fen_forms.txt must read to the FEN probe/fen.c writes, which
// that file gives; and lidraughts' ":H" must give the moves played as dtb_parse_fen does
// (tests/lookup/test_lidraughts_fen.sh).
// usage: node test_fen.mjs FEN_JS FEN_FORMS
import {readFileSync} from "node:fs";

const [fenJs, formsFile] = process.argv.slice(2);
// fen.js imports nothing, so it loads as a module from its text, wherever it lies.
const fen = await import("data:text/javascript," + encodeURIComponent(readFileSync(fenJs, "utf8")));
const SQUARES = {brazilian: 32};
let failed = 0;

function check(what, ok, detail) {
    console.log(`${ok ? "ok  " : "FAIL"} ${what}${ok ? "" : ": " + detail}`);
    if (!ok) failed++;
}

function read(text, variant) {
    try {
        return fen.parseFen(text, SQUARES[variant] ?? 50);
    } catch (error) {
        return error;
    }
}

for (const line of readFileSync(formsFile, "utf8").split("\n")) {
    const [kind, variant, text, want] = line.split("|").map((f) => f.trim());
    if (kind !== "format") continue;
    const position = read(text, variant);
    const got = position instanceof Error ? position.message
                                          : fen.formatFen(position, SQUARES[variant] ?? 50);
    check(`${variant} ${text}`, got === want, `read as ${got}, not ${want}`);
}

// White's king-pair on 1 and 2 against Black's king on 17: White (the stronger) to move has
// played H/2 moves, Black to move (H+1)/2.
for (const [text, played] of [["W:WK1,K2:BK17:H10:F40", 5], ["W:WK1,K2:BK17:H11", 5],
                              ["B:WK1,K2:BK17:H11", 6], ["B:WK17:BK1,K2:H12", 6],
                              ["W:WK1,K2:BK17", null], ["W:W28,K1,K2:BK17:H10", null]]) {
    const got = fen.movesPlayedOf(read(text, "frisian"));
    check(`${text}: ${played} moves played`, got === played, got);
}

for (const [text, message] of [
         ["W:WG31:B1", "ghost piece 'G31'"],
         ["W:W31:B1:Hx", "bad field 'Hx'"],
         ["W:W28,K46:BK43:+0+446", "count 4 in '+0+446' is not 0 to 3"],
         ["W:W28,K46:BK43:+0+2", "count 2 in '+0+2' names no king's square"],
         ["W:W28,K46:BK43:+0", "bad king-move field '+0'"],
         ['[Event "x"]', "a PDN tag must read"],
         ["x:w31:b1", "starts with the side to move"],
     ]) {
    const got = read(text, "frisian");
    check(`${text} refused`, got instanceof Error && got.message.includes(message),
          got instanceof Error ? got.message : "accepted");
}
const over = read("W:WK1,K2:BK17:H16", "frisian");
let refusal = "";
try {
    fen.movesPlayedOf(over);
} catch (error) {
    refusal = error.message;
}
check("H16: past the 7 moves", refusal.includes("':H16' in two kings against one"), refusal);

console.log(failed ? `${failed} failed` : "all passed");
process.exit(failed ? 1 : 0);
