// The JSON API of dtb-serve (README, "HTTP API"). Every call resolves to the answer or
// throws an Error carrying the server's own message, which names the part at fault.

async function get(path, params = {}) {
    const query = new URLSearchParams(params).toString();
    const response = await fetch(query ? `${path}?${query}` : path);
    let body;
    try {
        body = await response.json();
    } catch {
        throw new Error(`${path}: the server answered ${response.status} without JSON`);
    }
    if (!response.ok) throw new Error(body.error || `${path}: status ${response.status}`);
    return body;
}

/** The variants served, with their boards and materials. */
export const variants = () => get("api/variants");

/** The value of fen and of each of its moves; rules is "official", "pure" or undefined. */
export const probe = (variant, fen, rules) =>
    get(`api/${encodeURIComponent(variant)}`, rules ? {fen, rules} : {fen});

/** The line of best moves from fen. */
export const mainline = (variant, fen, rules) =>
    get(`api/${encodeURIComponent(variant)}/mainline`, rules ? {fen, rules} : {fen});

/** W/D/L counts, the longest win and the DTW histogram of a material. */
export const stats = (variant, material, rules) =>
    get(`api/${encodeURIComponent(variant)}/stats/${encodeURIComponent(material)}`,
        rules ? {rules} : {});
