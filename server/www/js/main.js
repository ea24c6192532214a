// The explorer: wires the board, the setup controls, the moves and the material page to
// the page's state, which lives in the URL (url_state.js).
import * as api from "./api.js";
import {drawBoard, squareAt} from "./board.js";
import {drawCount, readCount} from "./counts.js";
import {emptyPosition, formatFen, materialOf, parseFen, pruneCounts} from "./fen.js";
import {boardOf, onPromotionRank} from "./geometry.js";
import {showMaterial} from "./material.js";
import {drawMoves, moveShape, positionText} from "./moves.js";
import {linkTo, pushUrl, readUrl, replaceUrl} from "./url_state.js";

// What a click on a square puts there next, after what is there now.
const CYCLE = ["", "wm", "wk", "bm", "bk"];
const LINE_STEP_MS = 700; // pause between the moves of "play the best line"
// Frisian's draw rules count the moves played in two kings against one (docs/rules.md 7.2).
const TWO_KINGS_V_ONE = ["KKvK", "KvKK"];

const $ = (id) => document.getElementById(id);

const state = {
    variants: [],
    variant: null, // the entry of /api/variants shown
    board: null,
    position: emptyPosition(),
    rules: "official",
    movesPlayed: 0, // in two kings against one, under Frisian's draw rules
    game: [],       // the positions reached by the moves played: {fen, moves_played} each
    index: 0,       // the one shown
    hovered: null,
    request: 0,    // the newest probe: older answers arriving late are dropped
    playing: null, // timer of "play the best line"
};

function showError(message) {
    $("error").textContent = message || "";
    $("error").hidden = !message;
}

function fen() { return formatFen(state.position, state.board.squares); }

/**
 * The position as the address and the API take it; rules and moves_played only where the
 * variant has draw rules.
 */
function view() {
    const drawRules = state.variant.draw_rules;
    return {
        variant: state.variant.id,
        fen: state.position.pieces.size ? fen() : undefined,
        rules: drawRules ? state.rules : undefined,
        moves_played: drawRules ? state.movesPlayed : undefined,
    };
}

function query() {
    const {fen, rules, moves_played} = view();
    return {fen, rules, moves_played};
}

/** The position shown as an entry of the moves played. */
function step() { return {fen: fen(), moves_played: state.movesPlayed}; }

function redraw() {
    const move = state.hovered && moveShape(state.hovered, state.position, state.board.squares);
    drawBoard($("board"), state.board, state.position, {showNumbers: $("numbers").checked, move});
}

function drawSetup() {
    $("fen").value = fen();
    document.querySelector(`input[name=side][value=${state.position.side}]`).checked = true;
    $("rules-box").hidden = !state.variant.draw_rules;
    document.querySelector(`input[name=rules][value=${state.rules}]`).checked = true;
    $("counts-box").hidden = !state.variant.king_move_limit;
    for (const side of ["W", "B"]) drawCount($(`count-${side}`), state.position, side);
    $("moves-played-box").hidden = !state.variant.draw_rules;
    $("moves-played").value = state.movesPlayed;
    $("moves-played").disabled = !TWO_KINGS_V_ONE.includes(materialOf(state.position));
    $("back").disabled = state.index === 0;
    $("forward").disabled = state.index >= state.game.length - 1;
    const material = materialOf(state.position);
    const link = $("material-link");
    // The server keeps a material once, in either colour order, and answers both orders.
    const colourSwapped = material.split("v").reverse().join("v");
    link.hidden = !state.variant.materials.some((m) => m === material || m === colourSwapped);
    link.textContent = `Statistics of ${material}`;
    link.href = linkTo({variant: state.variant.id, material, rules: view().rules});
}

function showValue(text, category) {
    $("value").textContent = text;
    $("value").dataset.category = category || "";
}

async function probe() {
    const request = ++state.request;
    drawMoves($("moves"), [], moveHandlers);
    if (!state.position.pieces.size)
        return showValue("Empty board: click squares to place pieces, paste a FEN, or open " +
                         "Materials for the longest win of each material.");
    showValue("…");
    try {
        const answer = await api.probe(state.variant.id, query());
        if (request !== state.request) return;
        showValue(positionText(state.position.side, answer), answer.category);
        drawMoves($("moves"), answer.moves, moveHandlers);
    } catch (error) {
        if (request === state.request) showValue(error.message, "error");
    }
}

/** Shows position (already in state) everywhere and asks the server for its value. */
function refresh() {
    state.hovered = null;
    redraw();
    drawSetup();
    probe();
}

function stopLine() {
    clearTimeout(state.playing);
    state.playing = null;
    $("best-line").textContent = "Play the best line";
}

/** A position set anew, which no moves played lead to; record is pushUrl or replaceUrl. */
function startGame(record) {
    stopLine();
    state.game = [step()];
    state.index = 0;
    record(view());
    refresh();
}

/** An edit of the position: recorded in place of the address, not as a step back. */
function edited() {
    pruneCounts(state.position);
    if (!TWO_KINGS_V_ONE.includes(materialOf(state.position))) state.movesPlayed = 0;
    startGame(replaceUrl);
}

function goTo(index) {
    state.index = index;
    state.position = parseFen(state.game[index].fen, state.board.squares);
    state.movesPlayed = state.game[index].moves_played ?? 0;
    pushUrl(view());
    refresh();
}

/** Plays a move: next is the server's move object, or any {fen, moves_played}. */
function play(next) {
    state.game = state.game.slice(0, state.index + 1).concat(next);
    goTo(state.index + 1);
}

