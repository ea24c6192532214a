// A material's page: W/D/L counts for each side to move, the longest win (a link to the
// position), and the DTW histogram as an SVG bar chart, wins above the axis, losses below.
import * as api from "./api.js";
import {linkTo} from "./url_state.js";

const SVG = "http://www.w3.org/2000/svg";
// The chart's size in user units; its width is that of the page's column, so that a unit is
// about a pixel and its labels stay readable on a phone.
const CHART = {
    minWidth: 300,
    maxWidth: 900,
    height: 260,
    margin: 44,
    labelSpacing: 48 // least room a DTW label takes
};

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
// needs at most `most` of them.
function tickStep(longest, most) {
    for (let power = 1;; power *= 10)
        for (const step of [power, 2 * power, 5 * power])
            if (longest / step <= most) return step;
}

function axisLabels(svg, width, longest, peak, scale) {
    const {height, margin} = CHART;
    const axis = height / 2;
    element("line", {class: "axis", x1: margin, x2: width - 8, y1: axis, y2: axis}, svg);
    const step = tickStep(longest, Math.max(2, Math.floor((width - margin) / CHART.labelSpacing)));
    for (let dtw = 0; dtw <= longest; dtw += step)
        element("text", {class: "tick", x: margin + dtw * scale + scale / 2, y: height - 4}, svg,
                dtw);
    element("text", {class: "tick left", x: margin - 4, y: 14}, svg, peak.toLocaleString("en"));
    element("text", {class: "tick left", x: margin - 4, y: height - 16}, svg,
            peak.toLocaleString("en"));
    element("text", {class: "label", x: margin + 4, y: 14}, svg, "won positions by DTW");
    element("text", {class: "label", x: margin + 4, y: height - 16}, svg, "lost positions by DTW");
    element("text", {class: "tick left", x: width - 8, y: height - 16}, svg, "DTW (plies)");
}

function histogram(wins, losses, width) {
    const {height, margin} = CHART;
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
    axisLabels(svg, width, longest - 1, peak, scale);
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

let latest = 0; // the newest material asked for: older answers and retries are dropped

function stale(asked) {
    if (asked !== latest) throw new Error("another material was asked for since");
}

/** Fills container with material's statistics, and select with the variant's materials. */
export async function showMaterial(variant, material, rules, container, select) {
    const asked = ++latest;
    select.replaceChildren(...variant.materials.map((m) => new Option(m, m)));
    select.value = material;
    container.replaceChildren(html("p", `Counting every position of ${material}…`));
    const waiting = () => {
        stale(asked);
        container.replaceChildren(
            html("p", `The server is counting another material; ${material} is counted after it…`,
                 "busy"));
    };
    try {
        const stats = normalise(await api.stats(variant.id, material, rules, waiting));
        stale(asked);
        container.replaceChildren(
            html("h2", `${material} in ${variant.id}${rules === "pure" ? " (pure)" : ""}`),
            html("p", `${(stats.positions ?? 0).toLocaleString("en")} positions`),
            resultTable(stats),
            longestWin(variant, stats, rules),
        );
        followWidth(container, (width) => histogram(stats.wins, stats.losses, width));
    } catch (error) {
        if (asked === latest) container.replaceChildren(html("p", error.message, "error"));
    }
}

let resizing = null; // the observer redrawing the chart shown

// Appends draw(width) to container, drawn anew whenever the container's width changes.
function followWidth(container, draw) {
    resizing?.disconnect();
    let chart = null, drawnWidth = 0;
    resizing = new ResizeObserver(() => {
        const width = Math.min(CHART.maxWidth, Math.max(CHART.minWidth, container.clientWidth));
        if (width === drawnWidth) return;
        drawnWidth = width;
        const next = draw(width);
        if (chart)
            chart.replaceWith(next);
        else
            container.append(next);
        chart = next;
    });
    resizing.observe(container);
}
