// Copying text for the user: the Clipboard API where the page's origin allows it (https and
// localhost), else the older copy command on a hidden text area.

function copyByCommand(text) {
    const area = document.createElement("textarea");
    area.value = text;
    area.className = "offscreen";
    document.body.append(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    return copied;
}

/** Copies text; resolves to whether it was copied. */
export async function copyText(text) {
    if (navigator.clipboard) {
        try {
            await navigator.clipboard.writeText(text);
            return true;
        } catch {
            // refused (no permission, or the page not focused): the older way may still work
        }
    }
    return copyByCommand(text);
}
