// What the page says besides the board: the value line (a value, a setup hint, or an error
// with the command that mends it), the FEN box's own error, and a passing notice for errors
// that belong to no field. Each has its room kept on the page, so none moves the layout.

const $ = (id) => document.getElementById(id);

/**
 * The value line: text, its category ("win", "draw", "loss", "hint", "error" or none) and,
 * for a missing table, the command that builds it.
 */
export function showValue(text, category, command) {
    const line = $("value");
    line.textContent = text;
    line.dataset.category = category || "";
    if (command) {
        const code = document.createElement("code");
        code.className = "command";
        code.textContent = command;
        line.append(document.createElement("br"), code);
    }
}

/**
 * Marks the FEN box as refused with message, or clears the mark when message is empty. The
 * server's message quotes the FEN, which the box shows already.
 */
export function markFen(message) {
    const reason = message.replace(/^fen: bad FEN '.*?': /, "FEN: ");
    $("fen").setAttribute("aria-invalid", message ? "true" : "false");
    $("fen-error").textContent = reason;
    $("fen-error").title = reason;
}

/** A notice over the page for an error of no field; an empty message takes it away. */
export function showError(message) {
    $("error").textContent = message || "";
    $("error").hidden = !message;
}
