// The JSON API of dtb-serve (README, "HTTP API"). Every call resolves to the answer or
// throws an Error carrying the server's own message, which names the part at fault.

async function get(path, params = {}) {
    const given = Object.entries(params).filter(([, value]) => value !== undefined);
    const query = new URLSearchParams(given).toString();
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

/**
 * The value of a position and of each of its moves; position is {fen, rules,
 * moves_played}, the last two undefined where the variant has no draw rules.
 */
export const probe = (variant, position) => get(`api/${encodeURIComponent(variant)}`, position);

/** The line of best moves from position (as for probe). */
export const mainline = (variant, position) =>
    get(`api/${encodeURIComponent(variant)}/mainline`, position);

/** W/D/L counts, the longest win and the DTW histogram of a material. */
export const stats = (variant, material, rules) =>
    get(`api/${encodeURIComponent(variant)}/stats/${encodeURIComponent(material)}`, {rules});
