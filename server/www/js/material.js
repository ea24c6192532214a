// A material's page: W/D/L counts for each side to move, the longest win (a link to the
// position), and the DTW histogram as an SVG bar chart, wins above the axis, losses below.
import * as api from "./api.js";
import {linkTo} from "./url_state.js";

const SVG = "http://www.w3.org/2000/svg";
const CHART = {
    width: 600,
    height: 260,
    margin: 36
}; // user units of the chart's viewBox

function element(name, attributes, parent, text) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    parent.appendChild(node);
    return node;
}

function html(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
}

function percent(part, whole) { return whole ? `${((100 * part) / whole).toFixed(1)}%` : ""; }

function resultTable(stats) {
    const table = html("table", undefined, "results");
    const head = table.createTHead().insertRow();
    for (const title of ["to move", "wins", "draws", "losses"]) head.append(html("th", title));
    for (const [name, row] of [["White", stats.white], ["Black", stats.black]]) {
        const line = table.insertRow();
        line.append(html("th", name));
        const total = row.wins + row.draws + row.losses;
        for (const key of ["wins", "draws", "losses"]) {
            const cell = line.insertCell();
            cell.dataset.count = row[key];
            cell.append(html("span", row[key].toLocaleString("en")),
                        html("small", ` ${percent(row[key], total)}`));
        }
    }
    return table;
}

// The spacing of the DTW axis's labels: the first of 1, 2, 5, 10, 20, 50... plies that
// needs at most 10 of them.
function tickStep(longest) {
    for (let power = 1;; power *= 10)
        for (const step of [power, 2 * power, 5 * power])
            if (longest / step <= 10) return step;
}

function axisLabels(svg, longest, peak, scale) {
    const {height, margin} = CHART;
    const axis = height / 2;
    element("line", {class: "axis", x1: margin, x2: CHART.width - 8, y1: axis, y2: axis}, svg);
    const step = tickStep(longest);
    for (let dtw = 0; dtw <= longest; dtw += step)
        element("text", {class: "tick", x: margin + dtw * scale + scale / 2, y: height - 4}, svg,
                dtw);
    element("text", {class: "tick left", x: margin - 4, y: 14}, svg, peak.toLocaleString("en"));
    element("text", {class: "tick left", x: margin - 4, y: height - 16}, svg,
            peak.toLocaleString("en"));
    element("text", {class: "label", x: margin + 4, y: 14}, svg, "won positions by DTW");
    element("text", {class: "label", x: margin + 4, y: height - 16}, svg, "lost positions by DTW");
    element("text", {class: "tick left", x: CHART.width - 8, y: height - 16}, svg, "DTW (plies)");
}

function histogram(wins, losses) {
    const {width, height, margin} = CHART;
    const longest = Math.max(wins.length, losses.length, 1);
    const peak = Math.max(1, ...wins, ...losses);
    const scale = (width - margin - 8) / longest;
    const half = height / 2 - 24;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("class", "histogram");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "histogram of DTW: wins above the axis, losses below");
    const bar = (dtw, count, kind) => {
        const h = (half * count) / peak;
        const y = kind === "win" ? height / 2 - h : height / 2;
        const rect = element(
            "rect",
            {class: kind, x: margin + dtw * scale, y, width: Math.max(scale - 0.5, 0.5), height: h},
            svg);
        element("title", {}, rect,
                `${kind === "win" ? "wins" : "losses"} in ${dtw} plies: ${count}`);
    };
    wins.forEach((count, dtw) => count && bar(dtw, count, "win"));
    losses.forEach((count, dtw) => count && bar(dtw, count, "loss"));
    axisLabels(svg, longest - 1, peak, scale);
    return svg;
}

function longestWin(variant, stats, rules) {
    const line = html("p");
    if (!stats.longest_win) return line.append("Nothing is won."), line;
    const link = html("a", stats.longest_win_fen);
    link.href = linkTo({variant: variant.id, fen: stats.longest_win_fen, rules});
    line.append(`Longest win: ${stats.longest_win} plies, `, link);
    return line;
}

/** The answer of /stats as the page uses it; histograms are counts indexed by DTW in plies. */
function normalise(answer) {
    const side = (s) => s ?? {wins: 0, draws: 0, losses: 0};
    return {
        positions: answer.positions,
        white: side(answer.white_to_move),
        black: side(answer.black_to_move),
        longest_win: answer.longest_win?.dtw ?? 0, // null when nothing is won
        longest_win_fen: answer.longest_win?.fen,
        wins: answer.histogram.win,
        losses: answer.histogram.loss,
    };
}

/** Fills container with material's statistics, and select with the variant's materials. */
export async function showMaterial(variant, material, rules, container, select) {
    select.replaceChildren(...variant.materials.map((m) => new Option(m, m)));
    select.value = material;
    container.replaceChildren(html("p", `Counting every position of ${material}…`));
    try {
        const stats = normalise(await api.stats(variant.id, material, rules));
        container.replaceChildren(
            html("h2", `${material} in ${variant.id}${rules === "pure" ? " (pure)" : ""}`),
            html("p", `${(stats.positions ?? 0).toLocaleString("en")} positions`),
            resultTable(stats),
            longestWin(variant, stats, rules),
            histogram(stats.wins, stats.losses),
        );
    } catch (error) {
        container.replaceChildren(html("p", error.message, "error"));
    }
}
