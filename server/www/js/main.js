// The explorer: wires the board, the setup controls, the moves and the material page to
// the page's state, which lives in the URL (url_state.js).
import * as api from "./api.js";
import {drawBoard, squareUnder} from "./board.js";
import {askWhich, closeQuestion} from "./choose.js";
import {copyText} from "./clipboard.js";
import {drawCount, readCount} from "./counts.js";
import {pieceAfter} from "./edit.js";
import {
    emptyPosition,
    formatFen,
    materialOf,
    movesPlayedOf,
    parseFen,
    pruneCounts,
} from "./fen.js";
import {drawGame, findMove, fullNotation, pdnOf} from "./game.js";
import {boardOf} from "./geometry.js";
import {showMaterial} from "./material.js";
import {drawMoves, positionText, SIDE_NAME} from "./moves.js";
import {listenPlay, targetsOf} from "./play.js";
import {markFen, showError, showValue} from "./status.js";
import {linkTo, pushUrl, readUrl, replaceUrl} from "./url_state.js";

// Pause between the moves of "play the best line", by the speed chosen.
const SPEEDS = {
    slow: 1400,
    normal: 700,
    fast: 250
};
// Frisian's draw rules count the moves played in two kings against one (docs/rules.md 7.2).
const TWO_KINGS_V_ONE = ["KKvK", "KvKK"];
const NOT_TYPED = new Set(["INPUT", "SELECT", "TEXTAREA"]); // where keys are the field's own

const $ = (id) => document.getElementById(id);

const state = {
    variants: [],
    variant: null, // the entry of /api/variants shown
    board: null,
    position: emptyPosition(), // the one shown
    rules: "official",
    game: [],     // the position set up, then one entry a move played: {fen, moves_played, move}
    index: 0,     // the entry shown
    answer: null, // the server's answer for the position shown, once it came
    editing: false,
    undo: [],       // FENs of the position before each edit
    selected: null, // the square of the piece picked up
    offered: [],    // the captures a target is reached by, when they are several
    hovered: null,  // the move pointed at in a list
    request: 0,     // the newest probe: older answers arriving late are dropped
    playing: null,  // timer of "play the best line"
    settings: {flip: false, numbers: false, speed: "normal"},
};

function fen() { return formatFen(state.position, state.board.squares); }

function drawRules() { return !!state.variant.draw_rules; }

function shownEntry() { return state.game[state.index]; }

/** The page as the address holds it. */
function view() {
    const start = state.game[0];
    return {
        variant: state.variant.id,
        fen: start?.placed ? start.fen : undefined,
        rules: drawRules() ? state.rules : undefined,
        moves_played: drawRules() ? start?.moves_played : undefined,
        moves: state.game.slice(1).map((entry) => fullNotation(entry.move)),
        at: state.index,
        ...state.settings,
        speed: state.settings.speed === "normal" ? undefined : state.settings.speed,
    };
}

/** The position shown as the API takes it. */
function query(entry = shownEntry()) {
    return {
        fen: entry.fen,
        rules: drawRules() ? state.rules : undefined,
        moves_played: drawRules() ? entry.moves_played : undefined,
    };
}

function legalMoves() { return state.answer?.moves ?? []; }

function redraw() {
    const shown = state.hovered ? [state.hovered] : state.offered;
    drawBoard($("board"), {...state.board, flipped: state.settings.flip}, state.position, {
        showNumbers: state.settings.numbers,
        lastMove: shownEntry()?.move,
        selected: state.selected,
        targets: state.selected === null ? [] : targetsOf(legalMoves(), state.selected),
        shown,
    });
}

function drawMaterialLink() {
    const material = materialOf(state.position);
    const link = $("material-link");
    // The server keeps a material once, in either colour order, and answers both orders.
    const colourSwapped = material.split("v").reverse().join("v");
    link.hidden = !state.variant.materials.some((m) => m === material || m === colourSwapped);
    link.textContent = `Statistics of ${material}`;
    link.href = linkTo({variant: state.variant.id, material, rules: view().rules});
}