const moveHandlers = {
    hover(move) {
        state.hovered = move;
        redraw();
    },
    play(move) {
        stopLine();
        play(move);
    },
};

function nextPiece(number, piece) {
    for (let i = CYCLE.indexOf(piece ?? "") + 1;; i++) {
        const next = CYCLE[i % CYCLE.length];
        if (!(next && next[1] === "m" && onPromotionRank(state.board, number, next[0])))
            return next;
    }
}

function clickSquare(event) {
    const number = squareAt(event);
    if (number === null) return;
    const next = nextPiece(number, state.position.pieces.get(number));
    if (next)
        state.position.pieces.set(number, next);
    else
        state.position.pieces.delete(number);
    edited();
}

async function playBestLine() {
    if (state.playing) return stopLine();
    try {
        const answer = await api.mainline(state.variant.id, query());
        const steps = answer.mainline;
        $("best-line").textContent = "Stop";
        const step = (i) => {
            if (i >= steps.length) return stopLine();
            play(steps[i]);
            state.playing = setTimeout(() => step(i + 1), LINE_STEP_MS);
        };
        state.playing = setTimeout(() => step(0), 0);
    } catch (error) {
        showError(error.message);
    }
}

/** Shows variant id, or the first served when id is absent or not served (said so). */
function chooseVariant(id) {
    let variant = state.variants.find((v) => v.id === id);
    if (!variant && id) {
        const served = state.variants.map((v) => v.id).join(", ");
        showError(`variant '${id}' in the address is not served here (served: ${served})`);
    }
    variant ??= state.variants[0];
    if (variant === state.variant) return;
    state.variant = variant;
    state.board = boardOf(variant);
    $("variant").value = variant.id;
    state.game = [];
    state.index = 0;
}

function showPosition(url) {
    $("position-page").hidden = false;
    $("material-page").hidden = true;
    state.rules = url.rules === "pure" ? "pure" : "official";
    state.movesPlayed = Number(url.moves_played) || 0;
    try {
        state.position = url.fen ? parseFen(url.fen, state.board.squares) : emptyPosition();
    } catch (error) {
        showError(`FEN in the address: ${error.message}`);
        state.position = emptyPosition();
    }
    const here = step();
    const known = state.game.findIndex((s) => s.fen === here.fen &&
                                              (s.moves_played ?? 0) === here.moves_played);
    if (known >= 0)
        state.index = known;
    else
        [state.game, state.index] = [[here], 0];
    refresh();
}

/** Shows what the address bar says: on load, and when the browser goes back or forward. */
function showUrl() {
    stopLine();
    showError("");
    const url = readUrl();
    chooseVariant(url.variant);
    if (url.material) {
        $("position-page").hidden = true;
        $("material-page").hidden = false;
        showMaterial(state.variant, url.material, url.rules, $("stats"), $("material"));
    } else {
        showPosition(url);
    }
}

function navigate(target) {
    pushUrl(target);
    showUrl();
}

function setFen(event) {
    event.preventDefault();
    try {
        state.position = parseFen($("fen").value, state.board.squares);
        showError("");
    } catch (error) {
        return showError(`FEN: ${error.message}`);
    }
    startGame(pushUrl);
}

function listenBoard() {
    $("board").addEventListener("click", clickSquare);
    $("numbers").addEventListener("change", redraw);
    $("back").addEventListener("click", () => goTo(state.index - 1));
    $("forward").addEventListener("click", () => goTo(state.index + 1));
    $("best-line").addEventListener("click", playBestLine);
    $("clear").addEventListener("click", () => {
        state.position = emptyPosition();
        edited();
    });
}

function listenSetup() {
    $("fen-form").addEventListener("submit", setFen);
    $("side").addEventListener("change", (e) => {
        state.position.side = e.target.value;
        edited();
    });
    $("rules-box").addEventListener("change", (e) => {
        state.rules = e.target.value;
        replaceUrl(view());
        probe();
    });
    for (const side of ["W", "B"])
        $(`count-${side}`).addEventListener("change", (e) => {
            state.position.counts[side] = readCount(e.target);
            edited();
        });
    $("moves-played").addEventListener("change", (e) => {
        state.movesPlayed = Math.min(7, Math.max(0, Math.trunc(+e.target.value) || 0));
        edited();
    });
}

/** Links between the pages: each a new entry of the browser's history. */
function listenNavigation() {
    const here = () => ({variant: state.variant.id, rules: view().rules});
    $("variant").addEventListener("change", (e) => navigate({variant: e.target.value}));
    $("material")
        .addEventListener("change", (e) => navigate({...here(), material: e.target.value}));
    $("to-position").addEventListener("click", (e) => {
        e.preventDefault();
        navigate({...here(), ...state.game[state.index]});
    });
    $("to-material").addEventListener("click", (e) => {
        e.preventDefault();
        navigate({...here(), material: state.variant.materials.at(-1)});
    });
    window.addEventListener("popstate", showUrl);
}

async function start() {
    try {
        const answer = await api.variants();
        // A variant's folder without tables (its MANIFEST alone) has nothing to show.
        state.variants = answer.variants.filter((v) => v.materials.length);
    } catch (error) {
        return showError(`Cannot list the variants: ${error.message}`);
    }
    if (!state.variants.length)
        return showError("No tables under the server's root: build some with dtb-gen.");
    for (const v of state.variants) $("variant").append(new Option(v.id, v.id));
    listenBoard();
    listenSetup();
    listenNavigation();
    showUrl();
}

start();