function drawSetup() {
    $("fen").value = fen();
    markFen("");
    $("copied").textContent = "";
    document.querySelector(`input[name=side][value=${state.position.side}]`).checked = true;
    $("rules-box").hidden = !drawRules();
    document.querySelector(`input[name=rules][value=${state.rules}]`).checked = true;
    $("counts-box").hidden = !state.variant.king_move_limit;
    for (const side of ["W", "B"]) drawCount($(`count-${side}`), state.position, side);
    $("moves-played-box").hidden = !drawRules();
    $("moves-played").value = shownEntry().moves_played ?? 0;
    $("moves-played").disabled = !TWO_KINGS_V_ONE.includes(materialOf(state.position));
    drawNavigation();
    drawMaterialLink();
}

function drawNavigation() {
    const last = state.game.length - 1;
    $("first").disabled = $("back").disabled = state.index === 0;
    $("last").disabled = $("forward").disabled = state.index >= last;
    $("game-box").hidden = last === 0;
    drawGame($("game"), state.game, state.index, state.game[0].side, stepTo);
    $("edit").setAttribute("aria-pressed", state.editing);
    $("edit-tools").hidden = !state.editing;
    $("undo").disabled = !state.undo.length;
    $("flip").setAttribute("aria-pressed", state.settings.flip);
    $("numbers").checked = state.settings.numbers;
    $("speed").value = state.settings.speed;
    $("board").classList.toggle("editing", state.editing);
    $("play-hint").hidden = state.editing;
    $("edit-hint").hidden = !state.editing;
}

// A board still being set up: empty, or the side to move alone on it, a game that ended
// before it. (The other way round, the side to move without pieces has lost: an answer.)
function setupHint() {
    const colours = new Set([...state.position.pieces.values()].map((p) => p[0].toUpperCase()));
    if (!colours.size)
        return "Empty board: in Edit, click squares to place pieces; or paste a FEN, or " +
               "open Materials for the longest win of each material.";
    const mover = state.position.side;
    if (colours.size === 1 && colours.has(mover))
        return `Only ${SIDE_NAME[mover]} has pieces: place a piece for ${
            SIDE_NAME[mover === "W" ? "B" : "W"]} too.`;
    return null;
}

function showAnswerError(error) {
    if (error.message.startsWith("fen:")) {
        markFen(error.message);
        return showValue("");
    }
    showValue(error.message, "error", error.build);
}

async function probe() {
    const request = ++state.request;
    state.answer = null;
    drawMoves($("moves"), [], moveHandlers);
    const hint = setupHint();
    if (hint) return showValue(hint, "hint");
    showValue("…");
    try {
        const answer = await api.probe(state.variant.id, query());
        if (request !== state.request) return;
        state.answer = answer;
        showValue(positionText(state.position.side, answer), answer.category);
        drawMoves($("moves"), answer.moves, moveHandlers);
    } catch (error) {
        if (request === state.request) showAnswerError(error);
    }
}

/** Shows the entry of the game at state.index everywhere and asks the server for its value. */
function refresh() {
    state.position = parseFen(shownEntry().fen, state.board.squares);
    state.hovered = null;
    state.selected = null;
    state.offered = [];
    closeQuestion();
    redraw();
    drawSetup();
    probe();
}

function stopLine() {
    clearTimeout(state.playing);
    state.playing = null;
    $("best-line").textContent = "Play the best line";
}

/** The position shown as a game's start; moves_played as given. */
function startEntry(movesPlayed) {
    const placed = state.position.pieces.size > 0;
    return {fen: fen(), side: state.position.side, moves_played: movesPlayed, move: null, placed};
}

/** A position set anew, which no moves played lead to; record is pushUrl or replaceUrl. */
function startGame(record, movesPlayed = 0) {
    stopLine();
    state.game = [startEntry(movesPlayed)];
    state.index = 0;
    record(view());
    refresh();
}

/** An edit of the position: recorded in place of the address, not as a step back. */
function edited(movesPlayed = 0) {
    pruneCounts(state.position);
    const keep = TWO_KINGS_V_ONE.includes(materialOf(state.position));
    startGame(replaceUrl, keep ? movesPlayed : 0);
}

/** Changes the position shown by change(position), which the Undo button takes back. */
function edit(change) {
    state.undo.push(fen());
    change(state.position);
    edited(shownEntry().moves_played);
}

function undo() {
    if (!state.undo.length) return;
    state.position = parseFen(state.undo.pop(), state.board.squares);
    edited(shownEntry().moves_played);
}

/** The user's step to the index'th entry of the game: it stops the best line playing. */
function stepTo(index) {
    stopLine();
    goTo(index);
}

function goTo(index, record = pushUrl) {
    if (index < 0 || index >= state.game.length) return;
    state.index = index;
    record(view());
    refresh();
}

/** Plays move (the server's move object) from the position shown. */
function play(move) {
    const next = {fen: move.fen, moves_played: move.moves_played ?? 0, move};
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

/** Several captures from one square reach one target: asks which, showing their paths. */
function offer(candidates) {
    state.offered = candidates;
    state.selected = null;
    askWhich(candidates, {hover: moveHandlers.hover, choose: closeOffer});
    redraw();
}

function closeOffer(move) {
    closeQuestion();
    state.offered = [];
    state.hovered = null;
    if (move)
        moveHandlers.play(move);
    else
        redraw();
}

// The board as play mode's pointer sees it.
const table = {
    active: () => !state.editing && !state.playing,
    board: () => ({...state.board, flipped: state.settings.flip}),
    moves: legalMoves,
    selected: () => state.selected,
    select(square) {
        state.selected = square;
        redraw();
    },
    play(candidates) {
        if (candidates.length === 1) return moveHandlers.play(candidates[0]);
        offer(candidates);
    },
};

function editSquare(event) {
    if (!state.editing) return;
    const number = squareUnder($("board"), table.board(), event);
    if (number === null) return;
    const tool = document.querySelector("input[name=tool]:checked").value;
    const piece = pieceAfter(state.board, number, state.position.pieces.get(number), tool);
    if (piece === null) return;
    edit((position) => piece ? position.pieces.set(number, piece) : position.pieces.delete(number));
}

function playBestLine() {
    if (state.playing) return stopLine();
    const from = state.index;
    $("best-line").textContent = "Stop";
    state.playing = setTimeout(async () => {
        try {
            const answer = await api.mainline(state.variant.id, query());
            if (!state.playing) return; // stopped meanwhile
            if (state.index !== from) return stopLine();
            const playFrom = (i) => {
                if (i >= answer.mainline.length) return stopLine();
                play(answer.mainline[i]);
                state.playing = setTimeout(() => playFrom(i + 1), SPEEDS[state.settings.speed]);
            };
            playFrom(0);
        } catch (error) {
            stopLine();
            showError(error.message);
        }
    }, 0);
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
    state.undo = [];
}

/** The game the address holds: its moves replayed from its start, each looked up. */
async function replay(url, start) {
    const game = [start];
    for (const notation of url.moves) {
        const entry = game.at(-1);
        const answer = await api.probe(state.variant.id, query(entry));
        const move = findMove(answer.moves, notation);
        if (!move) {
            showError(`move ${game.length} in the address, ${notation}, is not legal in ${
                entry.fen}: the moves before it are shown`);
            break;
        }
        game.push({fen: move.fen, moves_played: move.moves_played ?? 0, move});
    }
    return game;
}

function sameStart(a, b) {
    return a && a.fen === b.fen && (a.moves_played ?? 0) === (b.moves_played ?? 0);
}

async function showPosition(url) {
    $("position-page").hidden = false;
    $("material-page").hidden = true;
    state.rules = url.rules === "pure" ? "pure" : "official";
    let fenPlayed = null;
    try {
        state.position = url.fen ? parseFen(url.fen, state.board.squares) : emptyPosition();
        fenPlayed = fenMovesPlayed();
    } catch (error) {
        showError(`FEN in the address: ${error.message}`);
        state.position = emptyPosition();
    }
    const played = url.moves_played == null ? fenPlayed : Number(url.moves_played);
    const start = startEntry(played || 0);
    const known = state.game.slice(1).map((entry) => fullNotation(entry.move));
    const prefix = url.moves.every((notation, i) => known[i] === notation);
    if (!sameStart(state.game[0], start) || !prefix) {
        state.game = [start];
        state.index = 0;
        if (url.moves.length) {
            showValue("…");
            state.game = await replay(url, start);
        }
    }
    state.editing = !state.position.pieces.size;
    goTo(Math.min(url.at ?? url.moves.length, state.game.length - 1), replaceUrl);
}

function readSettings(url) {
    state.settings = {
        flip: url.flip,
        numbers: url.numbers,
        speed: url.speed in SPEEDS ? url.speed : "normal"
    };
}

/** Shows what the address bar says: on load, and when the browser goes back or forward. */
function showUrl() {
    stopLine();
    showError("");
    const url = readUrl();
    chooseVariant(url.variant);
    readSettings(url);
    if (url.material) {
        $("position-page").hidden = true;
        $("material-page").hidden = false;
        showMaterial(state.variant, url.material, url.rules, $("stats"), $("material"));
    } else {
        showPosition(url).catch((error) => showError(error.message));
    }
}

function navigate(target) {
    pushUrl(target);
    showUrl();
}

/**
 * The moves played that a lidraughts FEN's ":H" gives under Frisian's draw rules; null
 * when the FEN has none.
 */
function fenMovesPlayed() {
    return state.variant.draw_rules ? movesPlayedOf(state.position) : null;
}

function setFen(event) {
    event.preventDefault();
    try {
        state.position = parseFen($("fen").value, state.board.squares);
    } catch (error) {
        markFen(`FEN: ${error.message}`);
        drawMoves($("moves"), [], moveHandlers);
        return showValue("");
    }
    state.undo = [];
    startGame(pushUrl, fenMovesPlayed() ?? 0);
}

/** Copies text to the clipboard and says so beside the buttons. */
async function copy(text, what) {
    const copied = await copyText(text);
    $("copied").textContent = copied ? `${what} copied` : `${what} could not be copied`;
}

function changeSetting(name, value) {
    state.settings[name] = value;
    replaceUrl(view());
    redraw();
    drawNavigation();
}

function listenKeys() {
    const keys = {
        ArrowLeft: () => stepTo(state.index - 1),
        ArrowRight: () => stepTo(state.index + 1),
        Home: () => stepTo(0),
        End: () => stepTo(state.game.length - 1),
        Escape: () => state.offered.length ? closeOffer(null) : table.select(null),
    };
    document.addEventListener("keydown", (event) => {
        const action = keys[event.key];
        if (!action || NOT_TYPED.has(event.target.tagName) || $("position-page").hidden) return;
        event.preventDefault();
        action();
    });
}

function listenBoard() {
    listenPlay($("board"), table);
    $("board").addEventListener("click", editSquare);
    $("numbers").addEventListener("change", (e) => changeSetting("numbers", e.target.checked));
    $("flip").addEventListener("click", () => changeSetting("flip", !state.settings.flip));
    $("speed").addEventListener("change", (e) => changeSetting("speed", e.target.value));
    $("first").addEventListener("click", () => stepTo(0));
    $("back").addEventListener("click", () => stepTo(state.index - 1));
    $("forward").addEventListener("click", () => stepTo(state.index + 1));
    $("last").addEventListener("click", () => stepTo(state.game.length - 1));
    $("best-line").addEventListener("click", playBestLine);
    $("edit").addEventListener("click", () => {
        state.editing = !state.editing;
        state.selected = null;
        redraw();
        drawNavigation();
    });
    $("undo").addEventListener("click", undo);
    $("clear").addEventListener("click", () => edit((position) => position.pieces.clear()));
    $("copy-pdn").addEventListener("click", () => {
        const start = state.game[0];
        copy(pdnOf(state.variant.id, state.game, start.fen, start.side), "PDN");
    });
    $("copy-fen").addEventListener("click", () => copy(fen(), "FEN"));
}

function listenSetup() {
    $("fen-form").addEventListener("submit", setFen);
    $("side").addEventListener("change",
                               (e) => edit((position) => { position.side = e.target.value; }));
    $("rules-box").addEventListener("change", (e) => {
        state.rules = e.target.value;
        replaceUrl(view());
        probe();
    });
    for (const side of ["W", "B"])
        $(`count-${side}`)
            .addEventListener(
                "change",
                (e) => edit((position) => { position.counts[side] = readCount(e.target); }));
    $("moves-played").addEventListener("change", (e) => {
        edited(Math.min(7, Math.max(0, Math.trunc(+e.target.value) || 0)));
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
        navigate(state.game.length ? view() : here());
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
    listenKeys();
    showUrl();
}

start();
